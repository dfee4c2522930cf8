import type { CartAdd, CartLine } from '@milli/contracts/schemas';
import type { CartLineOptions, Db } from '@milli/db';
import { priceChoice } from '@milli/pricing';
import { HttpError } from '../../plugins/session.ts';
import { createCatalogService } from '../catalog/service.ts';
import { cartRepository } from './repository.ts';

const MAX_PER_LINE = 99;

export function createCartService(db: Db, now: () => Date = () => new Date()) {
  const repo = cartRepository(db);

  /**
   * The price of a line, computed on the server from today's rates with the product page's function
   * (DECISIONS §6): nothing the client says about money is used.
   */
  async function priceLine(tx: Db, productId: number, options: CartLineOptions) {
    const product = await createCatalogService(tx, now).detail(productId);
    if (!product) throw new HttpError(404, 'This product does not exist.', 'PRODUCT_NOT_FOUND');
    if (product.product_stock <= 0) throw new HttpError(409, 'Sorry, this piece is out of stock.', 'OUT_OF_STOCK');
    const card = product.pricing;
    if (options.purity !== undefined && card.metal !== 'gold') {
      throw new HttpError(400, 'Gold quality can only be chosen for gold pieces.', 'INVALID_OPTION');
    }
    if (options.diamondQuality !== undefined && card.diamondWeightCents === 0) {
      throw new HttpError(400, 'This piece has no diamonds to choose a quality for.', 'INVALID_OPTION');
    }
    const breakup = priceChoice(card, { purity: options.purity, diamondQuality: options.diamondQuality });
    if (!breakup) throw new HttpError(409, 'Today’s rate for this choice is not published yet. Please try another.', 'NO_RATE');
    return { product, unitPricePaise: breakup.totalPaise, ratePaisePerGram: breakup.ratePaisePerGram, rateDate: card.ratesDate };
  }

  async function addItem(tx: Db, customerId: number, productId: number, quantity: number, options: CartLineOptions) {
    const priced = await priceLine(tx, productId, options);
    const inCart = (await cartRepository(tx).lines(customerId)).filter((l) => l.productId === productId).reduce((n, l) => n + l.quantity, 0);
    if (inCart + quantity > priced.product.product_stock) {
      throw new HttpError(409, `Only ${priced.product.product_stock} of this piece in stock.`, 'NOT_ENOUGH_STOCK');
    }
    return cartRepository(tx).addLine(customerId, {
      productId,
      quantity: Math.min(quantity, MAX_PER_LINE),
      options,
      unitPricePaise: priced.unitPricePaise,
      ratePaisePerGram: priced.ratePaisePerGram,
      rateDate: priced.rateDate,
    });
  }

  return {
    async add(customerId: number, input: CartAdd) {
      const options: CartLineOptions = {
        ...(input.purity !== undefined ? { purity: input.purity } : {}),
        ...(input.size !== undefined ? { size: input.size } : {}),
        ...(input.colour !== undefined ? { colour: input.colour } : {}),
        ...(input.diamond_quality !== undefined ? { diamondQuality: input.diamond_quality } : {}),
      };
      const cartId = await db.transaction((tx) => addItem(tx as unknown as Db, customerId, input.cart_product_id, input.cart_quantity, options));
      return { message: 'Added to cart', cartId, cartCount: await repo.count(customerId) };
    },

    /** The guest cart at login: quantities add up; pieces gone or sold out are skipped, never fail the login. */
    async mergeGuest(tx: Db, customerId: number, items: { productId: number; quantity: number }[]) {
      for (const item of items) {
        try {
          await addItem(tx, customerId, item.productId, item.quantity, {});
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
        }
      }
    },

    async lines(customerId: number): Promise<CartLine[]> {
      const rows = await repo.lines(customerId);
      return rows.map((r) => ({
        cartId: r.cartId,
        product_id: r.productId,
        productId: r.productId,
        quantity: r.quantity,
        product_name: r.name,
        product_parent_image: r.image,
        product_price: r.unitPricePaise / 100,
        product_price_paise: r.unitPricePaise,
        product_offer_price: r.unitPricePaise / 100,
        product_stock_status: r.stock > 0 ? 'In Stock' : 'Out of Stock',
        options: r.options,
      }));
    },

    async update(customerId: number, changes: { cartId: number; quantity: number }[]) {
      await db.transaction(async (tx) => {
        const t = cartRepository(tx as unknown as Db);
        for (const c of changes) await t.setQuantity(customerId, c.cartId, c.quantity);
      });
      return { message: 'Cart updated', cartCount: await repo.count(customerId) };
    },

    async remove(customerId: number, id: number) {
      const removed = (await repo.deleteLine(customerId, id)) || (await repo.deleteProduct(customerId, id));
      if (!removed) throw new HttpError(404, 'This item is no longer in your cart.', 'CART_LINE_NOT_FOUND');
      return { message: 'Removed from cart', cartCount: await repo.count(customerId) };
    },
  };
}
