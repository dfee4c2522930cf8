/**
 * PGlite with its plans kept (decision 037): statements that come again are prepared once under a name and from
 * then on only bound and run, as PostgreSQL clients such as postgres.js do for every statement.
 *
 * PGlite's own `query` parses and plans each statement afresh and talks to the database in six steps (parse,
 * describe, bind, describe, execute, sync). Planning dominates: the cart's three-table read costs 0.3-0.4 ms
 * that way and 0.03 ms bound to a kept plan, in one step. Drizzle builds the same text for the same call site
 * every time, so almost every statement the store sends is one it has sent before.
 *
 * - A text is kept the second time it is seen (plan-policy.ts: a statement sent once, such as a migration, never
 *   is; nor a bulk insert's long text); at most KEPT_MAX are kept, the least recently used closed first.
 * - Values are turned into text exactly as PGlite's `query` does (by the parameter types PostgreSQL reports
 *   when the statement is prepared), and rows are read by PGlite's own result parser with the caller's row mode
 *   and parsers (laid over PGlite's without copying them), so drizzle gets the same answers either way.
 * - Outside a transaction a run holds PGlite's transaction and query locks, as `query` does, and has the files
 *   synced after it; inside one it holds the query lock, the transaction already holding the other.
 * - A kept statement PostgreSQL no longer knows (26000), or whose plan no longer fits its table (0A000, after a
 *   column's type changed under it), is closed, and prepared again and run once outside a transaction; inside one
 *   the error stands. The store changes its tables only by migrations, before it serves.
 * - Never kept: a statement with caller-given parameter types or PGlite's blob device (both rare; drizzle uses
 *   neither). Each wrapper names its statements apart.
 */
import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { KEPT_MAX, SeenTwice } from './plan-policy.ts';

const { serialize } = protocol;

/** Wrappers made in this process: each names its statements apart, should two ever share one PGlite. */
let wrappers = 0;

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

interface Kept {
  name: string;
  /** PostgreSQL's type of each parameter, which decides how a value is written. */
  paramTypes: number[];
}

/** What the wrapper adds to PGlite. */
export interface PlanKeeping {
  /** How many statements are kept now (tests). */
  readonly keptCount: number;
}

/**
 * PGlite as drizzle should see it: the same object, with `query` (and a transaction's `query`) going through kept
 * plans. Everything else (listen, dumpDataDir, close…) is PGlite's, untouched.
 */
export function withKeptPlans(client: PGlite): PGlite & PlanKeeping {
  const kept = new Map<string, Kept>();
  const seen = new SeenTwice();
  const prefix = `milli_kept_${++wrappers}_`;
  let named = 0;

  function valuesFor(statement: Kept, params: unknown[], options: QueryOptions | undefined): (string | null)[] {
    return params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const type = statement.paramTypes[i]!;
      const write = options?.serializers?.[type] ?? client.serializers[type];
      return write ? write(param) : String(param);
    });
  }

  /** Prepares `text` under a new name (closing the least recently used when full); the caller holds the locks. */
  async function keep(text: string, options: QueryOptions | undefined): Promise<Kept> {
    const messages: Uint8Array[] = [];
    if (kept.size >= KEPT_MAX) {
      const [oldText, old] = kept.entries().next().value as [string, Kept];
      kept.delete(oldText);
      messages.push(serialize.close({ type: 'S', name: old.name }));
    }
    const name = `${prefix}${++named}`;
    messages.push(serialize.parse({ name, text, types: options?.paramTypes }), serialize.describe({ type: 'S', name }), serialize.sync());
    const described = await withStatement(text, [], options, () => client.execProtocolStream(joined(messages), { syncToFs: false }));
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
    kept.set(text, statement);
    return statement;
  }

  /** As PGlite's own query does, a failing statement's text and values travel with its error. */
  async function withStatement<R>(text: string, params: unknown[], options: QueryOptions | undefined, run: () => Promise<R>): Promise<R> {
    try {
      return await run();
    } catch (error) {
      if (error && typeof error === 'object') Object.assign(error, { query: text, params, queryOptions: options });
      throw error;
    }
  }

  async function runKept<T>(statement: Kept, text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results<T>> {
    const message = joined([
      serialize.bind({ statement: statement.name, values: valuesFor(statement, params, options) }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    const messages = await withStatement(text, params, options, () => client.execProtocolStream(message, { syncToFs: !inTransaction }));
    return parse.parseResults(messages, parsersFor(options), options?.rowMode ? { rowMode: options.rowMode } : undefined)[0] as Results<T>;
  }

  /**
   * PGlite's parsers with the caller's in front. PGlite's result parser, given the caller's parsers, copies its
   * own 318 into a new object for every statement (0.09 ms, a tenth of an add to cart); an object whose prototype
   * is PGlite's finds the same parser for every type without the copy.
   */
  function parsersFor(options: QueryOptions | undefined): typeof client.parsers {
    if (!options?.parsers) return client.parsers;
    return Object.assign(Object.create(client.parsers) as typeof client.parsers, options.parsers);
  }

  const stale = (error: unknown) => {
    const code = (error as { code?: unknown } | null)?.code;
    return code === '26000' || code === '0A000';
  };

  /**
   * Whether `text` goes through a kept plan now: kept already, or seen once before (and fit to keep). Never with
   * PGlite's blob device (its bytes are handled around PGlite's own query) nor with parameter types given by the
   * caller (a kept plan has the types of its first run; drizzle never gives them).
   */
  function keeps(text: string, options: QueryOptions | undefined): boolean {
    if (options?.blob || options?.paramTypes) return false;
    return kept.has(text) || seen.secondSighting(text);
  }

  /** One statement through its kept plan (prepared now if it is not kept yet); the caller holds the locks. */
  async function runLocked<T>(text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results<T>> {
    let statement = kept.get(text);
    if (statement) {
      // Most recently used last: the first entry is the one closed when room is needed.
      kept.delete(text);
      kept.set(text, statement);
    } else {
      statement = await keep(text, options);
    }
    try {
      return await runKept<T>(statement, text, params, options, inTransaction);
    } catch (error) {
      if (!stale(error)) throw error;
      kept.delete(text);
      // Closed either way (a transaction that failed still takes it); made again only where it can run again now.
      await client.execProtocolStream(joined([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]), { syncToFs: false });
      if (inTransaction) throw error;
      return runKept<T>(await keep(text, options), text, params, options, inTransaction);
    }
  }

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (!keeps(text, options)) return client.query<T>(text, params, options);
    // As PGlite's own query: a closed or failed database says so.
    await client._checkReady();
    return client._runExclusiveTransaction(() => client._runExclusiveQuery(() => runLocked<T>(text, params, options, false)));
  }

  /** A transaction's `query` through kept plans; the transaction's own lock is already held by PGlite. */
  function inTransaction(tx: Transaction): Transaction {
    const txQuery = <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
      if (tx.closed) return Promise.reject(new Error('Transaction is closed'));
      if (!keeps(text, options)) return tx.query<T>(text, params, options);
      return client._runExclusiveQuery(() => runLocked<T>(text, params, options, true));
    };
    return new Proxy(tx, { get: (target, property, receiver) => (property === 'query' ? txQuery : Reflect.get(target, property, receiver)) });
  }

  const transaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> => client.transaction((tx) => callback(inTransaction(tx)));

  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'transaction') return transaction;
      if (property === 'keptCount') return kept.size;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  }) as PGlite & PlanKeeping;
}
