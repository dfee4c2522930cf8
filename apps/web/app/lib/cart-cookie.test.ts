import { describe, expect, it } from 'vitest';
import { priceChoice } from '@milli/pricing';
import type { ApiClient } from './api.ts';
import { cartSetCookie, parseCartItems, priceGuestCart, readCartCookie, serializeCartItems } from './cart-cookie.ts';
import { goldPricing } from './pricing-fixture.ts';

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
    expect(
      parseCartItems(
        encoded([
          { productId: 5, quantity: 60 },
          { productId: 5, quantity: 60 },
        ]),
      ),
    ).toEqual([{ productId: 5, quantity: 99 }]);
  });

  it('round-trips through serialise and parse, and clears with Max-Age=0 when empty', () => {
    const items = [{ productId: 1, quantity: 2 }];
    expect(parseCartItems(serializeCartItems(items))).toEqual(items);
    expect(cartSetCookie([], 'http://shop.test/cart')).toContain('Max-Age=0');
    expect(cartSetCookie(items, 'http://shop.test/cart')).toMatch(/^cartItems=.+; Path=\/; Max-Age=\d+; SameSite=Lax$/);
  });
});

describe('the choices a guest made', () => {
  it('are kept in the cookie, one line per piece and choice, and survive a round trip', () => {
    const items = [
      { productId: 7, quantity: 1, purity: 14, colour: 'Rose Gold', diamondQuality: 'VVS-GH' },
      { productId: 8, quantity: 1, size: '12', sizeKind: 'ring' as const },
      { productId: 8, quantity: 2, size: '14', sizeKind: 'ring' as const },
      { productId: 8, quantity: 1, size: '12', sizeKind: 'ring' as const },
    ];
    expect(parseCartItems(serializeCartItems(items))).toEqual([
      { productId: 7, quantity: 1, purity: 14, colour: 'Rose Gold', diamondQuality: 'VVS-GH' },
      { productId: 8, quantity: 2, size: '12', sizeKind: 'ring' },
      { productId: 8, quantity: 2, size: '14', sizeKind: 'ring' },
    ]);
  });

  it('drop values of the wrong shape', () =>
    expect(parseCartItems(encoded([{ productId: 1, quantity: 1, purity: 'lots', colour: 'Purple', diamondQuality: '<b>', size: '1;drop' }]))).toEqual([
      { productId: 1, quantity: 1 },
    ]));
});

describe('the guest cart priced', () => {
  const product = (id: number) => ({
    product_id: id,
    product_name: `Piece ${id}`,
    product_price_paise: 2_000_000,
    product_parent_image: `/media/art/ring/yellow-gold/${id}.svg`,
    product_stock: 4,
    pricing: goldPricing({
      metalWeightMg: 4_000,
      makingChargePaise: 5_000_00,
      ratesPaisePerGram: { '14': 8_000_00, '22': 12_000_00 },
      diamondRatesPaisePerCarat: {},
    }),
  });
  const api = (answer: (path: string) => Promise<unknown>, seen: string[] = []): ApiClient => ({
    get: <T>(path: string) => {
      seen.push(path);
      return answer(path) as Promise<T>;
    },
    post: () => Promise.reject(new Error('unused')),
    raw: () => Promise.reject(new Error('unused')),
  });
  const known = (path: string) => {
    const id = Number(path.split('/').pop());
    return id < 9 ? Promise.resolve({ data: product(id) }) : Promise.reject(new Error('404'));
  };

  it('prices each line for its choices with the pricing package, in cookie order, dropping unknown products', async () => {
    const seen: string[] = [];
    const lines = await priceGuestCart(api(known, seen), [
      { productId: 1, quantity: 2, purity: 14, colour: 'Rose Gold', size: '12', sizeKind: 'ring' },
      { productId: 2, quantity: 1, purity: 22 },
      { productId: 9, quantity: 1 },
    ]);
    expect(seen.sort()).toEqual(['/api/product/find-by-id/1', '/api/product/find-by-id/2', '/api/product/find-by-id/9']);
    const at = (purity: number) => priceChoice(product(1).pricing as never, { purity })!.totalPaise;
    expect(at(14)).toBeLessThan(at(22));
    expect(lines.map((l) => [l.product.product_id, l.unitPricePaise, l.item.quantity, l.choices])).toEqual([
      [1, at(14), 2, '14 kt · Rose Gold · Size 12'],
      [2, at(22), 1, '22 kt'],
    ]);
    expect(lines[0]!.image).toBe('/media/art/ring/rose-gold/1.svg');
  });

  it('drops every line when the API fails', async () => {
    expect(
      await priceGuestCart(
        api(() => Promise.reject(new Error('down'))),
        [{ productId: 1, quantity: 1 }],
      ),
    ).toEqual([]);
  });
});
