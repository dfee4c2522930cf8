import type { Db } from '@milli/db';
import { createRateLimiter } from '../../plugins/rate-limit.ts';
import type { SettingsService } from '../settings/service.ts';
import { createAppointmentsService } from './service.ts';

export interface AppointmentKeeperOptions {
  /** The store's settings (the reminders' mail frame): the composition root's one service. */
  settings: Pick<SettingsService, 'brand'>;
  now?: () => Date;
  log?: { info(obj: object, msg: string): void };
  mailQueued?: () => void;
}

/**
 * The day-before reminders (issue 20): the queue `appointments.remind`, hourly (queues.ts; tests call run()), so a
 * reminder goes out within the hour after the day before begins. One UPDATE claims tomorrow's appointments as it marks
 * them reminded, so a job run twice, or two runs at once, mail each reminder once.
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

  return { run: once };
}

export type AppointmentKeeper = ReturnType<typeof createAppointmentKeeper>;
