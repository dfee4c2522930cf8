import type { PDFFont, PDFPage } from 'pdf-lib';
import { formatRupees, invoiceTax, rupeesInWords } from '@milli/pricing';
import { gstinProblem, stateCodeOfGstin } from '@milli/contracts';
import { stateOfCode, stateOfPincode, type GstState } from './pin-state.ts';

export interface InvoiceSeller {
  legalName: string;
  gstin: string;
  state: string;
  stateCode: string;
  address: string;
  storeName: string;
  gstPercent: number;
}

export interface InvoiceAddress {
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  state: string | null;
  pincode: string;
  country: string;
  countryCode: string;
  phone: string;
}

export interface InvoiceInput {
  invoiceNumber: string;
  orderNumber: string;
  placedAt: Date;
  companyName: string | null;
  companyGstin: string | null;
  couponCode: string | null;
  subtotalPaise: number;
  discountPaise: number;
  shippingPaise: number;
  harvestCreditPaise: number;
  lines: { name: string; sku: string; hsnCode: string; quantity: number; unitPricePaise: number; lineTotalPaise: number; huid: string | null }[];
  billing: InvoiceAddress | null;
  shipping: InvoiceAddress | null;
}

export interface PlaceOfSupply {
  state: GstState | null;
  /** Where the state was read from. */
  source: 'gstin' | 'pincode' | 'address' | 'unknown';
}

/**
 * Place of supply (IGST Act s.10): for a registered buyer, the state of its GSTIN; otherwise where the
 * goods are delivered, read from the shipping PIN (or, failing that, the state typed in the address).
 */
export function placeOfSupply(companyGstin: string | null, shipping: InvoiceAddress | null): PlaceOfSupply {
  if (companyGstin && gstinProblem(companyGstin) === null) {
    const state = stateOfCode(stateCodeOfGstin(companyGstin));
    if (state) return { state, source: 'gstin' };
  }
  if (shipping) {
    const byPin = /^india$/i.test(shipping.country.trim()) || shipping.countryCode.replace(/\D/g, '') === '91' ? stateOfPincode(shipping.pincode) : null;
    if (byPin) return { state: byPin, source: 'pincode' };
    const named = shipping.state?.trim().toLowerCase();
    if (named) {
      for (let code = 1; code <= 38; code++) {
        const s = stateOfCode(String(code).padStart(2, '0'));
        if (s && s.name.toLowerCase() === named) return { state: s, source: 'address' };
      }
    }
  }
  return { state: null, source: 'unknown' };
}

export interface InvoiceFigures {
  intraState: boolean;
  place: PlaceOfSupply;
  rows: { name: string; sku: string; hsn: string; quantity: number; gross: number; discount: number; taxable: number; gst: number; value: number; huid: string | null }[];
  shipping: { value: number; taxable: number; gst: number };
  taxable: number;
  gst: number;
  cgst: number;
  sgst: number;
  igst: number;
  invoiceTotal: number;
  harvestCredit: number;
  payable: number;
  words: string;
}

/** The numbers of the invoice: GST worked back from the GST-inclusive total once, then shared over the rows. */
export function invoiceFigures(input: InvoiceInput, seller: InvoiceSeller): InvoiceFigures {
  const place = placeOfSupply(input.companyGstin, input.shipping);
  const intraState = place.state?.code === seller.stateCode;
  const tax = invoiceTax(
    input.lines.map((l) => l.lineTotalPaise),
    input.shippingPaise,
    input.discountPaise,
    seller.gstPercent,
  );
  const rows = input.lines.map((l, i) => {
    const row = tax.lines[i]!;
    return {
      name: l.name,
      sku: l.sku,
      hsn: l.hsnCode,
      quantity: l.quantity,
      gross: l.lineTotalPaise,
      discount: l.lineTotalPaise - row.value,
      taxable: row.taxable,
      gst: row.gst,
      value: row.value,
      huid: l.huid,
    };
  });
  const payable = Math.max(tax.total - input.harvestCreditPaise, 0);
  return {
    intraState,
    place,
    rows,
    shipping: tax.shipping,
    taxable: tax.taxable,
    gst: tax.gst,
    cgst: intraState ? tax.halves[0] : 0,
    sgst: intraState ? tax.halves[1] : 0,
    igst: intraState ? 0 : tax.gst,
    invoiceTotal: tax.total,
    harvestCredit: input.harvestCreditPaise,
    payable,
    words: rupeesInWords(payable),
  };
}

// ---------------------------------------------------------------------------------------------
// Drawing

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;

/** The standard PDF fonts speak WinAnsi only: accents are dropped and anything else becomes '?'. */
export function pdfSafe(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\x7e]/g, '?');
}

const amount = (paise: number) => formatRupees(paise).replace(/^(-?)Rs\. /, '$1');

const indianDate = (d: Date) =>
  new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: '2-digit', month: '2-digit', year: 'numeric' }).format(d).replaceAll('/', '-');

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const words = pdfSafe(text).split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function addressLines(a: InvoiceAddress | null, fallbackName: string): string[] {
  if (!a) return [fallbackName];
  const state = a.state ? `, ${a.state}` : '';
  return [`${a.firstName} ${a.lastName}`.trim(), a.address, `${a.city}${state} ${a.pincode}`.trim(), a.country, `+${a.countryCode.replace(/^\+/, '')} ${a.phone}`];
}

/**
 * The GST tax invoice of an order, as a one-or-more-page A4 PDF. pdf-lib is loaded with the first invoice:
 * it holds about 25 MB that a server busy showing pages never needs.
 */
export async function renderInvoicePdf(input: InvoiceInput, seller: InvoiceSeller, buyerName: string): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const INK = rgb(0.17, 0.11, 0.09);
  const MUTED = rgb(0.42, 0.35, 0.31);
  const RULE = rgb(0.79, 0.64, 0.29);
  const figures = invoiceFigures(input, seller);
  const doc = await PDFDocument.create();
  doc.setTitle(pdfSafe(`Tax invoice ${input.invoiceNumber}`));
  doc.setAuthor(pdfSafe(seller.legalName));
  doc.setSubject(pdfSafe(`Order ${input.orderNumber}`));
  doc.setCreationDate(input.placedAt);
  doc.setModificationDate(input.placedAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);

  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const width = A4[0] - 2 * MARGIN;

  const text = (s: string, x: number, size = 9, font = regular, color = INK) => page.drawText(pdfSafe(s), { x, y, size, font, color });
  const right = (s: string, xRight: number, size = 9, font = regular) => {
    const safe = pdfSafe(s);
    page.drawText(safe, { x: xRight - font.widthOfTextAtSize(safe, size), y, size, font, color: INK });
  };
  const rule = (thickness = 0.6) => page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + width, y }, thickness, color: RULE });
  const ensure = (needed: number) => {
    if (y - needed >= MARGIN) return;
    page = doc.addPage(A4);
    y = A4[1] - MARGIN;
  };

  // Heading
  text(seller.storeName, MARGIN, 20, bold, rgb(0.48, 0.18, 0.15));
  right('TAX INVOICE', MARGIN + width, 14, bold);
  y -= 14;
  right('Original for recipient', MARGIN + width, 8);
  y -= 14;
  rule(1.2);
  y -= 16;

  // Seller (left) and invoice facts (right)
  const top = y;
  text(seller.legalName, MARGIN, 10, bold);
  y -= 12;
  for (const l of wrap(seller.address, regular, 9, width / 2 - 10)) {
    text(l, MARGIN);
    y -= 11;
  }
  text(`GSTIN: ${seller.gstin}`, MARGIN);
  y -= 11;
  text(`State: ${seller.state} (code ${seller.stateCode})`, MARGIN);
  y -= 11;
  const leftBottom = y;

  y = top;
  const factsX = MARGIN + width / 2 + 10;
  const place = figures.place.state ? `${figures.place.state.name} (${figures.place.state.code})` : 'Not known (inter-state)';
  for (const [k, v] of [
    ['Invoice No.', input.invoiceNumber],
    ['Invoice Date', indianDate(input.placedAt)],
    ['Order No.', input.orderNumber],
    ['Place of supply', place],
    ['Reverse charge', 'No'],
  ] as const) {
    text(k, factsX, 9, bold);
    text(v, factsX + 80);
    y -= 12;
  }
  y = Math.min(y, leftBottom) - 6;
  rule();
  y -= 16;

  // Buyer: billed to and shipped to
  const buyerTop = y;
  text('Billed to', MARGIN, 9, bold, MUTED);
  y -= 12;
  const billed = addressLines(input.billing ?? input.shipping, buyerName);
  if (input.companyName) billed.unshift(input.companyName);
  for (const l of billed) {
    for (const w of wrap(l, regular, 9, width / 2 - 10)) {
      text(w, MARGIN);
      y -= 11;
    }
  }
  if (input.companyGstin) {
    text(`Buyer GSTIN: ${input.companyGstin}`, MARGIN, 9, bold);
    y -= 11;
  }
  const billedBottom = y;
  y = buyerTop;
  text('Shipped to', factsX, 9, bold, MUTED);
  y -= 12;
  for (const l of addressLines(input.shipping, buyerName)) {
    for (const w of wrap(l, regular, 9, width / 2 - 10)) {
      text(w, factsX);
      y -= 11;
    }
  }
  y = Math.min(y, billedBottom) - 8;

  // Lines
  const cols = [
    { h: 'Sr', w: 20, align: 'left' },
    { h: 'Description', w: 155, align: 'left' },
    { h: 'HSN', w: 35, align: 'left' },
    { h: 'Qty', w: 25, align: 'right' },
    { h: 'Amount', w: 60, align: 'right' },
    { h: 'Discount', w: 50, align: 'right' },
    { h: 'Taxable value', w: 60, align: 'right' },
    { h: `GST ${seller.gstPercent}%`, w: 50, align: 'right' },
    { h: 'Total', w: 60, align: 'right' },
  ] as const;
  const scale = width / cols.reduce((a, c) => a + c.w, 0);
  const xs: number[] = [];
  cols.reduce((x, c) => (xs.push(x), x + c.w * scale), MARGIN);
  const row = (cells: string[], font = regular, size = 8) => {
    cells.forEach((c, i) => {
      const col = cols[i]!;
      if (col.align === 'right') right(c, xs[i]! + col.w * scale - 2, size, font);
      else text(c, xs[i]!, size, font);
    });
  };
  const header = () => {
    page.drawRectangle({ x: MARGIN, y: y - 4, width, height: 15, color: rgb(0.97, 0.94, 0.9) });
    row(cols.map((c) => c.h), bold);
    y -= 16;
  };
  header();
  figures.rows.forEach((r, i) => {
    const desc = wrap(r.name, regular, 8, cols[1].w * scale - 6);
    const extra = [`SKU ${r.sku}${r.huid ? ` - HUID ${r.huid}` : ''}`];
    ensure(11 * (desc.length + extra.length) + 4);
    if (y > A4[1] - MARGIN - 1) header();
    row([String(i + 1), desc[0] ?? '', r.hsn, String(r.quantity), amount(r.gross), amount(r.discount), amount(r.taxable), amount(r.gst), amount(r.value)]);
    for (const more of [...desc.slice(1), ...extra]) {
      y -= 10;
      text(more, xs[1]!, 7.5, regular, MUTED);
    }
    y -= 13;
  });
  if (input.shippingPaise > 0) {
    row(['', 'Shipping and handling', '', '', amount(input.shippingPaise), amount(0), amount(figures.shipping.taxable), amount(figures.shipping.gst), amount(figures.shipping.value)]);
    y -= 13;
  }
  rule();
  y -= 14;

  // Summary
  ensure(140);
  const labelX = MARGIN + width - 230;
  const sum = (label: string, value: string, font = regular) => {
    text(label, labelX, 9, font);
    right(value, MARGIN + width, 9, font);
    y -= 13;
  };
  sum('Subtotal (incl. GST)', amount(input.subtotalPaise));
  if (input.discountPaise > 0) sum(`Discount${input.couponCode ? ` (${input.couponCode})` : ''}`, `-${amount(input.discountPaise)}`);
  sum('Shipping (incl. GST)', amount(input.shippingPaise));
  sum('Taxable value', amount(figures.taxable));
  const half = seller.gstPercent / 2;
  if (figures.intraState) {
    sum(`CGST @ ${half}%`, amount(figures.cgst));
    sum(`SGST @ ${half}%`, amount(figures.sgst));
  } else {
    sum(`IGST @ ${seller.gstPercent}%`, amount(figures.igst));
  }
  sum('Total GST', amount(figures.gst));
  sum('Invoice total', `Rs. ${amount(figures.invoiceTotal)}`, bold);
  if (figures.harvestCredit > 0) {
    sum('Paid from Milli Harvest plan', `-${amount(figures.harvestCredit)}`);
    sum('Amount payable', `Rs. ${amount(figures.payable)}`, bold);
  }
  y -= 4;
  ensure(60);
  text('Amount in words', MARGIN, 9, bold, MUTED);
  y -= 12;
  for (const l of wrap(figures.words, regular, 9, width)) {
    text(l, MARGIN);
    y -= 11;
  }
  y -= 10;
  for (const l of wrap(
    `Prices include GST. ${figures.intraState ? 'Intra-state supply: CGST and SGST' : 'Inter-state supply: IGST'} at ${seller.gstPercent}% on articles of jewellery (HSN 7113). This is a computer-generated invoice.`,
    regular,
    8,
    width,
  )) {
    text(l, MARGIN, 8, regular, MUTED);
    y -= 10;
  }
  y -= 18;
  ensure(30);
  right(`For ${seller.legalName}`, MARGIN + width, 9, bold);
  y -= 24;
  right('Authorised signatory', MARGIN + width, 8);

  return doc.save();
}
