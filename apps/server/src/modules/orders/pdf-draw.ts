import type { PDFDocument, PDFPage, RGB } from 'pdf-lib';
import { streetLine } from '@milli/contracts';
import { invoiceType, type InvoiceType, type Weight } from './invoice-fonts.ts';

/**
 * What every printed document of an order shares (the tax invoice, credit note, packing slip, shipping label,
 * jewellery tags): paper sizes, the house colours, the Noto type, and a sheet that writes text, rules, boxes and
 * QR codes from the top of a page down. Sizes are PDF points (1/72 in).
 */
export const PAPER = {
  a4: [595.28, 841.89],
  /** A thermal shipping label, 4 x 6 in: what courier label printers take. */
  label4x6: [288, 432],
  /**
   * A barbell (dumbbell) jewellery tag, 2.2 x 0.5 in: two printable wings of about 1 x 0.5 in joined by a 0.2 in
   * strap that loops round the piece and is left blank (decision 051).
   */
  barbellTag: [158.4, 36],
} as const satisfies Record<string, readonly [number, number]>;

export type Paper = keyof typeof PAPER;

export const grams = (mg: number) => `${Math.floor(mg / 1000)}.${String(mg % 1000).padStart(3, '0')} g`;

/** A date as Indian documents write it (dd-mm-yyyy), in India's time. */
export const indianDate = (d: Date) =>
  new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: '2-digit', month: '2-digit', year: 'numeric' }).format(d).replaceAll('/', '-');

/** Words set into lines no wider than `width` (a word longer than the line stands alone on its line). */
export function wrap(text: string, measure: (s: string, size: number) => number, size: number, width: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (measure(next, size) <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A postal address as printed on an order's documents (name, street, landmark, city and PIN, country, phone). */
export interface PostalAddress {
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  state: string | null;
  landmark?: string | null;
  pincode: string;
  country: string;
  countryCode: string;
  phone: string;
}

export function addressLines(a: PostalAddress | null, fallbackName: string): string[] {
  if (!a) return [fallbackName];
  const state = a.state ? `, ${a.state}` : '';
  return [
    `${a.firstName} ${a.lastName}`.trim(),
    streetLine(a.address, a.city),
    ...(a.landmark ? [`Landmark: ${a.landmark}`] : []),
    `${a.city}${state} ${a.pincode}`.trim(),
    a.country,
    `+${a.countryCode.replace(/^\+/, '')} ${a.phone}`,
  ];
}

export interface Palette {
  ink: RGB;
  muted: RGB;
  rule: RGB;
  brand: RGB;
  band: RGB;
}

/**
 * A new PDF with its metadata and the documents' type embedded. pdf-lib is loaded with the first document: it holds
 * about 25 MB that a server busy showing pages never needs.
 */
export async function startDocument(meta: { title: string; author: string; subject: string; date: Date }) {
  const { PDFDocument, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(meta.title);
  doc.setAuthor(meta.author);
  doc.setSubject(meta.subject);
  doc.setCreationDate(meta.date);
  doc.setModificationDate(meta.date);
  const type = await invoiceType(doc);
  const palette: Palette = {
    ink: rgb(0.17, 0.11, 0.09),
    muted: rgb(0.42, 0.35, 0.31),
    rule: rgb(0.79, 0.64, 0.29),
    brand: rgb(0.48, 0.18, 0.15),
    band: rgb(0.97, 0.94, 0.9),
  };
  return { doc, type, palette, black: rgb(0, 0, 0) };
}

/**
 * One document's pages of one paper size, written from the top down: `y` is the baseline of the next line, and a
 * new page of the same size starts when the next block would cross the bottom margin.
 */
export class Sheet {
  page: PDFPage;
  y: number;
  readonly width: number;

  constructor(
    private readonly doc: PDFDocument,
    readonly type: InvoiceType,
    readonly palette: Palette,
    readonly size: readonly [number, number],
    readonly margin: number,
  ) {
    this.page = doc.addPage([size[0], size[1]]);
    this.y = size[1] - margin;
    this.width = size[0] - 2 * margin;
  }

  /** The right edge of the writing area. */
  get end() {
    return this.margin + this.width;
  }

  newPage() {
    this.page = this.doc.addPage([this.size[0], this.size[1]]);
    this.y = this.size[1] - this.margin;
  }

  /** Starts a new page unless `needed` points still fit above the bottom margin; says whether it did. */
  ensure(needed: number): boolean {
    if (this.y - needed >= this.margin) return false;
    this.newPage();
    return true;
  }

  measure = (s: string, size: number, weight: Weight = 'regular') => this.type.width(s, size, weight);

  /** Text at x on the current line, each run in the font that has its letters. */
  text(s: string, x: number, size = 9, weight: Weight = 'regular', color = this.palette.ink) {
    let at = x;
    for (const run of this.type.runs(s, weight)) {
      this.page.drawText(run.text, { x: at, y: this.y, size, font: run.font, color });
      at += run.font.widthOfTextAtSize(run.text, size);
    }
  }

  /** Text ending at xRight. */
  right(s: string, xRight: number, size = 9, weight: Weight = 'regular', color = this.palette.ink) {
    this.text(s, xRight - this.type.width(s, size, weight), size, weight, color);
  }

  /** A rule across the writing area on the current line. */
  rule(thickness = 0.6) {
    this.page.drawLine({ start: { x: this.margin, y: this.y }, end: { x: this.end, y: this.y }, thickness, color: this.palette.rule });
  }

  wrap(s: string, size: number, width: number, weight: Weight = 'regular') {
    return wrap(s, (t, sz) => this.type.width(t, sz, weight), size, width);
  }

  /** Wrapped text from x, one line every `lead` points down; the sheet's y ends below the last line. */
  paragraph(s: string, x: number, opts: { size?: number; width?: number; lead?: number; weight?: Weight; color?: RGB } = {}) {
    const size = opts.size ?? 9;
    for (const line of this.wrap(s, size, opts.width ?? this.end - x, opts.weight)) {
      this.text(line, x, size, opts.weight, opts.color);
      this.y -= opts.lead ?? size + 2;
    }
  }

  /** An empty square whose bottom-left corner is at (x, y): a box to tick by hand. */
  box(x: number, y: number, side: number) {
    this.page.drawRectangle({ x, y, width: side, height: side, borderWidth: 0.8, borderColor: this.palette.ink });
  }

  band(x: number, y: number, width: number, height: number) {
    this.page.drawRectangle({ x, y, width, height, color: this.palette.band });
  }

  /**
   * A QR code (its dark modules, row 0 at the top) as a square of `side` points whose bottom-left corner is (x, y),
   * drawn in black on white with the quiet zone of four modules the standard asks for included in `side`.
   */
  qr(modules: readonly (readonly boolean[])[], x: number, y: number, side: number, black: RGB) {
    const quiet = 4;
    const cell = side / (modules.length + 2 * quiet);
    modules.forEach((row, r) =>
      row.forEach((dark, c) => {
        // Each module overlaps its neighbours by a hair, so a rasteriser leaves no white seams inside a dark run.
        if (dark)
          this.page.drawRectangle({ x: x + (quiet + c) * cell, y: y + side - (quiet + r + 1) * cell, width: cell + 0.01, height: cell + 0.01, color: black });
      }),
    );
  }
}
