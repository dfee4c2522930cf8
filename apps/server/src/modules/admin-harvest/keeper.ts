import type { Db } from '@milli/db';
import { harvestDailyPass } from './service.ts';

export const HARVEST_KEEPER_INTERVAL_MS = 24 * 60 * 60_000;
/** The first pass comes a few minutes after start (instances restart more often than once a day). */
const FIRST_RUN_MS = 5 * 60_000;

export interface HarvestKeeperOptions {
  /** 0: never on a timer (tests call run()). */
  intervalMs: number;
  now?: () => Date;
  log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  mailQueued?: () => void;
  changed?: () => void;
}

/**
 * The Harvest job (issue 19), daily on every instance: maturity and reminder mails. Each step is one
 * UPDATE that claims its rows, so two instances running it at once send each reminder once.
 */
export function createHarvestKeeper(db: Db, options: HarvestKeeperOptions) {
  const now = options.now ?? (() => new Date());
  let running: Promise<Awaited<ReturnType<typeof harvestDailyPass>>> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let first: NodeJS.Timeout | null = null;

  async function once() {
    const done = await harvestDailyPass(db, now());
    if (done.reminded > 0) options.mailQueued?.();
    if (done.matured + done.closed > 0) options.changed?.();
    if (done.reminded + done.matured + done.closed > 0) options.log?.info(done, 'harvest plans kept');
    return done;
  }

  return {
    /** One pass now (a pass already running here is joined, not doubled). */
    run() {
      running ??= once().finally(() => {
        running = null;
      });
      return running;
    },
    start() {
      if (options.intervalMs <= 0 || timer) return;
      const tick = () => {
        this.run().catch((err: unknown) => options.log?.error({ err }, 'harvest pass failed; it will try again'));
      };
      first = setTimeout(tick, Math.min(options.intervalMs, FIRST_RUN_MS + Math.random() * FIRST_RUN_MS));
      first.unref();
      timer = setInterval(tick, options.intervalMs);
      timer.unref();
    },
    async stop() {
      if (first) clearTimeout(first);
      if (timer) clearInterval(timer);
      first = null;
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}

export type HarvestKeeper = ReturnType<typeof createHarvestKeeper>;
