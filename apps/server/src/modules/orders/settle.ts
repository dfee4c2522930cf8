import type { PaymentPurposeHandler } from '../payments/service.ts';
import { lapseOverdueOrders, type LapseServices } from './lapse.ts';
import { formatRupees } from '@milli/pricing';
import { queueOrderMessage } from './messages.ts';
import { ordersRepository } from './repository.ts';
import { brandOf } from '../settings/service.ts';
import { notifyDesk } from '../staff/service.ts';
import { LAPSED_NOTE, queuePlacedMail } from './service.ts';

/*
 * What an order's payments settle: the two payment purposes the orders module registers with the payments service
 * (routes.ts), each run in the transaction that records its payment, and the lapse of orders not paid in time.
 */

const LAPSED_REASON = 'Your order lapsed before the payment arrived, and its pieces were released.';
const CANCELLED_REASON = 'Your order was cancelled before the payment arrived.';

/**
 * What an order's payment settles (purpose 'order'): the order, Awaiting payment, becomes Placed (with its history
 * row and the placed mail) in the payment's transaction. An order that lapsed or was cancelled first cannot take it:
 * the payment goes back. Orders not paid in time lapse through it too (the reconciliation job's `lapseOverdue`).
 */
export function orderPaymentHandler(services: LapseServices): PaymentPurposeHandler {
  return {
    lapseOverdue: (db, payments, at, log) => lapseOverdueOrders(db, payments, services, at, log),
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
      await queuePlacedMail(tx, services.settings, { ...order, status: 'Placed' });
      await queueOrderMessage(tx, order, 'order_paid', { order: order.orderNumber, amount: formatRupees(payment.amountPaise) });
      const settings = await services.settings.get(tx);
      if (settings) await notifyDesk(tx, brandOf(settings), 'orders', `New order ${order.orderNumber}`);
      // What the verify's answer names, read here already (a payment of an order names no design).
      return { ok: true, target: payment.cadDesignId === null ? { orderNumber: order.orderNumber, orderStatus: 'Placed', customRequestId: null } : undefined };
    },
  };
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
