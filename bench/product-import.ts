/**
 * `npm run bench:import`: imports 5,000 generated products through the real route (POST
 * /api/admin/products/import, multipart, as the back office sends it) on a fresh seeded store, first checking
 * the file (dry run), then importing it (one transaction), then importing it again (5,000 updates). Prints rows/s,
 * total ms and the process's peak resident memory for each, on PGlite and, when TEST_DATABASE_URL or DATABASE_URL
 * is set, on PostgreSQL (a fresh database made on that server and dropped afterwards).
 *
 * Environment (all optional):
 *   BENCH_ROWS   products in the file (default 5000, the most one import takes)
 */
import { buildApp } from '../apps/server/src/app.ts';
import { testConfig } from '../apps/server/src/config.ts';
import { createStaff } from '../apps/server/src/testing-factories.ts';
import { csvOf, postImport } from '../apps/server/src/modules/catalog/testing.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 5000);
const SERVER_URL = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
// The test database module reads TEST_DATABASE_URL when loaded: without it, a database not given a URL is PGlite.
delete process.env.TEST_DATABASE_URL;
const { createTestDatabase } = await import('@milli/db/testing');

const CATEGORIES = [
  { name: 'Rings', tags: ['Solitaire', 'Cocktail'] },
  { name: 'Bangles', tags: ['Kada', 'Meenakari'] },
  { name: 'Earrings', tags: [] as string[] },
];

/** A believable catalogue file: weighed gold pieces with percent or per-gram making, some with diamonds, some fixed-price silver. */
function file(rows: number): string {
  const header = [
    'sku',
    'name',
    'category',
    'tags',
    'material',
    'metal',
    'purity',
    'metalWeightG',
    'fixedPrice',
    'makingChargeKind',
    'makingCharge',
    'diamondWeightCt',
    'diamondQuality',
    'stock',
    'occasion',
    'giftRecipients',
  ];
  const lines: string[][] = [header];
  for (let i = 0; i < rows; i += 1) {
    const category = CATEGORIES[i % CATEGORIES.length]!;
    const tag = category.tags.length ? category.tags[i % category.tags.length]! : '';
    const kind = i % 5;
    const sku = `BENCH-${String(i).padStart(5, '0')}`;
    const name = `Bench ${category.name.replace(/s$/, '')} ${i}`;
    if (kind === 4) {
      lines.push([
        sku,
        name,
        category.name,
        tag,
        'Silver',
        'silver',
        '925',
        '',
        String(1500 + (i % 40) * 25),
        'fixed',
        '',
        '',
        '',
        String(i % 9),
        'Daily',
        'Sister',
      ]);
    } else if (kind === 3) {
      lines.push([
        sku,
        name,
        category.name,
        tag,
        'Diamond',
        'gold',
        '18',
        (2 + (i % 30) / 10).toFixed(2),
        '',
        'per_gram',
        '650',
        '0.25',
        'SI-GH',
        String(i % 7),
        'Anniversary',
        'Wife',
      ]);
    } else {
      lines.push([
        sku,
        name,
        category.name,
        tag,
        'Gold',
        'gold',
        '22',
        (3 + (i % 50) / 4).toFixed(3),
        '',
        'percent',
        String(8 + (i % 10)),
        '',
        '',
        String(i % 12),
        'Festive',
        'Mom',
      ]);
    }
  }
  return csvOf(lines);
}

/** Peak resident memory while `work` runs, sampled every 20 ms (and the process's own high-water mark). */
async function measured<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; peakRssMb: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  const started = performance.now();
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { value, ms: performance.now() - started, peakRssMb: Math.round(peak / 1024 / 1024) };
  } finally {
    clearInterval(timer);
  }
}

async function bench(kind: 'PGlite' | 'PostgreSQL', databaseUrl: string | undefined) {
  const database = await createTestDatabase({ seed: true, ...(databaseUrl ? { databaseUrl } : {}) });
  const app = await buildApp({ config: testConfig({ logLevel: 'silent' }), database }, { web: false });
  await app.ready();
  try {
    const { cookie } = await createStaff(app, { role: 'catalogue' });
    const csv = file(ROWS);
    const bytes = Buffer.byteLength(csv);
    console.log(`\n${kind}: ${ROWS} products, ${(bytes / 1024 / 1024).toFixed(2)} MB of CSV`);
    for (const [label, dryRun, expect] of [
      ['check (dry run)', true, { created: ROWS, updated: 0 }],
      ['import (creates)', false, { created: ROWS, updated: 0 }],
      ['import again (updates)', false, { created: 0, updated: ROWS }],
    ] as const) {
      const run = await measured(() => postImport(app, cookie, csv, { dryRun }));
      const report = run.value.json<{ created: number; updated: number; problems: unknown[] }>();
      if (run.value.statusCode !== 200 || report.created !== expect.created || report.updated !== expect.updated) {
        throw new Error(`${label} answered ${run.value.statusCode}: ${run.value.body.slice(0, 500)}`);
      }
      console.log(
        `  ${label.padEnd(24)} ${Math.round(run.ms).toString().padStart(6)} ms  ${Math.round((ROWS / run.ms) * 1000)
          .toString()
          .padStart(6)} rows/s  peak RSS ${run.peakRssMb} MB`,
      );
    }
  } finally {
    await app.close();
    await database.dispose();
  }
}

await bench('PGlite', undefined);
if (SERVER_URL) await bench('PostgreSQL', SERVER_URL);
else console.log('\nPostgreSQL: skipped (set TEST_DATABASE_URL or DATABASE_URL)');
console.log(`\nProcess peak RSS (high-water mark): ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
