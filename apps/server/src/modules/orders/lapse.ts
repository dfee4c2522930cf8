import type { Db } from '@milli/db';
import type { Order } from '@milli/db/schema';
import { queueMail } from '../mail/service.ts';
import type { PaymentJobLog, PaymentService } from '../payments/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { orderLapsedMail } from './mail.ts';
import { ordersRepository } from './repository.ts';
import { cancelOrder, lockPaymentsOf, type DesignRequests } from './service.ts';

/** The other modules' services a lapse uses (given by the composition root, through the orders module's routes). */
export interface LapseServices {
  settings: Pick<SettingsService, 'get'>;
  designRequests: DesignRequests;
}

/**
 * Orders awaiting payment past their time (oldest first, a hundred a pass), for the reconciliation job (payments/keeper.ts,
 * through the 'order' payment purpose's `lapseOverdue`). Each: first the gateway is asked (a payment that went through
 * is recorded, never lost); then, still unpaid, the order lapses in one transaction: its reversal (`cancelOrder`:
 * Cancelled with its history note, everything it took given back, its payment closed), and a mail.
 */
export async function lapseOverdueOrders(
  db: Db,
  payments: PaymentService,
  services: LapseServices,
  at: Date,
  log?: PaymentJobLog,
): Promise<{ lapsed: number; paid: number }> {
  const overdue = await ordersRepository(db).overdue(at, 100);
  let lapsed = 0;
  let paid = 0;
  for (const order of overdue) {
    // One order that cannot be lapsed (a database hiccup) is tried again next pass; it never stops the others.
    try {
      const outcome = await lapseOne(db, payments, services, order, at);
      if (outcome === 'paid') paid += 1;
      if (outcome === 'lapsed') lapsed += 1;
    } catch (error) {
      log?.error({ orderId: order.id, err: error instanceof Error ? error.message : error }, 'an overdue order could not be lapsed');
    }
  }
  return { lapsed, paid };
}

async function lapseOne(db: Db, payments: PaymentService, services: LapseServices, order: Order, at: Date): Promise<'paid' | 'lapsed' | 'held' | 'gone'> {
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
    await cancelOrder(tx, row, { kind: 'lapse' }, { payments, designRequests: services.designRequests, locked, at });
    const [settings, buyer] = await Promise.all([services.settings.get(tx), r.customer(row.customerId)]);
    if (settings && buyer) await queueMail(tx, orderLapsedMail(settings, buyer.email, row.orderNumber));
    return true;
  });
  return done ? 'lapsed' : 'gone';
}
