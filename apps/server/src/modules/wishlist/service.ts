import { MAX_WISHLIST_ITEMS, WISHLIST_MESSAGES } from '@milli/contracts';
import type { WishlistCount, WishlistIds, WishlistRow } from '@milli/contracts/schemas';
import type { Db } from '@milli/db';
import { DomainError } from '../../domain-error.ts';
import type { CatalogService } from '../catalog/service.ts';
import { wishlistRepository } from './repository.ts';

/** Empties the customer's wish list, inside the transaction that erases their data (issue 38). */
export function forgetWishlist(tx: Db, customerId: number): Promise<void> {
  return wishlistRepository(tx).removeAll(customerId);
}

/** `catalog` prices the pieces as their pages do (the catalogue's service, given by the composition root: services.ts). */
export function createWishlistService(db: Db, catalog: Pick<CatalogService, 'detail'>) {
  const repo = wishlistRepository(db);

  /** The header's count: pieces still on sale (a withdrawn piece neither shows nor counts). */
  const count = async (customerId: number) => (await repo.activeIds(customerId)).length;

  return {
    /**
     * The list as the /wishlist screen shows it, each piece priced today with the product page's own
     * function (catalog detail), so the wish list, the product page and the cart agree on a price.
     */
    async rows(customerId: number): Promise<WishlistRow[]> {
      const items = await repo.items(customerId);
      const rows: WishlistRow[] = [];
      for (const item of items) {
        const product = await catalog.detail(item.productId);
        if (!product) continue;
        rows.push({
          product_id: product.product_id,
          product_name: product.product_name,
          product_price: product.product_price,
          product_price_paise: product.product_price_paise,
          product_parent_image: product.product_parent_image,
          product_stock_status: product.product_stock > 0 ? 'In Stock' : 'Out of Stock',
          added_at: item.addedAt.toISOString(),
        });
      }
      return rows;
    },

    async ids(customerId: number): Promise<WishlistIds> {
      const productIds = await repo.activeIds(customerId);
      return { productIds, wishlistCount: productIds.length };
    },

    async add(customerId: number, productId: number): Promise<WishlistCount> {
      await db.transaction(async (tx) => {
        const t = wishlistRepository(tx);
        if (!(await t.activeProducts([productId])).has(productId)) {
          throw new DomainError('PRODUCT_NOT_FOUND', WISHLIST_MESSAGES.notFound);
        }
        if (await t.has(customerId, productId)) return;
        if ((await t.count(customerId)) >= MAX_WISHLIST_ITEMS) throw new DomainError('WISHLIST_FULL', WISHLIST_MESSAGES.full);
        await t.add(customerId, productId);
      });
      return { message: WISHLIST_MESSAGES.added, wishlistCount: await count(customerId) };
    },

    async remove(customerId: number, productId: number): Promise<WishlistCount> {
      if (!(await repo.remove(customerId, productId))) throw new DomainError('WISHLIST_ITEM_NOT_FOUND', WISHLIST_MESSAGES.notInList);
      return { message: WISHLIST_MESSAGES.removed, wishlistCount: await count(customerId) };
    },

    /**
     * The guest wish list at login, inside the login transaction: pieces that exist and are on sale join
     * the customer's list (once each, up to the cap); unknown or withdrawn ids are skipped, never fail the login.
     */
    async mergeGuest(tx: Db, customerId: number, productIds: readonly number[]): Promise<void> {
      const t = wishlistRepository(tx);
      const active = await t.activeProducts(productIds);
      let room = MAX_WISHLIST_ITEMS - (await t.count(customerId));
      for (const productId of productIds) {
        if (room <= 0) break;
        if (!active.has(productId) || (await t.has(customerId, productId))) continue;
        await t.add(customerId, productId);
        room -= 1;
      }
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
