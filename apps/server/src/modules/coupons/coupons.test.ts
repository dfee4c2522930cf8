import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@milli/db';
import type { Coupon } from '@milli/db/schema';
import { createTestApp, postForm, type TestApp } from '../../testing.ts';
import { createShopper } from '../../testing-factories.ts';
import { evaluateCoupon } from './rules.ts';

const NOW = new Date('2026-11-23T10:00:00Z');
const DAY = 86_400_000;

/** A coupon with overrides: by default 10% off (cap Rs. 500) orders of Rs. 1,000 or more, live since yesterday. */
function coupon(over: Partial<Coupon> = {}): Coupon {
  return {
    id: 1,
    code: 'TEST10',
    description: '',
    kind: 'percent',
    value: 10,
    maxDiscountPaise: 500_00,
    minOrderPaise: 1_000_00,
    startsAt: new Date(NOW.getTime() - DAY),
    endsAt: null,
    usageLimit: null,
    perCustomerLimit: null,
    active: true,
    createdAt: new Date(NOW.getTime() - DAY),
    ...over,
  };
}
const judge = (c: Coupon | null, subtotalPaise = 2_000_00, used = { total: 0, mine: 0 }) =>
  evaluateCoupon(c, { code: ' test10 ', subtotalPaise, now: NOW, used });

describe('evaluateCoupon: one rule at a time', () => {
  it('takes a percentage up to its cap, and a fixed amount never beyond the subtotal', () => {
    expect(judge(coupon())).toMatchObject({ ok: true, discountPaise: 200_00, message: 'Coupon TEST10 applied: you save Rs. 200.00.' });
    expect(judge(coupon(), 1_00_000_00)).toMatchObject({ ok: true, discountPaise: 500_00 });
    expect(judge(coupon({ kind: 'fixed', value: 5_000_00, maxDiscountPaise: null, minOrderPaise: 0 }), 1_200_00)).toMatchObject({
      ok: true,
      discountPaise: 1_200_00,
    });
  });
  it('refuses an unknown code', () =>
    expect(judge(null)).toMatchObject({ ok: false, code: 'COUPON_UNKNOWN', message: 'There is no coupon TEST10. Please check the code.' }));
  it('refuses a switched-off coupon', () => expect(judge(coupon({ active: false }))).toMatchObject({ ok: false, code: 'COUPON_INACTIVE' }));
  it('refuses before its start date', () =>
    expect(judge(coupon({ startsAt: new Date(NOW.getTime() + 2 * DAY) }))).toMatchObject({
      ok: false,
      code: 'COUPON_NOT_YET_VALID',
      message: 'Coupon TEST10 is not valid yet: it starts on 25 Nov 2026.',
    }));
  it('refuses after its end date', () =>
    expect(judge(coupon({ endsAt: new Date(NOW.getTime() - 1) }))).toMatchObject({
      ok: false,
      code: 'COUPON_EXPIRED',
      message: 'Coupon TEST10 expired on 23 Nov 2026.',
    }));
  it('refuses below the minimum order, saying the minimum', () =>
    expect(judge(coupon(), 999_99)).toMatchObject({
      ok: false,
      code: 'COUPON_MIN_ORDER',
      message: 'Coupon TEST10 needs a minimum order of Rs. 1,000.00; your cart comes to Rs. 999.99.',
    }));
  it('refuses when every use is taken', () =>
    expect(judge(coupon({ usageLimit: 5 }), 2_000_00, { total: 5, mine: 0 })).toMatchObject({ ok: false, code: 'COUPON_USED_UP' }));
  it('refuses a customer who has used their share', () => {
    expect(judge(coupon({ perCustomerLimit: 1 }), 2_000_00, { total: 1, mine: 1 })).toMatchObject({
      ok: false,
      code: 'COUPON_ALREADY_USED',
      message: 'You have already used coupon TEST10.',
    });
    expect(judge(coupon({ perCustomerLimit: 3 }), 2_000_00, { total: 2, mine: 2 })).toMatchObject({ ok: true });
  });
});

describe('POST /api/coupons/apply', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t?.close());

  const apply = (body: object, cookie?: string) =>
    t.app.inject({ method: 'POST', url: '/api/coupons/apply', payload: body, headers: cookie ? { cookie } : {} });

  async function pieceBetween(minPaise: number, maxPaise: number) {
    const rows = await t.database.db.query.products.findMany({
      where: (p, { and, eq, gte, lte, gt, isNull }) =>
        and(eq(p.active, true), gte(p.listPricePaise, minPaise), lte(p.listPricePaise, maxPaise), gt(p.stock, 2), isNull(p.sizeKind)),
      limit: 1,
    });
    const price = (await t.app.inject({ url: `/api/product/find-by-id/${rows[0]!.id}` })).json().data.product_price_paise as number;
    return { id: rows[0]!.id, price };
  }

  it('prices a guest’s cart itself and answers the discount and totals with the shipping setting', async () => {
    const p = await pieceBetween(20_000_00, 40_000_00);
    const res = await apply({ code: 'flat500', cartItems: JSON.stringify([{ productId: p.id, quantity: 1 }]) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      code: 'FLAT500',
      kind: 'fixed',
      subtotalPaise: p.price,
      discountPaise: 500_00,
      shippingPaise: 299,
      totalPaise: p.price - 500_00 + 299,
    });
    expect(res.json().message).toBe('Coupon FLAT500 applied: you save Rs. 500.00.');
  });

  it('says why a code does not apply: unknown, expired, minimum order, empty cart, not yet valid, used up', async () => {
    const cheap = await pieceBetween(1_000_00, 4_000_00);
    const dear = await pieceBetween(20_000_00, 40_000_00);
    const cart = (id: number) => JSON.stringify([{ productId: id, quantity: 1 }]);
    expect((await apply({ code: 'NOPE', cartItems: cart(dear.id) })).json()).toMatchObject({ code: 'COUPON_UNKNOWN' });
    const expired = await apply({ code: 'DIWALI15', cartItems: cart(dear.id) });
    expect([expired.statusCode, expired.json().code]).toEqual([422, 'COUPON_EXPIRED']);
    const small = await apply({ code: 'WELCOME10', cartItems: cart(cheap.id) });
    expect([small.statusCode, small.json().code]).toEqual([422, 'COUPON_MIN_ORDER']);
    expect(small.json().message).toMatch(/minimum order of Rs\. 5,000\.00/);
    expect((await apply({ code: 'WELCOME10' })).json().code).toBe('CART_EMPTY');
    expect((await apply({ code: '' })).statusCode).toBe(400);

    await t.database.db.insert(schema.coupons).values([
      { code: 'SOON', kind: 'fixed', value: 100_00, startsAt: new Date(Date.now() + 5 * DAY) },
      { code: 'GONE', kind: 'fixed', value: 100_00, usageLimit: 0 },
    ]);
    expect((await apply({ code: 'soon', cartItems: cart(dear.id) })).json().code).toBe('COUPON_NOT_YET_VALID');
    expect((await apply({ code: 'gone', cartItems: cart(dear.id) })).json().code).toBe('COUPON_USED_UP');
  });

  it('offers the coupons usable now: what each takes off, or what the cart still needs; never an expired or used-up one (issue 40)', async () => {
    const offers = (body: object, cookie?: string) =>
      t.app.inject({ method: 'POST', url: '/api/coupons/offers', payload: body, headers: cookie ? { cookie } : {} });
    const cheap = await pieceBetween(1_000_00, 4_000_00);
    const dear = await pieceBetween(20_000_00, 40_000_00);
    const small = await offers({ cartItems: JSON.stringify([{ productId: cheap.id, quantity: 1 }]) });
    expect(small.statusCode, small.body).toBe(200);
    const codes = small.json().data.map((o: { code: string }) => o.code);
    expect(codes).toContain('WELCOME10');
    expect(codes).not.toContain('DIWALI15');
    const welcome = small.json().data.find((o: { code: string }) => o.code === 'WELCOME10');
    expect(welcome).toMatchObject({ usable: false, discountPaise: 0, shortfallPaise: 5_000_00 - cheap.price });
    expect(welcome.message).toMatch(/^Add Rs\. [\d,]+\.\d\d more to use it \(minimum order Rs\. 5,000\.00\)\.$/);

    const big = (await offers({ cartItems: JSON.stringify([{ productId: dear.id, quantity: 1 }]) })).json();
    expect(big.subtotalPaise).toBe(dear.price);
    const flat = big.data.find((o: { code: string }) => o.code === 'FLAT500');
    expect(flat).toMatchObject({ usable: true, discountPaise: 500_00, shortfallPaise: 0, message: 'You save Rs. 500.00.' });
    // What an offer promises is what Apply gives.
    for (const offer of big.data.filter((o: { usable: boolean }) => o.usable)) {
      const applied = await apply({ code: offer.code, cartItems: JSON.stringify([{ productId: dear.id, quantity: 1 }]) });
      expect(applied.json().discountPaise).toBe(offer.discountPaise);
    }
    // Usable ones first, the best first.
    const usable = big.data.map((o: { usable: boolean }) => o.usable);
    expect(usable).toEqual([...usable].sort((a: boolean, b: boolean) => Number(b) - Number(a)));
    expect((await offers({ cartItems: 'x'.repeat(20_001) })).statusCode).toBe(400);
  });

  it('prices a logged-in customer’s server cart, ignoring any guest list sent along', async () => {
    const { cookie, userId } = await createShopper(t.app);
    const dear = await pieceBetween(20_000_00, 40_000_00);
    await postForm(t.app, '/api/cart/add', { cart_product_id: dear.id, cart_quantity: 2, cart_user_id: userId }, { cookie });
    const res = await apply({ code: 'WELCOME10', cartItems: JSON.stringify([{ productId: dear.id, quantity: 9 }]) }, cookie);
    expect(res.json()).toMatchObject({ subtotalPaise: dear.price * 2, discountPaise: Math.min(Math.floor((dear.price * 2) / 10), 5_000_00) });
    await t.database.db.update(schema.coupons).set({ active: false }).where(eq(schema.coupons.code, 'WELCOME10'));
    expect((await apply({ code: 'WELCOME10' }, cookie)).json().code).toBe('COUPON_INACTIVE');
  });
});
