/**
 * Emptying a CDN's copies of the shared pages when the catalogue changes (decision 032). The shared pages say
 * `s-maxage=60, stale-while-revalidate=60`, so a CDN shows a page at most about two minutes old anyway; with
 * CDN_PURGE_URL set, every time an instance's read cache is emptied (the database announced a catalogue, rate,
 * settings, store or stock change: decision 017) a `cdn.purge` job is sent (queues.ts), which asks the CDN to drop
 * what it keeps by an HTTP POST of CDN_PURGE_BODY to CDN_PURGE_URL with the CDN_PURGE_HEADER credential. Changes come
 * in bursts (every order moves stock, every instance hears it), so the job waits ten seconds and the queue holds one
 * waiting purge at most: a burst becomes one purge, the last change always followed by one (decision 042). A refused
 * or unreachable purge throws, so the engine retries it and, past its retries, shows it failed on the Jobs screen;
 * the pages' own s-maxage still bounds how stale the CDN can be.
 */
export interface CdnPurgeConfig {
  url: string;
  /** One header sent with the purge, e.g. ['authorization', 'Bearer …']. */
  header: [string, string] | null;
  body: string;
}

/** Asks the CDN to drop the shared pages once; throws when it refuses or cannot be reached. */
export async function purgeCdn(config: CdnPurgeConfig, options: { timeoutMs?: number } = {}): Promise<void> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (config.header) headers[config.header[0]] = config.header[1];
  let res: Response;
  try {
    // A redirect is not followed (it counts as a refusal): the credential goes to CDN_PURGE_URL alone, never to
    // wherever an answer points (fetch keeps any header but Authorization on another origin).
    res = await fetch(config.url, {
      method: 'POST',
      headers,
      body: config.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    throw new Error(`the CDN could not be asked to purge the shared pages: ${cause ?? (error as Error).message}`);
  }
  await res.body?.cancel();
  if (!res.ok) throw new Error(`the CDN refused the purge of the shared pages (HTTP ${res.status})`);
}

/** CDN_PURGE_HEADER ('Name: value') as a header, or null when unset; anything else is refused. */
export function parsePurgeHeader(raw: string | undefined): [string, string] | null | Error {
  const value = raw?.trim() ?? '';
  if (value === '') return null;
  const match = /^([A-Za-z0-9-]{1,64}):\s*(\S.*)$/.exec(value);
  if (!match) return new Error(`CDN_PURGE_HEADER: expected 'Name: value' (e.g. 'Authorization: Bearer <token>')`);
  return [match[1]!.toLowerCase(), match[2]!];
}
