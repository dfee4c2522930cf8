import { sql, type SQL } from 'drizzle-orm';
import { fromDrizzle, type Db as JobsDb } from 'pg-boss';
import type { Db } from '@milli/db';
import { JOBS_SCHEMA } from '../../lib/jobs.ts';

/**
 * The job engine's own tables (pg-boss, schema `pgboss`), read for the back office's Jobs screen. They are pg-boss's:
 * this file reads them and hands pg-boss the caller's transaction (`asJobsDb`) for a retry or a discard, so the change
 * and its audit line commit together; it writes nothing itself. Before any instance has run the engine (tests) the
 * schema is not there, and every read answers empty.
 */
const job = sql.raw(`${JOBS_SCHEMA}.job`);

export interface QueueCounts {
  name: string;
  depth: number;
  retrying: number;
  active: number;
  failed: number;
  oldestWaitingSeconds: number | null;
  lastCompletedAt: Date | null;
}

export interface FailedJobRow {
  id: string;
  name: string;
  data: unknown;
  output: unknown;
  retryCount: number;
  createdOn: Date;
  completedOn: Date;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

function named(names: readonly string[]): SQL {
  return sql.join(
    names.map((n) => sql`${n}`),
    sql`, `,
  );
}

const toDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

export function jobsRepository(db: Db) {
  async function installed(): Promise<boolean> {
    const [row] = rowsOf<{ present: boolean }>(await db.execute(sql`select to_regclass(${`${JOBS_SCHEMA}.job`}) is not null as present`));
    return row?.present === true;
  }

  return {
    installed,

    /** Per queue: waiting (queued or waiting to retry), retrying, running, failed, the oldest wait, the last success. */
    async counts(names: readonly string[]): Promise<QueueCounts[]> {
      if (names.length === 0 || !(await installed())) return [];
      const rows = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          select name,
            count(*) filter (where state in ('created', 'retry'))::int as depth,
            count(*) filter (where state = 'retry')::int as retrying,
            count(*) filter (where state = 'active')::int as active,
            count(*) filter (where state = 'failed')::int as failed,
            floor(extract(epoch from now() - min(created_on) filter (where state in ('created', 'retry'))))::int as oldest,
            max(completed_on) filter (where state = 'completed') as last_completed
          from ${job} where name in (${named(names)}) group by name`),
      );
      return rows.map((r) => ({
        name: String(r.name),
        depth: Number(r.depth),
        retrying: Number(r.retrying),
        active: Number(r.active),
        failed: Number(r.failed),
        oldestWaitingSeconds: r.oldest === null ? null : Math.max(0, Number(r.oldest)),
        lastCompletedAt: r.last_completed === null ? null : toDate(r.last_completed),
      }));
    },

    /** Failed jobs of these queues, the newest failure first. */
    async failed(names: readonly string[], page: { limit: number; offset: number }): Promise<{ rows: FailedJobRow[]; total: number }> {
      if (names.length === 0 || !(await installed())) return { rows: [], total: 0 };
      const where = sql`state = 'failed' and name in (${named(names)})`;
      const [count] = rowsOf<{ total: number }>(await db.execute(sql`select count(*)::int as total from ${job} where ${where}`));
      const rows = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          select id::text as id, name, data, output, retry_count, created_on, completed_on
          from ${job} where ${where}
          order by completed_on desc, id
          limit ${page.limit} offset ${page.offset}`),
      );
      return {
        total: Number(count?.total ?? 0),
        rows: rows.map((r) => ({
          id: String(r.id),
          name: String(r.name),
          data: r.data,
          output: r.output,
          retryCount: Number(r.retry_count),
          createdOn: toDate(r.created_on),
          completedOn: toDate(r.completed_on),
        })),
      };
    },

    /** One job of one queue, locked for the rest of the transaction (`id` a UUID), or null. */
    async lockJob(queue: string, id: string): Promise<{ state: string; output: unknown; retryCount: number } | null> {
      if (!(await installed())) return null;
      const [row] = rowsOf<Record<string, unknown>>(
        await db.execute(sql`select state, output, retry_count from ${job} where name = ${queue} and id = ${id}::uuid for update`),
      );
      return row ? { state: String(row.state), output: row.output, retryCount: Number(row.retry_count) } : null;
    },

    /** This connection (the caller's transaction) as pg-boss's: its retry or delete commits with the audit line. */
    asJobsDb(): JobsDb {
      return fromDrizzle(db as unknown as Parameters<typeof fromDrizzle>[0], sql as unknown as Parameters<typeof fromDrizzle>[1]);
    },
  };
}
