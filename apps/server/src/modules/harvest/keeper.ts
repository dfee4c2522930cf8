import type { Db } from '@milli/db';
import { repeatingPass } from '../../lib/repeating-pass.ts';
import type { SettingsService } from '../settings/service.ts';
import { harvestDailyPass } from './desk.ts';

export const HARVEST_KEEPER_INTERVAL_MS = 24 * 60 * 60_000;
/** The first pass comes a few minutes after start (instances restart more often than once a day). */
const FIRST_RUN_MS = 5 * 60_000;

export interface HarvestKeeperOptions {
  /** The store's settings (the reminders' mail frame): the composition root's one service. */
  settings: Pick<SettingsService, 'brand'>;
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

  async function once() {
    const done = await harvestDailyPass(db, options.settings, now());
    if (done.reminded > 0) options.mailQueued?.();
    if (done.matured + done.closed > 0) options.changed?.();
    if (done.reminded + done.matured + done.closed > 0) options.log?.info(done, 'harvest plans kept');
    return done;
  }

  return repeatingPass(once, {
    intervalMs: options.intervalMs,
    firstMs: () => Math.min(options.intervalMs, FIRST_RUN_MS + Math.random() * FIRST_RUN_MS),
    failed: (err) => options.log?.error({ err }, 'harvest pass failed; it will try again'),
  });
}

export type HarvestKeeper = ReturnType<typeof createHarvestKeeper>;
