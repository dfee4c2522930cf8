import type { Db } from '@milli/db';
import { lapseOverdueOrders } from '../orders/payment.ts';
import type { PaymentService } from './service.ts';

export interface PaymentKeeperOptions {
  /** 0: never on a timer (tests call run()). */
  intervalMs: number;
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
 * The reconciliation job (issue 18), every minute on every instance: orders awaiting payment past their time
 * are asked about at the gateway and lapse when unpaid; unpaid payments older than a minute are asked about,
 * so a lost webhook never leaves a paid order unplaced; refunds not yet processed are sent again under
 * their own keys. Every step is idempotent and takes row locks, so two instances running it at once agree.
 */
export function createPaymentKeeper(db: Db, payments: PaymentService, options: PaymentKeeperOptions) {
  const now = options.now ?? (() => new Date());
  let running: Promise<PaymentKeeperRun> | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function once(): Promise<PaymentKeeperRun> {
    const lapse = await lapseOverdueOrders(db, payments, now(), options.log);
    const swept = await payments.sweep();
    if (lapse.lapsed > 0 || lapse.paid > 0 || swept.settled > 0) {
      options.changed?.();
      options.mailQueued?.();
    }
    if (lapse.lapsed + lapse.paid + swept.settled > 0) options.log?.info({ ...lapse, ...swept }, 'payments reconciled');
    return { lapsed: lapse.lapsed, paidLate: lapse.paid, settled: swept.settled, refundsSent: swept.refundsSent };
  }

  return {
    /** One pass now (a pass already running is joined, not doubled). */
    run(): Promise<PaymentKeeperRun> {
      running ??= once().finally(() => {
        running = null;
      });
      return running;
    },
    start() {
      if (options.intervalMs <= 0 || timer) return;
      timer = setInterval(() => {
        this.run().catch((err: unknown) => options.log?.error({ err }, 'payment reconciliation failed'));
      }, options.intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}

export type PaymentKeeper = ReturnType<typeof createPaymentKeeper>;
