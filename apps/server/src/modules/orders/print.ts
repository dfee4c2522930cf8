import type { Db, schema } from '@milli/db';
import type { Order, OrderLine, OrderPiece } from '@milli/db/schema';
import type { AdminInvoiceBatchQuery } from '@milli/contracts/schemas';
import { INVOICE_BATCH_MAX } from '@milli/contracts';
import { formatRupees } from '@milli/pricing';
import { encode } from 'uqr';
import { DomainError } from '../../domain-error.ts';
import { renderOrderInvoice, toAddress } from './documents.ts';
import { variantOf } from './invoice.ts';
import { addressLines, grams, indianDate, PAPER, Sheet, startDocument } from './pdf-draw.ts';
import { ordersRepository } from './repository.ts';
import { FLOW, isRecordedAtPacking } from './rules.ts';
import { paymentOf } from './service.ts';

type SettingsRow = typeof schema.storeSettings.$inferSelect;
export interface PrintedDocument {
  pdf: Uint8Array;
  fileName: string;
}

const NOT_FOUND = 'There is no order with that number.';
const safeName = (s: string) => s.replace(/[^A-Za-z0-9-]/g, '-');
const metalName = (metal: string | null) => (metal ? metal[0]!.toUpperCase() + metal.slice(1) : null);

/** What the packing slip, label and tags read of one order: its lines, its pieces still sold, where it goes. */
async function printFacts(db: Db, order: Order) {
  // A cancelled order is not packed or shipped; one not yet confirmed or paid is not packed yet.
  if (order.status === 'Cancelled') throw new DomainError('ORDER_CANCELLED', `Order ${order.orderNumber} was cancelled: there is nothing to pack or ship.`);
  if (!FLOW.includes(order.status)) {
    throw new DomainError('ORDER_STATUS_NOT_NEXT', `Order ${order.orderNumber} is ${order.status.toLowerCase()}: it is packed once it is placed.`);
  }
  const r = ordersRepository(db);
  const [lines, pieces, addresses, adjustments] = await Promise.all([r.lines(order.id), r.pieces(order.id), r.addresses(order.id), r.adjustments(order.id)]);
  return {
    lines,
    pieces: pieces.filter((p) => p.releasedAt === null),
    shipping: toAddress(addresses.find((a) => a.kind === 'shipping')),
    adjustments,
  };
}

/** A new document of one order, titled with its number. */
const orderDocument = (title: string, order: Order, s: SettingsRow) =>
  startDocument({ title: `${title} ${order.orderNumber}`, author: s.sellerLegalName, subject: `Order ${order.orderNumber}`, date: order.placedAt });

/** Each unit of a line as the slip lists it: its packed piece, or what is known before packing. */
function pieceNotes(line: OrderLine, pieces: OrderPiece[]): { label: string }[] {
  const own = pieces.filter((p) => p.lineId === line.id);
  return Array.from({ length: line.quantity }, (_, i) => {
    const p = own[i];
    if (p) {
      const huid = p.huid ? `HUID ${p.huid}` : line.hallmarked ? 'HUID not recorded' : 'Not hallmarked';
      return { label: `Piece ${i + 1}: ${huid} · net ${grams(p.netWeightMg)} · gross ${grams(p.grossWeightMg)}` };
    }
    if (isRecordedAtPacking(line))
      return { label: `Piece ${i + 1}: not yet weighed (sold at ${grams(line.metalWeightMg ?? 0)} net)${line.hallmarked ? '; record its HUID' : ''}` };
    return { label: `Piece ${i + 1}` };
  });
}

/**
 * The packing slip (A4): what goes into the box, piece by piece with its HUID and weights and a box to tick, and
 * where it goes. No prices: a packing slip is not a tax document, and the box may be opened on the way.
 */
export async function renderPackingSlip(db: Db, order: Order, s: SettingsRow): Promise<PrintedDocument> {
  const { lines, pieces, shipping } = await printFacts(db, order);
  const { doc, type, palette } = await orderDocument('Packing slip', order, s);
  const sheet = new Sheet(doc, type, palette, PAPER.a4, 40);
  const { margin, end, width } = sheet;
  const heading = () => {
    sheet.text(s.storeName, margin, 20, 'bold', palette.brand);
    sheet.right('PACKING SLIP', end, 14, 'bold');
    sheet.y -= 14;
    sheet.right(`Order ${order.orderNumber} · not a tax invoice`, end, 8, 'regular', palette.muted);
    sheet.y -= 14;
    sheet.rule(1.2);
    sheet.y -= 16;
  };
  heading();

  const top = sheet.y;
  sheet.text('Ship to', margin, 9, 'bold', palette.muted);
  sheet.y -= 12;
  for (const line of addressLines(shipping, 'Address not recorded')) sheet.paragraph(line, margin, { width: width / 2 - 10, lead: 11 });
  const leftBottom = sheet.y;
  sheet.y = top;
  const factsX = margin + width / 2 + 10;
  const pieceCount = lines.reduce((n, l) => n + l.quantity, 0);
  for (const [k, v] of [
    ['Order No.', order.orderNumber],
    ['Order date', indianDate(order.placedAt)],
    ['Status', order.status],
    ['Courier', order.courierName ?? 'Not yet booked'],
    ['AWB', order.awbNumber ?? 'Not yet assigned'],
    ['Pieces', String(pieceCount)],
  ] as const) {
    sheet.text(k, factsX, 9, 'bold');
    sheet.text(v, factsX + 70);
    sheet.y -= 12;
  }
  sheet.y = Math.min(sheet.y, leftBottom) - 6;
  sheet.rule();
  sheet.y -= 16;

  const packedX = end - 40;
  const header = () => {
    sheet.band(margin, sheet.y - 4, width, 15);
    sheet.text('Sr', margin + 2, 8, 'bold');
    sheet.text('Item', margin + 24, 8, 'bold');
    sheet.right('Qty', packedX - 16, 8, 'bold');
    sheet.text('Packed', packedX, 8, 'bold');
    sheet.y -= 18;
  };
  header();
  lines.forEach((line, i) => {
    const notes = pieceNotes(line, pieces);
    const name = sheet.wrap(line.productName, 9, packedX - margin - 70, 'bold');
    if (sheet.ensure(14 * (name.length + notes.length + 1) + 6)) {
      heading();
      header();
    }
    sheet.text(String(i + 1), margin + 2, 9);
    sheet.right(String(line.quantity), packedX - 16, 9);
    for (const part of name) {
      sheet.text(part, margin + 24, 9, 'bold');
      sheet.y -= 11;
    }
    sheet.text([variantOf(line), `SKU ${line.sku}`].filter(Boolean).join(' · '), margin + 24, 8, 'regular', palette.muted);
    sheet.y -= 14;
    for (const note of notes) {
      sheet.text(note.label, margin + 36, 8.5);
      sheet.box(packedX + 6, sheet.y - 2, 10);
      sheet.y -= 14;
    }
    sheet.y -= 4;
  });
  sheet.rule();
  sheet.y -= 28;
  sheet.ensure(60);
  for (const [k, x] of [
    ['Packed by', margin],
    ['Checked by', margin + width / 3],
    ['Date', margin + (2 * width) / 3],
  ] as const) {
    sheet.page.drawLine({ start: { x: x + 55, y: sheet.y - 2 }, end: { x: x + width / 3 - 12, y: sheet.y - 2 }, thickness: 0.6, color: palette.ink });
    sheet.text(k, x, 9, 'bold');
  }
  sheet.y -= 22;
  sheet.paragraph(
    'Tick each piece as it goes into the box, after checking its HUID and weights against the piece itself. This slip carries no prices: the tax invoice is issued at dispatch.',
    margin,
    { size: 8, color: palette.muted, lead: 10 },
  );
  return { pdf: await doc.save(), fileName: `packing-slip-${safeName(order.orderNumber)}.pdf` };
}

/**
 * The shipping label (4 x 6 in): from (the store's return address), to, the order number, the courier and AWB when
 * booked, the packed weight and, for pay on delivery, the cash to collect. It never says what is inside or what
 * it is worth (a parcel of jewellery is not announced), nor any more of the buyer than delivery needs.
 */
export async function renderShippingLabel(db: Db, order: Order, s: SettingsRow): Promise<PrintedDocument> {
  const { pieces, shipping, adjustments } = await printFacts(db, order);
  const { doc, type, palette } = await orderDocument('Shipping label', order, s);
  const sheet = new Sheet(doc, type, palette, PAPER.label4x6, 16);
  const { margin, end, width } = sheet;
  const divider = () => {
    sheet.y += 4;
    sheet.page.drawLine({ start: { x: margin, y: sheet.y }, end: { x: end, y: sheet.y }, thickness: 1.2, color: palette.ink });
    sheet.y -= 14;
  };
  sheet.text('FROM', margin, 7, 'bold', palette.muted);
  sheet.y -= 11;
  sheet.text(s.storeName, margin, 9, 'bold');
  sheet.y -= 11;
  sheet.paragraph(s.officeAddress, margin, { size: 8, lead: 10 });
  sheet.text(`Returns: ${s.helpLine}`, margin, 8);
  sheet.y -= 12;
  divider();

  sheet.text('SHIP TO', margin, 8, 'bold', palette.muted);
  sheet.y -= 16;
  if (shipping) {
    sheet.paragraph(`${shipping.firstName} ${shipping.lastName}`.trim(), margin, { size: 14, weight: 'bold', lead: 17 });
    sheet.paragraph(shipping.address, margin, { size: 11, lead: 13 });
    if (shipping.landmark) sheet.paragraph(`Landmark: ${shipping.landmark}`, margin, { size: 10, lead: 12 });
    sheet.paragraph(`${shipping.city}${shipping.state ? `, ${shipping.state}` : ''}`, margin, { size: 11, lead: 16 });
    sheet.text(`PIN ${shipping.pincode}`, margin, 16, 'bold');
    sheet.right(shipping.country, end, 10);
    sheet.y -= 15;
    sheet.text(`Phone +${shipping.countryCode.replace(/^\+/, '')} ${shipping.phone}`, margin, 10);
    sheet.y -= 14;
  } else {
    sheet.text('No delivery address recorded', margin, 12, 'bold');
    sheet.y -= 16;
  }
  divider();

  const cod = paymentOf(order, null, [], adjustments).payOnDeliveryPaise;
  const packedMg = pieces.reduce((n, p) => n + p.grossWeightMg, 0);
  sheet.text('Order', margin, 8, 'bold', palette.muted);
  sheet.y -= 16;
  sheet.text(order.orderNumber, margin, 15, 'bold');
  sheet.y -= 20;
  for (const [k, v] of [
    ['Courier', order.courierName ?? 'Not yet booked'],
    ['AWB', order.awbNumber ?? 'Not yet assigned'],
    ['Weight', pieces.length > 0 ? `${grams(packedMg)} (pieces, gross; the box weighs more)` : 'Not yet weighed'],
  ] as const) {
    sheet.text(k, margin, 9, 'bold');
    sheet.paragraph(v, margin + 52, { size: k === 'AWB' && order.awbNumber ? 13 : 9, weight: k === 'AWB' ? 'bold' : 'regular', lead: k === 'AWB' ? 16 : 12 });
  }
  // Whether to collect cash stands at the foot of the label, where the courier's staff look for it.
  sheet.y = margin + 10;
  sheet.band(margin, sheet.y - 8, width, 24);
  sheet.text(cod > 0 ? `CASH ON DELIVERY: collect ${formatRupees(cod)}` : 'PREPAID: collect nothing', margin + 6, 11, 'bold');
  return { pdf: await doc.save(), fileName: `label-${safeName(order.orderNumber)}.pdf` };
}

/** The dark modules of a QR code for `text` (medium error correction: a tag is handled and scuffed), row by row. */
export function qrModules(text: string): boolean[][] {
  return encode(text, { ecc: 'M', border: 0 }).data;
}

/**
 * One jewellery tag per packed piece, on barbell tag stock (2.2 x 0.5 in, a page a tag): on the left wing the piece's
 * name, metal and purity mark, net and gross weights; on the right wing its HUID as a QR code and as text. A piece
 * without a HUID (platinum, unhallmarked silver) gets no QR code, and its tag says why.
 */
export async function renderPieceTags(db: Db, order: Order, s: SettingsRow): Promise<PrintedDocument> {
  const { lines, pieces } = await printFacts(db, order);
  if (pieces.length === 0) {
    throw new DomainError(
      'ORDER_STATUS_NOT_NEXT',
      `Order ${order.orderNumber} has no packed pieces yet: record each piece's weights (and HUID where hallmarked) at packing, then print its tags.`,
    );
  }
  const { doc, type, palette, black } = await orderDocument('Jewellery tags', order, s);
  const [tagWidth, tagHeight] = PAPER.barbellTag;
  const wing = 72;
  const rightWing = tagWidth - wing;
  let sheet: Sheet | null = null;
  for (const piece of pieces) {
    const line = lines.find((l) => l.id === piece.lineId);
    if (!line) continue;
    if (sheet) sheet.newPage();
    else sheet = new Sheet(doc, type, palette, PAPER.barbellTag, 0);
    const fit = (text: string, size: number, width: number, weight: 'regular' | 'bold' = 'regular') => {
      if (sheet!.measure(text, size, weight) <= width) return text;
      let cut = text;
      while (cut.length > 1 && sheet!.measure(`${cut}…`, size, weight) > width) cut = cut.slice(0, -1);
      return `${cut.trimEnd()}…`;
    };
    const left = 4;
    const textWidth = wing - 2 * left;
    const purity = [metalName(line.metal), variantOf({ ...line, options: { purity: line.options.purity } })].filter(Boolean).join(' ');
    const rows: [string, number, 'regular' | 'bold'][] = [
      [line.productName, 5.5, 'bold'],
      [purity || line.sku, 5.5, 'regular'],
      [`Net ${grams(piece.netWeightMg)}`, 5.5, 'regular'],
      [`Gross ${grams(piece.grossWeightMg)}`, 5.5, 'regular'],
    ];
    rows.forEach(([text, size, weight], i) => {
      sheet!.y = tagHeight - 9 - i * 7.5;
      sheet!.text(fit(text, size, textWidth, weight), left, size, weight);
    });
    const x0 = rightWing;
    if (piece.huid) {
      const side = tagHeight - 4;
      sheet.qr(qrModules(piece.huid), x0, 2, side, black);
      sheet.y = tagHeight - 14;
      sheet.text('HUID', x0 + side + 1, 5, 'regular', palette.muted);
      sheet.y = tagHeight - 23;
      sheet.text(piece.huid, x0 + side + 1, 6.5, 'bold');
    } else {
      sheet.y = tagHeight - 14;
      sheet.text('No HUID', x0 + 4, 7, 'bold');
      sheet.y = tagHeight - 23;
      sheet.text(line.hallmarked ? 'HUID not recorded' : 'Not hallmarked', x0 + 4, 5.5, 'regular', palette.muted);
    }
  }
  return { pdf: await doc.save(), fileName: `tags-${safeName(order.orderNumber)}.pdf` };
}

/** Why an order's invoice cannot be printed, or null when it has one. */
function skipReason(order: Order | null): string | null {
  if (!order) return 'no such order';
  if (order.invoicedAt) return null;
  return order.status === 'Cancelled' ? 'cancelled before dispatch, so never invoiced' : 'not yet dispatched (the invoice is issued at dispatch)';
}

/** The start of an Indian day, as an instant (India keeps +05:30 all year). */
const indianDayStart = (isoDate: string) => new Date(`${isoDate}T00:00:00+05:30`);

/**
 * Many orders' tax invoices in one A4 PDF: first a cover page listing the invoices included and the orders skipped
 * with the reason (no such order, not yet dispatched, cancelled before dispatch), then each invoice as its own pages.
 */
export async function renderInvoiceBatch(db: Db, query: AdminInvoiceBatchQuery, s: SettingsRow): Promise<PrintedDocument> {
  const r = ordersRepository(db);
  let chosen: { orderNumber: string; order: Order | null }[];
  let title: string;
  if (query.ids && query.ids.length > 0) {
    const found = await r.manyForStaff(query.ids);
    chosen = query.ids.map((n) => ({ orderNumber: n, order: found.find((o) => o.orderNumber === n) ?? null }));
    title = `${query.ids.length} order${query.ids.length === 1 ? '' : 's'} named`;
  } else {
    const from = query.from!;
    const to = query.to!;
    const end = indianDayStart(to);
    end.setUTCDate(end.getUTCDate() + 1);
    const rows = await r.invoicedBetween(indianDayStart(from), end, INVOICE_BATCH_MAX + 1);
    if (rows.length > INVOICE_BATCH_MAX) {
      throw new DomainError(
        'INVALID_REQUEST',
        `More than ${INVOICE_BATCH_MAX} orders were dispatched from ${from} to ${to}; one batch prints at most ${INVOICE_BATCH_MAX}: choose fewer days.`,
      );
    }
    if (rows.length === 0) throw new DomainError('NOT_FOUND', `No order was dispatched (invoiced) from ${from} to ${to}.`);
    chosen = rows.map((o) => ({ orderNumber: o.orderNumber, order: o }));
    title = `Dispatched from ${from} to ${to}`;
  }

  const { PDFDocument } = await import('pdf-lib');
  const included: { orderNumber: string; invoiceNumber: string; date: Date; bytes: Uint8Array }[] = [];
  const skipped: { orderNumber: string; reason: string }[] = [];
  // One at a time: a hundred invoices rendered at once would hold a hundred documents in memory.
  for (const { orderNumber, order } of chosen) {
    const reason = skipReason(order);
    if (reason || !order) {
      skipped.push({ orderNumber, reason: reason ?? 'no such order' });
      continue;
    }
    const { pdf } = await renderOrderInvoice(db, order, s);
    included.push({ orderNumber, invoiceNumber: order.invoiceNumber ?? order.orderNumber, date: order.invoicedAt!, bytes: pdf });
  }
  if (included.length === 0) {
    throw new DomainError('ORDER_NOT_PAYABLE', `None of these orders has a tax invoice: ${skipped.map((k) => `${k.orderNumber} (${k.reason})`).join('; ')}.`);
  }

  const { doc, type, palette } = await startDocument({ title: `Tax invoices: ${title}`, author: s.sellerLegalName, subject: title, date: new Date() });
  const cover = new Sheet(doc, type, palette, PAPER.a4, 40);
  const entries: { text: string; heading?: boolean }[] = [];
  let page = 2;
  entries.push({ text: `Included: ${included.length} invoice${included.length === 1 ? '' : 's'}`, heading: true });
  for (const inv of included) {
    const source = await PDFDocument.load(inv.bytes);
    const pages = await doc.copyPages(source, source.getPageIndices());
    for (const copied of pages) doc.addPage(copied);
    entries.push({ text: `${inv.invoiceNumber} · order ${inv.orderNumber} · ${indianDate(inv.date)} · page ${page}` });
    page += pages.length;
  }
  if (skipped.length > 0) {
    entries.push({ text: `Skipped: ${skipped.length} order${skipped.length === 1 ? '' : 's'} without a tax invoice`, heading: true });
    for (const k of skipped) entries.push({ text: `${k.orderNumber}: ${k.reason}` });
  }
  cover.text(s.storeName, cover.margin, 20, 'bold', palette.brand);
  cover.right('TAX INVOICES', cover.end, 14, 'bold');
  cover.y -= 14;
  cover.right(title, cover.end, 8, 'regular', palette.muted);
  cover.y -= 14;
  cover.rule(1.2);
  cover.y -= 18;
  // At most a hundred orders: two columns of one cover page hold them all with their headings.
  const top = cover.y;
  const column = cover.width / 2;
  let x = cover.margin;
  for (const entry of entries) {
    if (entry.heading && cover.y < top) cover.y -= 6;
    if (cover.y < cover.margin) {
      x += column;
      cover.y = top;
    }
    cover.text(entry.text, x, entry.heading ? 9 : 7.5, entry.heading ? 'bold' : 'regular');
    cover.y -= entry.heading ? 13 : 9.5;
  }
  const fileName = query.ids?.length ? `invoices-${included.length}-orders.pdf` : `invoices-${query.from}-to-${query.to}.pdf`;
  return { pdf: await doc.save(), fileName };
}

/** The orders desk's printing (issue 39): each document of one order by its number, and batches of invoices. */
export function createOrderPrints(deps: { db: Db; settings: { require(): Promise<SettingsRow> } }) {
  const { db } = deps;
  const find = async (orderNumber: string) => {
    const order = await ordersRepository(db).findForStaff(orderNumber);
    if (!order) throw new DomainError('ORDER_NOT_FOUND', NOT_FOUND);
    return order;
  };
  const one = (render: (db: Db, order: Order, s: SettingsRow) => Promise<PrintedDocument>) => async (orderNumber: string) =>
    render(db, await find(orderNumber), await deps.settings.require());
  return {
    packingSlip: one(renderPackingSlip),
    label: one(renderShippingLabel),
    tags: one(renderPieceTags),
    invoices: async (query: AdminInvoiceBatchQuery) => renderInvoiceBatch(db, query, await deps.settings.require()),
  };
}
