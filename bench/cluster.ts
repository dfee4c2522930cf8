/**
 * `npm run test:cluster` (issue 37): three instances of the built store behind HAProxy on one fresh PostgreSQL database,
 * under a mixed load, restarted one at a time and then one killed.
 *
 * 1. Builds what is missing (the web app) and the server bundle afresh, creates a fresh database, and starts three
 *    instances on it at the same moment (the migrations lock and the seed's lock meet here: each migration applied
 *    once, the demo store seeded once), each on a free port of 127.0.0.1 trusting 127.0.0.1 as its proxy, with
 *    Razorpay's rules served by one shared simulator (the demo gateway is one instance's own: decision 029).
 * 2. Starts HAProxy (/usr/sbin/haproxy) on a generated configuration in a temp folder: round robin, the readiness
 *    check every 500 ms, two to fall and two to rise, two retries redispatched elsewhere.
 * 3. Drives a mixed load through HAProxy: guests browse pages (home, listing, product) and the API (listing, search,
 *    suggestions, products); buyers sign up and log in, add to the cart, place orders, pay in Razorpay's checkout and
 *    have the store verify it, then read the order back (wherever each request lands).
 * 4. Restarts each instance in turn while the load runs: SIGTERM, wait for its exit, start it again on the same port,
 *    wait until HAProxy has it up. Target: no request fails.
 * 5. Kills one instance with SIGKILL under load: HAProxy's check takes it out; the requests that fail are counted
 *    (those in flight on the killed process only).
 * 6. Checks the data: every order told paid is Placed with one captured payment and whole; each order key made at
 *    most one order (exactly one when answered); the payment invariants; stock = start − sold for every piece bought.
 *
 * Prints its figures and exits 1 when a request failed during the rolling restarts, an instance did not exit 0 on
 * SIGTERM, or an invariant failed. Environment: CLUSTER_DATABASE_URL or else TEST_DATABASE_URL (a PostgreSQL server
 * where it may create and drop milli_cluster_<time>; neither: skipped, as the PostgreSQL pass of the tests is, and so
 * is a machine without HAProxy, but not in CI), CLUSTER_BUYERS (4), CLUSTER_BROWSERS (4), HAPROXY (/usr/sbin/haproxy),
 * CLUSTER_KEEP=1 keeps the database and the temp folder (HAProxy's configuration and log, the servers' log).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { migrationsFolder, openDatabase, schema, type Database } from '@milli/db';
import { paymentBreaches } from '../apps/server/src/reliability/payment-invariants.ts';
import { storeClient, type Answer, type Shopper } from '../apps/server/src/reliability/shoppers.ts';
import { startRazorpaySimServer, type RazorpaySimServer } from '../apps/server/src/modules/payments/simulator-http.ts';
import { SERVER_BUNDLE, WEB_BUILD, repoRoot, startStore, type Running } from './processes.ts';

const HAPROXY = process.env.HAPROXY ?? '/usr/sbin/haproxy';
/** A PostgreSQL server where the run may create and drop its database; none: the run is skipped (as test:pg is). */
const ADMIN_URL = process.env.CLUSTER_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const BUYERS = Number(process.env.CLUSTER_BUYERS ?? 4);
const BROWSERS = Number(process.env.CLUSTER_BROWSERS ?? 4);
const KEEP = process.env.CLUSTER_KEEP === '1';
/** HAProxy's check (inter 500ms, fall 2) needs about 1.5 s to see a 503 (more on a busy machine); the instances serve 3 s. */
const GRACE_MS = 3_000;
const INSTANCES = ['a', 'b', 'c'] as const;
/** Pieces the buyers buy, each given this stock before the load. */
const PIECES = 6;
const START_STOCK = 5_000;
const PAN = 'ABCPE1234F';
const SIM_KEYS = { keyId: 'rzp_test_MilliCluster', keySecret: 'cluster-key-secret', webhookSecret: 'cluster-webhook-secret' };
const BROWSER = { 'accept-encoding': 'br, gzip', accept: 'text/html', 'user-agent': 'Mozilla/5.0 (milli cluster run)' };
const WORDS = ['ring', 'jhumka', 'gold', 'diamond', 'pendant', 'bangle', 'earrings', 'chain'];

type Phase = 'steady' | 'rolling' | 'kill';

interface Sample {
  kind: string;
  phase: Phase;
  /** When it was sent and answered (or failed), Date.now(). */
  sent: number;
  done: number;
  ms: number;
  ok: boolean;
  status: number | 'network';
  detail?: string;
}

interface Attempt {
  shopper: Shopper;
  key: string;
  phase: Phase;
  stage: 'placing' | 'held' | 'placed';
  orderNumber?: string;
  gatewayOrderId?: string;
}

interface Instance {
  name: (typeof INSTANCES)[number];
  port: number;
  running: Running;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const began = Date.now();
const say = (line: string) => console.log(`[cluster ${((Date.now() - began) / 1000).toFixed(1).padStart(5)} s] ${line}`);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function until<T>(what: string, ms: number, check: () => Promise<T | false | null | undefined>, every = 100): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check().catch(() => false as const);
    if (value) return value;
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(every);
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);
}

// ---------------------------------------------------------------------------------------------
// HAProxy

function haproxyConfig(dir: string, port: number, instances: { name: string; port: number }[]): string {
  return `# Generated by bench/cluster.ts (docs/operations.md, "Rolling deploys behind HAProxy").
global
  log stdout format raw local0
  stats socket ${dir}/haproxy.sock mode 600 level admin
  maxconn 4096

defaults
  mode http
  log global
  option log-health-checks
  log-format "%s %ST %tsc %Ta %HM %HP"
  # The client's address for the store's per-address limits: appended to what a trusted proxy sent (TRUST_PROXY).
  option forwardfor
  # A connection refused (an instance killed and not yet marked down) is tried again, on another instance; so is a
  # GET or HEAD whose instance closed the connection without an answer (killed mid-request). Any other request that
  # reached an instance is never sent twice: the instance may have acted on it.
  retries 2
  option redispatch 1
  retry-on conn-failure empty-response
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  timeout http-request 10s
  timeout http-keep-alive 10s
  timeout queue 10s
  # Longer than the two seconds the readiness check gives the database, so its 503 arrives rather than a timeout.
  timeout check 3s

frontend store
  bind 127.0.0.1:${port}
  default_backend milli

backend milli
  balance roundrobin
  http-request disable-l7-retry if !METH_GET
  option httpchk GET /api/health/ready
  http-check expect status 200
  default-server inter 500ms fall 2 rise 2
${instances.map((i) => `  server ${i.name} 127.0.0.1:${i.port} check`).join('\n')}
`;
}

interface HaproxyServer {
  status: string;
  /** Sessions open on the server now (HAProxy's scur). */
  current: number;
}

/** `show stat` on HAProxy's admin socket: each server of the backend, its status (UP, DOWN …) and sessions. */
function haproxyStat(socket: string): Promise<Map<string, HaproxyServer>> {
  return new Promise((resolve, reject) => {
    const connection = net.connect(socket);
    let out = '';
    connection.on('data', (chunk) => (out += chunk.toString()));
    connection.on('error', reject);
    connection.on('end', () => {
      const [header, ...rows] = out.trim().split('\n');
      const columns = header!.replace(/^# /, '').split(',');
      const at = (name: string) => columns.indexOf(name);
      const servers = new Map<string, HaproxyServer>();
      for (const row of rows) {
        const cells = row.split(',');
        if (cells[at('pxname')] !== 'milli' || ['FRONTEND', 'BACKEND'].includes(cells[at('svname')]!)) continue;
        servers.set(cells[at('svname')]!, { status: cells[at('status')]!, current: Number(cells[at('scur')]) });
      }
      resolve(servers);
    });
    connection.write('show stat\n');
  });
}

// ---------------------------------------------------------------------------------------------
// The run

async function main(): Promise<number> {
  // Skipped, not failed, on a machine without them (`npm test` runs this last); CI has both (.ci/run installs HAProxy).
  const missing = !ADMIN_URL
    ? 'no PostgreSQL server (set TEST_DATABASE_URL or CLUSTER_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test)'
    : !existsSync(HAPROXY)
      ? `no HAProxy at ${HAPROXY} (apt-get install haproxy, or set HAPROXY)`
      : null;
  if (missing) {
    console.log(process.env.CI ? `[cluster] cannot run in CI: ${missing}` : `[cluster] skipped: ${missing}`);
    return process.env.CI ? 1 : 0;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'milli-cluster-'));
  process.env.BENCH_SERVER_LOG = path.join(dir, 'servers.log');

  // 1. The build: the web app when missing (about a minute), the server bundle always (seconds: never an old one).
  if (!existsSync(path.join(repoRoot, WEB_BUILD))) {
    say('building the web app (npm run build -w @milli/web)');
    execFileSync('npm', ['run', 'build', '-w', '@milli/web'], { cwd: repoRoot, stdio: 'inherit' });
  }
  execFileSync(process.execPath, ['apps/server/scripts/build.mjs'], { cwd: repoRoot, stdio: 'pipe' });
  say(`server bundled (${SERVER_BUNDLE}); HAProxy: ${execFileSync(HAPROXY, ['-v']).toString().split('\n')[0]}`);

  const dbName = `milli_cluster_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL! });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const dbUrl = (() => {
    const url = new URL(ADMIN_URL!);
    url.pathname = `/${dbName}`;
    return url.toString();
  })();

  let sim: RazorpaySimServer | null = null;
  let haproxy: ChildProcess | null = null;
  let database: Database | null = null;
  const instances: Instance[] = [];
  try {
    const lbPort = await freePort();
    const lbUrl = `http://127.0.0.1:${lbPort}`;
    sim = await startRazorpaySimServer({ ...SIM_KEYS, webhookUrl: `${lbUrl}/api/payments/razorpay/webhook` });
    const ports = await Promise.all(INSTANCES.map(() => freePort()));
    const start = (port: number) =>
      startStore({
        dataDir: dir,
        databaseUrl: dbUrl,
        built: true,
        seedDemo: true,
        timeoutMs: 180_000,
        env: {
          PORT: String(port),
          SHUTDOWN_GRACE_MS: String(GRACE_MS),
          SHUTDOWN_TIMEOUT_MS: '20000',
          PAYMENT_GATEWAY: 'razorpay',
          RAZORPAY_KEY_ID: SIM_KEYS.keyId,
          RAZORPAY_KEY_SECRET: SIM_KEYS.keySecret,
          RAZORPAY_WEBHOOK_SECRET: SIM_KEYS.webhookSecret,
          RAZORPAY_API_URL: sim!.url,
        },
      });

    // Three at once on the fresh database.
    const startedAll = Date.now();
    const first = await Promise.all(ports.map((port) => start(port)));
    INSTANCES.forEach((name, i) => instances.push({ name, port: ports[i]!, running: first[i]! }));
    const startMs = Date.now() - startedAll;
    database = await openDatabase({ databaseUrl: dbUrl, poolSize: 3 });
    const db = database.db;
    const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
    const applied = rowsOf<{ hash: string; times: number }>(
      await db.execute(sql`select hash, count(*)::int as times from drizzle.__drizzle_migrations group by hash`),
    );
    const journal = readMigrationFiles({ migrationsFolder });
    const migrationsOnce = applied.length === journal.length && applied.every((m) => m.times === 1);
    const [{ products } = { products: 0 }] = rowsOf<{ products: number }>(await db.execute(sql`select count(*)::int as products from products`));
    say(
      `3 instances started at once on a fresh database in ${startMs} ms: ${applied.length} of ${journal.length} migrations, ` +
        `${migrationsOnce ? 'each applied once' : 'NOT each once'}; the demo store seeded (${products} products)`,
    );

    // 2. HAProxy.
    const config = path.join(dir, 'haproxy.cfg');
    const socket = path.join(dir, 'haproxy.sock');
    writeFileSync(
      config,
      haproxyConfig(
        dir,
        lbPort,
        instances.map((i) => ({ name: i.name, port: i.port })),
      ),
    );
    try {
      execFileSync(HAPROXY, ['-c', '-f', config], { stdio: 'pipe' });
    } catch (error) {
      throw new Error(`HAProxy refuses the configuration ${config}:\n${String((error as { stderr?: Buffer }).stderr ?? error)}`);
    }
    haproxy = spawn(HAPROXY, ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
    const logChunks: string[] = [];
    for (const stream of [haproxy.stdout!, haproxy.stderr!]) stream.on('data', (chunk: Buffer) => logChunks.push(chunk.toString()));
    const stat = () => haproxyStat(socket);
    await until('HAProxy has every instance up', 15_000, async () => {
      const servers = [...(await stat()).values()];
      return servers.length === INSTANCES.length && servers.every((server) => server.status === 'UP');
    });
    say(`HAProxy on ${lbUrl}: round robin over ${instances.map((i) => `${i.name} :${i.port}`).join(', ')}, all UP`);

    // The pieces the buyers buy, each with a known stock.
    const pieces = await db
      .select({ id: schema.products.id, name: schema.products.name })
      .from(schema.products)
      .where(
        and(eq(schema.products.active, true), isNull(schema.products.sizeKind), gt(schema.products.stock, 0), lt(schema.products.listPricePaise, 150_000_00)),
      )
      .orderBy(schema.products.id)
      .limit(PIECES);
    await db
      .update(schema.products)
      .set({ stock: START_STOCK })
      .where(
        inArray(
          schema.products.id,
          pieces.map((p) => p.id),
        ),
      );
    const productIds = (await db.select({ id: schema.products.id }).from(schema.products).where(eq(schema.products.active, true))).map((p) => p.id);

    // 3. The load.
    const client = storeClient(lbUrl);
    const samples: Sample[] = [];
    const attempts: Attempt[] = [];
    const simFailures: string[] = [];
    let phase: Phase = 'steady';
    const of = (p: Phase) => samples.filter((x) => x.phase === p);
    let running = true;
    let inFlight = 0;
    let sequence = 0;

    async function step(kind: string, call: () => Promise<Answer>, good: (a: Answer) => boolean = (a) => a.status === 200): Promise<Answer | null> {
      const at = phase;
      const sent = Date.now();
      const t0 = performance.now();
      inFlight++;
      try {
        const answer = await call();
        const ok = good(answer);
        samples.push({
          kind,
          phase: at,
          sent,
          done: Date.now(),
          ms: performance.now() - t0,
          ok,
          status: answer.status,
          ...(ok ? {} : { detail: JSON.stringify(answer.body).slice(0, 200) }),
        });
        return ok ? answer : null;
      } catch (error) {
        samples.push({
          kind,
          phase: at,
          sent,
          done: Date.now(),
          ms: performance.now() - t0,
          ok: false,
          status: 'network',
          detail: String((error as Error).cause ?? error),
        });
        return null;
      } finally {
        inFlight--;
      }
    }

    const page = (pathname: string) => async (): Promise<Answer> => {
      const res = await fetch(`${lbUrl}${pathname}`, { headers: BROWSER });
      await res.arrayBuffer();
      return { status: res.status, body: null };
    };

    async function browser(n: number) {
      let k = n;
      while (running) {
        k++;
        const id = productIds[(k * 7919) % productIds.length]!;
        const word = WORDS[k % WORDS.length]!;
        const choices: [string, () => Promise<Answer>][] = [
          ['page:home', page('/')],
          ['page:listing', page(k % 2 ? '/alljewellery' : `/alljewellery/${1 + (k % 4)}`)],
          ['page:product', page(`/product-detail/${id}`)],
          ['api:listing', () => client.get(`/api/product/productList?page=${1 + (k % 5)}`)],
          ['api:search', () => client.get(`/api/product/productList?q=${word}`)],
          ['api:suggest', () => client.get(`/api/product/suggest?q=${word.slice(0, 3)}`)],
          ['api:product', () => client.get(`/api/product/find-by-id/${id}`)],
        ];
        const [kind, call] = choices[k % choices.length]!;
        await step(kind, call);
        await sleep(20);
      }
    }

    let ipCount = 0;
    async function signUp(n: number): Promise<Shopper | null> {
      const i = ++ipCount;
      const ip = `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`;
      const username = `cluster${n}x${i}x${process.pid}`;
      const who: Shopper = { userId: 0, cookie: '', email: `${username}@example.in`, ip };
      const registered = await step('sign-up', () => client.post('/api/auth/register', { username, email: who.email, password: 'shop12345' }, who));
      if (!registered) return null;
      let session: { cookie: string; userId: number } | null = null;
      await step(
        'log-in',
        async () => {
          const form = new FormData();
          form.append('username', username);
          form.append('password', 'shop12345');
          const res = await fetch(`${lbUrl}/api/auth/login`, { method: 'POST', body: form, headers: { origin: lbUrl, 'x-forwarded-for': ip } });
          const body = (await res.json()) as { userId?: number };
          const cookie = res.headers
            .getSetCookie()
            .map((c) => c.split(';')[0]!)
            .find((c) => c.startsWith('milli_session='));
          if (res.status === 200 && cookie && typeof body.userId === 'number') session = { cookie, userId: body.userId };
          return { status: res.status, body };
        },
        () => session !== null,
      );
      return session ? { ...who, ...(session as { cookie: string; userId: number }) } : null;
    }

    async function buyer(n: number) {
      let shopper: Shopper | null = null;
      let orders = 0;
      while (running) {
        // A new account every three orders: one account may hold three unpaid orders, and its payment calls are limited.
        if (!shopper || orders >= 3) {
          shopper = await signUp(n);
          orders = 0;
          if (!shopper) {
            await sleep(100);
            continue;
          }
        }
        const who = shopper;
        const piece = pieces[(n + sequence) % pieces.length]!;
        if (!(await step('api:product', () => client.get(`/api/product/find-by-id/${piece.id}`, who)))) continue;
        if (!(await step('add-to-cart', () => client.addToCart(who, piece.id, 1)))) continue;
        if (!(await step('cart', () => client.get(`/api/cart/find-by-user-id/${who.userId}`, who)))) continue;
        const attempt: Attempt = { shopper: who, key: `cluster-${n}-${++sequence}`, phase, stage: 'placing' };
        attempts.push(attempt);
        orders++;
        const placed = await step('place-order', () => client.placeOrder(who, { idempotencyKey: attempt.key, pan: PAN }));
        if (!placed) continue;
        attempt.stage = 'held';
        attempt.orderNumber = placed.body.orderNumber as string;
        attempt.gatewayOrderId = placed.body.payment.gatewayOrderId as string;
        // The shopper pays in Razorpay's checkout (the simulator, shared by every instance as Razorpay is).
        let fields: Record<string, string>;
        try {
          const res = await fetch(`${sim!.url}/_sim/checkout`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ order_id: attempt.gatewayOrderId, instrument: 'card_success' }),
          });
          fields = (await res.json()) as Record<string, string>;
          if (res.status !== 200) throw new Error(JSON.stringify(fields));
        } catch (error) {
          simFailures.push(String(error));
          continue;
        }
        if (!(await step('verify', () => client.post('/api/payments/razorpay/verify', fields, who)))) continue;
        attempt.stage = 'placed';
        await step(
          'order-page',
          () => client.get(`/api/orders/${attempt.orderNumber}`, who),
          (a) => a.status === 200 && a.body.order?.status === 'Placed',
        );
      }
    }

    const load = () => {
      running = true;
      return Promise.all([...Array.from({ length: BUYERS }, (_, n) => buyer(n)), ...Array.from({ length: BROWSERS }, (_, n) => browser(n * 13))]);
    };

    // 4. Steady load, then each instance restarted in turn under it.
    let loading = load();
    await sleep(8_000);
    phase = 'rolling';
    const restarts: { name: string; exit: string; drainMs: number; downAfterMs: number; startMs: number; upAfterMs: number; totalMs: number }[] = [];
    for (const instance of instances) {
      const t0 = Date.now();
      instance.running.signal('SIGTERM');
      let downAt = 0;
      const watchDown = until(`HAProxy marks ${instance.name} down`, 20_000, async () => (await stat()).get(instance.name)?.status.startsWith('DOWN'), 50).then(
        () => (downAt = Date.now() - t0),
      );
      const end = await instance.running.exited;
      const drainMs = Date.now() - t0;
      await watchDown;
      const t1 = Date.now();
      instance.running = await start(instance.port);
      const startMs = Date.now() - t1;
      await until(`HAProxy marks ${instance.name} up again`, 20_000, async () => (await stat()).get(instance.name)?.status === 'UP', 50);
      const totalMs = Date.now() - t0;
      restarts.push({
        name: instance.name,
        exit: end.code === null ? `signal ${end.signal}` : `exit ${end.code}`,
        drainMs,
        downAfterMs: downAt,
        startMs,
        upAfterMs: totalMs - drainMs - startMs,
        totalMs,
      });
      say(
        `restarted ${instance.name}: SIGTERM → HAProxy down ${downAt} ms → ${restarts.at(-1)!.exit} at ${drainMs} ms → started in ${startMs} ms → up in HAProxy ${totalMs - drainMs - startMs} ms later (${totalMs} ms in all)`,
      );
    }
    await sleep(3_000);
    running = false;
    await loading;
    const rollingWebhooks = sim.deliveries().flatMap((d) => d.answers);

    // 5. One instance killed under load.
    phase = 'kill';
    loading = load();
    await sleep(4_000);
    const victim = instances[1]!;
    const sessionsAtKill = (await stat()).get(victim.name)?.current ?? 0;
    const inFlightAtKill = inFlight;
    const killedAt = Date.now();
    await victim.running.kill();
    await until(`HAProxy marks ${victim.name} down`, 20_000, async () => (await stat()).get(victim.name)?.status.startsWith('DOWN'), 50);
    const killDownMs = Date.now() - killedAt;
    say(
      `SIGKILL to ${victim.name} (${sessionsAtKill} session(s) open on it by HAProxy's count, ${inFlightAtKill} request(s) in flight in all): HAProxy took it out after ${killDownMs} ms`,
    );
    await sleep(4_000);
    running = false;
    await loading;
    // A request that failed after the kill was in flight on the killed instance when it came (sent before, not answered
    // before), or was sent to it over a kept connection in the moment before HAProxy's check took it out.
    const killFailures = of('kill').filter((x) => !x.ok);
    const cutInFlight = killFailures.filter((x) => x.sent <= killedAt && x.done >= killedAt);
    const beforeOut = killFailures.filter((x) => x.sent > killedAt && x.sent <= killedAt + killDownMs);
    const otherwise = killFailures.length - cutInFlight.length - beforeOut.length;

    // Webhooks still on their way settle before the data is read; one the store did not take (its instance was
    // killed while answering) is sent again, as Razorpay retries for a day.
    await sleep(1_500);
    let webhooksSentAgain = 0;
    for (const delivery of sim.deliveries()) {
      if (delivery.answers.some((a) => a !== 'error' && a < 300)) continue;
      webhooksSentAgain++;
      await sim.replay(delivery.eventId);
    }

    // 6. The data.
    const problems: string[] = [];
    const customers = [...new Set(attempts.map((a) => a.shopper.userId))];
    const orders = customers.length ? await db.select().from(schema.orders).where(inArray(schema.orders.customerId, customers)) : [];
    const orderIds = orders.map((o) => o.id);
    const lines = orderIds.length ? await db.select().from(schema.orderLines).where(inArray(schema.orderLines.orderId, orderIds)) : [];
    const addresses = orderIds.length ? await db.select().from(schema.orderAddresses).where(inArray(schema.orderAddresses.orderId, orderIds)) : [];
    const history = orderIds.length ? await db.select().from(schema.orderStatusHistory).where(inArray(schema.orderStatusHistory.orderId, orderIds)) : [];
    const payments = orderIds.length ? await db.select().from(schema.payments).where(inArray(schema.payments.orderId, orderIds)) : [];
    const byKey = new Map<string, typeof orders>();
    for (const o of orders) byKey.set(o.idempotencyKey ?? `none:${o.id}`, [...(byKey.get(o.idempotencyKey ?? `none:${o.id}`) ?? []), o]);
    for (const a of attempts) {
      const made = byKey.get(a.key) ?? [];
      if (made.length > 1) problems.push(`order key ${a.key} made ${made.length} orders`);
      if (a.stage !== 'placing' && made.length !== 1) problems.push(`order key ${a.key} was answered but made ${made.length} orders`);
      if (a.stage === 'placed') {
        const o = made[0];
        if (!o || o.status !== 'Placed') problems.push(`${a.orderNumber} was told paid but is ${o?.status ?? 'missing'}`);
      }
    }
    if (orders.length > attempts.length) problems.push(`${orders.length} orders for ${attempts.length} attempts`);
    for (const o of orders) {
      const own = lines.filter((l) => l.orderId === o.id);
      if (own.length === 0) problems.push(`${o.orderNumber} has no lines`);
      if (own.some((l) => l.lineTotalPaise !== l.unitPricePaise * l.quantity)) problems.push(`${o.orderNumber}: a line's total is not price × quantity`);
      if (own.reduce((s, l) => s + l.lineTotalPaise, 0) !== o.subtotalPaise) problems.push(`${o.orderNumber}: lines do not add up to the subtotal`);
      if (o.totalPaise !== o.subtotalPaise - o.discountPaise + o.shippingPaise - o.harvestCreditPaise) problems.push(`${o.orderNumber}: total does not add up`);
      const kinds = addresses
        .filter((a) => a.orderId === o.id)
        .map((a) => a.kind)
        .sort()
        .join(',');
      if (kinds !== 'billing,shipping') problems.push(`${o.orderNumber}: addresses ${kinds}`);
      const paid = payments.filter((p) => p.orderId === o.id && p.purpose === 'order');
      if (paid.length !== 1) problems.push(`${o.orderNumber} has ${paid.length} payments`);
      if (o.status === 'Placed') {
        const steps = history
          .filter((h) => h.orderId === o.id)
          .sort((x, y) => x.id - y.id)
          .map((h) => h.status)
          .join(' → ');
        if (steps !== 'Awaiting payment → Placed') problems.push(`${o.orderNumber}: history ${steps}`);
        if (paid[0]?.status !== 'paid' || paid[0]?.amountPaise !== o.totalPaise || !paid[0]?.gatewayRef)
          problems.push(`${o.orderNumber}: Placed without its captured payment`);
      }
    }
    for (const breach of await paymentBreaches(db, customers)) problems.push(`payment invariant: ${breach.kind}: ${breach.ref}`);
    // No payment lost: every payment the gateway captured is the one payment of a Placed order.
    let captured = 0;
    for (const a of attempts.filter((x) => x.gatewayOrderId)) {
      const taken = sim.simulator.orderPayments(a.gatewayOrderId!).filter((p) => p.status === 'captured');
      captured += taken.length;
      if (taken.length > 1) problems.push(`${a.orderNumber}: the gateway captured ${taken.length} payments`);
      if (taken.length === 0) continue;
      const o = (byKey.get(a.key) ?? [])[0];
      const payment = payments.find((p) => p.orderId === o?.id && p.purpose === 'order');
      if (o?.status !== 'Placed' || payment?.gatewayRef !== taken[0]!.id)
        problems.push(`${a.orderNumber}: paid at the gateway (${taken[0]!.id}) but ${o?.status ?? 'missing'} in the store`);
    }
    const stock: string[] = [];
    for (const piece of pieces) {
      const [row] = await db.select().from(schema.products).where(eq(schema.products.id, piece.id));
      const [held] = (
        await db
          .select({ n: sql<number>`coalesce(sum(${schema.orderLines.quantity}), 0)::int` })
          .from(schema.orderLines)
          .innerJoin(schema.orders, eq(schema.orders.id, schema.orderLines.orderId))
          .where(
            and(
              eq(schema.orderLines.productId, piece.id),
              ne(schema.orders.status, 'Cancelled'),
              inArray(schema.orders.customerId, customers.length ? customers : [0]),
            ),
          )
      ).map((r) => Number(r.n));
      if (row!.stock !== START_STOCK - held!) problems.push(`${piece.name}: stock ${row!.stock}, expected ${START_STOCK} − ${held} = ${START_STOCK - held!}`);
      stock.push(`${START_STOCK}→${row!.stock} (sold ${held})`);
    }

    // Figures.
    const failed = (list: Sample[]) => list.filter((s) => !s.ok);
    const describe = (list: Sample[]) =>
      `${list.length} requests, ${failed(list).length} failed, p50 ${percentile(
        list.map((s) => s.ms),
        50,
      )} ms, p95 ${percentile(
        list.map((s) => s.ms),
        95,
      )} ms`;
    const rollingFailed = failed([...of('steady'), ...of('rolling')]);
    const told = (p?: Phase) => attempts.filter((a) => a.stage === 'placed' && (!p || a.phase === p)).length;
    const placedOrders = orders.filter((o) => o.status === 'Placed').length;
    const awaiting = orders.filter((o) => o.status === 'Awaiting payment').length;
    const badWebhooks = rollingWebhooks.filter((a) => a === 'error' || a >= 300).length;
    const exitsBad = restarts.filter((r) => r.exit !== 'exit 0');

    console.log('\n=== Milli behind HAProxy: three instances, one PostgreSQL ===');
    console.log(
      `start:    3 instances at once on a fresh database: ready in ${startMs} ms, migrations ${migrationsOnce ? 'applied once each' : 'NOT once each'}`,
    );
    console.log(`steady:   ${describe(of('steady'))}`);
    console.log(`rolling:  ${describe(of('rolling'))}`);
    for (const r of restarts)
      console.log(
        `          ${r.name}: SIGTERM → out of HAProxy ${r.downAfterMs} ms, ${r.exit} after ${r.drainMs} ms, started in ${r.startMs} ms, back in HAProxy ${r.upAfterMs} ms later: ${r.totalMs} ms in all`,
      );
    console.log(`          webhooks answered during steady + rolling: ${rollingWebhooks.length}, not 2xx: ${badWebhooks}`);
    console.log(`kill -9:  ${describe(of('kill'))}; HAProxy took ${victim.name} out after ${killDownMs} ms`);
    console.log(
      `          in flight at the kill: ${sessionsAtKill} on ${victim.name} by HAProxy's count just before (${inFlightAtKill} requests in flight in all); ` +
        `${killFailures.length} failed: ${cutInFlight.length} in flight at the kill, ${beforeOut.length} sent in the ${killDownMs} ms before HAProxy took ${victim.name} out` +
        (otherwise ? `, ${otherwise} OTHERWISE` : ''),
    );
    for (const s of failed(samples)) console.log(`          failed (${s.phase}): ${s.kind} → ${s.status} ${s.detail ?? ''}`);
    if (simFailures.length) console.log(`          checkout at the gateway failed ${simFailures.length} time(s): ${simFailures.slice(0, 3).join(' | ')}`);
    console.log(`all:      ${describe(samples)} in ${((Date.now() - began) / 1000).toFixed(0)} s`);
    console.log(
      `orders:   ${orders.length} made (${attempts.length} attempts), ${placedOrders} placed and paid (${told()} told paid: ${told('steady') + told('rolling')} before the kill, ${told('kill')} after), ` +
        `${awaiting} awaiting payment (cut before their verify); each key at most one order; payment invariants ${problems.some((p) => p.startsWith('payment')) ? 'BROKEN' : 'hold'}`,
    );
    console.log(
      `gateway:  ${captured} payments captured, each the payment of one Placed order; ${webhooksSentAgain} webhook(s) the store did not take sent again (as Razorpay retries)`,
    );
    console.log(`stock:    ${stock.join(', ')}`);
    if (problems.length) for (const p of problems) console.log(`PROBLEM:  ${p}`);

    const verdicts: [boolean, string][] = [
      [migrationsOnce, 'three instances at once applied each migration once'],
      [rollingFailed.length === 0, `no request failed during the rolling restarts (${rollingFailed.length} failed)`],
      [exitsBad.length === 0, `every instance exited 0 on SIGTERM (${exitsBad.map((r) => `${r.name}: ${r.exit}`).join(', ') || 'all did'})`],
      [badWebhooks === 0, 'every webhook was answered 2xx during the rolling restarts'],
      [problems.length === 0, 'every paid order whole and counted once, no order lost or doubled, the payment invariants, stock = start − sold'],
    ];
    console.log(
      `${otherwise === 0 ? 'ok  ' : 'note'} after the kill only requests on the killed instance failed, before HAProxy took it out (${killFailures.length}; reported, not a verdict)`,
    );
    for (const [ok, what] of verdicts) console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
    if (KEEP) console.log(`kept: database ${dbName}, folder ${dir} (haproxy.cfg, haproxy.log, servers.log)`);
    writeFileSync(path.join(dir, 'haproxy.log'), logChunks.join(''));
    return verdicts.every(([ok]) => ok) ? 0 : 1;
  } finally {
    await Promise.all(instances.map((i) => i.running.kill()));
    haproxy?.kill('SIGTERM');
    await sim?.close();
    await database?.close();
    if (!KEEP) {
      await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    }
    await admin.end();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('the cluster run failed:', error);
    process.exit(1);
  },
);
