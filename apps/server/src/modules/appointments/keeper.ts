import type { Db } from '@milli/db';
import { createAppointmentsService } from './service.ts';

/** Hourly: a reminder goes out within the hour after the day before begins, whatever the instance's restarts. */
export const APPOINTMENT_KEEPER_INTERVAL_MS = 60 * 60_000;

export interface AppointmentKeeperOptions {
  /** 0: never on a timer (tests call run()). */
  intervalMs: number;
  now?: () => Date;
  log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  mailQueued?: () => void;
}

/**
 * The day-before reminders (issue 20), on every instance: one UPDATE claims tomorrow's appointments as it marks
 * them reminded, so two instances running at once mail each reminder once.
 */
export function createAppointmentKeeper(db: Db, options: AppointmentKeeperOptions) {
  const service = createAppointmentsService(db, { publicUrl: '', ...(options.now ? { now: options.now } : {}) });
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function once() {
    const reminded = await service.remind();
    if (reminded > 0) {
      options.mailQueued?.();
      options.log?.info({ reminded }, 'appointment reminders queued');
    }
    return reminded;
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
      timer = setInterval(() => {
        this.run().catch((err: unknown) => options.log?.error({ err }, 'appointment reminders failed; they will try again'));
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

export type AppointmentKeeper = ReturnType<typeof createAppointmentKeeper>;
