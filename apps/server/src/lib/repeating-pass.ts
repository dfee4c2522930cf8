/**
 * A job every instance runs on a timer (the payment, Harvest and appointment keepers). run() makes one pass now,
 * joining a pass already running here rather than doubling it; start() repeats it every `intervalMs` (0: never on
 * a timer, tests call run()), the first time after `firstMs()` when given; a failed pass goes to `failed` and the
 * next tick tries again; stop() clears the timers and waits for a running pass.
 */
export function repeatingPass<T>(once: () => Promise<T>, options: { intervalMs: number; firstMs?: () => number; failed: (err: unknown) => void }) {
  let running: Promise<T> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let first: NodeJS.Timeout | null = null;

  function run(): Promise<T> {
    running ??= once().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    /** One pass now (a pass already running here is joined, not doubled). */
    run,
    start() {
      if (options.intervalMs <= 0 || timer) return;
      const tick = () => {
        run().catch(options.failed);
      };
      if (options.firstMs) {
        first = setTimeout(tick, options.firstMs());
        first.unref();
      }
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
