import type { Db, schema } from '@milli/db';
import type { CreditNote as CreditNoteRow, Order, OrderAdjustment as AdjustmentRow, OrderLine, OrderPiece as PieceRow } from '@milli/db/schema';
import type { CreditNote, OrderAdjustment, OrderDetail, OrderPiece, OrderShipment } from '@milli/contracts/schemas';
import { DomainError } from '../../domain-error.ts';
import { renderCreditNotePdf, renderInvoicePdf, type InvoiceAddress, type InvoiceSeller } from './invoice.ts';
import { ordersRepository } from './repository.ts';

type SettingsRow = typeof schema.storeSettings.$inferSelect;

export function toAddress(a: typeof schema.orderAddresses.$inferSelect | undefined): InvoiceAddress | null {
  if (!a) return null;
  return {
    firstName: a.firstName,
    lastName: a.lastName,
    address: a.address,
    city: a.city,
    state: a.state,
    stateCode: a.stateCode,
    landmark: a.landmark,
    pincode: a.pincode,
    country: a.country,
    countryCode: a.countryCode,
    phone: a.phone,
  };
}

/** A line as the order's page shows it (the desk's adds the metal and the weight it was sold at). */
export const lineOf = (l: OrderLine): OrderDetail['lines'][number] => ({
  lineId: l.id,
  productId: l.productId,
  name: l.productName,
  sku: l.sku,
  image: l.image,
  quantity: l.quantity,
  unitPricePaise: l.unitPricePaise,
  lineTotalPaise: l.lineTotalPaise,
  options: l.options,
  rateLock:
    l.lockedWeightMg !== null && l.lockedRatePaisePerGram !== null
      ? { lockedWeightMg: l.lockedWeightMg, lockedRatePaisePerGram: l.lockedRatePaisePerGram, dayRatePaisePerGram: l.ratePaisePerGram }
      : null,
});

/** The order's totals as its page shows them (the desk's adds the advance of a made piece). */
export const totalsViewOf = (order: Order): OrderDetail['totals'] => ({
  subtotalPaise: order.subtotalPaise,
  discountPaise: order.discountPaise,
  shippingPaise: order.shippingPaise,
  taxPaise: order.taxPaise,
  harvestCreditPaise: order.harvestCreditPaise,
  storeCreditPaise: order.storeCreditPaise,
  rateLockAdvancePaise: order.rateLockAdvancePaise,
  metalAccountMg: order.metalAccountMg,
  metalAccountPaise: order.metalAccountPaise,
  totalPaise: order.totalPaise,
});

export const pieceOf = (p: PieceRow): OrderPiece => ({
  id: p.id,
  lineId: p.lineId,
  huid: p.huid,
  netWeightMg: p.netWeightMg,
  grossWeightMg: p.grossWeightMg,
  certificate: p.certificatePath && p.certificateLab && p.certificateNumber ? { lab: p.certificateLab, number: p.certificateNumber } : null,
});

export const adjustmentOf = (j: AdjustmentRow): OrderAdjustment => ({
  id: j.id,
  lineId: j.lineId,
  kind: j.kind,
  amountPaise: j.amountPaise,
  reason: j.reason,
  status: j.status,
  createdAt: j.createdAt.toISOString(),
  settledAt: j.settledAt?.toISOString() ?? null,
});

export const creditNoteOf = (n: CreditNoteRow): CreditNote => ({
  id: n.id,
  number: n.number,
  reason: n.reason,
  amountPaise: n.amountPaise,
  taxPaise: n.taxPaise,
  createdAt: n.createdAt.toISOString(),
});

export function shipmentOf(order: Order): OrderShipment | null {
  return order.courierName && order.awbNumber && order.dispatchedAt
    ? {
        courierName: order.courierName,
        awbNumber: order.awbNumber,
        trackingUrl: order.trackingUrl,
        dispatchedAt: order.dispatchedAt.toISOString(),
        deliveredAt: order.deliveredAt?.toISOString() ?? null,
      }
    : null;
}

export function sellerOf(s: SettingsRow): InvoiceSeller {
  return {
    legalName: s.sellerLegalName,
    gstin: s.sellerGstin,
    state: s.sellerState,
    stateCode: s.sellerStateCode,
    address: s.officeAddress,
    storeName: s.storeName,
    gstPercent: Number(s.gstPercent),
    hallmarkingChargePaise: Number(s.hallmarkingChargePaise),
    bisRegistration: s.bisRegistration,
  };
}

export const NOT_YET_INVOICED = 'The tax invoice is issued when your order is dispatched.';

/**
 * The tax invoice of a dispatched order (issued at dispatch: invoicedAt), with each packed piece's HUID and
 * weights under its line, the settled weight differences and a made-to-order piece's advance.
 */
export async function renderOrderInvoice(db: Db, order: Order, s: SettingsRow) {
  if (order.status === 'Cancelled' && !order.invoicedAt) throw new DomainError('ORDER_CANCELLED', 'This order was cancelled, so it has no invoice.');
  if (!order.invoicedAt) throw new DomainError('ORDER_NOT_PAYABLE', NOT_YET_INVOICED);
  const r = ordersRepository(db);
  const [lines, addresses, buyer, pieces, adjustments, form60] = await Promise.all([
    r.lines(order.id),
    r.addresses(order.id),
    r.customer(order.customerId),
    r.pieces(order.id),
    r.adjustments(order.id),
    order.pan ? null : r.form60(order.id),
  ]);
  const invoiceNumber = order.invoiceNumber ?? order.orderNumber;
  // Issue 39: a settled weight difference is part of its line: the invoice states the weight packed and its value.
  const settled = adjustments.filter((j) => j.status === 'settled');
  const lineIds = new Set(lines.map((l) => l.id));
  const signed = (j: (typeof settled)[number], v: number) => (j.kind === 'charge' ? v : -v);
  const weighedOf = (lineId: number) => {
    const own = settled.filter((j) => j.lineId === lineId);
    return {
      totalPaise: own.reduce((n, j) => n + signed(j, j.amountPaise), 0),
      metalPaise: own.reduce((n, j) => n + signed(j, j.metalPaise), 0),
      makingPaise: own.reduce((n, j) => n + signed(j, j.makingPaise), 0),
    };
  };
  const folded = lines.reduce((n, l) => n + weighedOf(l.id).totalPaise, 0);
  const pdf = await renderInvoicePdf(
    {
      invoiceNumber,
      orderNumber: order.orderNumber,
      placedAt: order.placedAt,
      invoicedAt: order.invoicedAt,
      companyName: order.companyName,
      companyGstin: order.companyGstin,
      pan: order.pan,
      form60: form60 && { aadhaarLast4: form60.aadhaarLast4, noAadhaarReason: form60.noAadhaarReason },
      couponCode: order.couponCode,
      subtotalPaise: order.subtotalPaise + folded,
      discountPaise: order.discountPaise,
      shippingPaise: order.shippingPaise,
      harvestCreditPaise: order.harvestCreditPaise,
      storeCreditPaise: order.storeCreditPaise,
      rateLockAdvancePaise: order.rateLockAdvancePaise,
      metalAccountMg: order.metalAccountMg,
      metalAccountPaise: order.metalAccountPaise,
      advancePaise: order.advancePaise,
      adjustments: settled
        .filter((j) => j.lineId === null || !lineIds.has(j.lineId))
        .map((j) => ({ kind: j.kind, amountPaise: j.amountPaise, reason: j.reason })),
      lines: lines.map((l) => ({
        name: l.productName,
        sku: l.sku,
        hsnCode: l.hsnCode,
        countryOfOrigin: l.countryOfOrigin,
        quantity: l.quantity,
        unitPricePaise: l.unitPricePaise,
        lineTotalPaise: l.lineTotalPaise + weighedOf(l.id).totalPaise,
        weighed: weighedOf(l.id),
        hallmarked: l.hallmarked,
        huid:
          l.huid ??
          (pieces
            .filter((p) => p.lineId === l.id && p.huid !== null)
            .map((p) => p.huid)
            .join(', ') ||
            null),
        pieces: pieces.filter((p) => p.lineId === l.id).map((p) => ({ huid: p.huid, netWeightMg: p.netWeightMg, grossWeightMg: p.grossWeightMg })),
        options: l.options,
        metal: l.metal,
        purity: l.purity,
        metalWeightMg: l.metalWeightMg,
        ratePaisePerGram: l.ratePaisePerGram,
        lockedWeightMg: l.lockedWeightMg,
        lockedRatePaisePerGram: l.lockedRatePaisePerGram,
        diamondWeightCents: l.diamondWeightCents,
        stoneWeightCents: l.stoneWeightCents,
        priceBreakup: l.priceBreakup,
      })),
      billing: toAddress(addresses.find((a) => a.kind === 'billing')),
      shipping: toAddress(addresses.find((a) => a.kind === 'shipping')),
    },
    sellerOf(s),
    buyer?.firstName || buyer?.username || 'Customer',
  );
  return { pdf, fileName: `invoice-${invoiceNumber.replace(/[^A-Za-z0-9-]/g, '-')}.pdf` };
}

/** A credit note of the order as a PDF (404 when the order has no such note). */
export async function renderOrderCreditNote(db: Db, order: Order, id: number, s: SettingsRow) {
  const r = ordersRepository(db);
  const note = (await r.creditNotes(order.id)).find((n) => n.id === id);
  if (!note) throw new DomainError('NOT_FOUND', 'This order has no such credit note.');
  const [addresses, buyer] = await Promise.all([r.addresses(order.id), r.customer(order.customerId)]);
  const pdf = await renderCreditNotePdf(
    {
      number: note.number,
      issuedAt: note.createdAt,
      invoiceNumber: order.invoiceNumber ?? '—',
      invoicedAt: order.invoicedAt,
      orderNumber: order.orderNumber,
      reason: note.reason,
      note: note.note,
      amountPaise: note.amountPaise,
      taxPaise: note.taxPaise,
      companyName: order.companyName,
      companyGstin: order.companyGstin,
      billing: toAddress(addresses.find((a) => a.kind === 'billing') ?? addresses.find((a) => a.kind === 'shipping')),
      shipping: toAddress(addresses.find((a) => a.kind === 'shipping')),
    },
    sellerOf(s),
    buyer?.firstName || buyer?.username || 'Customer',
  );
  return { pdf, fileName: `credit-note-${note.number.replace(/[^A-Za-z0-9-]/g, '-')}.pdf` };
}
