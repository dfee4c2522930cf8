/**
 * First-load JavaScript of a server-rendered page: what a browser fetches on a first visit before the page
 * is interactive. Read from the HTML the server answers: module scripts (external, and the URLs an inline
 * module script imports), modulepreload links (or those the after-first-paint loader adds), and what those
 * files import statically in turn. Each file is
 * fetched and gzip-sized on its own (level 6, as the server's compression sends it). Inline scripts (the
 * loader data and the hydration context) are counted apart: they are the page's data, not code to download.
 */
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

export interface PageWeight {
  path: string;
  /** Where the page ended after redirects (guests asking for an account page land on /login). */
  finalPath: string;
  status: number;
  files: { url: string; bytes: number; gzip: number; brotli: number; framework: boolean }[];
  /** JavaScript files: raw and gzip bytes. */
  bytes: number;
  gzip: number;
  /** The same files as Brotli at its best (quality 11), what they would weigh if compressed once at build time. */
  brotli: number;
  /** The part that is React, React DOM and React Router (the entry module and what it imports). */
  frameworkGzip: number;
  inlineGzip: number;
  htmlGzip: number;
}

const gz = (text: string) => gzipSync(Buffer.from(text), { level: 6 }).length;
const br = (text: string) => brotliCompressSync(Buffer.from(text), { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** Static imports inside a built chunk: `import"./x.js"`, `from"./x.js"`, and `import("/assets/x.js")` in inline scripts. */
function importsOf(code: string, base: string): string[] {
  const found: string[] = [];
  for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+\.js)["']/g)) found.push(new URL(m[1]!, base).href);
  return found;
}

export async function measurePage(
  origin: string,
  pagePath: string,
  cache = new Map<string, { code: string; gzip: number; brotli: number }>(),
): Promise<PageWeight> {
  const res = await fetch(`${origin}${pagePath}`, { headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 11) page-weight' } });
  const html = await res.text();
  const finalUrl = new URL(res.url);
  const pageUrl = finalUrl.href;

  const queue: string[] = [];
  let inline = '';
  let frameworkRoots: string[] = [];
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(m[0])?.[1];
    if (href) queue.push(new URL(href, pageUrl).href);
  }
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1] ?? '';
    const src = /\bsrc="([^"]+)"/.exec(attrs)?.[1];
    if (src) {
      queue.push(new URL(src, pageUrl).href);
      continue;
    }
    const body = m[2] ?? '';
    inline += body;
    // Hydration after the first paint (apps/web/app/lib/defer-hydration.ts): the loader names the preloads it
    // adds, and the inert template becomes the module script; both are downloaded all the same.
    if (body.includes('"modulepreload"')) {
      for (const href of body.matchAll(/"(\/assets\/[^"]+\.js)"/g)) queue.push(new URL(href[1]!, pageUrl).href);
    }
    if (/type="(module|text\/milli-hydration)"/.test(attrs)) {
      queue.push(...importsOf(body, pageUrl));
      frameworkRoots = frameworkRoots.length > 0 ? frameworkRoots : entryOf(body, pageUrl);
    }
  }

  const seen = new Set<string>();
  const files: PageWeight['files'] = [];
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    let file = cache.get(url);
    if (file === undefined) {
      const asset = await fetch(url);
      if (!asset.ok) throw new Error(`${url} answered ${asset.status}`);
      const code = await asset.text();
      file = { code, gzip: gz(code), brotli: br(code) };
      cache.set(url, file);
    }
    files.push({ url, bytes: Buffer.byteLength(file.code), gzip: file.gzip, brotli: file.brotli, framework: false });
    if (frameworkRoots.length === 0) frameworkRoots = entryOf(file.code, pageUrl);
    queue.push(...importsOf(file.code, url));
  }
  for (const f of files) {
    f.framework = frameworkRoots.includes(f.url);
    f.url = new URL(f.url).pathname;
  }
  return {
    path: pagePath,
    finalPath: finalUrl.pathname + finalUrl.search,
    status: res.status,
    files,
    bytes: files.reduce((s, f) => s + f.bytes, 0),
    gzip: files.reduce((s, f) => s + f.gzip, 0),
    brotli: files.reduce((s, f) => s + f.brotli, 0),
    frameworkGzip: files.filter((f) => f.framework).reduce((s, f) => s + f.gzip, 0),
    inlineGzip: inline ? gz(inline) : 0,
    htmlGzip: gz(html),
  };
}

/**
 * React Router's entry (React DOM and the router) and what it imports, as its manifest names them: written inline in
 * the page with lazy route discovery, or in the manifest module the page imports when every route is in the first
 * manifest (decision 035). Empty when `code` holds no manifest.
 */
function entryOf(code: string, pageUrl: string): string[] {
  const entry = /"entry":\s*\{\s*"module":\s*"([^"]+)",\s*"imports":\s*\[([^\]]*)\]/.exec(code);
  return entry ? [entry[1]!, ...[...entry[2]!.matchAll(/"([^"]+)"/g)].map((x) => x[1]!)].map((u) => new URL(u, pageUrl).href) : [];
}
