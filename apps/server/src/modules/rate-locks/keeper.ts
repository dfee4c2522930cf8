import type { Db } from '@milli/db';
import type { PaymentService } from '../payments/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { endDueRateLocks } from './service.ts';

export interface RateLockKeeperOptions {
  settings: Pick<SettingsService, 'get'>;
  now?: () => Date;
  log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  mailQueued?: () => void;
}

/**
 * The rate locks' job (issue 42): the queue `rate-locks.end`, hourly (queues.ts; tests call run()). Locks whose period is
 * over end, their unused advance refunded or kept as their terms said.
 */
export function createRateLockKeeper(db: Db, payments: PaymentService, options: RateLockKeeperOptions) {
  const now = options.now ?? (() => new Date());
  return {
    async run() {
      const done = await endDueRateLocks(db, payments, options.settings, now(), options.log);
      if (done.mailed > 0) options.mailQueued?.();
      if (done.ended > 0) options.log?.info(done, 'rate locks ended');
      return done;
    },
  };
}

export type RateLockKeeper = ReturnType<typeof createRateLockKeeper>;
