/**
 * `npm run bench:pages`: page speed of the storefront, against the production build on 127.0.0.1 with the
 * demo store. Two measures, printed and written to docs/page-speed.md:
 *   1. first-load JavaScript (gzip bytes) of every route of the e2e route table (bench/page-weight.ts);
 *   2. Lighthouse, mobile mode, on home, a listing and a product page, in Debian's Chromium (bench/lighthouse.ts),
 *      two ways (decision 064): every run in one reused Chromium, and each run in a fresh Chromium with a new
 *      profile as Lighthouse's CLI does it (the harsher figure).
 *
 * Environment (all optional):
 *   PAGES_LIGHTHOUSE_RUNS  Lighthouse runs per page in the reused Chromium, the median is kept (default 3; 0 skips Lighthouse)
 *   PAGES_FRESH_RUNS       runs per guest page each in a fresh Chromium and profile, the median is kept (default 3; 0 skips)
 *   PAGES_URL              measure a store already running there instead of starting one
 *   PAGES_REPORTS          folder to keep Lighthouse's full JSON reports in
 *   PAGES_OUT              where to write the report (default docs/page-speed.md; 'none' prints only)
 *   CHROMIUM_PATH          default /usr/bin/chromium
 */
import { execSync, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROUTES } from '../apps/web/e2e/route-table.ts';
import { CHROMIUM, FRESH_TARGETS, LIGHTHOUSE_TARGETS, SLOW_HOST, runLighthouse, type PageScore, type Targets } from './lighthouse.ts';
import { measurePage, type PageWeight } from './page-weight.ts';
import { SERVER_BUNDLE, WEB_BUILD, repoRoot, startStore, type Running } from './processes.ts';

const RUNS = Number(process.env.PAGES_LIGHTHOUSE_RUNS ?? 3);
const FRESH_RUNS = RUNS > 0 ? Number(process.env.PAGES_FRESH_RUNS ?? 3) : 0;
const OUT = process.env.PAGES_OUT ?? 'docs/page-speed.md';
const JS_BUDGET = 100 * 1024;

/** Why the two ways differ and which one a phone sees (decision 064 has the measurements behind it). */
const WHICH_FIGURE = `Both ways throttle by simulation: Lighthouse loads the page at full speed on this machine, times every
task of the main thread, and models a mid-tier phone by multiplying that CPU time by 4 (and the network by a slow-4G
model). The factor is calibrated for a host whose benchmark index is about 2,000; Lighthouse warns below ${SLOW_HOST}.
This machine has 2 cores shared with other work: within minutes its index went from about 2,300 to under 500, and the
same page's blocking time from 12 ms to over 700 ms. A loaded host is scored as a phone two to four times slower than
the one Lighthouse means, and every style, layout and script task of the page grows with it (decision 064).

The other differences are smaller. A fresh Chromium per run (the CLI) adds the browser's own first-start work to the
first page it loads, which a reused Chromium has done already; the median of several runs hides one bad run that a
single CLI run reports. \`--disable-gpu\` is the same both ways (headless Chromium here has no GPU).

The figure a phone would see is the one taken with the host at Lighthouse's calibration (benchmark index near 2,000,
load under the core count): a shopper's browser is already running, like the reused Chromium, and neither way keeps
the store's files cached between runs. The fresh-profile figure is the pessimistic bound, a browser started for this
page alone. A figure marked "slow host" measures this machine's load, not a phone; run \`npm run bench:pages\` again
when \`uptime\` shows a load under 2.`;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function productPath(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/product/productList?page=1`);
  const body = (await res.json()) as { data: { product_id: number }[] };
  return `/product-detail/${body.data[0]!.product_id}`;
}

/**
 * A shopper signed up and logged in through the API, with two pieces in the cart and one in the wish list: the
 * session cookie the logged-in Lighthouse runs send (decision 032: the same page, its personal parts filled in).
 */
async function loggedInShopper(origin: string): Promise<string> {
  const own = { origin, 'content-type': 'application/json' };
  const name = `lighthouse${Date.now().toString(36)}`;
  const password = 'Kundan2024!pages';
  const registered = await fetch(`${origin}/api/auth/register`, {
    method: 'POST',
    headers: own,
    body: JSON.stringify({ username: name, email: `${name}@example.in`, password }),
  });
  if (!registered.ok) throw new Error(`sign-up for the logged-in runs: ${registered.status} ${await registered.text()}`);
  const login = await fetch(`${origin}/api/auth/login`, { method: 'POST', headers: own, body: JSON.stringify({ username: name, password }) });
  if (!login.ok) throw new Error(`login for the logged-in runs: ${login.status}`);
  const { userId } = (await login.json()) as { userId: number };
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const listed = (await (await fetch(`${origin}/api/product/productList?page=1`)).json()) as { data: { product_id: number; product_stock_status: string }[] };
  const inStock = listed.data.filter((p) => p.product_stock_status === 'In Stock');
  for (const piece of inStock.slice(0, 2)) {
    const form = new FormData();
    form.set('cart_product_id', String(piece.product_id));
    form.set('cart_quantity', '1');
    form.set('cart_user_id', String(userId));
    const added = await fetch(`${origin}/api/cart/add`, { method: 'POST', headers: { origin, cookie }, body: form });
    if (!added.ok) throw new Error(`add to cart for the logged-in runs: ${added.status} ${await added.text()}`);
  }
  const wished = await fetch(`${origin}/api/wishlist/add`, {
    method: 'POST',
    headers: { ...own, cookie },
    body: JSON.stringify({ product_id: inStock[0]!.product_id, user_id: userId }),
  });
  if (!wished.ok) throw new Error(`wish list for the logged-in runs: ${wished.status}`);
  return cookie;
}

function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown Chromium';
  }
}

function weightTable(weights: PageWeight[]): string {
  return [
    '| route | JS files | JS raw KB | JS gzip KB | of which React + router | ≤ 100 KB | JS Brotli-11 KB | inline scripts gzip KB | HTML gzip KB |',
    '|---|---|---|---|---|---|---|---|---|',
    ...weights.map(
      (w) =>
        `| \`${w.path}\`${w.finalPath !== w.path ? ` → \`${w.finalPath}\`` : ''} | ${w.files.length} | ${kb(w.bytes)} | ${kb(w.gzip)} | ${kb(w.frameworkGzip)} | ${w.gzip <= JS_BUDGET ? 'yes' : 'no'} | ${kb(w.brotli)} | ${kb(w.inlineGzip)} | ${kb(w.htmlGzip)} |`,
    ),
  ].join('\n');
}

function scoreTable(scores: PageScore[], t: Targets): string {
  const mark = (ok: boolean) => (ok ? '' : ' ✗');
  return [
    '| page | performance | LCP | CLS | TBT (runs’ range) | FCP | benchmark index, load | LCP element | flagged |',
    '|---|---|---|---|---|---|---|---|---|',
    ...scores.map(
      (s) =>
        `| ${s.name} \`${s.path}\` | ${s.performance.toFixed(2)}${mark(s.performance >= t.performance)} | ${(s.lcpMs / 1000).toFixed(2)} s${mark(s.lcpMs <= t.lcpMs)} | ${s.cls.toFixed(3)}${mark(s.cls <= t.cls)} | ${Math.round(s.tbtMs)} ms${mark(s.tbtMs <= t.tbtMs)} (${s.tbtRangeMs.map(Math.round).join('–')}) | ${(s.fcpMs / 1000).toFixed(2)} s | ${Math.round(s.benchmarkIndex)}${s.benchmarkIndex < SLOW_HOST ? ' (slow host)' : ''}, ${s.load.toFixed(1)} | \`${s.lcpElement.replace(/\|/g, '\\|').slice(0, 90)}\` | ${s.findings.join(', ') || '–'} |`,
    ),
  ].join('\n');
}

function verdicts(weights: PageWeight[], reused: PageScore[], fresh: PageScore[]): string[] {
  const over = weights.filter((w) => w.gzip > JS_BUDGET);
  const lines = [
    over.length === 0
      ? `met: every route loads ≤ 100 KB gzip of JavaScript (largest ${kb(Math.max(...weights.map((w) => w.gzip)))} KB)`
      : `NOT met: ${over.length} of ${weights.length} routes load more than 100 KB gzip of JavaScript (smallest ${kb(Math.min(...weights.map((w) => w.gzip)))} KB, largest ${kb(Math.max(...weights.map((w) => w.gzip)))} KB; React, React DOM and React Router alone are ${kb(Math.min(...weights.map((w) => w.frameworkGzip)))} KB)`,
  ];
  const ways: [PageScore[], Targets, string][] = [
    [reused, LIGHTHOUSE_TARGETS, 'reused Chromium'],
    [fresh, FRESH_TARGETS, 'fresh profile'],
  ];
  for (const [scores, t, way] of ways)
    for (const s of scores) {
      const checks: [string, boolean][] = [
        [`performance ${s.performance.toFixed(2)} (≥ ${t.performance})`, s.performance >= t.performance],
        [`LCP ${(s.lcpMs / 1000).toFixed(2)} s (≤ ${t.lcpMs / 1000} s)`, s.lcpMs <= t.lcpMs],
        [`CLS ${s.cls.toFixed(3)} (≤ ${t.cls})`, s.cls <= t.cls],
        [`TBT ${Math.round(s.tbtMs)} ms (≤ ${t.tbtMs} ms)`, s.tbtMs <= t.tbtMs],
      ];
      for (const [what, ok] of checks) lines.push(`${ok ? 'met' : 'NOT met'}: ${s.name} (${way}) ${what}`);
    }
  return lines;
}

function report(weights: PageWeight[], reused: PageScore[], fresh: PageScore[], startedAt: Date): string {
  const cpu = os.cpus();
  return `# Page speed

Written by \`npm run bench:pages\` (bench/page-speed.ts); do not edit by hand. Run on ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC,
on ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${chromiumVersion()},
against the production build on 127.0.0.1 with the demo store.

## First-load JavaScript per route

What a first visit downloads before the page is interactive: the module scripts and modulepreload links in
the server-rendered HTML and everything they import statically, each file gzip-sized (level 6: the budget is
stated in gzip). Inline scripts (the loader data and hydration context) are shown apart; they are the page's data.
"React + router" is React DOM, React and React Router: the entry chunk and what it imports. "Brotli-11" is
what browsers that accept Brotli (all current ones) download: the build writes Brotli-11 and gzip-9 copies of
every asset, and the server sends them as they are (apps/web/scripts/precompress.mjs).

${weightTable(weights)}

## Lighthouse, mobile

${
  reused.length === 0
    ? 'Skipped in this run (PAGES_LIGHTHOUSE_RUNS=0).'
    : `Lighthouse ${lighthouseVersion()} in its default mobile mode (simulated slow 4G, 4× CPU slowdown, a phone's screen), the median of ${RUNS} run(s) per page by performance score. "Benchmark index, load" are Lighthouse's measure of this machine's speed during the median run (it calibrates for about 2,000 and warns below ${SLOW_HOST}: "slow host") and the one-minute load average then; TBT's range is over all the runs. ✗ marks a figure that misses its target.

### One Chromium reused for every run

For a guest and for a logged-in shopper with two pieces in the cart and one in the wish list (the same page, whose personal parts come from GET /api/me/summary: decision 032). Lighthouse clears the cache and storage between runs; the browser itself stays warm.

${scoreTable(reused, LIGHTHOUSE_TARGETS)}

### A fresh Chromium and profile for each run (as Lighthouse's CLI)

${
  fresh.length === 0
    ? 'Skipped in this run (PAGES_FRESH_RUNS=0).'
    : `The median of ${FRESH_RUNS} run(s) per guest page, each in a Chromium started for it with a new, empty profile, with the CLI's \`--headless --disable-gpu\` (targets: performance ≥ ${FRESH_TARGETS.performance}, TBT ≤ ${FRESH_TARGETS.tbtMs} ms).

${scoreTable(fresh, FRESH_TARGETS)}`
}`
}

### Which figure a phone would see

${WHICH_FIGURE}

## Targets (issues 7 and 21)

${verdicts(weights, reused, fresh)
  .map((l) => `- ${l}`)
  .join('\n')}

## Images

The demo catalogue's pictures are SVG drawings made by the store itself (packages/db/src/art.ts), served from
\`/media/art/…\` as \`image/svg+xml\`: a vector format, already as modern as it gets and sharp at every slot size,
so there is nothing to convert to WebP or AVIF. Customers' own uploads (custom design requests) are re-encoded
to WebP by sharp on arrival. The one raster picture of the catalogue is each drawing's 1200 px PNG for link
previews (\`og:image\`), for the chat and social crawlers that read neither SVG nor WebP; no page shows it.
Every product image has width and height so nothing shifts while it loads; the first screen's pictures load
eagerly (the product's main picture and the listing's first card with high fetch priority), the rest lazily.

The page's scripts start after its first paint ([decision 019](decisions/019-sessions-in-memory-and-a-server-bundle.md)):
that is what brought LCP from 2.3-2.5 s to about 1 s; the JavaScript above is still what a first visit downloads.
Why the JavaScript budget is not met, what was measured to find out, and what it would take:
[decision 016](decisions/016-measured-quality.md).
`;
}

function lighthouseVersion(): string {
  try {
    return (
      (JSON.parse(execSync('npm ls lighthouse --json', { cwd: repoRoot, encoding: 'utf8' })) as { dependencies?: { lighthouse?: { version?: string } } })
        .dependencies?.lighthouse?.version ?? ''
    );
  } catch {
    return '';
  }
}

async function main() {
  const startedAt = new Date();
  let server: Running | null = null;
  let dataDir: string | null = null;
  let origin = process.env.PAGES_URL?.replace(/\/$/, '');
  if (!origin) {
    if (![WEB_BUILD, SERVER_BUNDLE].every((file) => existsSync(path.join(repoRoot, file)))) {
      console.log('building the web app and the server first (npm run build)…');
      execSync('npm run build', { cwd: repoRoot, stdio: 'inherit' });
    }
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'milli-pages-'));
    server = await startStore({ dataDir, built: true });
    origin = server.url;
  }
  try {
    console.log(`store at ${origin}\n\nfirst-load JavaScript (gzip):`);
    const cache: Parameters<typeof measurePage>[2] = new Map();
    const weights: PageWeight[] = [];
    for (const route of ROUTES) {
      const w = await measurePage(origin, route, cache);
      weights.push(w);
      console.log(
        `  ${route.padEnd(40).slice(0, 60)} ${kb(w.gzip).padStart(6)} KB in ${w.files.length} files (React + router ${kb(w.frameworkGzip)} KB)${w.finalPath !== route ? `  → ${w.finalPath}` : ''}`,
      );
    }

    let reused: PageScore[] = [];
    let fresh: PageScore[] = [];
    if (RUNS > 0) {
      const reports = process.env.PAGES_REPORTS;
      if (reports) mkdirSync(reports, { recursive: true });
      const guestPages = [
        { name: 'home', path: '/' },
        { name: 'listing', path: '/alljewellery' },
        { name: 'product', path: await productPath(origin) },
      ];
      // The same pages for a logged-in shopper (decision 032): the shared page, then their summary.
      const cookie = await loggedInShopper(origin);
      const pages = [...guestPages, ...guestPages.map((p) => ({ ...p, name: `${p.name}, logged in`, cookie }))];
      console.log(`\nLighthouse (mobile, ${RUNS} run(s) per page in one reused Chromium):`);
      reused = await runLighthouse(origin, pages, RUNS, 'reused', reports);
      if (FRESH_RUNS > 0) {
        console.log(`\nLighthouse (mobile, ${FRESH_RUNS} run(s) per guest page, each in a fresh Chromium and profile):`);
        fresh = await runLighthouse(origin, guestPages, FRESH_RUNS, 'fresh', reports);
      }
      console.log('\nmedian runs:');
      for (const s of [...reused.map((r) => ({ ...r, name: `${r.name} (reused)` })), ...fresh.map((r) => ({ ...r, name: `${r.name} (fresh)` }))])
        console.log(
          `  ${s.name.padEnd(28)} performance ${s.performance.toFixed(2)}, TBT ${Math.round(s.tbtMs)} ms (${s.tbtRangeMs.map(Math.round).join('–')}), LCP ${(s.lcpMs / 1000).toFixed(2)} s, benchmark index ${Math.round(s.benchmarkIndex)}, load ${s.load.toFixed(1)}`,
        );
    }

    console.log('\nTargets:');
    for (const line of verdicts(weights, reused, fresh)) console.log(`  ${line}`);
    if (OUT !== 'none') {
      writeFileSync(path.resolve(repoRoot, OUT), report(weights, reused, fresh, startedAt));
      console.log(`\nwrote ${OUT}`);
    }
  } finally {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
