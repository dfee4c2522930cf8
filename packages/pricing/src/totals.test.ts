import { describe, expect, it } from 'vitest';
import { invoiceTax } from './gst.ts';
import { couponDiscount, orderTotals } from './totals.ts';

describe('orderTotals', () => {
  it('adds lines, takes off the discount, adds shipping and states the GST contained', () => {
    const t = orderTotals({
      lines: [
        { unitPricePaise: 10_300_00, quantity: 2 },
        { unitPricePaise: 515_00, quantity: 1 },
      ],
      shippingFeePaise: 299,
      discountPaise: 1_000_00,
    });
    expect(t).toEqual({
      subtotalPaise: 21_115_00,
      discountPaise: 1_000_00,
      shippingPaise: 299,
      gstPaise: 20_115_00 + 299 - Math.round(((20_115_00 + 299) * 100) / 103),
      totalPaise: 20_115_00 + 299,
      harvestCreditPaise: 0,
      storeCreditPaise: 0,
      rateLockAdvancePaise: 0,
      metalAccountPaise: 0,
      payablePaise: 20_115_00 + 299,
    });
  });

  it('charges no shipping on an empty cart and never discounts more than the subtotal', () => {
    expect(orderTotals({ lines: [], shippingFeePaise: 299 })).toMatchObject({ subtotalPaise: 0, shippingPaise: 0, totalPaise: 0 });
    expect(orderTotals({ lines: [{ unitPricePaise: 500, quantity: 1 }], shippingFeePaise: 299, discountPaise: 900 })).toMatchObject({
      discountPaise: 500,
      totalPaise: 299,
    });
  });

  it('lets a Harvest balance pay up to the total without changing the total or its GST', () => {
    const lines = [{ unitPricePaise: 10_000_00, quantity: 1 }];
    const plain = orderTotals({ lines, shippingFeePaise: 299 });
    expect(orderTotals({ lines, shippingFeePaise: 299, harvestBalancePaise: 4_000_00 })).toEqual({
      ...plain,
      harvestCreditPaise: 4_000_00,
      payablePaise: plain.totalPaise - 4_000_00,
    });
    expect(orderTotals({ lines, shippingFeePaise: 299, harvestBalancePaise: 50_000_00 })).toMatchObject({
      harvestCreditPaise: plain.totalPaise,
      payablePaise: 0,
    });
  });

  it('lets store credit pay what the Harvest credit left, never more than the total, GST unchanged', () => {
    const lines = [{ unitPricePaise: 10_000_00, quantity: 1 }];
    const plain = orderTotals({ lines, shippingFeePaise: 299 });
    expect(orderTotals({ lines, shippingFeePaise: 299, storeCreditBalancePaise: 3_000_00 })).toEqual({
      ...plain,
      storeCreditPaise: 3_000_00,
      payablePaise: plain.totalPaise - 3_000_00,
    });
    const both = orderTotals({ lines, shippingFeePaise: 299, harvestBalancePaise: 8_000_00, storeCreditBalancePaise: 5_000_00 });
    expect(both).toMatchObject({
      harvestCreditPaise: 8_000_00,
      storeCreditPaise: plain.totalPaise - 8_000_00,
      payablePaise: 0,
      gstPaise: plain.gstPaise,
      totalPaise: plain.totalPaise,
    });
    expect(() => orderTotals({ lines, shippingFeePaise: 299, storeCreditBalancePaise: -1 })).toThrow(RangeError);
  });

  it('states the same GST as the tax invoice of the same order, to the paisa, shipping included', () => {
    const lines = [
      { unitPricePaise: 6_98_315_00, quantity: 1 },
      { unitPricePaise: 12_345_67, quantity: 3 },
    ];
    for (const [shipping, discount, percent] of [
      [299, 0, 3],
      [299, 5_000_00, 3],
      [0, 1_234, 3],
      [4_99, 77, 1.5],
    ] as const) {
      const totals = orderTotals({ lines, shippingFeePaise: shipping, discountPaise: discount, gstPercent: percent });
      const invoice = invoiceTax(
        lines.map((l) => l.unitPricePaise * l.quantity),
        shipping,
        discount,
        percent,
      );
      expect(totals.gstPaise).toBe(invoice.gst);
      expect(totals.totalPaise).toBe(invoice.total);
    }
  });

  it('refuses fractions of a paisa', () => {
    expect(() => orderTotals({ lines: [{ unitPricePaise: 1.5, quantity: 1 }], shippingFeePaise: 0 })).toThrow(RangeError);
  });
});

describe('couponDiscount', () => {
  const percent = { kind: 'percent' as const, value: 10, maxDiscountPaise: 5_000_00, minOrderPaise: 5_000_00 };
  it('gives nothing below the minimum order', () => expect(couponDiscount(percent, 4_999_99)).toBe(0));
  it('takes a percentage, rounded down, up to its cap', () => {
    expect(couponDiscount(percent, 10_000_05)).toBe(1_000_00);
    expect(couponDiscount(percent, 1_00_000_00)).toBe(5_000_00);
  });
  it('never takes more than the subtotal for a fixed amount', () => {
    expect(couponDiscount({ kind: 'fixed', value: 500_00, maxDiscountPaise: null, minOrderPaise: 0 }, 300_00)).toBe(300_00);
  });
});
