import { describe, expect, it } from 'vitest';
import { AdminOrderPiecesSchema } from '@milli/contracts/schemas';
import { AdminOrdersBulkSchema } from '@milli/contracts/schemas';
import { bulkOrders, gramsToMg, mgToGrams, pieceErrorsOf, pieceRows, piecesBody, shortDateTime, typedPieces } from './order-desk.ts';

describe('grams and milligrams', () => {
  it('reads grams with up to three decimals as whole milligrams', () => {
    expect(gramsToMg('4.52')).toBe(4520);
    expect(gramsToMg(' 4.520 ')).toBe(4520);
    expect(gramsToMg('4,5')).toBe(4500);
    expect(gramsToMg('12')).toBe(12000);
    expect(gramsToMg('0.001')).toBe(1);
    expect(gramsToMg('12.')).toBe(12000);
  });

  it('refuses anything that is not a weight in grams', () => {
    for (const bad of ['', 'abc', '4.5205', '-1', '1e3', '4.5 g', '1.2.3']) expect(gramsToMg(bad)).toBeNull();
  });

  it('shows milligrams as grams with three decimals, and back again', () => {
    expect(mgToGrams(4520)).toBe('4.520');
    expect(mgToGrams(null)).toBe('');
    expect(gramsToMg(mgToGrams(123_456))).toBe(123_456);
  });
});

const ORDER = {
  lines: [
    { lineId: 11, name: 'Lotus Ring', quantity: 2, recordedAtPacking: true, hallmarked: true, soldWeightMg: 4520 },
    { lineId: 12, name: 'Silk Thread Pouch', quantity: 1, recordedAtPacking: false, hallmarked: false, soldWeightMg: null },
    { lineId: 13, name: 'Gold Chain', quantity: 1, recordedAtPacking: true, hallmarked: true, soldWeightMg: 8100 },
    { lineId: 14, name: 'Platinum Band', quantity: 1, recordedAtPacking: true, hallmarked: false, soldWeightMg: 6000 },
  ],
  pieces: [
    { lineId: 13, huid: 'AB12C3', netWeightMg: 8150, grossWeightMg: 8150 },
    { lineId: 14, huid: null, netWeightMg: 6010, grossWeightMg: 6100 },
  ],
} as never;

describe('the packing form', () => {
  it('has one row per physical piece of each weighed or hallmarked line, filled from what is recorded', () => {
    const rows = pieceRows(ORDER);
    expect(rows.map((r) => [r.index, r.lineId, r.ordinal, r.quantity, r.hallmarked])).toEqual([
      [0, 11, 1, 2, true],
      [1, 11, 2, 2, true],
      [2, 13, 1, 1, true],
      [3, 14, 1, 1, false],
    ]);
    expect(rows[2]).toMatchObject({ huid: 'AB12C3', netGrams: '8.150', grossGrams: '8.150' });
    expect(rows[0]).toMatchObject({ huid: '', netGrams: '' });
    // Issue 38: a platinum piece is weighed, with no HUID to ask.
    expect(rows[3]).toMatchObject({ huid: '', netGrams: '6.010', grossGrams: '6.100' });
  });

  it('posts an empty HUID for a piece that is not hallmarked, which the contract reads as none (issue 38)', () => {
    const built = piecesBody([{ lineId: '14', huid: '', net: '6.01', gross: '6.1' }]);
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(AdminOrderPiecesSchema.parse(built.body).pieces[0]).toEqual({ lineId: 14, huid: null, netWeightMg: 6010, grossWeightMg: 6100 });
  });

  it('puts back what was typed after a refusal', () => {
    const rows = pieceRows(ORDER, [{ lineId: '11', huid: 'zz', net: '4.5x', gross: '5' }]);
    expect(rows[0]).toMatchObject({ huid: 'zz', netGrams: '4.5x', grossGrams: '5' });
  });

  it('posts whole milligrams the contract accepts', () => {
    const form = new FormData();
    for (const [lineId, huid, net, gross] of [
      ['11', 'ab12c3', '4.52', '4.861'],
      ['11', 'AB12C4', '4.5', '4.9'],
    ]) {
      form.append('lineId', lineId!);
      form.append('huid', huid!);
      form.append('net', net!);
      form.append('gross', gross!);
    }
    const built = piecesBody(typedPieces(form));
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.body.pieces[0]).toEqual({ lineId: 11, huid: 'ab12c3', netWeightMg: 4520, grossWeightMg: 4861 });
    const parsed = AdminOrderPiecesSchema.parse(built.body);
    expect(parsed.pieces[0]!.huid).toBe('AB12C3');
  });

  it('marks a weight that is not grams by its row, without asking the server', () => {
    const built = piecesBody([{ lineId: '11', huid: 'AB12C3', net: '4.5205', gross: '' }]);
    expect(built.ok).toBe(false);
    if (built.ok) return;
    expect(Object.keys(built.errors[0]!)).toEqual(['netWeightMg', 'grossWeightMg']);
  });

  it('puts the server’s per-piece messages by their row and field', () => {
    expect(pieceErrorsOf({ 'pieces.1.huid': 'HUID AB12C3 is already on another piece.', 'pieces.0.grossWeightMg': 'Too light.', form: 'x' })).toEqual({
      1: { huid: 'HUID AB12C3 is already on another piece.' },
      0: { grossWeightMg: 'Too light.' },
    });
    expect(pieceErrorsOf(undefined)).toEqual({});
  });
});

describe('the orders list’s bulk form', () => {
  const form = (entries: [string, string][]) => {
    const f = new FormData();
    for (const [k, v] of entries) f.append(k, v);
    return f;
  };

  it('marks the ticked orders picked, once each', () => {
    const result = bulkOrders(
      form([
        ['orders', 'MIL-2026-000001'],
        ['orders', 'MIL-2026-000002'],
        ['orders', 'MIL-2026-000001'],
        ['intent', 'picked'],
      ]),
    );
    expect(result).toEqual({ ok: true, body: { status: 'Picked', orders: [{ orderNumber: 'MIL-2026-000001' }, { orderNumber: 'MIL-2026-000002' }] } });
    expect(AdminOrdersBulkSchema.safeParse(result.ok && result.body).success).toBe(true);
  });

  it('dispatches with the courier once and each ticked row’s own AWB, ignoring the rows not ticked', () => {
    const result = bulkOrders(
      form([
        ['orders', 'MIL-2026-000001'],
        ['orders', 'MIL-2026-000003'],
        ['awb:MIL-2026-000001', ' BD-1234567 '],
        ['awb:MIL-2026-000002', 'BD-7654321'],
        ['awb:MIL-2026-000003', ''],
        ['courierName', 'Blue Dart'],
        ['intent', 'dispatch'],
      ]),
    );
    expect(result).toEqual({
      ok: true,
      body: {
        status: 'Out for Delivery',
        courierName: 'Blue Dart',
        orders: [
          { orderNumber: 'MIL-2026-000001', awbNumber: 'BD-1234567' },
          { orderNumber: 'MIL-2026-000003', awbNumber: undefined },
        ],
      },
    });
  });

  it('asks for ticked rows and a known button', () => {
    expect(bulkOrders(form([['intent', 'picked']]))).toEqual({ ok: false, message: 'Tick the orders to move first.' });
    expect(
      bulkOrders(
        form([
          ['orders', 'MIL-2026-000001'],
          ['intent', 'cancel'],
        ]),
      ),
    ).toEqual({ ok: false, message: 'Choose Mark picked or Dispatch ticked.' });
  });

  it('writes a row’s time placed short, in India’s time', () => {
    expect(shortDateTime('2024-02-10T18:00:00.000Z')).toMatch(/^10 Feb 24,? 23:30$/);
  });
});
