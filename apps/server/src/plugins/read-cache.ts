import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Database, ReadReplica } from '@milli/db';

/** The channel the database announces catalogue, rate, settings and store changes on (migration 0002). */
export const CATALOGUE_CHANNEL = 'milli_catalogue';
/** The channel ending or changing a session is announced on (migration 0005): the session cache listens to it. */
export const SESSIONS_CHANNEL = 'milli_sessions';

export interface ReadCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  /** How many times a change (or a lost connection) emptied the cache. */
  flushes: number;
  listening: boolean;
}

/**
 * What every visitor sees alike (catalogue answers, settings, anonymous pages), kept in memory until the
 * database says something it is made of changed. Each entry belongs to a generation; a change starts a new
 * generation and drops every entry, and an answer loaded while a change arrived is served but not kept.
 * While the instance is not listening (the notification connection is down), nothing is kept: a cache that
 * cannot hear changes would serve stale stock.
 */
export interface ReadCache {
  /** The value kept under `key`, or what `load` gives (one load at a time per key), kept if nothing changed meanwhile. */
  get<T>(key: string, load: () => Promise<T>, sizeOf: (value: T) => number, keep?: (value: T) => boolean): Promise<T>;
  /** A kept value, or undefined. */
  peek<T>(key: string): T | undefined;
  /** Keeps a value loaded elsewhere, if no change arrived since `generation` was read. */
  put(key: string, value: unknown, bytes: number, generation: number): void;
  readonly generation: number;
  /** Drops everything now (this instance's own writes call it right after their commit). */
  invalidate(): void;
  /** Calls `listener` each time everything is dropped (a notification, a reconnection, an own write). */
  onFlush(listener: () => void): void;
  /**
   * Resolves once every change committed before the call has been heard (PostgreSQL delivers notifications
   * on their own connection, a moment after the commit), and, with a read replica, forgotten once it has replayed
   * them. Tests that write to the database directly use it.
   */
  caughtUp(): Promise<void>;
  stats(): ReadCacheStats;
  close(): Promise<void>;
}

interface Entry {
  value: unknown;
  bytes: number;
}

export interface ReadCacheOptions {
  /** Most bytes kept (the sum of the entries' sizes); the least recently used entries go first. 0 turns the cache off. */
  maxBytes: number;
  /** The database channel whose every notification empties the cache (default: the catalogue's). */
  channel?: string;
  /** How long kept answers may show stale counts after a 'products:counts' notification (default COUNTS_LAG_MS). */
  countsLagMs?: number;
  /**
   * The read replica the kept answers are read from (issue 37), if any: a change is forgotten only once the replica
   * has replayed it (or has been left for the primary, after its bound), so the cache never refills with an answer
   * that predates the change it was told of.
   */
  replica?: ReadReplica | null;
}

/**
 * The notification of an update of products that changed only the counts (stock and units sold) and moved no piece
 * into or out of stock (migration 0016): every order sends one.
 */
export const COUNTS_CHANGED = 'products:counts';
/**
 * Kept answers outlive a change of counts by at most this long: the number of pieces left and the best-sellers order
 * may lag by that much, whether a piece is in stock never does. Emptying the cache at every order would leave it
 * empty while the store sells.
 */
export const COUNTS_LAG_MS = 30_000;

export async function createReadCache(database: Database, options: ReadCacheOptions): Promise<ReadCache> {
  const entries = new Map<string, Entry>();
  const loading = new Map<string, { generation: number; promise: Promise<unknown> }>();
  const waiters = new Map<string, () => void>();
  let generation = 0;
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  let flushes = 0;
  let listening = false;
  let syncCounter = 0;
  const enabled = options.maxBytes > 0;
  const channel = options.channel ?? CATALOGUE_CHANNEL;
  const countsLagMs = options.countsLagMs ?? COUNTS_LAG_MS;
  /** The flush a change of counts asked for, due within countsLagMs; any flush meanwhile does its work. */
  let countsFlush: NodeJS.Timeout | null = null;

  const replica = options.replica ?? null;
  /** The replica wait under way, if any; a change that arrives meanwhile waits again once it is done. */
  let replaying: Promise<void> | null = null;
  let changedWhileWaiting = false;

  /**
   * Forgets once the replica has replayed everything the primary has written by now (at once without a replica). The
   * kept answers are served meanwhile: the change is not on the replica yet, so reading again could only give them.
   */
  function flushWhenReplayed() {
    if (!replica) {
      flush();
      return;
    }
    if (replaying) {
      changedWhileWaiting = true;
      return;
    }
    replaying = (async () => {
      do {
        changedWhileWaiting = false;
        await replica.caughtUp().catch(() => false);
        flush();
      } while (changedWhileWaiting);
    })().finally(() => {
      replaying = null;
    });
  }

  const flushListeners: (() => void)[] = [];
  function flush() {
    if (countsFlush) clearTimeout(countsFlush);
    countsFlush = null;
    for (const listener of flushListeners) listener();
    generation++;
    flushes++;
    entries.clear();
    loading.clear();
    bytes = 0;
  }

  function keep(key: string, value: unknown, size: number) {
    if (!enabled || !listening || size > options.maxBytes / 4) return;
    const old = entries.get(key);
    if (old) bytes -= old.bytes;
    entries.delete(key);
    entries.set(key, { value, bytes: size });
    bytes += size;
    for (const [oldest, entry] of entries) {
      if (bytes <= options.maxBytes) break;
      entries.delete(oldest);
      bytes -= entry.bytes;
    }
  }

  const stop = await database.listen(channel, {
    onMessage(payload) {
      if (payload.startsWith('sync:')) {
        waiters.get(payload)?.();
        waiters.delete(payload);
        return;
      }
      if (payload === COUNTS_CHANGED) {
        countsFlush ??= setTimeout(() => {
          countsFlush = null;
          flushWhenReplayed();
        }, countsLagMs).unref();
        return;
      }
      flushWhenReplayed();
    },
    onListening(now) {
      // Whatever changed while nobody listened is unknown: start again either way (and again once the replica has it).
      listening = now;
      flush();
      if (now && replica) flushWhenReplayed();
    },
  });

  function peek<T>(key: string): T | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    // Most recently used goes to the end of the map's order.
    entries.delete(key);
    entries.set(key, entry);
    hits++;
    return entry.value as T;
  }

  return {
    get generation() {
      return generation;
    },

    peek,

    put(key, value, size, since) {
      if (since === generation) keep(key, value, size);
    },

    async get<T>(key: string, load: () => Promise<T>, sizeOf: (value: T) => number, keepIf?: (value: T) => boolean): Promise<T> {
      const kept = peek<T>(key);
      if (kept !== undefined) return kept;
      misses++;
      const pending = loading.get(key);
      if (pending && pending.generation === generation) return pending.promise as Promise<T>;
      const since = generation;
      const promise = load();
      if (enabled && listening) loading.set(key, { generation: since, promise });
      try {
        const value = await promise;
        if (since === generation && (keepIf?.(value) ?? true)) keep(key, value, sizeOf(value));
        return value;
      } finally {
        if (loading.get(key)?.promise === promise) loading.delete(key);
      }
    },

    invalidate() {
      flush();
      // An answer read again from a replica that has not replayed this write yet would be kept: forget again once it has.
      if (replica) flushWhenReplayed();
    },
    onFlush(listener) {
      flushListeners.push(listener);
    },

    async caughtUp() {
      if (database.kind === 'pglite') return; // PGlite hands notifications over before the query that caused them returns.
      const marker = `sync:${process.pid}:${++syncCounter}`;
      const heard = new Promise<void>((resolve) => waiters.set(marker, resolve));
      await database.notify(channel, marker);
      await Promise.race([heard, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
      waiters.delete(marker);
      while (replaying) await replaying;
    },

    stats: () => ({ entries: entries.size, bytes, hits, misses, flushes, listening }),

    async close() {
      if (countsFlush) clearTimeout(countsFlush);
      countsFlush = null;
      await stop();
    },
  };
}

/** A kept answer: its status and its JSON text, serialised once by the route's response schema. */
interface KeptAnswer {
  status: number;
  text: string;
  /** Its compressed forms, made once, on first demand (a browser asks for br or gzip). */
  br?: Buffer;
  gzip?: Buffer;
}

/** Smaller answers go out as they are (as @fastify/compress's threshold in app.ts). */
const COMPRESS_FROM_BYTES = 1024;

/** br or gzip, whichever the Accept-Encoding header allows (br first; a q of 0 refuses one), or null. */
export function keptEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  let gzip = false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip') gzip = true;
  }
  return gzip ? 'gzip' : null;
}

/**
 * Answers a GET from the read cache: on a miss `load` gives the status and value, which the route's own
 * response schema serialises (so a kept answer is exactly what the route would send); 200 and 404 answers
 * are kept, keyed by what the answer depends on. A browser's compressed copy is made once and kept with the
 * answer, instead of compressing the same text again for every request.
 */
export async function sendKept(
  cache: ReadCache,
  reply: FastifyReply,
  key: string,
  load: () => Promise<{ status: number; value: unknown }>,
  headersWhenOk: Record<string, string> = {},
): Promise<void> {
  const kept = await cache.get<KeptAnswer>(
    key,
    async () => {
      const { status, value } = await load();
      reply.status(status);
      return { status, text: reply.serialize(value) as string };
    },
    // UTF-16 text, room for its compressed forms, the key and the object.
    (answer) => answer.text.length * 3 + key.length * 2 + 64,
    (answer) => answer.status === 200 || answer.status === 404,
  );
  await sendAnswer(reply, kept, headersWhenOk);
}

/**
 * For a GET whose answer depends on nothing but its address (a listing, its facets, search suggestions): its answer is
 * kept under the route's own key (the checked, normalised query and the day), and the address the client spelled is
 * remembered as a pointer to that key once the route has checked it. A later request at a remembered address gets the
 * kept answer from `onRequest`, before its query is parsed and checked again, which is most of what such a request
 * costs once its answer is kept. Anything else (an address never checked, a refused query, an answer no longer kept)
 * goes through the route as usual. The answers stay one per normalised query, so many spellings of one query (junk
 * parameters, another order) cost a pointer each and can never push kept answers out of the cache; the pointers are
 * bounded (ADDRESSES_REMEMBERED of at most ADDRESS_CHARS characters, all forgotten at once when full) and hold the
 * Indian day, so a pointer of yesterday never finds today's key.
 */
export function keptByAddress(cache: ReadCache, day: () => string) {
  const keys = new Map<string, string>();
  const address = (request: FastifyRequest) => `${day()} ${request.url}`;
  return {
    onRequest: (async (request, reply) => {
      const key = keys.get(address(request));
      if (key === undefined) return;
      const kept = cache.peek<KeptAnswer>(key);
      if (kept === undefined) return;
      await sendAnswer(reply, kept, {});
      return reply;
    }) satisfies onRequestAsyncHookHandler,
    /** The route's answer, as `sendKept` gives it, and its address remembered as a pointer to `key`. */
    send(request: FastifyRequest, reply: FastifyReply, key: string, load: () => Promise<{ status: number; value: unknown }>): Promise<void> {
      if (request.url.length <= ADDRESS_CHARS) {
        if (keys.size >= ADDRESSES_REMEMBERED) keys.clear();
        keys.set(address(request), key);
      }
      return sendKept(cache, reply, key, load);
    },
  };
}
const ADDRESSES_REMEMBERED = 20_000;
const ADDRESS_CHARS = 512;

/** A kept answer as it goes out: its status, JSON, and its compressed form when the client takes one. */
async function sendAnswer(reply: FastifyReply, kept: KeptAnswer, headersWhenOk: Record<string, string>): Promise<void> {
  reply.status(kept.status).type('application/json; charset=utf-8');
  if (kept.status === 200) reply.headers(headersWhenOk);
  const encoding = kept.text.length >= COMPRESS_FROM_BYTES ? keptEncoding(reply.request.headers['accept-encoding']) : null;
  if (encoding === null) {
    await reply.send(kept.text);
    return;
  }
  // Set here, @fastify/compress leaves the answer alone (it skips what already has a Content-Encoding).
  reply.header('vary', 'Accept-Encoding').header('content-encoding', encoding);
  if (encoding === 'br') {
    kept.br ??= brotliCompressSync(kept.text, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: kept.text.length } });
    await reply.send(kept.br);
  } else {
    kept.gzip ??= gzipSync(kept.text, { level: 6 });
    await reply.send(kept.gzip);
  }
}

/**
 * For the routes that change what every visitor sees (orders moving stock, the back office's catalogue, rates,
 * settings and stores): after any of their writes (POST, PUT, PATCH, DELETE) this instance's read cache forgets
 * at once, before the answer leaves (other instances hear the database's notification a moment later).
 * Registered inside the module, so it applies to that module's routes only. A streamed answer is sent before its
 * write commits: such a route forgets after its commit itself (the product CSV import). Only a write that succeeded
 * (2xx or 3xx) forgets: a refused one changed nothing, and otherwise anyone, a guest included, could empty the cache
 * at will with requests that are sure to be refused (a write that commits and still answers 4xx is heard through
 * the database's notification, as other instances hear every write).
 */
export function forgetAfterWrites(app: FastifyInstance, cache: ReadCache): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) cache.invalidate();
  });
}

/** setTimeout's longest wait (about 24.8 days): a later moment is waited for in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * For kept answers that change by the clock alone (the offers strip: a message or its coupon starting or ending): the
 * returned function asks this instance's cache to forget everything at that moment (the earliest one asked for, each
 * instance by its own clock), since no write, and so no notification, marks it. Asking again after it fired, on the
 * next load, sets the next one.
 */
export function forgetAtTimes(cache: ReadCache): (at: Date | null) => void {
  let timer: NodeJS.Timeout | null = null;
  let due = Number.POSITIVE_INFINITY;
  return (at) => {
    if (at === null || at.getTime() >= due) return;
    if (timer) clearTimeout(timer);
    due = at.getTime();
    const wait = Math.min(Math.max(due - Date.now(), 0) + 10, LONGEST_TIMER_MS);
    timer = setTimeout(() => {
      timer = null;
      due = Number.POSITIVE_INFINITY;
      cache.invalidate();
    }, wait).unref();
  };
}
