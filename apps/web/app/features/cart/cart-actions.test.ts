import { describe, expect, it } from 'vitest';
import { quantitiesOf } from './cart-actions.server.ts';
import { guestCartCookie } from './cart-data.server.ts';
import { cartDataList, cartTotals } from './cart-view.ts';

const form = (fields: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of fields) f.append(k, v);
  return f;
};

describe('the cart form without script', () => {
  it('applies one minus or plus step to the posted quantities, flooring at 0', () => {
    const base: [string, string][] = [
      ['line', '7'],
      ['qty-7', '1'],
      ['line', '9'],
      ['qty-9', '3'],
    ];
    expect([...quantitiesOf(form([...base, ['step', '7:-1']]))]).toEqual([
      ['7', 0],
      ['9', 3],
    ]);
    expect([...quantitiesOf(form([...base, ['step', '9:1']]))]).toEqual([
      ['7', 1],
      ['9', 4],
    ]);
    expect([...quantitiesOf(form([...base.slice(0, 2), ['qty-7', '0'], ['step', '7:-1']]))].at(0)).toEqual(['7', 0]);
  });
  it('removes a line, ignores tampered values, and never goes past 99', () => {
    expect([
      ...quantitiesOf(
        form([
          ['line', '7'],
          ['qty-7', '2'],
          ['remove', '7'],
        ]),
      ),
    ]).toEqual([['7', 0]]);
    expect([
      ...quantitiesOf(
        form([
          ['line', '7'],
          ['qty-7', 'lots'],
        ]),
      ),
    ]).toEqual([['7', 0]]);
    expect([
      ...quantitiesOf(
        form([
          ['line', '7'],
          ['qty-7', '500'],
          ['step', '7:1'],
        ]),
      ),
    ]).toEqual([['7', 99]]);
    expect([
      ...quantitiesOf(
        form([
          ['line', '7'],
          ['qty-7', '2'],
          ['step', '8:1'],
        ]),
      ),
    ]).toEqual([['7', 2]]);
  });
  it('rewrites a guest’s cartItems cookie line by line (one piece in two sizes is two lines), dropping lines at 0', () => {
    const lines = [
      { productId: 4, quantity: 1 },
      { productId: 5, quantity: 2, purity: 14, size: '12', sizeKind: 'ring' },
      { productId: 5, quantity: 1, purity: 14, size: '13', sizeKind: 'ring' },
    ];
    const request = new Request('http://x/cart', { headers: { cookie: `cartItems=${encodeURIComponent(JSON.stringify(lines))}` } });
    const cookie = guestCartCookie(
      request,
      new Map([
        ['g0', 0],
        ['g1', 3],
      ]),
    );
    expect(JSON.parse(decodeURIComponent(cookie.split(';')[0]!.split('=')[1]!))).toEqual([
      { productId: 5, quantity: 3, purity: 14, size: '12', sizeKind: 'ring' },
      { productId: 5, quantity: 1, purity: 14, size: '13', sizeKind: 'ring' },
    ]);
    expect(
      guestCartCookie(
        request,
        new Map([
          ['g0', 0],
          ['g1', 0],
          ['g2', 0],
        ]),
      ),
    ).toMatch(/Max-Age=0/);
  });
});

describe('cart totals on the screen', () => {
  it('recomputes a percentage coupon as quantities change, and sends one cartDataList entry per product', () => {
    const coupon = { code: 'WELCOME10', message: '', rule: { kind: 'percent' as const, value: 10, maxDiscountPaise: 5_000_00, minOrderPaise: 5_000_00 } };
    expect(cartTotals([{ unitPricePaise: 6_000_00, quantity: 1 }], 299, coupon)).toMatchObject({ discountPaise: 600_00, totalPaise: 5_400_00 + 299 });
    expect(cartTotals([{ unitPricePaise: 6_000_00, quantity: 0 }], 299, coupon)).toMatchObject({ discountPaise: 0, shippingPaise: 0, totalPaise: 0 });
    const line = {
      key: '1',
      cartId: 1,
      productId: 3,
      name: '',
      image: '',
      unitPricePaise: 1,
      addedPricePaise: null,
      beforePaise: null,
      percentOff: null,
      stock: null,
      choices: '',
    };
    expect(
      cartDataList([
        { ...line, quantity: 1 },
        { ...line, key: '2', quantity: 2 },
      ]),
    ).toBe('[{"productId":3,"quantity":3}]');
  });
});
