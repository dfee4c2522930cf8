import { sql, type SQL } from 'drizzle-orm';
import {
  PgDatabase,
  PgDialect,
  PgPreparedQuery,
  PgSession,
  type PgQueryResultHKT,
  type PreparedQueryConfig,
  type SelectedFieldsOrdered,
} from 'drizzle-orm/pg-core';
import type { Query } from 'drizzle-orm';
import type { Db, Schema } from './client.ts';

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

/** What a drizzle query builder hands its session when it is prepared: the query made once, and how rows map back. */
interface MadeQuery {
  query: Query;
  fields: SelectedFieldsOrdered | undefined;
  arrayMode: boolean;
  mapper: ((rows: unknown[][]) => unknown) | undefined;
  joins: unknown;
}

/** What a recording session hands back to a builder: a query that only keeps the joins' nullability it is given. */
class RecordedQuery extends PgPreparedQuery<PreparedQueryConfig> {
  constructor(private readonly kept: MadeQuery) {
    super(kept.query, undefined, undefined);
  }

  /** A select sets its joins' nullability on the query it gets back. */
  set joinsNotNullableMap(joins: unknown) {
    this.kept.joins = joins;
  }

  execute(): Promise<never> {
    return Promise.reject(new Error('a recorded query is built once, never run'));
  }
}

/** A session that only writes down what a builder hands it, so a query can be built once without a database. */
class RecordingSession extends PgSession<PgQueryResultHKT, Schema> {
  made: MadeQuery | undefined;

  prepareQuery<T extends PreparedQueryConfig>(
    query: Query,
    fields: SelectedFieldsOrdered | undefined,
    _name: string | undefined,
    arrayMode: boolean,
    mapper?: (rows: unknown[][]) => unknown,
  ): PgPreparedQuery<T> {
    const kept: MadeQuery = { query, fields, arrayMode, mapper, joins: undefined };
    this.made = kept;
    return new RecordedQuery(kept);
  }

  transaction<T>(): Promise<T> {
    return Promise.reject(new Error('a recording session has no transactions'));
  }
}

function madeOnce(name: string, build: (db: Db) => { prepare(name: string): unknown }): MadeQuery {
  const recorder = new RecordingSession(dialect);
  const db: Db = new PgDatabase<PgQueryResultHKT, Schema>(dialect, recorder, undefined);
  build(db).prepare(name);
  if (!recorder.made) throw new Error(`the query '${name}' was not built`);
  return recorder.made;
}

/**
 * A drizzle query (select, insert, update or delete, written as usual, with `sql.placeholder('key')` where a value
 * varies) built once, at its first run, instead of by drizzle on every call; each run binds it to the database or
 * transaction it is given and maps the rows back as the query itself would (columns to their types, joins' nulls).
 * For the statements a purchase runs many times a second: building one is most of what a statement costs this
 * process (decision 038). PostgreSQL keeps it prepared under `name` on each connection, as preparedStatement's.
 *
 * A placeholder stands where drizzle would put a value: it is converted as that column converts its values, so one
 * given null must be in a column whose conversion takes null (not a timestamp or json column: write those with values
 * always given, or leave them out of the query).
 */
export function preparedQuery<Result>(
  name: string,
  build: (db: Db) => { prepare(name: string): { execute(values?: Record<string, unknown>): Promise<Result> } },
): (db: Db, values?: Record<string, unknown>) => Promise<Result> {
  if (names.has(name)) throw new Error(`a prepared statement is already named '${name}'`);
  names.add(name);
  let made: MadeQuery | undefined;
  return (db, values = {}) => {
    made ??= madeOnce(name, build);
    const query = db._.session.prepareQuery(made.query, made.fields, name, made.arrayMode, made.mapper);
    // A select's rows map back by its joins' nullability, which drizzle sets on the query it prepared.
    if (made.joins !== undefined) Object.assign(query, { joinsNotNullableMap: made.joins });
    // The rows are mapped by the builder's own mapper, so they are what its own prepare would give.
    return query.execute(values) as Promise<Result>;
  };
}

/**
 * A placeholder where drizzle's types ask for the column's own value (an update's `set`): drizzle converts it as that
 * column converts its values, as it does a placeholder in an insert's values or a comparison.
 */
export function placeholderValue<T>(name: string): T {
  return sql.placeholder(name) as unknown as T;
}
