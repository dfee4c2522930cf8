import { describe, expect, it } from 'vitest';
import { cellOf } from './csv-columns.ts';
import { csvLines, parseCsv, safeCell, unguardCell } from './csv.ts';

describe('cells as a person types them', () => {
  it('writes lists with |, yes/no, numbers as typed and nothing for an empty value', () => {
    expect(cellOf(['Solitaire', 'Daily'])).toBe('Solitaire|Daily');
    expect(cellOf([14, 18])).toBe('14|18');
    expect(cellOf(true)).toBe('yes');
    expect(cellOf(false)).toBe('no');
    expect(cellOf(4.25)).toBe('4.25');
    expect(cellOf(null)).toBe('');
  });
});

describe('the CSV file', () => {
  it('defuses cells a spreadsheet would run as formulas, and reads them back unchanged', () => {
    for (const cell of ['=HYPERLINK("x")', '+91', '-1', '@SUM(A1)', '\tx', '\rx']) {
      expect(safeCell(cell)).toBe(`'${cell}`);
      expect(unguardCell(safeCell(cell))).toBe(cell);
    }
    expect(safeCell('Ring')).toBe('Ring');
    // A value that itself starts with an apostrophe is guarded too, so the import never mistakes it for the guard.
    for (const cell of ["'=x", "''", "'plain", "'"]) {
      expect(safeCell(cell)).toBe(`'${cell}`);
      expect(unguardCell(safeCell(cell))).toBe(cell);
    }
    expect(unguardCell("'plain")).toBe("'plain");
    const parsed = parseCsv(
      new TextEncoder().encode(
        csvLines([
          ['sku', 'name'],
          ['A-1', '=1+1'],
        ]),
      ),
    );
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

  it('says in one short line that a semicolon-separated file must be saved with commas (issue 39)', () => {
    const header = 'sku;name;category;material;metalWeightG;makingChargeKind;makingCharge;tags;stock';
    const file = new TextEncoder().encode(`${header}\nRNG-1;Ring;Rings;Gold;3.5;percent;12;Solitaire;4\n`);
    expect(parseCsv(file)).toEqual({
      ok: false,
      problem: { row: 1, column: '', message: 'This file is separated by semicolons; save it as CSV with commas.' },
    });
    // A comma file whose values hold semicolons is read as usual.
    expect(parseCsv(new TextEncoder().encode('sku,name\nA-1,Ring; gold\n'))).toMatchObject({ ok: true, rows: [{ cells: ['A-1', 'Ring; gold'] }] });
  });
});
