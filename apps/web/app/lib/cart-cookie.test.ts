import { describe, expect, it } from 'vitest';
import type { ApiClient } from './api.ts';
import { cartSetCookie, loadGuestMiniCart, parseCartItems, readCartCookie, serializeCartItems } from './cart-cookie.ts';

const encoded = (v: unknown) => encodeURIComponent(JSON.stringify(v));

describe('guest cart cookie', () => {
  it('reads the URI-encoded list from a Cookie header among other cookies', () => {
    const header = `sid=abc; cartItems=${encoded([{ productId: 3, quantity: 2 }])}; theme=dark`;
    expect(readCartCookie(header)).toEqual([{ productId: 3, quantity: 2 }]);
  });

  it('treats garbage, wrong shapes and bad numbers as an empty or cleaned cart', () => {
    expect(parseCartItems('%7Bnot json')).toEqual([]);
    expect(parseCartItems(encoded({ productId: 1 }))).toEqual([]);
    expect(
      parseCartItems(
        encoded([
          { productId: -1, quantity: 1 },
          { productId: 'x', quantity: 1 },
          { productId: 2, quantity: 0 },
          { productId: 4, quantity: 1.7 },
        ]),
      ),
    ).toEqual([{ productId: 4, quantity: 1 }]);
  });

  it('merges duplicate products and caps quantities at 99', () => {
    expect(parseCartItems(encoded([{ productId: 5, quantity: 60 }, { productId: 5, quantity: 60 }]))).toEqual([
      { productId: 5, quantity: 99 },
    ]);
  });

  it('round-trips through serialise and parse, and clears with Max-Age=0 when empty', () => {
    const items = [{ productId: 1, quantity: 2 }];
    expect(parseCartItems(serializeCartItems(items))).toEqual(items);
    expect(cartSetCookie([])).toContain('Max-Age=0');
    expect(cartSetCookie(items)).toMatch(/^cartItems=.+; Path=\/; Max-Age=\d+; SameSite=Lax$/);
  });
});

describe('mini cart', () => {
  const product = (id: number, paise: number) => ({
    product_id: id,
    product_name: `Piece ${id}`,
    product_category: 'Rings',
    product_material: 'Gold',
    product_price: paise / 100,
    product_price_paise: paise,
    product_sku: `S${id}`,
    product_tags: '',
    product_parent_image: `/media/${id}.webp`,
    product_stock_status: 'In stock',
    product_rating: 4,
    product_on_sale: false,
    product_price_before_paise: null,
    product_discount_percent: null,
  });
  const api = (answer: () => Promise<unknown>, seen: string[] = []): ApiClient => ({
    get: () => Promise.reject(new Error('unused')),
    post: <T,>(path: string) => {
      seen.push(path);
      return answer() as Promise<T>;
    },
    raw: () => Promise.reject(new Error('unused')),
  });

  it('prices the cookie lines in paise, in cookie order, dropping unknown products', async () => {
    const seen: string[] = [];
    const cart = await loadGuestMiniCart(
      api(async () => [product(2, 1_250_050), product(1, 2_345_000)], seen),
      [
        { productId: 1, quantity: 2 },
        { productId: 2, quantity: 1 },
        { productId: 9, quantity: 1 },
      ],
    );
    expect(seen).toEqual(['/api/product/get_product_detail?cartList=1,2,9']);
    expect(cart.lines.map((l) => [l.productId, l.lineTotalPaise])).toEqual([
      [1, 4_690_000],
      [2, 1_250_050],
    ]);
    expect(cart.count).toBe(3);
    expect(cart.subtotalPaise).toBe(5_940_050);
  });

  it('is empty when the API fails (spec: the header panel empties and the count is 0)', async () => {
    const cart = await loadGuestMiniCart(api(() => Promise.reject(new Error('down'))), [{ productId: 1, quantity: 1 }]);
    expect(cart).toEqual({ count: 0, lines: [], subtotalPaise: 0 });
  });
});
