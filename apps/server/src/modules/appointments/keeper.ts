import type { Db } from '@milli/db';
import { repeatingPass } from '../../lib/repeating-pass.ts';
import { createRateLimiter } from '../../plugins/rate-limit.ts';
import type { SettingsService } from '../settings/service.ts';
import { createAppointmentsService } from './service.ts';

/** Hourly: a reminder goes out within the hour after the day before begins, whatever the instance's restarts. */
export const APPOINTMENT_KEEPER_INTERVAL_MS = 60 * 60_000;

export interface AppointmentKeeperOptions {
  /** 0: never on a timer (tests call run()). */
  intervalMs: number;
  /** The store's settings (the reminders' mail frame): the composition root's one service. */
  settings: Pick<SettingsService, 'brand'>;
  now?: () => Date;
  log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  mailQueued?: () => void;
}

/**
 * The day-before reminders (issue 20), on every instance: one UPDATE claims tomorrow's appointments as it marks
 * them reminded, so two instances running at once mail each reminder once.
 */
export function createAppointmentKeeper(db: Db, options: AppointmentKeeperOptions) {
  const service = createAppointmentsService(db, {
    publicUrl: '',
    limiter: createRateLimiter(db),
    settings: options.settings,
    ...(options.now ? { now: options.now } : {}),
  });

  async function once() {
    const reminded = await service.remind();
    if (reminded > 0) {
      options.mailQueued?.();
      options.log?.info({ reminded }, 'appointment reminders queued');
    }
    return reminded;
  }

  return repeatingPass(once, {
    intervalMs: options.intervalMs,
    failed: (err) => options.log?.error({ err }, 'appointment reminders failed; they will try again'),
  });
}

export type AppointmentKeeper = ReturnType<typeof createAppointmentKeeper>;
