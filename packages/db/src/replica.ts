/**
 * A read replica (issue 37): a second, smaller pool on a PostgreSQL streaming replica, for the reads that tolerate a
 * moment's lag (the catalogue, staff reports). `reader` is what drizzle is built on: each query goes to the replica
 * while it is in use, else to the primary; a transaction always goes to the primary.
 *
 * The replica is left (reads go to the primary) when it does not answer, or when it has not replayed, within
 * `maxWaitMs`, a change the primary announced (`caughtUp`). Meanwhile it is asked again every `probeMs`, and used
 * again once it answers and has replayed everything the primary had written when asked. Each leaving and coming back
 * is logged once.
 */
import pg from 'pg';

export interface ReadReplica {
  /** Whether reads go to the replica now (false while it is down or too far behind: they go to the primary). */
  readonly inUse: boolean;
  /**
   * Resolves once the replica has replayed everything the primary had written when this was called (asked every
   * POLL_MS), true; or false after `maxWaitMs` (it lags or does not answer), when reads have been moved to the primary
   * until it has. The read cache calls it before forgetting on a change, so it never refills from a replica that has
   * not seen that change.
   */
  caughtUp(): Promise<boolean>;
  /** How long the last successful caughtUp waited, and the most it may wait (ms): for logs and tests. */
  stats(): { inUse: boolean; lastWaitMs: number; maxWaitMs: number; fallbacks: number };
  close(): Promise<void>;
}

export const REPLICA_POLL_MS = 50;
/** How long a change may wait for the replica before reads leave it for the primary. */
export const REPLICA_MAX_WAIT_MS = 3_000;
/** How often a replica that was left is asked whether it answers and has caught up. */
export const REPLICA_PROBE_MS = 1_000;

/**
 * Errors that say the replica (not the statement) failed: no answer, a closed connection, a server shutting down or
 * refusing connections, too many connections, a query cancelled by a conflict with recovery. The same read is then
 * made on the primary. Any other error is the statement's own and would fail there as well.
 */
export function replicaFailed(error: unknown): boolean {
  if (!(error instanceof pg.DatabaseError)) return true;
  const code = error.code ?? '';
  return code.startsWith('08') || code.startsWith('57') || code.startsWith('53') || code === '40001';
}

export interface ReplicaOptions {
  primary: pg.Pool;
  replica: pg.Pool;
  maxWaitMs?: number;
  probeMs?: number;
  log?: (message: string) => void;
}

export function createReadReplica(options: ReplicaOptions): ReadReplica & { reader: pg.Pool } {
  const { primary, replica } = options;
  const maxWaitMs = options.maxWaitMs ?? REPLICA_MAX_WAIT_MS;
  const probeMs = options.probeMs ?? REPLICA_PROBE_MS;
  const log = options.log ?? ((message: string) => console.warn(message));
  let inUse = true;
  let closed = false;
  let probe: NodeJS.Timeout | undefined;
  let lastWaitMs = 0;
  let fallbacks = 0;

  const primaryLsn = async () => (await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0]!.lsn;
  /** Bytes the replica still has to replay to reach `lsn` (0 when it has), or null when it does not answer. */
  const behind = async (lsn: string): Promise<number | null> => {
    try {
      const { rows } = await replica.query<{ behind: string | null }>('select pg_wal_lsn_diff($1::pg_lsn, pg_last_wal_replay_lsn())::text as behind', [lsn]);
      const bytes = rows[0]?.behind;
      // No replay position at all: not a replica any more (promoted by hand); never caught up.
      return bytes === null || bytes === undefined ? Number.POSITIVE_INFINITY : Math.max(0, Number(bytes));
    } catch {
      return null;
    }
  };

  function leave(why: string) {
    if (!inUse || closed) return;
    inUse = false;
    fallbacks++;
    log(`The read replica ${why}: reads go to the primary until it answers and has caught up.`);
    scheduleProbe();
  }

  function scheduleProbe() {
    if (closed || probe) return;
    probe = setTimeout(() => {
      probe = undefined;
      void (async () => {
        try {
          const lsn = await primaryLsn();
          if ((await behind(lsn)) === 0 && !closed) {
            inUse = true;
            log('The read replica answers and has caught up: catalogue reads go to it again.');
            return;
          }
        } catch {
          // The primary did not answer either: ask again later.
        }
        scheduleProbe();
      })();
    }, probeMs);
    probe.unref();
  }

  /** A pool-like object for drizzle: queries to the replica while in use (the primary if it fails), transactions to the primary. */
  class ReadPool {
    query(...args: unknown[]): Promise<unknown> {
      const onPrimary = () => (primary.query as (...a: unknown[]) => Promise<unknown>)(...args);
      if (!inUse) return onPrimary();
      return (replica.query as (...a: unknown[]) => Promise<unknown>)(...args).catch((error: unknown) => {
        if (!replicaFailed(error)) throw error;
        // A conflict with recovery is the one statement's bad luck: read it from the primary, keep the replica.
        if (!(error instanceof pg.DatabaseError && error.code === '40001')) leave(`did not answer (${(error as Error).message})`);
        return onPrimary();
      });
    }
    connect() {
      return primary.connect();
    }
  }

  return {
    reader: new ReadPool() as unknown as pg.Pool,
    get inUse() {
      return inUse;
    },
    async caughtUp() {
      if (!inUse) return false;
      const started = Date.now();
      const lsn = await primaryLsn();
      for (;;) {
        // The bound holds even when an answer is slow (a busy pool, a replica that hangs).
        const left = started + maxWaitMs - Date.now();
        const bytes = await Promise.race([behind(lsn), new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), Math.max(0, left)).unref())]);
        if (bytes === 'late') {
          leave(`has not replayed a change within ${maxWaitMs} ms (it did not say how far it is)`);
          return false;
        }
        if (bytes === 0) {
          lastWaitMs = Date.now() - started;
          return true;
        }
        if (bytes === null) {
          leave('did not answer');
          return false;
        }
        if (Date.now() - started >= maxWaitMs) {
          leave(`has not replayed a change within ${maxWaitMs} ms (${bytes} bytes behind)`);
          return false;
        }
        if (!inUse) return false;
        await new Promise((resolve) => setTimeout(resolve, REPLICA_POLL_MS));
      }
    },
    stats: () => ({ inUse, lastWaitMs, maxWaitMs, fallbacks }),
    async close() {
      closed = true;
      clearTimeout(probe);
      await replica.end();
    },
  };
}
