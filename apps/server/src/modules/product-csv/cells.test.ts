import { describe, expect, it } from 'vitest';
import { readCell, writeCell } from './cells.ts';
import { csvLines, parseCsv, safeCell, unguardCell } from './csv.ts';

describe('cells as a person types them', () => {
  it('reads rupees, grams, carats and percentages into integer units', () => {
    expect(readCell.rupees('12,500')).toEqual({ ok: true, value: 1_250_000 });
    expect(readCell.rupees('₹ 499.5')).toEqual({ ok: true, value: 49_950 });
    expect(readCell.grams('4.25')).toEqual({ ok: true, value: 4_250 });
    expect(readCell.carats('0.3')).toEqual({ ok: true, value: 30 });
    expect(readCell.percent('12.5%')).toEqual({ ok: true, value: 1_250 });
    expect(readCell.grams('')).toEqual({ ok: true, value: null });
  });

  it('refuses what is not a number, or too precise, in words', () => {
    expect(readCell.grams('four')).toMatchObject({ ok: false, message: expect.stringMatching(/grams must be a number/) });
    expect(readCell.rupees('10.555')).toMatchObject({ ok: false, message: expect.stringMatching(/at most 2 decimal places/) });
    expect(readCell.grams('-2')).toMatchObject({ ok: false });
    expect(readCell.yesNo('maybe')).toMatchObject({ ok: false, message: 'Write yes or no.' });
  });

  it('writes back what it reads', () => {
    for (const [read, write, text] of [
      [readCell.rupees, writeCell.rupees, '12500.5'],
      [readCell.grams, writeCell.grams, '4.025'],
      [readCell.carats, writeCell.carats, '0.3'],
      [readCell.percent, writeCell.percent, '12.5'],
    ] as const) {
      const value = read(text);
      expect(value.ok && write(value.value)).toBe(text);
    }
    expect(writeCell.list(['Solitaire', 'Daily'])).toBe('Solitaire|Daily');
    expect(readCell.list(' Solitaire | Daily |')).toEqual({ ok: true, value: ['Solitaire', 'Daily'] });
  });
});

describe('the CSV file', () => {
  it('defuses cells a spreadsheet would run as formulas, and reads them back unchanged', () => {
    for (const cell of ['=HYPERLINK("x")', '+91', '-1', '@SUM(A1)', '\tx', '\rx']) {
      expect(safeCell(cell)).toBe(`'${cell}`);
      expect(unguardCell(safeCell(cell))).toBe(cell);
    }
    expect(safeCell('Ring')).toBe('Ring');
    const parsed = parseCsv(new TextEncoder().encode(csvLines([['sku', 'name'], ['A-1', '=1+1']])));
    expect(parsed).toMatchObject({ ok: true, rows: [{ row: 2, cells: ['A-1', '=1+1'] }] });
  });

  it('reads a byte order mark, CRLF, quoted commas and line breaks, and keeps the spreadsheet row numbers past blank rows', () => {
    const text = '\uFEFFsku,name\r\nA-1,"Ring, gold"\r\n,\r\n\r\nA-2,"two\nlines"\r\n';
    const parsed = parseCsv(new TextEncoder().encode(text));
    expect(parsed).toEqual({
      ok: true,
      header: ['sku', 'name'],
      rows: [
        { row: 2, cells: ['A-1', 'Ring, gold'] },
        { row: 5, cells: ['A-2', 'two\nlines'] },
      ],
    });
  });

  it('names what is wrong with a file that is not CSV', () => {
    expect(parseCsv(new Uint8Array([0xff, 0xfe, 0x00, 0x41]))).toMatchObject({ ok: false, problem: { row: 0, message: expect.stringMatching(/UTF-8/) } });
    expect(parseCsv(new TextEncoder().encode('sku,name\nA-1,"open'))).toMatchObject({ ok: false, problem: { message: expect.stringMatching(/quote/) } });
    expect(parseCsv(new TextEncoder().encode(''))).toMatchObject({ ok: false, problem: { row: 1 } });
    expect(parseCsv(new TextEncoder().encode('sku,name\n'))).toMatchObject({ ok: false, problem: { message: expect.stringMatching(/no products/) } });
  });
});
