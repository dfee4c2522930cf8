import { describe, expect, it } from 'vitest';
import type { PricingContext, ProductDetail } from '@milli/contracts';
import { ApiError, apiFailure, type ApiClient } from '../../lib/api.ts';
import { addToCart, addedSetCookie, cartOptions, readAdded } from './product-actions.server.ts';

const product = (pricing: Partial<PricingContext>): ProductDetail =>
  ({ product_id: 5, pricing: { metal: 'gold', diamondWeightCents: 0, ...pricing } }) as unknown as ProductDetail;

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

describe('cartOptions: what POST /api/cart/add is told about the piece', () => {
  const all = { purity: '18', colour: 'Rose Gold', diamondQuality: 'VVS-EF', size: '12', material: 'Gold' };

  it('gold: purity, colour and size; no diamond grade for a piece without diamonds', () =>
    expect(cartOptions(product({}), form(all))).toEqual({ purity: '18', colour: 'Rose Gold', size: '12' }));

  it('a platinum diamond piece: the grade and size only', () =>
    expect(cartOptions(product({ metal: 'platinum', diamondWeightCents: 25 }), form(all))).toEqual({ diamond_quality: 'VVS-EF', size: '12' }));

  it('drops values outside the offered options', () =>
    expect(cartOptions(product({ diamondWeightCents: 10 }), form({ purity: '9', colour: 'Green', diamondQuality: 'X', size: '31' }))).toEqual({}));
});

describe('the one-request “added” note', () => {
  it('is read back for its own product only', () => {
    const cookie = addedSetCookie(5, 3).split(';')[0]!;
    expect(readAdded(`a=b; ${cookie}`, 5)).toBe(3);
    expect(readAdded(cookie, 6)).toBeNull();
    expect(readAdded('milli_added=junk', 5)).toBeNull();
  });
});

describe('Add to Cart when the API refuses', () => {
  const piece = { product_id: 5, product_name: 'Lotus Ring', product_stock: 3, product_stock_status: 'In Stock', pricing: { metal: 'gold', diamondWeightCents: 0 } };
  /** An API whose product and session answers are good and whose cart answer is `cart`. */
  const apiWith = (cart: () => never): ApiClient => ({
    get: async <T,>() => ({ data: piece }) as T,
    post: async () => cart(),
    raw: async () => new Response(JSON.stringify({ userId: 7, userName: 'asha' }), { headers: { 'content-type': 'application/json' } }),
  });

  it('passes the API’s 409 through to the page as the person’s message, with its status', async () => {
    const api = apiWith(() => {
      throw new ApiError(409, 'Only 3 of this piece in stock', { message: 'Only 3 of this piece in stock', code: 'OUT_OF_STOCK' });
    });
    const { result, status } = await addToCart(api, null, 5, form({ quantity: '4' }));
    expect(status).toBe(409);
    expect(result).toEqual({ intent: 'add-to-cart', ok: false, message: 'Only 3 of this piece in stock' });
  });

  it('answers 502 with its own words when the API fails', async () => {
    const api = apiWith(() => {
      throw new ApiError(500, 'Something went wrong on our side.', {});
    });
    const { result, status } = await addToCart(api, null, 5, form({ quantity: '1' }));
    expect(status).toBe(502);
    expect(result.message).toMatch(/could not add this piece/);
  });
});

describe('apiFailure: one rule for every action', () => {
  it('keeps a 4xx with its message, and makes anything else a 502 with the fallback', () => {
    expect(apiFailure(new ApiError(422, 'Pick a size.', {}), 'x')).toEqual({ status: 422, message: 'Pick a size.' });
    expect(apiFailure(new ApiError(404, 'Request failed (404)', ''), 'x')).toEqual({ status: 404, message: 'x' });
    expect(apiFailure(new ApiError(503, 'down', {}), 'x')).toEqual({ status: 502, message: 'x' });
    expect(apiFailure(new TypeError('fetch failed'), 'x')).toEqual({ status: 502, message: 'x' });
  });
});
