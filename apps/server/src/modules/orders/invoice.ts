import type { CartLineOptions } from '@milli/db';
import { formatGrams, formatRupees, invoiceTax, purityMark, rupeesInWords } from '@milli/pricing';
import type { Weight } from './invoice-fonts.ts';
import { addressLines, grams, indianDate, PAPER, Sheet, startDocument, wrap } from './pdf-draw.ts';
import { gstinProblem, maskedAadhaar, stateCodeOfGstin } from '@milli/contracts';
import { stateOfCode, stateOfPincode, type GstState } from '../../lib/pin-state.ts';

export interface InvoiceSeller {
  legalName: string;
  gstin: string;
  state: string;
  stateCode: string;
  address: string;
  storeName: string;
  gstPercent: number;
  /** BIS hallmarking fee per hallmarked piece, contained in the making charges. */
  hallmarkingChargePaise: number;
  /** Issue 38: the jeweller's BIS registration number, or '' while none is set (then nothing is printed). */
  bisRegistration: string;
}

export interface InvoiceAddress {
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  state: string | null;
  /** The GST code of the state the customer chose at checkout (null on older orders and abroad). */
  stateCode?: string | null;
  landmark?: string | null;
  pincode: string;
  country: string;
  countryCode: string;
  phone: string;
}

export interface InvoiceInput {
  invoiceNumber: string;
  orderNumber: string;
  placedAt: Date;
  /** When the invoice was issued (the dispatch); the order's date on older orders. */
  invoicedAt?: Date | null;
  companyName: string | null;
  companyGstin: string | null;
  /** The buyer's PAN, given for an order of Rs. 2 lakh or more (Rule 114B). */
  pan?: string | null;
  /** Issue 38: the Form 60 declaration given instead of a PAN (the Aadhaar number's last four digits, or why none). */
  form60?: { aadhaarLast4: string | null; noAadhaarReason: string | null } | null;
  couponCode: string | null;
  subtotalPaise: number;
  discountPaise: number;
  shippingPaise: number;
  harvestCreditPaise: number;
  /** Store credit spent on the order (issue 20): shown against the total like the Harvest credit. */
  storeCreditPaise?: number;
  /** A made-to-order piece's advance, received on its design before the order: shown against the total. */
  advancePaise?: number;
  /** Issue 42: the advance of the shopper's rate locks the order used, received before it: shown against the total. */
  rateLockAdvancePaise?: number;
  /**
   * Issue 42: fine gold from the shopper's metal account (old gold received in exchange) and the part of the price it
   * settled: consideration for the new articles, shown after the invoice total; GST stays on the full value (decision 061).
   */
  metalAccountMg?: number;
  metalAccountPaise?: number;
  /** Weight differences settled at packing that belong to no line (a line's own is folded into it: issue 39). */
  adjustments?: { kind: 'charge' | 'refund'; amountPaise: number; reason: string }[];
  lines: InvoiceLine[];
  billing: InvoiceAddress | null;
  shipping: InvoiceAddress | null;
}

/** One order line as the order stored it (a snapshot: later catalogue edits never change an invoice). */
export interface InvoiceLine {
  name: string;
  sku: string;
  hsnCode: string;
  quantity: number;
  unitPricePaise: number;
  /** What the line comes to, GST included: as sold, with a settled weight difference (issue 39) added or taken off. */
  lineTotalPaise: number;
  /**
   * Issue 39: the line's settled weight differences (charged positive, refunded negative): the total GST included,
   * and the metal and making before GST that moved with the weight packed.
   */
  weighed?: { totalPaise: number; metalPaise: number; makingPaise: number };
  /**
   * Issue 38: the line was sold hallmarked (contracts hallmark.ts), so its HUIDs and the hallmarking charge are
   * printed; a platinum or unhallmarked silver line prints its weights and no HUID.
   */
  hallmarked: boolean;
  /** The line's HUIDs as one text, when it is hallmarked and they are known. */
  huid: string | null;
  /** Issue 38: where the piece was made, as sold (null on orders placed before it was kept). */
  countryOfOrigin?: string | null;
  /** Each packed piece with its HUID (null when not hallmarked) and real weights, printed under the line. */
  pieces?: { huid: string | null; netWeightMg: number; grossWeightMg: number }[];
  options: CartLineOptions;
  metal: string | null;
  purity: number | null;
  metalWeightMg: number | null;
  ratePaisePerGram: number | null;
  /** Issue 42: the mg of one piece a rate lock covered and the rate they were charged at (null without a lock). */
  lockedWeightMg?: number | null;
  lockedRatePaisePerGram?: number | null;
  diamondWeightCents: number | null;
  stoneWeightCents: number | null;
  /** The price engine's breakup of one piece, before GST: metalPaise, makingPaise, stonesPaise, diamondPaise. */
  priceBreakup: Record<string, number> | null;
}

/**
 * What BIS and GST ask a jewellery bill to say of each article, for the whole line (all its pieces):
 * the variant bought, net metal weight, stone and diamond weight and value, making charges and the
 * hallmarking charge apart. Amounts are before GST, as the price engine computed them at the order.
 */
export interface ArticleDetail {
  variant: string;
  netMetalMg: number | null;
  /** Issue 39: the net weight it was sold at, when the pieces packed weigh otherwise. */
  soldMetalMg: number | null;
  metalPaise: number | null;
  ratePaisePerGram: number | null;
  /** Issue 42: the metal of the line a rate lock covered (all its pieces) and its rate; null without a lock. */
  locked: { weightMg: number; ratePaisePerGram: number } | null;
  diamondCents: number;
  diamondPaise: number;
  stoneCents: number;
  stonePaise: number;
  makingPaise: number | null;
  hallmarkingPaise: number;
}

/** The variant bought, as the invoice, packing slip and tags print it: purity mark, colour, diamond quality, size. */
export function variantOf(line: Pick<InvoiceLine, 'metal' | 'purity' | 'options'>): string {
  return [
    purityMark(line.metal, line.purity ?? line.options.purity ?? null),
    line.options.colour ?? null,
    line.options.diamondQuality ? `Diamonds ${line.options.diamondQuality}` : null,
    line.options.size ? `Size ${line.options.size}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

export function articleDetail(line: InvoiceLine, hallmarkingChargePaise: number): ArticleDetail {
  const q = line.quantity;
  const b = line.priceBreakup;
  const variant = variantOf(line);
  // A hallmarked piece pays the BIS fee, out of its making charges; platinum and unhallmarked silver pay none.
  const weighed = line.weighed ?? { totalPaise: 0, metalPaise: 0, makingPaise: 0 };
  const making = b?.makingPaise === undefined ? null : b.makingPaise * q + weighed.makingPaise;
  const hallmarkingPaise = line.hallmarked && making !== null ? Math.min(hallmarkingChargePaise * q, making) : 0;
  // Issue 39: the weight packed (the pieces' net weights) where the pieces were weighed; the weight sold otherwise.
  const sold = line.metalWeightMg === null ? null : line.metalWeightMg * q;
  const packed = sold !== null && line.pieces && line.pieces.length > 0 ? line.pieces.reduce((n, p) => n + p.netWeightMg, 0) : sold;
  return {
    variant,
    netMetalMg: packed,
    soldMetalMg: packed !== sold ? sold : null,
    metalPaise: b?.metalPaise === undefined ? null : b.metalPaise * q + weighed.metalPaise,
    ratePaisePerGram: line.ratePaisePerGram,
    locked: line.lockedWeightMg && line.lockedRatePaisePerGram ? { weightMg: line.lockedWeightMg * q, ratePaisePerGram: line.lockedRatePaisePerGram } : null,
    diamondCents: (line.diamondWeightCents ?? 0) * q,
    diamondPaise: (b?.diamondPaise ?? 0) * q,
    stoneCents: (line.stoneWeightCents ?? 0) * q,
    stonePaise: (b?.stonesPaise ?? 0) * q,
    makingPaise: making === null ? null : making - hallmarkingPaise,
    hallmarkingPaise,
  };
}

export interface PlaceOfSupply {
  state: GstState | null;
  /** Where the state was read from. */
  source: 'gstin' | 'state' | 'pincode' | 'address' | 'unknown';
}

/**
 * Place of supply (IGST Act s.10): for a registered buyer, the state of its GSTIN; otherwise where the
 * goods are delivered: the state chosen for the delivery address (checked against its PIN at checkout), or
 * for older orders the state of the shipping PIN (or, failing that, the state typed in the address).
 */
export function placeOfSupply(companyGstin: string | null, shipping: InvoiceAddress | null): PlaceOfSupply {
  if (companyGstin && gstinProblem(companyGstin) === null) {
    const state = stateOfCode(stateCodeOfGstin(companyGstin));
    if (state) return { state, source: 'gstin' };
  }
  if (shipping?.stateCode) {
    const chosen = stateOfCode(shipping.stateCode);
    if (chosen) return { state: chosen, source: 'state' };
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

const PLACE_SOURCE: Record<PlaceOfSupply['source'], string> = {
  gstin: "from the buyer's GSTIN",
  state: "from the delivery address's state",
  pincode: "from the delivery address's PIN code",
  address: 'from the state in the delivery address',
  unknown: 'not known',
};

export interface InvoiceFigures {
  intraState: boolean;
  place: PlaceOfSupply;
  rows: {
    name: string;
    sku: string;
    hsn: string;
    quantity: number;
    gross: number;
    discount: number;
    taxable: number;
    gst: number;
    value: number;
    hallmarked: boolean;
    huid: string | null;
    countryOfOrigin: string | null;
    pieces: NonNullable<InvoiceLine['pieces']>;
    article: ArticleDetail;
  }[];
  shipping: { value: number; taxable: number; gst: number };
  taxable: number;
  gst: number;
  cgst: number;
  sgst: number;
  igst: number;
  invoiceTotal: number;
  harvestCredit: number;
  storeCredit: number;
  /** Issue 42: the rate locks' advance, received before the invoice. */
  rateLockAdvance: number;
  /** Issue 42: old gold from the metal account, settling part of the price. */
  metalAccount: number;
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
      hallmarked: l.hallmarked,
      // Only a hallmarked article has a HUID to print (a tax invoice states what the piece carries).
      huid: l.hallmarked ? l.huid : null,
      countryOfOrigin: l.countryOfOrigin ?? null,
      pieces: l.pieces ?? [],
      article: articleDetail(l, seller.hallmarkingChargePaise),
    };
  });
  const storeCredit = input.storeCreditPaise ?? 0;
  const rateLockAdvance = input.rateLockAdvancePaise ?? 0;
  const metalAccount = input.metalAccountPaise ?? 0;
  const payable = Math.max(tax.total - metalAccount - rateLockAdvance - input.harvestCreditPaise - storeCredit, 0);
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
    storeCredit,
    rateLockAdvance,
    metalAccount,
    payable,
    words: rupeesInWords(payable),
  };
}

// ---------------------------------------------------------------------------------------------
// Drawing

const A4 = PAPER.a4;
const MARGIN = 40;

const amount = (paise: number) => formatRupees(paise).replace(/^(-?)Rs\. /, '$1');
/** Rupees with the rupee sign, which the embedded fonts print. */
const rupees = (paise: number) => `₹${amount(paise)}`;
const carats = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')} ct`;

/** The lines printed under an article: variant and hallmark, metal, stones, making and hallmarking. */
export function articleLines(r: InvoiceFigures['rows'][number]): string[] {
  const a = r.article;
  const lines = [
    [a.variant, r.huid && r.pieces.length === 0 ? `HUID ${r.huid}` : '', `SKU ${r.sku}`, r.countryOfOrigin ? `Country of origin: ${r.countryOfOrigin}` : '']
      .filter(Boolean)
      .join(' · '),
  ];
  if (a.netMetalMg !== null) {
    const sold = a.soldMetalMg !== null ? ` (sold as ${grams(a.soldMetalMg)})` : '';
    const value = a.metalPaise !== null ? `, value ${rupees(a.metalPaise)}` : '';
    if (a.locked) {
      // Issue 42: both rates, and the grams each was charged on.
      const rest = (a.soldMetalMg ?? a.netMetalMg) - a.locked.weightMg;
      const day = a.ratePaisePerGram ? `${rest > 0 ? `${grams(rest)} ` : ''}at the day's rate ${rupees(a.ratePaisePerGram)}/g` : '';
      lines.push(`Net metal weight ${grams(a.netMetalMg)}${sold}${value}`);
      lines.push(`Rate lock: ${grams(a.locked.weightMg)} at ${rupees(a.locked.ratePaisePerGram)}/g${day ? ` · ${day}` : ''}`);
    } else {
      const rate = a.ratePaisePerGram ? ` @ ${rupees(a.ratePaisePerGram)}/g` : '';
      lines.push(`Net metal weight ${grams(a.netMetalMg)}${sold}${rate}${value}`);
    }
  }
  if (a.diamondCents > 0 || a.diamondPaise > 0) lines.push(`Diamonds ${carats(a.diamondCents)}, value ${rupees(a.diamondPaise)}`);
  if (a.stoneCents > 0 || a.stonePaise > 0) lines.push(`Stones ${a.stoneCents > 0 ? `${carats(a.stoneCents)}, ` : ''}value ${rupees(a.stonePaise)}`);
  if (a.makingPaise !== null)
    lines.push(
      r.hallmarked ? `Making charges ${rupees(a.makingPaise)} · Hallmarking charge ${rupees(a.hallmarkingPaise)}` : `Making charges ${rupees(a.makingPaise)}`,
    );
  r.pieces.forEach((p, i) =>
    lines.push(
      `Piece ${i + 1}: ${r.hallmarked && p.huid ? `HUID ${p.huid} · ` : ''}net weight ${grams(p.netWeightMg)} · gross weight ${grams(p.grossWeightMg)}`,
    ),
  );
  return lines;
}

/** The invoice's words for a Form 60 declaration, where the PAN would be: never more of the Aadhaar number than its last four digits. */
export function form60Note(form60: NonNullable<InvoiceInput['form60']>): string {
  const proof = form60.aadhaarLast4 ? `Aadhaar ${maskedAadhaar(form60.aadhaarLast4)}` : `no Aadhaar: ${form60.noAadhaarReason ?? ''}`.trim();
  return `Buyer PAN: none; Form 60 declaration given (${proof})`;
}

/**
 * The GST tax invoice of an order, as a one-or-more-page A4 PDF in Noto (the rupee sign, and names in
 * Devanagari or Tamil, print as written). pdf-lib is loaded with the first invoice: it holds about 25 MB
 * that a server busy showing pages never needs.
 */
export async function renderInvoicePdf(input: InvoiceInput, seller: InvoiceSeller, buyerName: string): Promise<Uint8Array> {
  const figures = invoiceFigures(input, seller);
  const { doc, type, palette } = await startDocument({
    title: `Tax invoice ${input.invoiceNumber}`,
    author: seller.legalName,
    subject: `Order ${input.orderNumber}`,
    date: input.placedAt,
  });
  const { muted: MUTED } = palette;
  const regular: Weight = 'regular';
  const bold: Weight = 'bold';
  const measure = (s: string, size: number) => type.width(s, size, regular);
  const sheet = new Sheet(doc, type, palette, A4, MARGIN);
  const width = sheet.width;
  const text = sheet.text.bind(sheet);
  const right = sheet.right.bind(sheet);
  const rule = sheet.rule.bind(sheet);
  const ensure = (needed: number) => void sheet.ensure(needed);

  // Heading
  text(seller.storeName, MARGIN, 20, bold, palette.brand);
  right('TAX INVOICE', MARGIN + width, 14, bold);
  sheet.y -= 14;
  right('Original for recipient', MARGIN + width, 8);
  sheet.y -= 14;
  rule(1.2);
  sheet.y -= 16;

  // Seller (left) and invoice facts (right)
  const top = sheet.y;
  text(seller.legalName, MARGIN, 10, bold);
  sheet.y -= 12;
  for (const l of wrap(seller.address, measure, 9, width / 2 - 10)) {
    text(l, MARGIN);
    sheet.y -= 11;
  }
  text(`GSTIN: ${seller.gstin}`, MARGIN);
  sheet.y -= 11;
  text(`State: ${seller.state} (code ${seller.stateCode})`, MARGIN);
  sheet.y -= 11;
  if (seller.bisRegistration) {
    text(`BIS registration: ${seller.bisRegistration}`, MARGIN);
    sheet.y -= 11;
  }
  const leftBottom = sheet.y;

  sheet.y = top;
  const factsX = MARGIN + width / 2 + 10;
  const place = figures.place.state ? `${figures.place.state.name} (${figures.place.state.code})` : 'Not known (inter-state)';
  for (const [k, v] of [
    ['Invoice No.', input.invoiceNumber],
    ['Invoice Date', indianDate(input.invoicedAt ?? input.placedAt)],
    ['Order No.', input.orderNumber],
    ['Place of supply', place],
    ['Reverse charge', 'No'],
  ] as const) {
    text(k, factsX, 9, bold);
    text(v, factsX + 80);
    sheet.y -= 12;
  }
  sheet.y = Math.min(sheet.y, leftBottom) - 6;
  rule();
  sheet.y -= 16;

  // Buyer: billed to and shipped to
  const buyerTop = sheet.y;
  text('Billed to', MARGIN, 9, bold, MUTED);
  sheet.y -= 12;
  const billed = addressLines(input.billing ?? input.shipping, buyerName);
  if (input.companyName) billed.unshift(input.companyName);
  for (const l of billed) {
    for (const w of wrap(l, measure, 9, width / 2 - 10)) {
      text(w, MARGIN);
      sheet.y -= 11;
    }
  }
  if (input.companyGstin) {
    text(`Buyer GSTIN: ${input.companyGstin}`, MARGIN, 9, bold);
    sheet.y -= 11;
  }
  if (input.pan) {
    text(`Buyer PAN: ${input.pan}`, MARGIN, 9, bold);
    sheet.y -= 11;
  } else if (input.form60) {
    // Where the PAN would be: the buyer declared on Form 60 that they have none (Rule 114B); Aadhaar masked.
    for (const l of wrap(form60Note(input.form60), measure, 9, width / 2 - 10)) {
      text(l, MARGIN, 9, bold);
      sheet.y -= 11;
    }
  }
  const billedBottom = sheet.y;
  sheet.y = buyerTop;
  text('Shipped to', factsX, 9, bold, MUTED);
  sheet.y -= 12;
  for (const l of addressLines(input.shipping, buyerName)) {
    for (const w of wrap(l, measure, 9, width / 2 - 10)) {
      text(w, factsX);
      sheet.y -= 11;
    }
  }
  sheet.y = Math.min(sheet.y, billedBottom) - 8;

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
  const row = (cells: string[], weight: Weight = regular, size = 8) => {
    cells.forEach((c, i) => {
      const col = cols[i]!;
      if (col.align === 'right') right(c, xs[i]! + col.w * scale - 2, size, weight);
      else text(c, xs[i]!, size, weight);
    });
  };
  const header = () => {
    sheet.band(MARGIN, sheet.y - 4, width, 15);
    row(
      cols.map((c) => c.h),
      bold,
    );
    sheet.y -= 16;
  };
  header();
  figures.rows.forEach((r, i) => {
    const desc = wrap(r.name, measure, 8, cols[1].w * scale - 6);
    const extra = articleLines(r).flatMap((l) => wrap(l, (t, size) => type.width(t, size), 7.5, MARGIN + width - xs[1]!));
    ensure(11 * (desc.length + extra.length) + 4);
    if (sheet.y > A4[1] - MARGIN - 1) header();
    row([String(i + 1), desc[0] ?? '', r.hsn, String(r.quantity), amount(r.gross), amount(r.discount), amount(r.taxable), amount(r.gst), amount(r.value)]);
    for (const more of [...desc.slice(1), ...extra]) {
      sheet.y -= 10;
      text(more, xs[1]!, 7.5, regular, MUTED);
    }
    sheet.y -= 13;
  });
  if (input.shippingPaise > 0) {
    row([
      '',
      'Shipping and handling',
      '',
      '',
      amount(input.shippingPaise),
      amount(0),
      amount(figures.shipping.taxable),
      amount(figures.shipping.gst),
      amount(figures.shipping.value),
    ]);
    sheet.y -= 13;
  }
  rule();
  sheet.y -= 14;

  // Summary
  ensure(140);
  const labelX = MARGIN + width - 230;
  const sum = (label: string, value: string, font: Weight = regular) => {
    text(label, labelX, 9, font);
    right(value, MARGIN + width, 9, font);
    sheet.y -= 13;
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
  sum('Invoice total', rupees(figures.invoiceTotal), bold);
  const settled = input.adjustments ?? [];
  const advance = input.advancePaise ?? 0;
  let words = figures.words;
  if (figures.harvestCredit > 0 || figures.storeCredit > 0 || settled.length > 0 || advance > 0 || figures.rateLockAdvance > 0 || figures.metalAccount > 0) {
    if (figures.metalAccount > 0) sum(`Old gold in exchange (${formatGrams(input.metalAccountMg ?? 0)} fine)`, `-${amount(figures.metalAccount)}`);
    if (figures.rateLockAdvance > 0) sum('Advance received on the rate lock', `-${amount(figures.rateLockAdvance)}`);
    if (figures.harvestCredit > 0) sum('Paid from Milli Harvest plan', `-${amount(figures.harvestCredit)}`);
    if (figures.storeCredit > 0) sum('Paid from store credit', `-${amount(figures.storeCredit)}`);
    if (advance > 0) sum('Advance received on the design', `-${amount(advance)}`);
    for (const j of settled)
      sum(j.kind === 'charge' ? 'Weight difference charged' : 'Weight difference refunded', `${j.kind === 'charge' ? '' : '-'}${amount(j.amountPaise)}`);
    const net = figures.payable - advance + settled.reduce((n, j) => n + (j.kind === 'charge' ? j.amountPaise : -j.amountPaise), 0);
    sum(advance > 0 ? 'Balance payable' : 'Amount payable', rupees(Math.max(net, 0)), bold);
    words = rupeesInWords(Math.max(net, 0));
  }
  sheet.y -= 4;
  ensure(60);
  text('Amount in words', MARGIN, 9, bold, MUTED);
  sheet.y -= 12;
  for (const l of wrap(words, measure, 9, width)) {
    text(l, MARGIN);
    sheet.y -= 11;
  }
  sheet.y -= 10;
  for (const l of wrap(
    `Prices include GST. ${figures.intraState ? 'Intra-state supply: CGST and SGST' : 'Inter-state supply: IGST'} at ${seller.gstPercent}% on articles of jewellery (HSN 7113). Weights, values, making and hallmarking charges under each article are before GST and discount, as priced on the order date; the hallmarking charge is part of the making charges.${figures.metalAccount > 0 ? ' Old gold received from the buyer in exchange is part of the consideration for these articles: GST is charged on their full value and is not reduced by it.' : ''} ${figures.place.state ? `Place of supply: ${figures.place.state.name} (${figures.place.state.code}), ${PLACE_SOURCE[figures.place.source]}.` : 'Place of supply not known.'} This is a computer-generated invoice.`,
    measure,
    8,
    width,
  )) {
    text(l, MARGIN, 8, regular, MUTED);
    sheet.y -= 10;
  }
  sheet.y -= 18;
  ensure(30);
  right(`For ${seller.legalName}`, MARGIN + width, 9, bold);
  sheet.y -= 24;
  right('Authorised signatory', MARGIN + width, 8);

  return doc.save();
}

export interface CreditNoteInput {
  number: string;
  issuedAt: Date;
  invoiceNumber: string;
  invoicedAt: Date | null;
  orderNumber: string;
  reason: 'cancelled' | 'returned' | 'adjustment';
  note: string | null;
  /** What is credited, GST included, and the GST within it. */
  amountPaise: number;
  taxPaise: number;
  companyName: string | null;
  companyGstin: string | null;
  billing: InvoiceAddress | null;
  shipping: InvoiceAddress | null;
}

const CREDIT_REASON: Record<CreditNoteInput['reason'], string> = {
  cancelled: 'Order cancelled after the invoice was issued',
  returned: 'Goods returned',
  adjustment: 'Adjustment of the invoiced value',
};

/** A GST credit note (CGST Act s.34) against an order's tax invoice, one A4 page in the invoice's type. */
export async function renderCreditNotePdf(input: CreditNoteInput, seller: InvoiceSeller, buyerName: string): Promise<Uint8Array> {
  const { doc, type, palette } = await startDocument({
    title: `Credit note ${input.number}`,
    author: seller.legalName,
    subject: `Order ${input.orderNumber}`,
    date: input.issuedAt,
  });
  const MUTED = palette.muted;
  const measure = (s: string, size: number) => type.width(s, size, 'regular');
  const sheet = new Sheet(doc, type, palette, A4, MARGIN);
  const width = sheet.width;
  const text = sheet.text.bind(sheet);
  const right = sheet.right.bind(sheet);
  const rule = sheet.rule.bind(sheet);

  text(seller.storeName, MARGIN, 20, 'bold', palette.brand);
  right('CREDIT NOTE', MARGIN + width, 14, 'bold');
  sheet.y -= 14;
  right('Original for recipient', MARGIN + width, 8);
  sheet.y -= 14;
  rule(1.2);
  sheet.y -= 16;
  const top = sheet.y;
  text(seller.legalName, MARGIN, 10, 'bold');
  sheet.y -= 12;
  for (const l of wrap(seller.address, measure, 9, width / 2 - 10)) {
    text(l, MARGIN);
    sheet.y -= 11;
  }
  text(`GSTIN: ${seller.gstin}`, MARGIN);
  sheet.y -= 11;
  text(`State: ${seller.state} (code ${seller.stateCode})`, MARGIN);
  sheet.y -= 11;
  const leftBottom = sheet.y;
  sheet.y = top;
  const factsX = MARGIN + width / 2 + 10;
  for (const [k, v] of [
    ['Credit note No.', input.number],
    ['Date', indianDate(input.issuedAt)],
    ['Against invoice', input.invoiceNumber],
    ['Invoice date', input.invoicedAt ? indianDate(input.invoicedAt) : '—'],
    ['Order No.', input.orderNumber],
  ] as const) {
    text(k, factsX, 9, 'bold');
    text(v, factsX + 85);
    sheet.y -= 12;
  }
  sheet.y = Math.min(sheet.y, leftBottom) - 6;
  rule();
  sheet.y -= 16;
  text('Issued to', MARGIN, 9, 'bold', MUTED);
  sheet.y -= 12;
  const to = addressLines(input.billing ?? input.shipping, buyerName);
  if (input.companyName) to.unshift(input.companyName);
  for (const l of to) {
    text(l, MARGIN);
    sheet.y -= 11;
  }
  if (input.companyGstin) {
    text(`Buyer GSTIN: ${input.companyGstin}`, MARGIN, 9, 'bold');
    sheet.y -= 11;
  }
  sheet.y -= 8;
  rule();
  sheet.y -= 16;
  text('Reason', MARGIN, 9, 'bold', MUTED);
  sheet.y -= 12;
  for (const l of wrap(`${CREDIT_REASON[input.reason]}${input.note ? `: ${input.note}` : '.'}`, measure, 9, width)) {
    text(l, MARGIN);
    sheet.y -= 11;
  }
  sheet.y -= 10;
  const taxable = input.amountPaise - input.taxPaise;
  const place = placeOfSupply(input.companyGstin, input.shipping);
  const intra = place.state?.code === seller.stateCode;
  const labelX = MARGIN + width - 230;
  const sum = (label: string, value: string, weight: Weight = 'regular') => {
    text(label, labelX, 9, weight);
    right(value, MARGIN + width, 9, weight);
    sheet.y -= 13;
  };
  sum('Taxable value credited', amount(taxable));
  if (intra) {
    const cgst = Math.floor(input.taxPaise / 2);
    sum(`CGST @ ${seller.gstPercent / 2}%`, amount(cgst));
    sum(`SGST @ ${seller.gstPercent / 2}%`, amount(input.taxPaise - cgst));
  } else {
    sum(`IGST @ ${seller.gstPercent}%`, amount(input.taxPaise));
  }
  sum('Total credited', rupees(input.amountPaise), 'bold');
  sheet.y -= 6;
  text('Amount in words', MARGIN, 9, 'bold', MUTED);
  sheet.y -= 12;
  for (const l of wrap(rupeesInWords(input.amountPaise), measure, 9, width)) {
    text(l, MARGIN);
    sheet.y -= 11;
  }
  sheet.y -= 10;
  for (const l of wrap(
    'This credit note reduces the tax invoice named above by the amount credited, GST included. Any amount paid is refunded to the way it was paid. This is a computer-generated document.',
    measure,
    8,
    width,
  )) {
    text(l, MARGIN, 8, 'regular', MUTED);
    sheet.y -= 10;
  }
  sheet.y -= 18;
  right(`For ${seller.legalName}`, MARGIN + width, 9, 'bold');
  sheet.y -= 24;
  right('Authorised signatory', MARGIN + width, 8);
  return doc.save();
}
