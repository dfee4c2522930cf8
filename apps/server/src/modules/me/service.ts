import {
  EMPTY_MINI_CART,
  choicesText,
  parseCartItems,
  parseWishlistIds,
  pictureInColour,
  type CartLine,
  type MiniCart,
  type MiniCartLine,
  type PersonalSummary,
  type ProductDetail,
} from '@milli/contracts';
import { indianDate, orderTotals, priceAsChosen } from '@milli/pricing';
import type { ReadCache } from '../../plugins/read-cache.ts';

/** What the summary reads of the other modules: their services, never their tables (decision 027). */
export interface MeServiceDeps {
  cart: { lines(customerId: number): Promise<CartLine[]> };
  wishlist: { ids(customerId: number): Promise<{ productIds: number[] }> };
  catalog: { detail(id: number): Promise<ProductDetail | null> };
  readCache: ReadCache;
  now?: () => Date;
}

/** Who is asking: the session's customer, or a guest with the cookies their browser keeps. */
export type Visitor = { customer: { id: number; username: string } } | { customer: null; cartItems: string | undefined; wishlistItems: string | undefined };

function miniCart(lines: MiniCartLine[]): MiniCart {
  if (lines.length === 0) return EMPTY_MINI_CART;
  return {
    lines,
    count: lines.reduce((n, l) => n + l.quantity, 0),
    // The pricing package's totals function, as on the cart screen and in checkout.
    subtotalPaise: orderTotals({ lines: lines.map((l) => ({ unitPricePaise: l.unitPricePaise, quantity: l.quantity })), shippingFeePaise: 0 }).subtotalPaise,
  };
}

/**
 * GET /api/me/summary (decision 032): a visitor's greeting, mini cart and wish list. A customer's from their
 * server cart (priced at today's rates, as the cart screen shows it) and wish list; a guest's from their cookies,
 * each line priced for its choices with priceAsChosen, the function behind the guest's cart screen. Products come
 * from the read cache, so a summary costs at most two queries.
 */
export function createMeService({ cart, wishlist, catalog, readCache, now = () => new Date() }: MeServiceDeps) {
  const productToday = (id: number) =>
    readCache.get(
      `detail:${id}:${indianDate(now())}`,
      () => catalog.detail(id),
      () => 4096,
    );

  async function customerSummary(customer: { id: number; username: string }): Promise<PersonalSummary> {
    const [rows, wished] = await Promise.all([cart.lines(customer.id), wishlist.ids(customer.id)]);
    const lines = rows.map((r) => ({
      productId: r.product_id,
      choices: choicesText(r.options),
      name: r.product_name,
      image: r.product_parent_image,
      quantity: r.quantity,
      unitPricePaise: r.product_price_paise,
      lineTotalPaise: r.product_price_paise * r.quantity,
    }));
    return { user: { userId: customer.id, userName: customer.username }, cart: miniCart(lines), wishlistIds: wished.productIds };
  }

  async function guestCart(cookie: string | undefined): Promise<MiniCart> {
    const items = parseCartItems(cookie);
    if (items.length === 0) return EMPTY_MINI_CART;
    const ids = [...new Set(items.map((i) => i.productId))];
    const products = new Map(await Promise.all(ids.map(async (id) => [id, await productToday(id)] as const)));
    const lines = items.flatMap((item) => {
      // A piece the store no longer shows drops out, as on the cart screen.
      const product = products.get(item.productId);
      if (!product) return [];
      const { unitPricePaise } = priceAsChosen(product, { purity: item.purity, diamondQuality: item.diamondQuality, size: item.size });
      return [
        {
          productId: product.product_id,
          choices: choicesText(item),
          name: product.product_name,
          image: pictureInColour(product.product_parent_image, item.colour),
          quantity: item.quantity,
          unitPricePaise,
          lineTotalPaise: unitPricePaise * item.quantity,
        },
      ];
    });
    return miniCart(lines);
  }

  return {
    async summary(visitor: Visitor): Promise<PersonalSummary> {
      if (visitor.customer) return customerSummary(visitor.customer);
      return { user: null, cart: await guestCart(visitor.cartItems), wishlistIds: parseWishlistIds(visitor.wishlistItems) };
    },
  };
}
