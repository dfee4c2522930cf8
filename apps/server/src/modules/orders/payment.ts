import type { Db } from '@milli/db';
import type { Order } from '@milli/db/schema';
import { payableOf, type OrderTotals } from '@milli/pricing';
import { orderPlacedMail } from '../checkout/mail.ts';
import { queueMail } from '../mail/service.ts';
import { layout, type Brand } from '../../lib/mail-layout.ts';
import type { OutgoingMail } from '../mail/service.ts';
import type { PaymentPurposeHandler, PaymentService } from '../payments/service.ts';
import { createSettingsService } from '../settings/service.ts';
import { ordersRepository } from './repository.ts';
import { cancelOrder, LAPSED_NOTE, lockPaymentsOf } from './service.ts';

export { LAPSED_NOTE };
export const LAPSED_REASON = 'Your order lapsed before the payment arrived, and its pieces were released.';
export const CANCELLED_REASON = 'Your order was cancelled before the payment arrived.';

/** What the order's totals were, as the placed mail shows them (the order row is the record). */
export function totalsOf(order: Order): OrderTotals {
  return {
    subtotalPaise: order.subtotalPaise,
    discountPaise: order.discountPaise,
    shippingPaise: order.shippingPaise,
    gstPaise: order.taxPaise,
    totalPaise: order.totalPaise,
    harvestCreditPaise: order.harvestCreditPaise,
    storeCreditPaise: order.storeCreditPaise,
    payablePaise: payableOf(order),
  };
}

/** The placed mail, from what the order recorded: sent when it is paid (online) or confirmed (on delivery). */
export async function queuePlacedMail(tx: Db, order: Order) {
  const [settings, facts] = await Promise.all([createSettingsService(tx).get(), ordersRepository(tx).placedMailFacts(order.id, order.customerId)]);
  if (!settings || !facts) return;
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

function lapsedMail(brand: Brand, to: string, orderNumber: string): OutgoingMail {
  const body = layout(brand, 'Your order lapsed', [
    `We did not receive the payment for order ${orderNumber} in time, so the order lapsed and its pieces went back on sale. Nothing was charged.`,
    'If a payment was taken after all, it is refunded to the way you paid, in full.',
    `You can place the order again from your cart, or call us on ${brand.helpLine}.`,
  ]);
  return { to, subject: `Your ${brand.storeName} order ${orderNumber} lapsed`, kind: 'order-lapsed', ...body };
}

/**
 * What an order's payment settles: the order, Awaiting payment, becomes Placed (with its history row and the
 * placed mail) in the payment's transaction. An order that lapsed or was cancelled first cannot take it: the
 * payment goes back.
 */
export function orderPaymentHandler(): PaymentPurposeHandler {
  return {
    async receipt(tx, payment) {
      return (await ordersRepository(tx).orderNumberOf(payment.orderId ?? 0)) ?? `order-${payment.orderId}`;
    },
    async settle(tx, payment, at) {
      const r = ordersRepository(tx);
      const order = await r.byIdLocked(payment.orderId ?? 0);
      if (!order) return { ok: false, reason: 'The order this payment was for no longer exists.' };
      if (order.status !== 'Awaiting payment') {
        if (order.status !== 'Cancelled') return { ok: false, reason: 'This order did not need this payment.' };
        const lapsed = (await r.history(order.id)).some((h) => h.note === LAPSED_NOTE);
        return { ok: false, reason: lapsed ? LAPSED_REASON : CANCELLED_REASON };
      }
      await r.setStatus(order.id, 'Placed', null, `Paid online (${payment.method ?? 'gateway'})`, at, { endHold: true });
      await queuePlacedMail(tx, { ...order, status: 'Placed' });
      // What the verify's answer names, read here already (a payment of an order names no design).
      return { ok: true, target: payment.cadDesignId === null ? { orderNumber: order.orderNumber, orderStatus: 'Placed', customRequestId: null } : undefined };
    },
  };
}

/**
 * An order awaiting payment past its time: first the gateway is asked (a payment that went through is
 * recorded, never lost); then, still unpaid, the order lapses in one transaction: its reversal (`cancelOrder`:
 * Cancelled with its history note, everything it took given back, its payment closed), and a mail.
 */
export async function lapseOverdueOrders(
  db: Db,
  payments: PaymentService,
  at: Date,
  log?: { error(obj: object, msg: string): void },
): Promise<{ lapsed: number; paid: number }> {
  const overdue = await ordersRepository(db).overdue(at, 100);
  let lapsed = 0;
  let paid = 0;
  for (const order of overdue) {
    // One order that cannot be lapsed (a database hiccup) is tried again next pass; it never stops the others.
    try {
      const outcome = await lapseOne(db, payments, order, at);
      if (outcome === 'paid') paid += 1;
      if (outcome === 'lapsed') lapsed += 1;
    } catch (error) {
      log?.error({ orderId: order.id, err: error instanceof Error ? error.message : error }, 'an overdue order could not be lapsed');
    }
  }
  return { lapsed, paid };
}

async function lapseOne(db: Db, payments: PaymentService, order: Order, at: Date): Promise<'paid' | 'lapsed' | 'held' | 'gone'> {
  const payment = await payments.forOrder(order.id);
  if (payment && payment.status === 'created') {
    const asked = await payments.reconcile(payment);
    if (asked === 'settled') return 'paid';
    // A gateway that cannot be asked leaves the order held: it lapses once the gateway can say it was not paid.
    if (asked === 'unreachable') return 'held';
  }
  const done = await db.transaction(async (tx) => {
    const r = ordersRepository(tx);
    // The payments' locks before the order's, as a settle takes them (one arriving now waits, then finds the order gone).
    const locked = await lockPaymentsOf(tx, payments, order.id);
    const row = await r.byIdLocked(order.id);
    if (!row || row.status !== 'Awaiting payment') return false;
    await cancelOrder(tx, row, { kind: 'lapse' }, { payments, locked, at });
    const [settings, buyer] = await Promise.all([createSettingsService(tx).get(), r.customer(row.customerId)]);
    if (settings && buyer) await queueMail(tx, lapsedMail(settings, buyer.email, row.orderNumber));
    return true;
  });
  return done ? 'lapsed' : 'gone';
}

/**
 * What a weight difference's payment settles (purpose 'order_adjustment'): the open charge becomes settled. A
 * charge waived, repacked away or settled meanwhile, or an order cancelled, cannot take it: the money goes back.
 */
export function adjustmentPaymentHandler(): PaymentPurposeHandler {
  return {
    async receipt(tx, payment) {
      const number = await ordersRepository(tx).orderNumberOf(payment.orderId ?? 0);
      return `${number ?? 'order'}-w${payment.adjustmentId ?? payment.id}`;
    },
    async settle(tx, payment, at) {
      if (!payment.adjustmentId) return { ok: false, reason: 'The weight difference this payment was for was recorded again; nothing is due on it.' };
      const order = await ordersRepository(tx).byIdLocked(payment.orderId ?? 0);
      if (!order || order.status === 'Cancelled') return { ok: false, reason: 'The order was cancelled before the weight difference was paid.' };
      const adj = await ordersRepository(tx).adjustment(payment.adjustmentId, { lock: true });
      if (!adj || adj.kind !== 'charge') return { ok: false, reason: 'The weight difference this payment was for was recorded again; nothing is due on it.' };
      if (adj.status !== 'open')
        return {
          ok: false,
          reason: adj.status === 'waived' ? 'The store waived this weight difference, so nothing is due.' : 'This weight difference was already paid.',
        };
      await ordersRepository(tx).setAdjustment(adj.id, 'settled', at);
      return { ok: true };
    },
  };
}
