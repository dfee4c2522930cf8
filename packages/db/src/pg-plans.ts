/**
 * PostgreSQL with its plans kept (decision 037): each statement that comes again is given a name, so node-postgres
 * has PostgreSQL parse and plan it once per connection and from then on only binds and runs it, as postgres.js does
 * for every statement. Drizzle sends the same text from the same call site every time.
 *
 * The rule is plan-policy.ts's (a text is named the second time it is seen; bulk texts never); at most KEPT_MAX texts
 * are named in a process, each prepared by every connection that runs it, so a connection holds at most that many
 * plans. A statement that has a name already (preparedStatement's) keeps its own; a cursor or a stream, and a text
 * sent without values, are left alone. A pooler in front of PostgreSQL must keep a connection's prepared statements
 * (PgBouncer in session mode, or 1.21+ with max_prepared_statements), as for any client that prepares.
 */
import pg from 'pg';
import { KEPT_MAX, SeenTwice } from './plan-policy.ts';

/**
 * A query node-postgres runs as text with values, without a name of its own. A text sent without values goes by the
 * simple protocol (BEGIN, COMMIT, several statements at once), which a name would change: never named.
 */
function unnamedWithValues(config: unknown, values: unknown): config is pg.QueryConfig {
  if (!config || typeof config !== 'object') return false;
  const { text, name, submit, values: own } = config as pg.QueryConfig & { submit?: unknown };
  const given = values ?? own;
  return typeof text === 'string' && !name && typeof submit !== 'function' && Array.isArray(given) && given.length > 0;
}

/** A node-postgres Client class, for pg.Pool's `Client` option, whose statements that come again run on kept plans. */
export function keptPlansClient(): typeof pg.Client & { readonly keptCount: number } {
  const names = new Map<string, string>();
  const seen = new SeenTwice();

  const nameFor = (text: string): string | undefined => {
    const known = names.get(text);
    if (known || names.size >= KEPT_MAX || !seen.secondSighting(text)) return known;
    const name = `milli_kept_${names.size + 1}`;
    names.set(text, name);
    return name;
  };

  const query = pg.Client.prototype.query as (this: pg.Client, config: unknown, ...rest: unknown[]) => unknown;
  class KeptPlansClient extends pg.Client {
    /** How many texts have a name (tests). */
    static get keptCount(): number {
      return names.size;
    }
  }
  // node-postgres's query has many overloads; only an unnamed text query changes: it gets its text's name.
  Object.defineProperty(KeptPlansClient.prototype, 'query', {
    value: function keptQuery(this: pg.Client, config: unknown, ...rest: unknown[]) {
      const name = unnamedWithValues(config, rest[0]) ? nameFor(config.text) : undefined;
      return query.call(this, name ? { ...(config as pg.QueryConfig), name } : config, ...rest);
    },
    writable: true,
    configurable: true,
  });
  return KeptPlansClient;
}
