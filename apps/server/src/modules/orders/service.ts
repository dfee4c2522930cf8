import { type Db } from '@milli/db';
import type {
  OrderDetail,
  OrderListAnswer,
  OrderListQuery,
  OrderReturn,
  OrderStatusAnswer,
  OrderStatusChange,
  ReturnWindow,
  TrackingStep,
} from '@milli/contracts/schemas';
import { ORDER_STEPS } from '@milli/contracts';
import { paidBeforeOf } from '@milli/contracts';
import { type SessionCustomer } from '../../plugins/session.ts';
import { DomainError } from '../../domain-error.ts';
import { queueMail } from '../mail/service.ts';
import { queueOrderMessage } from './messages.ts';

/** An order's SMS or WhatsApp message, for the modules that change an order's life (checkout, courier, returns). */
export { queueOrderMessage };
import { brandOf, type SettingsService } from '../settings/service.ts';
import { orderCancelledMail, orderPlacedMail, orderStepMail } from './mail.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { adjustmentOf, creditNoteOf, lineOf, pieceOf, renderOrderCreditNote, renderOrderInvoice, shipmentOf, toAddress, totalsViewOf } from './documents.ts';
import { FLOW, orderRules } from './rules.ts';
import { ordersRepository, type OrdersRepository, type OrderStatus } from './repository.ts';
import { takeDocumentNumber } from './series.ts';
import { formatRupees, gstContained, indianDate, payableOf, type OrderTotals } from '@milli/pricing';
import type { PaymentRecord, PaymentService, RefundRecord } from '../payments/service.ts';
import type { CreditNote, Order, OrderAdjustment, OrderLine, StoreSettings } from '@milli/db/schema';
import { returnBalance } from '../harvest/service.ts';
import { returnStock } from '../catalog/service.ts';
import { releaseCoupon } from '../coupons/service.ts';
import { giveBackStoreCredit } from '../store-credit/service.ts';
import { giveBackRateLocks } from '../rate-locks/service.ts';
import { giveBackMetal } from '../metal-accounts/service.ts';

export { orderPlacedMail, shipmentOf };

/** The history note of an order that lapsed unpaid (its page then says 'lapsed', and checkout counts lapses by it). */
export const LAPSED_NOTE = 'Not paid in time: the order lapsed and its pieces went back on sale.';

/** What the order's totals were, as the placed mail shows them (the order row is the record). */
function totalsOf(order: Order): OrderTotals {
  return {
    subtotalPaise: order.subtotalPaise,
    discountPaise: order.discountPaise,
    shippingPaise: order.shippingPaise,
    gstPaise: order.taxPaise,
    totalPaise: order.totalPaise,
    harvestCreditPaise: order.harvestCreditPaise,
    storeCreditPaise: order.storeCreditPaise,
    rateLockAdvancePaise: order.rateLockAdvancePaise,
    metalAccountPaise: order.metalAccountPaise,
    payablePaise: payableOf(order),
  };
}

/**
 * The placed mail, from what the order recorded, in the caller's transaction: sent when it is paid (online) or
 * confirmed (on delivery). Checkout, which has the facts at hand, writes it with `orderPlacedMail` itself.
 */
export async function queuePlacedMail(tx: Db, store: Pick<SettingsService, 'get'>, order: Order) {
  const [settings, facts] = await Promise.all([store.get(tx), ordersRepository(tx).placedMailFacts(order.id, order.customerId)]);
  if (!settings || !facts) return;
  await queueOrderMessage(tx, order, 'order_placed', { order: order.orderNumber, amount: formatRupees(order.totalPaise) });
  await queueMail(
    tx,
    orderPlacedMail(settings, facts.email, {
      orderNumber: order.orderNumber,
      firstName: facts.billingFirstName || facts.firstName || facts.username,
      lines: facts.lines,
      totals: totalsOf(order),
      couponCode: order.couponCode,
      deliveryDays: settings.deliveryDays,
    }),
  );
}

/**
 * What the orders module asks of the custom-design module, handed in by the composition root (services.ts), since
 * custom design asks this module for its balance orders and may not be imported back: a made-to-order piece's request
 * follows its order (Picked, Out for Delivery, Delivered, Cancelled) in the order's transaction; `updatedAt` marks the
 * request changed too (the customer's cancel does).
 */
export interface DesignRequests {
  followOrder(tx: Db, requestId: number, status: 'Picked' | 'Out for Delivery' | 'Delivered' | 'Cancelled', opts?: { updatedAt?: Date }): Promise<void>;
}

/** Who cancels an order: the customer, the store (a member of staff, with a reason) or the lapse of its payment's time. */
export type CancelledBy = { kind: 'customer' } | { kind: 'store'; staffId: number | null; reason: string } | { kind: 'lapse' };

/** The payments a cancel gives back or closes: the order's own and each weight-difference charge's. */
export interface OrderPayments {
  order: PaymentRecord | null;
  charges: { adjustmentId: number; payment: PaymentRecord | null }[];
}

/**
 * Locks every payment a cancel may refund or close (the order's, then its weight differences'), in the caller's
 * transaction and before the caller locks the order: a settle takes the payment's lock, then the order's, so a
 * payment settling now finishes first (and the cancel then sees what it did), and the two never deadlock.
 */
export async function lockPaymentsOf(tx: Db, payments: PaymentService, orderId: number): Promise<OrderPayments> {
  const order = await payments.forOrder(orderId, tx, { lock: true });
  const charges = [];
  for (const j of await ordersRepository(tx).adjustments(orderId))
    if (j.kind === 'charge') charges.push({ adjustmentId: j.id, payment: await payments.forAdjustment(j.id, tx, { lock: true }) });
  return { order, charges };
}

/**
 * The one reversal of an order, whoever cancels it, in the caller's transaction (the caller has locked the payments
 * with `lockPaymentsOf`, then the order, and checked it may be cancelled): Cancelled with its history row (who, and
 * why) and the end of its payment hold; the store credit it spent back to the customer's ledger, its pieces back on
 * the shelf, its coupon's use no longer counted, the Milli Harvest balance it spent back to its plans; its packed
 * pieces released (their HUIDs may be sold again) and a made-to-order piece's request cancelled with it; its weight
 * differences closed; its unpaid payments closed (one arriving after this is refunded in full) and what was paid
 * queued for a refund, once (each refund's key is the order's or the difference's). Sending the refunds after commit,
 * the mail, and a credit note for an invoiced order are the caller's.
 */
export async function cancelOrder(
  tx: Db,
  order: Order,
  by: CancelledBy,
  { payments, designRequests, locked, at }: { payments: PaymentService; designRequests: DesignRequests; locked: OrderPayments; at: Date },
): Promise<{ refunds: (RefundRecord | null)[]; refundedPaise: number }> {
  const r = ordersRepository(tx);
  const who = by.kind === 'customer' ? 'Order cancelled by the customer' : by.kind === 'store' ? 'Order cancelled by the store' : 'Order lapsed unpaid';
  const note = by.kind === 'customer' ? 'Cancelled by the customer' : by.kind === 'store' ? `Cancelled by the store: ${by.reason}` : LAPSED_NOTE;
  await r.setStatus(order.id, 'Cancelled', by.kind === 'store' ? by.staffId : null, note, at, { endHold: true });
  // Issue 42: the rate locks' grams and advance it used, back to the locks (their rows before the customer's, as
  // checkout takes them), or, for a lock ended since, its advance refunded.
  const lockRefunds = await giveBackRateLocks(tx, payments, order.customerId, order.id, at);
  // Issue 42: the metal account's fine gold it used, back to its credits (their rows, too, before the customer's).
  await giveBackMetal(tx, order.customerId, order.id, at);
  // The store credit first: it takes the customer's row lock, which placing an order takes before the pieces' (with
  // the cart's), so a cancel and a checkout of the same customer at once wait for each other, never deadlock
  // (decision 031). Given back once: a second reversal of the same order finds nothing owed.
  await giveBackStoreCredit(tx, order.customerId, order.id, order.orderNumber, at);
  await returnStock(tx, await r.lines(order.id));
  await releaseCoupon(tx, order.id);
  await returnBalance(tx, order.customerId, order.id, order.harvestCreditPaise, at);
  await r.releasePieces(order.id, at);
  if (order.customDesignRequestId !== null)
    await designRequests.followOrder(tx, order.customDesignRequestId, 'Cancelled', by.kind === 'customer' ? { updatedAt: at } : {});
  const refunds: (RefundRecord | null)[] = [...lockRefunds];
  const orderPayment = locked.order;
  if (orderPayment?.status === 'created')
    await payments.abandon(tx, orderPayment, by.kind === 'lapse' ? 'Not paid in time: the order lapsed.' : 'The order was cancelled before it was paid.');
  else if (orderPayment)
    refunds.push(
      await payments.queueRefundOf(tx, orderPayment, (by.kind === 'store' ? `${who}: ${by.reason}` : `${who}.`).slice(0, 300), `cancel-order-${order.id}`),
    );
  // Nothing is due on an open charge any more, and none still proposed is decided; one paid goes back.
  await r.closeAdjustments(order.id, at);
  for (const { adjustmentId, payment } of locked.charges) {
    if (payment?.status === 'created') await payments.abandon(tx, payment, 'The order was cancelled.');
    else if (payment) refunds.push(await payments.queueRefundOf(tx, payment, `${who}: the weight difference is refunded.`, `cancel-adjust-${adjustmentId}`));
  }
  return { refunds, refundedPaise: refunds.reduce((n, f) => n + (f?.amountPaise ?? 0), 0) };
}

/** How the order is paid, for its page: what is charged online, what is due on delivery, and where it stands. */
export function paymentOf(
  order: Order,
  payment: PaymentRecord | null,
  history: readonly { status: OrderStatus; note: string | null }[],
  adjustments: readonly Pick<OrderAdjustment, 'kind' | 'status' | 'amountPaise'>[] = [],
): OrderDetail['payment'] {
  // On delivery, a weight difference refunded comes off the cash due.
  const offDelivery =
    order.paymentMethod === 'cod' ? adjustments.filter((a) => a.kind === 'refund' && a.status === 'settled').reduce((n, a) => n + a.amountPaise, 0) : 0;
  const payable = Math.max(payableOf(order) - offDelivery, 0);
  const online = order.paymentMethod === 'online';
  const paid = payment && (payment.status === 'paid' || payment.status === 'refunded') ? payment.amountPaise : 0;
  const refunded = payment?.refundedPaise ?? 0;
  let state: OrderDetail['payment']['state'];
  if (payable === 0) state = 'covered';
  else if (!online) state = 'cod_due';
  else if (refunded > 0) state = refunded >= paid ? 'refunded' : 'partially_refunded';
  else if (paid > 0) state = 'paid';
  else if (order.status === 'Awaiting payment') state = 'awaiting';
  else if (order.status === 'Cancelled') state = history.some((h) => h.note === LAPSED_NOTE) ? 'lapsed' : 'cancelled';
  else state = 'awaiting';
  return {
    method: order.paymentMethod,
    state,
    payNowPaise: online ? payable : 0,
    payOnDeliveryPaise: online ? 0 : payable,
    paidPaise: paid,
    refundedPaise: refunded,
    payBy: order.status === 'Awaiting payment' && order.payBy ? order.payBy.toISOString() : null,
    methodLabel: payment?.method ?? null,
    paidBefore: paidBeforeOf(order),
  };
}

export const ORDER_PAGE_SIZE = 10;

/** Which statuses each list shows (the custom list is the custom-design module's). */
export const LIST_STATUSES: Record<OrderListQuery['list'], readonly OrderStatus[]> = {
  active: ['Awaiting payment', 'Awaiting confirmation', 'Placed', 'Picked', 'Out for Delivery'],
  completed: ['Delivered'],
  cancelled: ['Cancelled'],
};

/** A customer may cancel until the parcel leaves with the courier (DECISIONS §4), and before paying. */
const CANCELLABLE: readonly OrderStatus[] = ['Awaiting payment', 'Awaiting confirmation', 'Placed', 'Picked'];

export const ORDER_MESSAGES = {
  notFound: 'We could not find that order.',
  cancelled: 'Your order has been cancelled. A confirmation has been sent to your e-mail.',
  alreadyCancelled: 'This order is already cancelled.',
  tooLate: 'This order can no longer be cancelled: it is already out for delivery. You can return it after delivery.',
  delivered: 'This order has been delivered and can no longer be cancelled. You can return it within the return window.',
  staffOnly: 'Only store staff can change the status of an order.',
  noInvoice: 'This order was cancelled, so it has no invoice.',
  notYetInvoiced: 'The tax invoice is issued when your order is dispatched.',
  lapsed: 'This order lapsed: its payment did not arrive in time and its pieces went back on sale. Please place it again from your cart.',
  notAwaiting: 'This order is not waiting for a payment.',
  paidMeanwhile: 'Your payment has arrived: the order is placed. Nothing more is due.',
} as const;

/** 'In transit' is how the lists show Picked and Out for Delivery (DECISIONS §4). */
export function displayStatus(status: OrderStatus): string {
  return status === 'Picked' || status === 'Out for Delivery' ? 'In transit' : status;
}

/** An order number as it may appear in a path: anything else cannot name an order. */
const ORDER_NUMBER = /^[A-Za-z0-9][A-Za-z0-9/_-]{0,39}$/;

/** The four tracking steps, each done or not and with the time the history recorded for it. */
export function trackingSteps(status: OrderStatus, history: readonly { status: OrderStatus; at: Date }[]): TrackingStep[] {
  const reached = new Map<OrderStatus, Date>();
  for (const h of history) if (!reached.has(h.status)) reached.set(h.status, h.at);
  const position = FLOW.indexOf(status);
  // A cancelled order has gone as far as the last step its history records.
  const last = position >= 0 ? position : Math.max(-1, ...FLOW.map((s, i) => (reached.has(s) ? i : -1)));
  return FLOW.map((s, i) => ({
    label: ORDER_STEPS[i]!,
    status: s,
    done: i <= last,
    current: position >= 0 && i === position,
    at: reached.get(s)?.toISOString() ?? null,
  }));
}

/**
 * An order's returns and its return window, as its page shows them: the returns module's, handed in by the composition
 * root (services.ts: `services.returns.ofOrder`), since the returns module asks this one for the order and may not be
 * imported back.
 */
export type OrderReturnsOf = (
  db: Db,
  order: Order,
  lines: readonly OrderLine[],
  windowDays: number,
  at: Date,
) => Promise<{ returns: OrderReturn[]; returnWindow: ReturnWindow }>;

export interface OrdersDeps {
  db: Db;
  settings: SettingsService;
  /** Refunds when a paid order is cancelled; the payment block for paying again. */
  payments: PaymentService;
  returnsOf: OrderReturnsOf;
  /** The custom-design module's side of a made-to-order piece's order (a cancel cancels its request). */
  designRequests: DesignRequests;
  /** Called after a transaction that queued mail has committed. */
  mailQueued?: () => void;
  now?: () => Date;
}

export function createOrdersService(deps: OrdersDeps) {
  const { db } = deps;
  const repo = ordersRepository(db);
  const now = deps.now ?? (() => new Date());

  const settings = () => deps.settings.require();

  async function own(customerId: number, orderNumber: string) {
    if (!ORDER_NUMBER.test(orderNumber)) throw new DomainError('ORDER_NOT_FOUND', ORDER_MESSAGES.notFound);
    const order = await repo.findOwn(customerId, orderNumber);
    if (!order) throw new DomainError('ORDER_NOT_FOUND', ORDER_MESSAGES.notFound);
    return order;
  }

  return {
    async list(customerId: number, query: OrderListQuery): Promise<OrderListAnswer> {
      const { total, rows } = await repo.page(customerId, LIST_STATUSES[query.list], ORDER_PAGE_SIZE, (query.page - 1) * ORDER_PAGE_SIZE);
      return {
        data: rows.map((r) => ({
          orderId: r.orderId,
          orderNumber: r.orderNumber,
          date: r.placedAt.toISOString(),
          status: r.status,
          displayStatus: displayStatus(r.status),
          totalPaise: r.totalPaise,
          firstItemName: r.firstItemName ?? '',
          firstItemImage: r.firstItemImage ?? '',
          itemCount: r.itemCount ?? 0,
        })),
        currentPage: query.page,
        totalPages: Math.ceil(total / ORDER_PAGE_SIZE),
        totalResults: total,
      };
    },

    async detail(customerId: number, orderNumber: string): Promise<OrderDetail> {
      const order = await own(customerId, orderNumber);
      const [lines, addresses, history, s, payment, pieces, adjustments, notes] = await Promise.all([
        repo.lines(order.id),
        repo.addresses(order.id),
        repo.history(order.id),
        settings(),
        deps.payments.forOrder(order.id),
        repo.pieces(order.id),
        repo.adjustments(order.id),
        repo.creditNotes(order.id),
      ]);
      const after = await deps.returnsOf(db, order, lines, s.returnWindowDays, now());
      return {
        order: {
          orderId: order.id,
          orderNumber: order.orderNumber,
          invoiceNumber: order.invoiceNumber,
          date: order.placedAt.toISOString(),
          status: order.status,
          displayStatus: displayStatus(order.status),
          couponCode: order.couponCode,
          companyName: order.companyName,
          companyGstin: order.companyGstin,
          canCancel: CANCELLABLE.includes(order.status),
          pan: order.pan,
        },
        payment: paymentOf(order, payment, history, adjustments),
        lines: lines.map(lineOf),
        shippingAddress: toAddress(addresses.find((a) => a.kind === 'shipping')),
        billingAddress: toAddress(addresses.find((a) => a.kind === 'billing')),
        totals: totalsViewOf(order),
        history: history.map((h) => ({ status: h.status, at: h.at.toISOString(), note: h.note })),
        tracking: trackingSteps(order.status, history),
        advancePaise: order.advancePaise,
        shipment: shipmentOf(order),
        pieces: pieces.filter((p) => p.releasedAt === null || order.status === 'Cancelled').map(pieceOf),
        // A difference the accounts desk has not approved is the store's business until it is.
        adjustments: adjustments.filter((j) => j.status !== 'proposed' && j.status !== 'rejected').map(adjustmentOf),
        creditNotes: notes.map(creditNoteOf),
        invoiceAvailable: order.invoicedAt !== null,
        returns: after.returns,
        returnWindow: after.returnWindow,
      };
    },

    /**
     * The customer cancels before the parcel leaves: in one transaction the order's reversal (`cancelOrder`: what it
     * took given back, what was paid refunded) and the confirmation mail.
     */
    async cancel(customer: SessionCustomer, orderNumber: string): Promise<OrderStatusAnswer> {
      if (!ORDER_NUMBER.test(orderNumber)) throw new DomainError('ORDER_NOT_FOUND', ORDER_MESSAGES.notFound);
      const s = await settings();
      const at = now();
      const refunds = await db.transaction(async (tx) => {
        const r = ordersRepository(tx);
        const mine = await r.findOwn(customer.id, orderNumber);
        if (!mine) throw new DomainError('ORDER_NOT_FOUND', ORDER_MESSAGES.notFound);
        // The payments' locks, then the order's: its lock makes a second, simultaneous cancel wait and then see 'Cancelled'.
        const locked = await lockPaymentsOf(tx, deps.payments, mine.id);
        const order = await r.findOwn(customer.id, orderNumber, { lock: true });
        if (!order) throw new DomainError('ORDER_NOT_FOUND', ORDER_MESSAGES.notFound);
        if (order.status === 'Cancelled') throw new DomainError('ORDER_ALREADY_CANCELLED', ORDER_MESSAGES.alreadyCancelled);
        if (order.status === 'Delivered') throw new DomainError('ORDER_NOT_CANCELLABLE', ORDER_MESSAGES.delivered);
        if (!CANCELLABLE.includes(order.status)) throw new DomainError('ORDER_NOT_CANCELLABLE', ORDER_MESSAGES.tooLate);
        const cancelled = await cancelOrder(tx, order, { kind: 'customer' }, { payments: deps.payments, designRequests: deps.designRequests, locked, at });
        await queueMail(tx, orderCancelledMail(brandOf(s), customer.email, order.orderNumber, cancelled.refundedPaise));
        if (cancelled.refundedPaise > 0)
          await queueOrderMessage(tx, order, 'refund_issued', { order: order.orderNumber, amount: formatRupees(cancelled.refundedPaise) });
        return cancelled.refunds;
      });
      deps.mailQueued?.();
      await deps.payments.sendRefunds(refunds);
      return { message: ORDER_MESSAGES.cancelled, orderNumber, status: 'Cancelled' };
    },

    /**
     * POST /api/orders/{orderNumber}/pay: pay an order awaiting payment again (the checkout was closed, a
     * method failed, the gateway was down) while it holds its pieces; after that it has lapsed.
     */
    async payAgain(customerId: number, orderNumber: string) {
      const order = await own(customerId, orderNumber);
      const payment = await deps.payments.forOrder(order.id);
      // No pay-by time: a made-to-order piece's balance, which holds its piece until paid and never lapses.
      const held = order.status === 'Awaiting payment' && (order.payBy === null || order.payBy > now());
      if (!held || !payment || payment.status !== 'created') {
        if (order.status === 'Cancelled' && payment?.status === 'failed' && /lapsed/.test(payment.failureReason ?? ''))
          throw new DomainError('PAYMENT_LAPSED', ORDER_MESSAGES.lapsed);
        if (order.status === 'Awaiting payment') throw new DomainError('PAYMENT_LAPSED', ORDER_MESSAGES.lapsed);
        throw new DomainError('ORDER_NOT_PAYABLE', ORDER_MESSAGES.notAwaiting);
      }
      // A payment may have gone through already (the verify found the gateway down): it is recorded now, and the
      // checkout is not opened again on a gateway order that is paid.
      if (payment.gatewayOrderId && (await deps.payments.reconcile(payment)) === 'settled')
        throw new DomainError('ORDER_NOT_PAYABLE', ORDER_MESSAGES.paidMeanwhile);
      return {
        message: 'Complete the payment to place your order.',
        orderNumber: order.orderNumber,
        payBy: order.payBy?.toISOString() ?? null,
        payment: await deps.payments.open(payment),
      };
    },

    async invoice(customer: SessionCustomer, orderNumber: string) {
      const order = await own(customer.id, orderNumber);
      if (order.status === 'Cancelled' && !order.invoicedAt) throw new DomainError('ORDER_CANCELLED', ORDER_MESSAGES.noInvoice);
      return renderOrderInvoice(db, order, await settings());
    },

    async creditNote(customerId: number, orderNumber: string, id: number) {
      const order = await own(customerId, orderNumber);
      return renderOrderCreditNote(db, order, id, await settings());
    },

    /**
     * POST /api/orders/{orderNumber}/adjustments/{id}/pay: the customer pays an open weight difference of their own
     * order through the gateway (one payment per difference); a difference settled or waived meanwhile is refunded.
     */
    async payAdjustment(customerId: number, orderNumber: string, id: number) {
      const order = await own(customerId, orderNumber);
      const payment = await db.transaction(async (tx) => {
        // One the accounts desk has not approved is not the customer's to see or pay.
        const [adj] = (await ordersRepository(tx).adjustments(order.id)).filter((a) => a.id === id && a.status !== 'proposed' && a.status !== 'rejected');
        if (!adj) throw new DomainError('NOT_FOUND', 'This order has no such weight difference.');
        if (order.status === 'Cancelled') throw new DomainError('ORDER_CANCELLED', 'This order was cancelled; nothing is due on it.');
        if (adj.kind !== 'charge') throw new DomainError('CONFLICT', 'This weight difference is refunded to you: there is nothing to pay.');
        if (adj.status !== 'open')
          throw new DomainError(
            'PAYMENT_SETTLED',
            adj.status === 'settled' ? 'This weight difference is already paid.' : 'This weight difference was waived: there is nothing to pay.',
          );
        return deps.payments.start(tx, {
          customerId,
          purpose: 'order_adjustment',
          key: `adjustment:${adj.id}`,
          amountPaise: adj.amountPaise,
          orderId: order.id,
          adjustmentId: adj.id,
        });
      });
      return { payment: await deps.payments.open(payment) };
    },
  };
}

/*
 * What the after-sale modules (returns and exchanges, issue 20) ask of an order, inside their own transaction: the
 * customer's own order (locked when counting against it), its lines, stock put back on the shelf, pieces released,
 * and a credit note against its invoice.
 */

/** What the tax laws do not keep of the customer's orders, made anonymous inside the transaction that erases their data (issue 38). */
export function anonymiseOrdersOf(tx: Db, customerId: number, name: string): Promise<void> {
  return ordersRepository(tx).anonymiseOf(customerId, name);
}

/** The customer's own order by its number, or null (also for someone else's); `lock` takes its row lock. */
export function ownOrder(tx: Db, customerId: number, orderNumber: string, opts: { lock?: boolean } = {}): Promise<Order | null> {
  return ordersRepository(tx).findOwn(customerId, orderNumber, opts);
}

/** An order's contacts by its number, for a guest's complaint to be checked against (issue 38); null when there is none. */
export function orderContactsOf(tx: Db, orderNumber: string) {
  return ordersRepository(tx).contactsOf(orderNumber);
}

/** The customer's most recent orders (number, day placed, status), for choosing one a complaint is about. */
export function orderChoicesOf(tx: Db, customerId: number, limit = 100) {
  return ordersRepository(tx).choicesOf(customerId, limit);
}

export function orderLinesOf(tx: Db, orderId: number): Promise<OrderLine[]> {
  return ordersRepository(tx).lines(orderId);
}

/** Puts pieces back on the shelf (product rows locked in id order, as every writer of stock does). */
export function putBackOnShelf(tx: Db, lines: readonly { productId: number | null; quantity: number }[]): Promise<void> {
  return returnStock(tx, lines);
}

/**
 * A credit note against the order's invoice, numbered from the credit notes' own series of its financial year
 * (issue 39: 'MIL/2627/C00001'), GST worked back from the amount.
 */
export async function issueCreditNote(
  tx: Db,
  order: Pick<Order, 'id' | 'orderNumber'>,
  s: Pick<StoreSettings, 'invoicePrefix' | 'gstPercent'>,
  note: { reason: CreditNote['reason']; note: string; amountPaise: number; createdBy: number | null; at?: Date },
): Promise<CreditNote> {
  const r = ordersRepository(tx);
  return r.insertCreditNote({
    orderId: order.id,
    number: await takeDocumentNumber(tx, 'credit_note', s.invoicePrefix, note.at ?? new Date()),
    reason: note.reason,
    note: note.note,
    amountPaise: note.amountPaise,
    taxPaise: gstContained(note.amountPaise, Number(s.gstPercent)).gst,
    createdBy: note.createdBy,
    ...(note.at ? { createdAt: note.at } : {}),
  });
}

/*
 * What the modules that make an order or a piece ask of the orders module, in their own transaction.
 */

/** The order number printed on the invoice: the settings' prefix, the year in India, the order id ('MIL-2026-000123'). */
export function orderNumberOf(prefix: string, at: Date, id: number): string {
  return `${prefix}-${indianDate(at).slice(0, 4)}-${String(id).padStart(6, '0')}`;
}

/**
 * Writes a new order on the caller's transaction (checkout's Place Order; a made-to-order piece's balance,
 * custom-design/balance.ts): its id taken first, for the order number it carries, then the order, its lines, both
 * addresses and its first status row in one statement (decision 038).
 */
export async function writeOrder(
  tx: Db,
  order: Omit<Parameters<OrdersRepository['insertOrder']>[0], 'id' | 'orderNumber'> & { invoicePrefix: string },
  lines: Parameters<OrdersRepository['insertOrder']>[1],
  billing: Parameters<OrdersRepository['insertOrder']>[2],
  shipping: Parameters<OrdersRepository['insertOrder']>[3],
  note: string,
) {
  const repo = ordersRepository(tx);
  const id = await repo.nextOrderId();
  const { invoicePrefix, ...values } = order;
  return repo.insertOrder(
    { ...values, id, orderNumber: orderNumberOf(invoicePrefix, values.placedAt instanceof Date ? values.placedAt : new Date(), id) },
    lines,
    billing,
    shipping,
    note,
  );
}

/**
 * Issue 38: the Form 60 declaration of a buyer without a PAN, kept with the order placed on the caller's transaction
 * (checkout). Only the Aadhaar number's last four digits reach here.
 */
export function recordForm60(
  tx: Db,
  orderId: number,
  declaration: { name: string; address: string; amountPaise: number; aadhaarLast4: string | null; noAadhaarReason: string | null; declaredAt: Date },
): Promise<void> {
  return ordersRepository(tx).insertForm60({ orderId, ...declaration });
}

/** Pieces a return or an exchange takes back: released, so their HUIDs may be sold again. */
export function releasePieces(tx: Db, pieceIds: readonly number[], at: Date): Promise<void> {
  return ordersRepository(tx).releasePiecesById(pieceIds, at);
}

/** A made-to-order piece, packed already on its balance order's line (order_pieces): the design desk weighed and hallmarked it. */
export function recordMadePiece(
  tx: Db,
  orderId: number,
  piece: { huid: string | null; netWeightMg: number; grossWeightMg: number; recordedAt: Date },
): Promise<void> {
  return ordersRepository(tx).insertMadePiece(orderId, piece);
}

/**
 * One step along, in the caller's transaction: Awaiting confirmation → Placed (pay on delivery confirmed), Placed →
 * Picked → Out for Delivery (the dispatch: courier and AWB, the invoice issued) → Delivered. The orders desk's buttons
 * and the courier's booking and tracking (issue 39) all move an order through here, so each step is checked, recorded,
 * audited and mailed the same way. A made-to-order piece's request follows.
 */
export async function advanceOrder(
  tx: Db,
  deps: { settings: SettingsService; designRequests: DesignRequests },
  actor: AuditActor,
  orderNumber: string,
  change: OrderStatusChange,
  { at, settings: s }: { at: Date; settings: StoreSettings },
): Promise<void> {
  const r = ordersRepository(tx);
  const order = await r.findForStaff(orderNumber, { lock: true });
  if (!order) throw new DomainError('ORDER_NOT_FOUND', 'There is no order with that number.');
  if (order.status === 'Cancelled') throw new DomainError('ORDER_CANCELLED', 'This order was cancelled; its status can no longer change.');
  if (order.status === 'Awaiting payment')
    throw new DomainError('ORDER_STATUS_NOT_NEXT', 'This order is waiting for its online payment; it is placed once paid.');
  const [lines, pieces, adjustments] = await Promise.all([r.lines(order.id), r.pieces(order.id), r.adjustments(order.id)]);
  const next = orderRules(order, lines, pieces, adjustments);
  if (!next.nextStatus) throw new DomainError('ORDER_DELIVERED', 'This order has been delivered; there is no further step.');
  if (change.status !== next.nextStatus)
    throw new DomainError('ORDER_STATUS_NOT_NEXT', `An order that is ${order.status} can only move to ${next.nextStatus}.`);
  let shipment: { courierName: string; awbNumber: string; trackingUrl: string | null } | undefined;
  if (next.nextStatus === 'Out for Delivery') {
    if (!change.courierName || !change.awbNumber) {
      throw new DomainError('INVALID_REQUEST', 'Give the courier’s name and the AWB number to dispatch the order.', {
        ...(change.courierName ? {} : { courierName: 'The courier’s name is needed for the dispatch.' }),
        ...(change.awbNumber ? {} : { awbNumber: 'The AWB number is needed for the dispatch.' }),
      });
    }
    if (next.blockedBy) throw new DomainError('CONFLICT', next.blockedBy);
    shipment = { courierName: change.courierName, awbNumber: change.awbNumber, trackingUrl: change.trackingUrl ?? null };
    // Issue 39: the invoice takes the next number of its financial year's series, in this transaction.
    await r.dispatch(order.id, shipment, await takeDocumentNumber(tx, 'invoice', s.invoicePrefix, at), at);
  }
  const status = next.nextStatus;
  if (status === 'Delivered') await r.delivered(order.id, at);
  await r.setStatus(order.id, status, actor.staffId, change.note ?? (status === 'Placed' ? 'Pay on delivery confirmed by phone' : null), at);
  if (order.customDesignRequestId !== null && status !== 'Placed') await deps.designRequests.followOrder(tx, order.customDesignRequestId, status);
  await recordAudit(tx, actor, {
    action: 'status',
    entity: 'order',
    entityId: order.orderNumber,
    before: { status: order.status },
    after: { status, ...(change.note ? { note: change.note } : {}), ...(shipment ?? {}) },
  });
  const buyer = await r.customer(order.customerId);
  if (status === 'Placed') await queuePlacedMail(tx, deps.settings, { ...order, status: 'Placed' });
  else if (buyer) await queueMail(tx, orderStepMail(brandOf(s), buyer.email, order.orderNumber, status, s.returnWindowDays, shipment));
  // Issue 41: the dispatch (courier and AWB, with its tracking link, else the order's page) and the delivery by SMS/WhatsApp.
  if (shipment) {
    // No tracking address from the courier: the order's own page (the messenger puts the store's address before a path).
    const tracking = shipment.trackingUrl ?? `/orders/${order.orderNumber}`;
    await queueOrderMessage(tx, order, 'order_dispatched', { order: order.orderNumber, courier: shipment.courierName, awb: shipment.awbNumber, tracking });
  }
  if (status === 'Delivered') await queueOrderMessage(tx, order, 'order_delivered', { order: order.orderNumber });
}

/** What a courier booking needs of an order (issue 39): the order, its lines, its addresses and its buyer, and its rules. */
export async function orderForCourier(tx: Db, orderNumber: string, opts: { lock?: boolean } = {}) {
  const r = ordersRepository(tx);
  const order = await r.findForStaff(orderNumber, opts);
  if (!order) return null;
  const [lines, pieces, adjustments, addresses, buyer] = await Promise.all([
    r.lines(order.id),
    r.pieces(order.id),
    r.adjustments(order.id),
    r.addresses(order.id),
    r.customer(order.customerId),
  ]);
  return { order, lines, pieces, addresses, buyer, rules: orderRules(order, lines, pieces, adjustments) };
}

/** An order by its id, for the courier's webhook (which knows the booking's order id): its number and status. */
export async function orderOfBooking(tx: Db, orderId: number): Promise<{ orderNumber: string; status: OrderStatus } | null> {
  const row = await ordersRepository(tx).byIdLocked(orderId);
  return row ? { orderNumber: row.orderNumber, status: row.status } : null;
}

/**
 * Issue 39: binds HUIDs to their article for ever (huid_articles, owned by the orders module) on the caller's
 * transaction, and answers those already bound to another article. The design desk binds a made piece's HUID to its
 * design through here; packing binds a sold piece's to its SKU.
 */
export function bindHuids(tx: Db, rows: { huid: string; article: string; articleName: string }[], at: Date) {
  return ordersRepository(tx).bindHuids(rows, at);
}
