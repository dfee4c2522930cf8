/**
 * `npm run bench:uploads`: the server's memory under a burst of large picture uploads, and after it.
 * Starts the built server (apps/server/build/main.mjs; the server bundle is made first if missing) on the
 * embedded database, signs up one customer per request, then sends BURST custom-design requests at once,
 * each with two large JPEG photographs, and samples the server's resident memory every 50 ms: before,
 * at the peak of the burst, and after a quiet pause. Prints the figures and writes them to
 * docs/upload-memory.md.
 *
 * Environment (all optional):
 *   BENCH_BURST        requests sent at once (default 12)
 *   BENCH_MEGAPIXELS   size of each photograph (default 24; the store takes up to 40)
 *   BENCH_QUIET_S      seconds of quiet after the burst before the last reading (default 10)
 *   BENCH_OUT          where to write the report (default docs/upload-memory.md; 'none' prints only)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { SERVER_BUNDLE, repoRoot, startStore } from './processes.ts';

const BURST = Number(process.env.BENCH_BURST ?? 12);
const MEGAPIXELS = Number(process.env.BENCH_MEGAPIXELS ?? 24);
const QUIET_S = Number(process.env.BENCH_QUIET_S ?? 10);
const OUT = process.env.BENCH_OUT ?? 'docs/upload-memory.md';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A photograph-like JPEG (noise over a gradient, which compresses about as a photo does), under 10 MB. */
async function photo(seed: number): Promise<Buffer> {
  const width = Math.round(Math.sqrt((MEGAPIXELS * 1_000_000 * 4) / 3));
  const height = Math.round((width * 3) / 4);
  const noise = sharp({
    create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 110 + seed * 20, sigma: 18 }, background: { r: 0, g: 0, b: 0 } },
  });
  const jpeg = await noise.jpeg({ quality: 70 }).toBuffer();
  if (jpeg.length > 10 * 1024 * 1024) throw new Error(`the test photograph is ${jpeg.length} bytes; lower BENCH_MEGAPIXELS`);
  return jpeg;
}

async function customer(url: string, i: number): Promise<{ id: number; cookie: string }> {
  const ip = `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`;
  const username = `upload${Date.now() % 100_000}${i}`;
  const password = 'Bench-pass-2026';
  const form = (fields: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.set(k, v);
    return f;
  };
  const reg = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    body: form({ username, email: `${username}@bench.example`, password }),
    headers: { 'x-forwarded-for': ip },
  });
  if (reg.status >= 300) throw new Error(`sign-up answered ${reg.status}: ${await reg.text()}`);
  const login = await fetch(`${url}/api/auth/login`, { method: 'POST', body: form({ username, password }), headers: { 'x-forwarded-for': ip } });
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { id: ((await login.json()) as { userId: number }).userId, cookie };
}

function request(who: { id: number; cookie: string }, pictures: Buffer[]): FormData {
  const form = new FormData();
  const fields: Record<string, string> = {
    custMetalType: 'gold',
    custGoldQuality: '18',
    custMetalWeight: '4.5',
    custGoldColor: 'Yellow Gold',
    custCategory: 'Rings',
    custDiamond: 'No',
    custStone: 'No',
    addRemarks: 'A slim band with a leaf pattern, as in these photographs.',
    userId: String(who.id),
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  ['custImgOne', 'custImgTwo'].forEach((name, i) => form.append(name, new Blob([new Uint8Array(pictures[i]!)], { type: 'image/jpeg' }), `${name}.jpg`));
  return form;
}

async function main() {
  if (!existsSync(path.join(repoRoot, SERVER_BUNDLE))) execFileSync(process.execPath, ['apps/server/scripts/build.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  const pictures = [await photo(0), await photo(1)];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'milli-uploads-'));
  const store = await startStore({ dataDir, built: true, serveWeb: false, seedDemo: true });
  try {
    const customers = [];
    for (let i = 0; i < BURST; i++) customers.push(await customer(store.url, i));
    await sleep(2000);
    const before = store.rssMb();

    let peak = before;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, store.rssMb());
        await sleep(50);
      }
    })();
    const started = Date.now();
    const answers = await Promise.all(
      customers.map(async (who) => {
        const res = await fetch(`${store.url}/api/admin/cutom-jewelry/new-request`, {
          method: 'POST',
          body: request(who, pictures),
          headers: { cookie: who.cookie, 'sec-fetch-site': 'same-origin' },
        });
        const body = await res.text();
        if (res.status !== 200 && process.env.BENCH_VERBOSE) console.error(res.status, body);
        return res.status;
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    const atEnd = store.rssMb();
    await sleep(QUIET_S * 1000);
    sampling = false;
    await sampler;
    const after = store.rssMb();

    const statuses = answers.reduce<Record<number, number>>((n, s) => ((n[s] = (n[s] ?? 0) + 1), n), {});
    const megabytes = (pictures[0]!.length + pictures[1]!.length) / 2 / 1024 / 1024;
    const lines = [
      `Burst: ${BURST} custom-design requests at once, each with two JPEG photographs of ${MEGAPIXELS} megapixels (${megabytes.toFixed(1)} MB each), built server, embedded database.`,
      '',
      '| | RSS |',
      '|---|---|',
      `| before the burst | ${before} MB |`,
      `| peak during the burst | ${peak} MB |`,
      `| when the last answer came (${seconds.toFixed(1)} s) | ${atEnd} MB |`,
      `| after ${QUIET_S} s of quiet | ${after} MB |`,
      '',
      `Answers: ${Object.entries(statuses)
        .map(([s, n]) => `${n} × ${s}`)
        .join(', ')}.`,
    ];
    console.log(lines.join('\n'));
    if (OUT !== 'none') {
      const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
      const doc = [
        '# Memory under a burst of uploads',
        '',
        `Written by \`npm run bench:uploads\` (bench/upload-memory.ts) on ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${cpu}, Node ${process.version}. See decision 022.`,
        '',
        ...lines,
        '',
      ].join('\n');
      writeFileSync(path.join(repoRoot, OUT), doc);
    }
  } finally {
    await store.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
