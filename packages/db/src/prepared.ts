import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/** Drizzle's own SQL writer (the same escaping and $n parameters as db.execute uses), for text made once. */
const dialect = new PgDialect();

/** Names already given, so two statements can never share one (PostgreSQL would refuse the second text). */
const names = new Set<string>();

/**
 * A statement that runs many times a second (Add to Cart, a rate limit's count, the summary's cart lines and
 * wished pieces): its text is made once, here, instead of on every call, and PostgreSQL prepares it once per
 * connection under `name`, so each run sends only its values and, after its first runs, is not planned again (a
 * nine-part statement is planned in about as long as it takes to run). Write what varies as
 * `sql.placeholder('key')`, and give the values to the function this returns. `db` may be a transaction. Every
 * other statement that comes again has its plan kept too (decision 037, on PGlite under its own name as well); what
 * this adds is the text made once, not by drizzle on every call.
 *
 * Only for statements whose text never changes, and whose generic plan is as good as a planned one (lookups by
 * key, inserts): PostgreSQL may keep a generic plan for a prepared statement after five runs.
 */
export function preparedStatement<Row extends Record<string, unknown>>(name: string, query: SQL): (db: Db, values: Record<string, unknown>) => Promise<Row[]> {
  if (names.has(name)) throw new Error(`a prepared statement is already named '${name}'`);
  names.add(name);
  const built = dialect.sqlToQuery(query);
  return async (db, values) => {
    const result = (await db._.session.prepareQuery(built, undefined, name, false).execute(values)) as Row[] | { rows: Row[] };
    return Array.isArray(result) ? result : result.rows;
  };
}
