import type { Db } from '@milli/db';
import type { PaymentService } from './service.ts';

export interface PaymentKeeperOptions {
  now?: () => Date;
  log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  changed?: () => void;
  mailQueued?: () => void;
}

export interface PaymentKeeperRun {
  lapsed: number;
  paidLate: number;
  settled: number;
  refundsSent: number;
}

/**
 * The reconciliation job (issue 18): the queue `payments.reconcile`, every minute (queues.ts; tests call run()).
 * Purchases awaiting payment past their time (orders: the orders module's `lapseOverdue`, registered with its payment
 * purpose) are asked about at the gateway and lapse when unpaid; unpaid payments older than a minute are asked about,
 * so a lost webhook never leaves a paid order unplaced; refunds not yet processed are sent again under their own keys.
 * Every step is idempotent and takes row locks, so a job run twice, or two runs at once, change nothing twice: a
 * lapsed order is no longer unpaid, a settled payment no longer unsettled, a processed refund no longer pending, and a
 * refund sent again goes under its own idempotency key.
 */
export function createPaymentKeeper(db: Db, payments: PaymentService, options: PaymentKeeperOptions) {
  const now = options.now ?? (() => new Date());

  async function once(): Promise<PaymentKeeperRun> {
    const lapse = await payments.lapseOverdue(db, now(), options.log);
    const swept = await payments.sweep();
    if (lapse.lapsed > 0 || lapse.paid > 0 || swept.settled > 0) {
      options.changed?.();
      options.mailQueued?.();
    }
    if (lapse.lapsed + lapse.paid + swept.settled > 0) options.log?.info({ ...lapse, ...swept }, 'payments reconciled');
    return { lapsed: lapse.lapsed, paidLate: lapse.paid, settled: swept.settled, refundsSent: swept.refundsSent };
  }

  return { run: once };
}

export type PaymentKeeper = ReturnType<typeof createPaymentKeeper>;
