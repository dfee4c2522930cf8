import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { apportion, gstContained, invoiceTax } from './gst.ts';

describe('gstContained', () => {
  it('works the taxable value back from a GST-inclusive price, rounding once', () => {
    expect(gstContained(1_03_000_00, 3)).toEqual({ taxable: 1_00_000_00, gst: 3_000_00 });
    expect(gstContained(10_000, 3)).toEqual({ taxable: 9_709, gst: 291 });
    expect(gstContained(0, 3)).toEqual({ taxable: 0, gst: 0 });
  });
});

describe('apportion', () => {
  it('splits in proportion and always adds up', () => {
    expect(apportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(apportion(10, [30, 70])).toEqual([3, 7]);
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 1, maxLength: 8 }), (total, weights) => {
        const parts = apportion(total, weights);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        expect(parts.every((p) => p >= 0)).toBe(true);
      }),
    );
  });
});

describe('invoiceTax', () => {
  it('shares the discount over the goods and the GST over every row, adding up to the totals', () => {
    const t = invoiceTax([60_000_00, 40_000_00], 299, 10_000_00, 3);
    expect(t.total).toBe(90_000_00 + 299);
    expect(t.lines.map((l) => l.value)).toEqual([54_000_00, 36_000_00]);
    expect(t.taxable + t.gst).toBe(t.total);
    expect(t.lines.reduce((a, l) => a + l.gst, 0) + t.shipping.gst).toBe(t.gst);
    expect(t.halves[0] + t.halves[1]).toBe(t.gst);
  });
  it('keeps every column consistent for any order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 50_00_000_00 }), { minLength: 1, maxLength: 6 }),
        fc.nat(10_000),
        fc.nat(1_00_000_00),
        (lines, shipping, discount) => {
          const t = invoiceTax(lines, shipping, discount, 3);
          const rows = [...t.lines, t.shipping];
          expect(rows.reduce((a, r) => a + r.value, 0)).toBe(t.total);
          expect(rows.reduce((a, r) => a + r.taxable, 0)).toBe(t.taxable);
          expect(rows.every((r) => r.taxable >= 0 && r.gst >= 0)).toBe(true);
        },
      ),
    );
  });
});
