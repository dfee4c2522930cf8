import { isUniqueViolation, type Db } from '@milli/db';
import type { Order, OrderAdjustment } from '@milli/db/schema';
import {
  toAdminPage,
  ADMIN_ORDER_STATUSES,
  type AdminOrderDetail,
  type AdminOrderEvent,
  ORDERS_CSV_MAX_ROWS,
  type AdminOrderCsvQuery,
  type AdminOrderListQuery,
  type AdminOrderPage,
  type AdminOrdersBulk,
  type AdminOrdersBulkAnswer,
  type AdminOrderPieces,
  type AdjustmentDecision,
  type OrderStatusAnswer,
  type OrderStatusChange,
} from '@milli/contracts/schemas';
import { formatRupees, lockedMgMoved, outsideTolerance, weightDifference } from '@milli/pricing';
import { maskedAadhaar } from '@milli/contracts';
import { DomainError } from '../../domain-error.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { queueMail } from '../mail/service.ts';
import { queueOrderMessage } from './messages.ts';
import type { PaymentService, RefundRecord } from '../payments/service.ts';
import { brandOf, type SettingsService } from '../settings/service.ts';
import { requestNumber } from '../../lib/request-number.ts';
import { BOM, csvLines } from '../../lib/csv.ts';
import { orderAdjustmentMail, orderCancelledByStoreMail } from './mail.ts';
import { isRecordedAtPacking, isWeighed, orderRules, PACKABLE } from './rules.ts';
import { renderOrderCreditNote, renderOrderInvoice, adjustmentOf, creditNoteOf, lineOf, pieceOf, shipmentOf, toAddress, totalsViewOf } from './documents.ts';
import { advanceOrder, cancelOrder, issueCreditNote, lockPaymentsOf, paymentOf, type DesignRequests } from './service.ts';
import { ordersRepository } from './repository.ts';

export interface OrdersDeskDeps {
  db: Db;
  settings: SettingsService;
  payments: PaymentService;
  /** The custom-design module's side of a made-to-order piece's order (its request follows the order's steps). */
  designRequests: DesignRequests;
  mailQueued?: () => void;
  now?: () => Date;
}

const NOT_FOUND = 'There is no order with that number.';
/** The audit log's steps on a weight difference, as the order's timeline says them. */
const AUDITED_STEPS: Record<string, string> = {
  pack: 'Packed',
  waive: 'Weight difference waived',
  'approve-adjustment': 'Weight difference approved',
  'reject-adjustment': 'Weight difference rejected: the pieces are to be weighed again',
};
const grams = (mg: number) => `${(mg / 1000).toFixed(3)} g`;

interface PricedLine {
  metalWeightMg: number | null;
  ratePaisePerGram: number | null;
  lockedWeightMg: number | null;
  lockedRatePaisePerGram: number | null;
}

/** Issue 42: the part of each piece's metal a rate lock priced, at the rate it was priced at; null when none. */
const lockOf = (line: PricedLine) =>
  line.lockedWeightMg && line.lockedRatePaisePerGram !== null ? { weightMg: line.lockedWeightMg, ratePaisePerGram: line.lockedRatePaisePerGram } : null;

/** The rate a packed piece's difference moves at, for the reason staff and the shopper read: the day's, the locked, or both. */
function ratesMoved(line: PricedLine, realMg: number): string {
  const day = `${formatRupees(line.ratePaisePerGram!)}/g`;
  const lock = lockOf(line);
  const lockedMg = lock ? lockedMgMoved(realMg, lock.weightMg) : 0;
  if (!lock || lockedMg === 0) return day;
  const locked = `${formatRupees(lock.ratePaisePerGram)}/g (the rate lock's)`;
  const dayMg = Math.abs(realMg - line.metalWeightMg!) - lockedMg;
  return dayMg === 0 ? locked : `${day} for ${grams(dayMg)} and ${locked} for ${grams(lockedMg)}`;
}

/**
 * The orders desk (issue 19, permission 'orders'): the queues, one order's page, packing with HUIDs and real
 * weights (and the weight differences they find), the steps to dispatch and delivery, waiving a charge, and
 * cancelling with a refund and, once invoiced, a credit note. Every write is audited in its own transaction.
 */
export function createOrdersDesk(deps: OrdersDeskDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  const settings = () => deps.settings.require();

  async function find(orderNumber: string, tx: Db = db, lock = false): Promise<Order> {
    const order = await ordersRepository(tx).findForStaff(orderNumber, { lock });
    if (!order) throw new DomainError('ORDER_NOT_FOUND', NOT_FOUND);
    return order;
  }

  return {
    async list(query: AdminOrderListQuery): Promise<AdminOrderPage> {
      const { rows, total, counts } = await ordersRepository(db).list(query);
      const page = toAdminPage(
        rows.map((r) => ({
          orderNumber: r.orderNumber,
          placedAt: r.placedAt.toISOString(),
          status: r.status,
          customerName: `${r.firstName} ${r.lastName}`.trim() || r.username,
          customerEmail: r.email,
          phone: r.phone,
          pincode: r.pincode,
          city: r.city,
          itemCount: r.itemCount ?? 0,
          totalPaise: r.totalPaise,
          paymentMethod: r.paymentMethod,
          awbNumber: r.awbNumber,
          custom: r.customRequestId !== null,
        })),
        total,
        query,
      );
      const byStatus = Object.fromEntries(ADMIN_ORDER_STATUSES.map((s) => [s, counts.find((c) => c.status === s)?.n ?? 0])) as AdminOrderPage['counts'];
      return { ...page, counts: byStatus };
    },

    /**
     * The list as a spreadsheet (issue 39): every order the list's search, queue and filters find (up to
     * ORDERS_CSV_MAX_ROWS), one row each, money in rupees, times in India's; cells guarded against formulas.
     */
    async csv(query: AdminOrderCsvQuery): Promise<{ text: string; fileName: string; truncated: boolean }> {
      const { rows, total } = await ordersRepository(db).list(query, ORDERS_CSV_MAX_ROWS);
      const header = [
        'Order',
        'Placed (IST)',
        'Status',
        'Customer',
        'E-mail',
        'Phone',
        'City',
        'PIN',
        'Pieces',
        'Total (Rs.)',
        'Payment',
        'AWB',
        'Made to order',
      ];
      const lines = rows.map((r) => [
        r.orderNumber,
        istDateTime(r.placedAt),
        r.status,
        `${r.firstName} ${r.lastName}`.trim() || r.username,
        r.email,
        r.phone ?? '',
        r.city ?? '',
        r.pincode ?? '',
        String(r.itemCount ?? 0),
        (r.totalPaise / 100).toFixed(2),
        r.paymentMethod === 'cod' ? 'Pay on delivery' : 'Online',
        r.awbNumber ?? '',
        r.customRequestId !== null ? 'Yes' : 'No',
      ]);
      return { text: BOM + csvLines([header, ...lines]), fileName: `orders-${istDateTime(now()).slice(0, 10)}.csv`, truncated: total > rows.length };
    },

    /**
     * Many orders one step on (issue 39): each by `advance`, the single order's own step, in its own transaction, so
     * the rules, the audit entry and the customer's mail are those of a single move, and one order refused leaves the
     * others moved. Dispatch takes the batch's courier and each order's AWB (an AWB is issued per parcel).
     */
    async bulkAdvance(actor: AuditActor, body: AdminOrdersBulk): Promise<AdminOrdersBulkAnswer> {
      const results: AdminOrdersBulkAnswer['results'] = [];
      for (const item of body.orders) {
        try {
          if (body.status === 'Out for Delivery' && !item.awbNumber) {
            throw new DomainError('INVALID_REQUEST', `${item.orderNumber} needs its AWB number to be dispatched.`);
          }
          const moved = await this.advance(actor, item.orderNumber, { status: body.status, courierName: body.courierName, awbNumber: item.awbNumber });
          results.push({ orderNumber: item.orderNumber, ok: true, status: moved.status, message: moved.message });
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          results.push({ orderNumber: item.orderNumber, ok: false, status: null, message: refusalOf(item.orderNumber, error.message) });
        }
      }
      const moved = results.filter((r) => r.ok).length;
      const refused = results.filter((r) => !r.ok);
      const parts = [];
      if (moved > 0) parts.push(`${moved} marked ${body.status}`);
      if (refused.length > 0) parts.push(`${refused.length} refused: ${refused.map((r) => r.message).join(' ')}`);
      return { message: `${parts.join('; ')}${refused.length > 0 ? '' : '.'}`, moved, refused: refused.length, results };
    },

    async detail(orderNumber: string): Promise<AdminOrderDetail> {
      const order = await find(orderNumber);
      const r = ordersRepository(db);
      const [lines, addresses, pieces, adjustments, notes, history, audit, _s, buyer, payment, money, form60] = await Promise.all([
        r.lines(order.id),
        r.addresses(order.id),
        r.pieces(order.id),
        r.adjustments(order.id),
        r.creditNotes(order.id),
        r.history(order.id),
        r.audit(order.orderNumber),
        settings(),
        r.customer(order.customerId),
        deps.payments.forOrder(order.id),
        deps.payments.ofOrder(order.id),
        r.form60(order.id),
      ]);
      const rules = orderRules(order, lines, pieces, adjustments);
      const timeline: AdminOrderEvent[] = [
        ...history.map((h) => ({ at: h.at.toISOString(), kind: 'status' as const, text: h.note ? `${h.status}: ${h.note}` : h.status, by: h.by })),
        ...money.payments
          .filter((p) => p.paidAt)
          .map((p) => ({
            at: p.paidAt!.toISOString(),
            kind: 'payment' as const,
            text: `${p.purpose === 'order_adjustment' ? 'Weight difference paid' : 'Paid online'}: ${formatRupees(p.amountPaise)}${p.method ? ` (${p.method})` : ''}`,
            by: null,
          })),
        ...money.refunds.map((f) => ({
          at: f.createdAt.toISOString(),
          kind: 'refund' as const,
          text: `Refund of ${formatRupees(f.amountPaise)} ${f.status === 'processed' ? 'processed' : f.status === 'failed' ? 'failed' : 'queued'}: ${f.reason}`,
          by: null,
        })),
        ...adjustments.map((j) => ({
          at: j.createdAt.toISOString(),
          kind: 'adjustment' as const,
          text: `${j.kind === 'charge' ? 'Charge' : 'Refund'} of ${formatRupees(j.amountPaise)} (${j.status}): ${j.reason}`,
          by: null,
        })),
        ...notes.map((n) => ({
          at: n.createdAt.toISOString(),
          kind: 'credit_note' as const,
          text: `Credit note ${n.number} for ${formatRupees(n.amountPaise)}`,
          by: null,
        })),
        // Packing, decisions and waivers as the audit log has them (status changes and cancels are in the history already).
        ...audit
          .filter((e) => e.action in AUDITED_STEPS)
          .map((e) => ({
            at: e.at.toISOString(),
            kind: e.action === 'pack' ? ('packing' as const) : ('adjustment' as const),
            text: e.action === 'pack' ? `Packed: ${describePacking(e.after)}` : `${AUDITED_STEPS[e.action]}${noteOf(e.after)}`,
            by: e.name ?? e.email,
          })),
      ].sort((x, y) => x.at.localeCompare(y.at));
      const customer = buyer ?? { id: order.customerId, firstName: '', lastName: '', username: '', email: '', phone: null };
      return {
        orderNumber: order.orderNumber,
        invoiceNumber: order.invoiceNumber,
        status: order.status,
        placedAt: order.placedAt.toISOString(),
        customer: {
          id: customer.id,
          name: `${customer.firstName} ${customer.lastName}`.trim() || customer.username,
          email: customer.email,
          phone: customer.phone,
        },
        customRequestId: order.customDesignRequestId,
        lines: lines.map((l) => ({
          ...lineOf(l),
          metal: l.metal,
          purity: l.purity,
          soldWeightMg: l.metalWeightMg,
          recordedAtPacking: isRecordedAtPacking(l),
          hallmarked: l.hallmarked,
          diamondWeightCents: l.diamondWeightCents ?? 0,
          options: { ...l.options },
        })),
        pieces: pieces.filter((p) => p.releasedAt === null || order.status === 'Cancelled').map(pieceOf),
        adjustments: adjustments.map((j) => {
          const decision = audit.find(
            (e) =>
              (e.action === 'approve-adjustment' || e.action === 'reject-adjustment') && (e.after as { adjustmentId?: number } | null)?.adjustmentId === j.id,
          );
          return {
            ...adjustmentOf(j),
            beyondTolerance: j.beyondTolerance,
            decidedBy: decision ? (decision.name ?? decision.email) : null,
            decidedAt: j.decidedAt?.toISOString() ?? null,
            decisionNote: j.decisionNote,
          };
        }),
        creditNotes: notes.map(creditNoteOf),
        shipment: shipmentOf(order),
        payment: paymentOf(order, payment, history, adjustments),
        shippingAddress: toAddress(addresses.find((x) => x.kind === 'shipping')),
        billingAddress: toAddress(addresses.find((x) => x.kind === 'billing')),
        totals: { ...totalsViewOf(order), advancePaise: order.advancePaise },
        couponCode: order.couponCode,
        pan: order.pan,
        // Issue 38: the Form 60 declaration given instead of a PAN; the Aadhaar number as its last four digits only.
        form60: form60 && {
          name: form60.name,
          address: form60.address,
          amountPaise: form60.amountPaise,
          aadhaar: form60.aadhaarLast4 ? maskedAadhaar(form60.aadhaarLast4) : null,
          noAadhaarReason: form60.noAadhaarReason,
          declaredAt: form60.declaredAt.toISOString(),
        },
        companyName: order.companyName,
        companyGstin: order.companyGstin,
        // An invoice once issued stays downloadable after a cancel, beside the credit note that reverses it (issue 39).
        invoiceAvailable: order.invoicedAt !== null,
        nextStatus: rules.nextStatus,
        blockedBy: rules.blockedBy,
        canCancel: rules.canCancel,
        timeline,
      };
    },

    /**
     * One step along: Awaiting confirmation → Placed (pay on delivery confirmed), Placed → Picked → Out for
     * Delivery (the dispatch: courier and AWB, the invoice issued) → Delivered. A made-to-order piece's request follows.
     */
    async advance(actor: AuditActor, orderNumber: string, change: OrderStatusChange): Promise<OrderStatusAnswer> {
      const s = await settings();
      const at = now();
      await db.transaction((tx) =>
        advanceOrder(tx, { settings: deps.settings, designRequests: deps.designRequests }, actor, orderNumber, change, { at, settings: s }),
      );
      deps.mailQueued?.();
      return { message: `Order ${orderNumber} is now ${change.status}.`, orderNumber, status: change.status };
    },

    /**
     * Packing: each piece's HUID and weights, replacing what was recorded before (and its undecided differences). A piece
     * heavier or lighter than sold beyond the store's weight tolerance makes a charge or a refund, `proposed` until the
     * accounts desk approves it (issue 35): the orders desk records what it weighed, and moves no money.
     */
    async pack(actor: AuditActor, orderNumber: string, body: AdminOrderPieces) {
      const s = await settings();
      const at = now();
      try {
        await db.transaction(async (tx) => {
          const r = ordersRepository(tx);
          const order = await find(orderNumber, tx, true);
          if (!PACKABLE.includes(order.status))
            throw new DomainError('CONFLICT', `Pieces are recorded while the order is Placed or Picked; this one is ${order.status}.`);
          const [lines, before] = await Promise.all([r.lines(order.id), r.adjustments(order.id)]);
          if (before.some((j) => j.status === 'settled' || j.status === 'waived')) {
            throw new DomainError('CONFLICT', 'A weight difference of this order is already settled or waived, so its pieces can no longer be recorded again.');
          }
          const byLine = new Map(lines.map((l) => [l.id, l]));
          for (const p of body.pieces) {
            if (!byLine.has(p.lineId))
              throw new DomainError('INVALID_ORDER', `Line ${p.lineId} is not a line of order ${order.orderNumber}.`, {
                pieces: `Line ${p.lineId} is not a line of this order.`,
              });
          }
          for (const l of lines) {
            const n = body.pieces.filter((p) => p.lineId === l.id).length;
            if (isRecordedAtPacking(l) && n !== l.quantity) {
              throw new DomainError(
                'INVALID_ORDER',
                `${l.productName} needs exactly ${l.quantity} piece${l.quantity === 1 ? '' : 's'}${l.hallmarked ? ' with a HUID each' : ' weighed'}; ${n} ${n === 1 ? 'was' : 'were'} given.`,
              );
            }
            if (n > l.quantity)
              throw new DomainError('INVALID_ORDER', `${l.productName} has ${l.quantity} piece${l.quantity === 1 ? '' : 's'}; ${n} were given.`);
          }
          // Issue 38: a HUID is the hallmark of one article, so a hallmarked piece needs one and any other piece
          // (platinum, unhallmarked silver) must not be given one: it would be printed on a tax invoice.
          body.pieces.forEach((p, i) => {
            const line = byLine.get(p.lineId)!;
            if (line.hallmarked && p.huid === null) {
              const message = `${line.productName} is hallmarked: each piece needs its HUID.`;
              throw new DomainError('INVALID_ORDER', message, { [`pieces.${i}.huid`]: 'Each hallmarked piece needs its HUID.' });
            }
            if (!line.hallmarked && p.huid !== null) {
              const message = `${line.productName} is not hallmarked, so its pieces have no HUID: leave the HUID empty.`;
              throw new DomainError('INVALID_ORDER', message, { [`pieces.${i}.huid`]: 'This piece is not hallmarked: leave the HUID empty.' });
            }
          });
          const seen = new Set<string>();
          for (const p of body.pieces) {
            if (p.huid === null) continue;
            if (seen.has(p.huid)) throw new DomainError('CONFLICT', `HUID ${p.huid} is given twice: every piece has its own.`);
            seen.add(p.huid);
          }
          const packingTolerance = Number(s.packingTolerancePercent);
          // A made-to-order piece was weighed by the design desk when it was made and priced from that weight: a
          // weight far from it is a mistake at the scale, never a difference to settle.
          if (order.customDesignRequestId !== null) {
            for (const p of body.pieces) {
              const line = byLine.get(p.lineId)!;
              if (isWeighed(line) && outsideTolerance(line.metalWeightMg!, p.netWeightMg, packingTolerance)) {
                throw new DomainError(
                  'INVALID_ORDER',
                  `${line.productName} was made at ${grams(line.metalWeightMg!)} net; ${grams(p.netWeightMg)} is more than ${packingTolerance}% from it. Please weigh it again.`,
                  { pieces: 'Please weigh this piece again.' },
                );
              }
            }
          }
          const [held] = await r.huidsMade([...seen], order.customDesignRequestId);
          if (held)
            throw new DomainError('CONFLICT', `HUID ${held.huid} is already recorded on the made piece of custom design ${requestNumber(held.requestId)}.`);
          const [taken] = await r.huidsTaken([...seen], order.id);
          if (taken) throw new DomainError('CONFLICT', `HUID ${taken.huid} is already recorded on order ${taken.orderNumber}.`);
          // Issue 39: a HUID names one article for ever: one released by a return or an exchange may come back only on
          // the same article (its SKU, or the made-to-order design), never on another piece.
          const [elsewhere] = await r.bindHuids(
            body.pieces
              .filter((p) => p.huid !== null)
              .map((p) => {
                const line = byLine.get(p.lineId)!;
                return {
                  huid: p.huid!,
                  article: order.customDesignRequestId !== null ? `design:${order.customDesignRequestId}` : `sku:${line.sku}`,
                  articleName: line.productName,
                };
              }),
            at,
          );
          if (elsewhere)
            throw new DomainError(
              'CONFLICT',
              `HUID ${elsewhere.huid} names another article (${elsewhere.articleName}) for ever: a HUID never moves to another piece. Check the hallmark.`,
            );
          await r.clearPacking(order.id);
          const made = await r.insertPieces(
            body.pieces.map((p) => ({
              orderId: order.id,
              lineId: p.lineId,
              huid: p.huid,
              netWeightMg: p.netWeightMg,
              grossWeightMg: p.grossWeightMg,
              recordedBy: actor.staffId,
              recordedAt: at,
            })),
          );
          // A made-to-order piece was priced from its real weight: nothing to adjust.
          const adjustments = [];
          if (order.customDesignRequestId === null) {
            for (const p of made) {
              const line = byLine.get(p.lineId)!;
              if (!isWeighed(line) || !line.ratePaisePerGram) continue;
              // Issue 39: the making moves with the metal where it was charged as a percent of it or per gram.
              const diff = weightDifference(line.metalWeightMg!, p.netWeightMg, line.ratePaisePerGram, Number(s.weightTolerancePercent), Number(s.gstPercent), {
                percentHundredths: line.makingPercentHundredths,
                paisePerGram: line.makingPaisePerGram,
                saleMakingPercent: line.saleMakingPercent,
                // Issue 42: the grams a rate lock priced move at the rate they were priced at (decision 059).
                lock: lockOf(line),
              });
              if (!diff.kind) continue;
              const reason =
                `${line.productName}${p.huid ? ` (HUID ${p.huid})` : ''} was sold at ${grams(line.metalWeightMg!)} and weighs ${grams(p.netWeightMg)}: ` +
                `${grams(Math.abs(diff.differenceMg))} ${diff.kind === 'charge' ? 'more' : 'less'} at ${ratesMoved(line, p.netWeightMg)}` +
                `${diff.makingPaise > 0 ? ` with its making ${formatRupees(diff.makingPaise)}` : ''} plus GST ${Number(s.gstPercent)}% = ${formatRupees(diff.amountPaise)} ${diff.kind === 'charge' ? 'to pay' : 'to refund'}.`;
              const beyondTolerance = outsideTolerance(line.metalWeightMg!, p.netWeightMg, packingTolerance);
              adjustments.push(
                await r.insertAdjustment({
                  orderId: order.id,
                  lineId: line.id,
                  kind: diff.kind,
                  amountPaise: diff.amountPaise,
                  differenceMg: diff.differenceMg,
                  metalPaise: diff.metalPaise,
                  makingPaise: diff.makingPaise,
                  reason,
                  status: 'proposed',
                  beyondTolerance,
                  createdBy: actor.staffId,
                  createdAt: at,
                }),
              );
            }
          }
          await recordAudit(tx, actor, {
            action: 'pack',
            entity: 'order',
            entityId: order.orderNumber,
            before: null,
            after: {
              pieces: body.pieces.map((p) => ({ lineId: p.lineId, huid: p.huid, netWeightMg: p.netWeightMg, grossWeightMg: p.grossWeightMg })),
              adjustments: adjustments.map((j) => ({
                id: j.id,
                kind: j.kind,
                amountPaise: j.amountPaise,
                status: j.status,
                beyondTolerance: j.beyondTolerance,
              })),
            },
          });
        });
      } catch (error) {
        // Two desks packing the same HUID at once: the partial unique index decides, and the loser hears why.
        if (isUniqueViolation(error, 'order_pieces_huid_key'))
          throw new DomainError('CONFLICT', 'One of these HUIDs was just recorded on another order. Check the HUIDs and try again.');
        throw error;
      }
      return this.detail(orderNumber);
    },

    /**
     * The accounts desk decides a proposed weight difference (issue 35). Approved, a refund goes back through the
     * gateway (or off the cash due on delivery) and a charge is put to the customer, who pays it or cancels: the store
     * never takes it of its own accord. Rejected, nothing moves and the pieces must be weighed again before dispatch.
     */
    async decideAdjustment(actor: AuditActor, orderNumber: string, id: number, decision: AdjustmentDecision) {
      const s = await settings();
      const at = now();
      const refunds: (RefundRecord | null)[] = [];
      await db.transaction(async (tx) => {
        const r = ordersRepository(tx);
        // The payment's lock before the order's, as settling takes them.
        const probe = await find(orderNumber, tx);
        const payment = await deps.payments.forOrder(probe.id, tx, { lock: true });
        const order = await find(orderNumber, tx, true);
        const adj = await r.adjustment(id, { orderId: order.id, lock: true });
        if (!adj) throw new DomainError('NOT_FOUND', 'This order has no such weight difference.');
        if (adj.status !== 'proposed')
          throw new DomainError('CONFLICT', `This weight difference is already ${adj.status === 'rejected' ? 'rejected' : 'approved'}.`);
        if (!PACKABLE.includes(order.status))
          throw new DomainError('CONFLICT', `Weight differences are decided while the order is Placed or Picked; this one is ${order.status}.`);
        const note = decision.note?.trim() || null;
        let status: OrderAdjustment['status'];
        if (decision.decision === 'reject') status = 'rejected';
        else if (adj.kind === 'charge') status = 'open';
        else if (order.paymentMethod === 'cod') status = 'settled';
        else if (payment && (payment.status === 'paid' || payment.status === 'refunded')) {
          refunds.push(
            await deps.payments.queueRefundOf(tx, payment, `Weight difference on order ${order.orderNumber}.`, `adjust-refund-${adj.id}`, adj.amountPaise),
          );
          status = 'settled';
        } else status = 'open';
        await r.decideAdjustment(adj.id, { status, decidedBy: actor.staffId, decidedAt: at, decisionNote: note, settledAt: status === 'settled' ? at : null });
        await recordAudit(tx, actor, {
          action: decision.decision === 'approve' ? 'approve-adjustment' : 'reject-adjustment',
          entity: 'order',
          entityId: order.orderNumber,
          before: { adjustmentId: adj.id, status: 'proposed' },
          after: {
            adjustmentId: adj.id,
            kind: adj.kind,
            amountPaise: adj.amountPaise,
            status,
            beyondTolerance: adj.beyondTolerance,
            ...(note ? { note } : {}),
          },
        });
        if (decision.decision === 'approve') {
          const buyer = await r.customer(order.customerId);
          if (buyer) await queueMail(tx, orderAdjustmentMail(brandOf(s), buyer.email, order.orderNumber, [adj], order.paymentMethod === 'cod'));
        }
      });
      deps.mailQueued?.();
      await deps.payments.sendRefunds(refunds);
      return this.detail(orderNumber);
    },

    /** The store absorbs an open charge: it is waived, and a payment started for it is closed. */
    async waive(actor: AuditActor, orderNumber: string, id: number, note: string | undefined) {
      const at = now();
      await db.transaction(async (tx) => {
        const r = ordersRepository(tx);
        const order = await find(orderNumber, tx);
        const payment = await deps.payments.forAdjustment(id, tx, { lock: true });
        const adj = await r.adjustment(id, { orderId: order.id, lock: true });
        if (!adj) throw new DomainError('NOT_FOUND', 'This order has no such weight difference.');
        if (adj.kind !== 'charge' || adj.status !== 'open')
          throw new DomainError('CONFLICT', adj.kind !== 'charge' ? 'Only a charge can be waived.' : `This weight difference is already ${adj.status}.`);
        await r.setAdjustment(adj.id, 'waived', at);
        if (payment?.status === 'created') await deps.payments.abandon(tx, payment, 'The store waived this weight difference.');
        await recordAudit(tx, actor, {
          action: 'waive',
          entity: 'order',
          entityId: order.orderNumber,
          before: { adjustmentId: adj.id, status: 'open' },
          after: { adjustmentId: adj.id, status: 'waived', amountPaise: adj.amountPaise, ...(note ? { note } : {}) },
        });
      });
      return this.detail(orderNumber);
    },

    /**
     * Staff cancel an order not yet delivered (out for delivery too: the courier brings it back): everything it took
     * given back, what was paid refunded, its pieces released, and once invoiced a credit note for what was invoiced.
     */
    /**
     * Cancels an order not delivered. Once it is Out for Delivery the piece has left the shop: only a member who may move
     * money (the accounts permission) cancels it with a refund, so the orders desk alone cannot refund a piece the
     * courier still delivers (issue 35).
     */
    async cancel(actor: AuditActor, orderNumber: string, reason: string, { mayRefundShipped }: { mayRefundShipped: boolean }): Promise<OrderStatusAnswer> {
      const s = await settings();
      const at = now();
      const refunds: (RefundRecord | null)[] = [];
      await db.transaction(async (tx) => {
        const r = ordersRepository(tx);
        // Every payment's lock before the order's, as settling takes them.
        const probe = await find(orderNumber, tx);
        const locked = await lockPaymentsOf(tx, deps.payments, probe.id);
        const order = await find(orderNumber, tx, true);
        if (order.status === 'Cancelled') throw new DomainError('ORDER_ALREADY_CANCELLED', 'This order is already cancelled.');
        if (order.status === 'Delivered') throw new DomainError('ORDER_NOT_CANCELLABLE', 'This order has been delivered: it can be returned, not cancelled.');
        const paidOnline = [locked.order, ...locked.charges.map((c) => c.payment)].some((p) => p?.status === 'paid' || p?.status === 'refunded');
        if (order.status === 'Out for Delivery' && paidOnline && !mayRefundShipped) {
          throw new DomainError(
            'PERMISSION_DENIED',
            'This order is with the courier and was paid online: cancelling it refunds the customer, which needs the accounts permission too. Ask the owner, or a member who holds both.',
          );
        }
        const adjustments = await r.adjustments(order.id);
        const cancelled = await cancelOrder(
          tx,
          order,
          { kind: 'store', staffId: actor.staffId, reason },
          { payments: deps.payments, designRequests: deps.designRequests, locked, at },
        );
        refunds.push(...cancelled.refunds);
        // Once invoiced, a credit note cancels the invoice: what was invoiced, with the weight differences settled on it.
        let note = null;
        if (order.invoicedAt) {
          const settled = adjustments.filter((x) => x.status === 'settled');
          const amount = order.totalPaise + settled.reduce((n, x) => n + (x.kind === 'charge' ? x.amountPaise : -x.amountPaise), 0);
          if (amount > 0) note = await issueCreditNote(tx, order, s, { reason: 'cancelled', note: reason, amountPaise: amount, createdBy: actor.staffId, at });
        }
        await recordAudit(tx, actor, {
          action: 'cancel',
          entity: 'order',
          entityId: order.orderNumber,
          before: { status: order.status },
          after: {
            status: 'Cancelled',
            reason,
            refundPaise: cancelled.refundedPaise,
            ...(note ? { creditNote: note.number } : {}),
          },
        });
        const buyer = await r.customer(order.customerId);
        if (buyer)
          await queueMail(tx, orderCancelledByStoreMail(brandOf(s), buyer.email, order.orderNumber, reason, cancelled.refundedPaise, note?.number ?? null));
        if (cancelled.refundedPaise > 0)
          await queueOrderMessage(tx, order, 'refund_issued', { order: order.orderNumber, amount: formatRupees(cancelled.refundedPaise) });
      });
      deps.mailQueued?.();
      await deps.payments.sendRefunds(refunds);
      return { message: `Order ${orderNumber} is cancelled.`, orderNumber, status: 'Cancelled' };
    },

    async invoice(orderNumber: string) {
      const order = await find(orderNumber);
      return renderOrderInvoice(db, order, await settings());
    },

    async creditNote(orderNumber: string, id: number) {
      const order = await find(orderNumber);
      return renderOrderCreditNote(db, order, id, await settings());
    },
  };
}

/** Times as the shop reads them, in India's time (the CSV's column says so): 2026-03-04 17:05. */
function istDateTime(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** A single order's refusal as one sentence of the bulk answer, naming the order ("MIL-…: This order is …"). */
function refusalOf(orderNumber: string, message: string): string {
  const said = message.startsWith(orderNumber)
    ? message
    : `${orderNumber}: ${message.replace(/^There is no order with that number\.$/, 'there is no such order.')}`;
  return /[.!?]$/.test(said) ? said : `${said}.`;
}

function describePacking(after: unknown): string {
  const a = after as { pieces?: { huid: string | null; netWeightMg: number }[]; adjustments?: unknown[] } | null;
  const pieces = a?.pieces ?? [];
  return `${pieces.length} piece${pieces.length === 1 ? '' : 's'} (${pieces.map((p) => (p.huid ? `${p.huid} ${grams(p.netWeightMg)}` : grams(p.netWeightMg))).join(', ')})${a?.adjustments?.length ? `, ${a.adjustments.length} weight difference${a.adjustments.length === 1 ? '' : 's'}` : ''}`;
}

function noteOf(after: unknown): string {
  const a = after as { note?: string; amountPaise?: number } | null;
  return `${a?.amountPaise ? ` (${formatRupees(a.amountPaise)})` : ''}${a?.note ? `: ${a.note}` : ''}`;
}
