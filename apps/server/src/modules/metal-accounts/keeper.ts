import type { Db } from '@milli/db';
import { expireDueMetal } from './service.ts';

export interface MetalKeeperOptions {
  now?: () => Date;
  log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * The metal account's job (issue 42): the queue `metal-accounts.expire`, hourly (queues.ts; tests call run()). Credits
 * past their 365 days expire what is left of them into the ledger.
 */
export function createMetalKeeper(db: Db, options: MetalKeeperOptions = {}) {
  const now = options.now ?? (() => new Date());
  return {
    async run() {
      const done = await expireDueMetal(db, now(), options.log);
      if (done.expired > 0) options.log?.info(done, 'metal credits expired');
      return done;
    },
  };
}

export type MetalKeeper = ReturnType<typeof createMetalKeeper>;
