import type { Db } from '@milli/db';
import type { SettingsService } from '../settings/service.ts';
import { harvestDailyPass } from './desk.ts';

export interface HarvestKeeperOptions {
  /** The store's settings (the reminders' mail frame): the composition root's one service. */
  settings: Pick<SettingsService, 'brand'>;
  now?: () => Date;
  log?: { info(obj: object, msg: string): void };
  mailQueued?: () => void;
  changed?: () => void;
}

/**
 * The Harvest job (issue 19): the queue `harvest.daily`, each morning (queues.ts; tests call run()). Maturity and
 * reminder mails. Each step is one UPDATE that claims its rows (a plan matured is no longer active, an instalment
 * reminded is marked so), so a job run twice, or two runs at once, send each reminder once.
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

  return { run: once };
}

export type HarvestKeeper = ReturnType<typeof createHarvestKeeper>;
