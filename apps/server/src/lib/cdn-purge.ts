/**
 * Emptying a CDN's copies of the shared pages when the catalogue changes (decision 032). The shared pages say
 * `s-maxage=60, stale-while-revalidate=60`, so a CDN shows a page at most about two minutes old anyway; with
 * CDN_PURGE_URL set, every time this instance's read cache is emptied (the database announced a catalogue,
 * rate, settings, store or stock change: decision 017) the server also asks the CDN to drop what it keeps,
 * by an HTTP POST of CDN_PURGE_BODY to CDN_PURGE_URL with the CDN_PURGE_HEADER credential. Changes come in
 * bursts (every order moves stock), so at most one purge leaves per interval, the last change always followed
 * by one. A failed purge is logged; the pages' own s-maxage still bounds how stale the CDN can be.
 */
export interface CdnPurgeConfig {
  url: string;
  /** One header sent with the purge, e.g. ['authorization', 'Bearer …']. */
  header: [string, string] | null;
  body: string;
}

export interface CdnPurger {
  /** Something the shared pages are made of changed. */
  changed(): void;
  /** Resolves once the purge in flight, if any, has settled; no purge leaves afterwards. */
  close(): Promise<void>;
}

interface Log {
  warn(object: object, message: string): void;
}

export function createCdnPurger(config: CdnPurgeConfig, options: { minIntervalMs: number; log: Log; timeoutMs?: number }): CdnPurger {
  let lastSent = -Infinity;
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<void> | null = null;
  let closed = false;

  async function send() {
    lastSent = Date.now();
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (config.header) headers[config.header[0]] = config.header[1];
    try {
      // A redirect is not followed (it counts as a refusal): the credential goes to CDN_PURGE_URL alone, never to
      // wherever an answer points (fetch keeps any header but Authorization on another origin).
      const res = await fetch(config.url, {
        method: 'POST',
        headers,
        body: config.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      if (!res.ok) options.log.warn({ status: res.status }, 'the CDN refused the purge of the shared pages');
      await res.body?.cancel();
    } catch (error) {
      options.log.warn({ err: error }, 'the CDN could not be asked to purge the shared pages');
    }
  }

  function fire() {
    timer = null;
    if (closed) return;
    inFlight = send().finally(() => {
      inFlight = null;
    });
  }

  return {
    changed() {
      if (closed || timer) return;
      const wait = Math.max(0, lastSent + options.minIntervalMs - Date.now());
      timer = setTimeout(fire, wait);
      timer.unref();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await inFlight;
    },
  };
}

/** CDN_PURGE_HEADER ('Name: value') as a header, or null when unset; anything else is refused. */
export function parsePurgeHeader(raw: string | undefined): [string, string] | null | Error {
  const value = raw?.trim() ?? '';
  if (value === '') return null;
  const match = /^([A-Za-z0-9-]{1,64}):\s*(\S.*)$/.exec(value);
  if (!match) return new Error(`CDN_PURGE_HEADER: expected 'Name: value' (e.g. 'Authorization: Bearer <token>')`);
  return [match[1]!.toLowerCase(), match[2]!];
}
