import { describe, expect, it } from 'vitest';
import type { PricingContext, ProductDetail } from '@milli/contracts';
import { addedSetCookie, cartOptions, readAdded } from './product-actions.server.ts';

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
