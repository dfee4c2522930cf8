/**
 * The store for API tests: a fresh database (PGlite in memory, or a new PostgreSQL database when
 * TEST_DATABASE_URL is set) behind the real Fastify app, driven with app.inject(). No web part, no port.
 */
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@milli/db/testing';
import { buildApp } from './app.ts';
import { testConfig, type Config } from './config.ts';
import type { JobEngineTuning } from './lib/jobs.ts';
import { createGateway } from './modules/payments/create-gateway.ts';
import type { PaymentGateway } from './modules/payments/gateway.ts';

export interface TestApp {
  /** The store; its inject() sends what a browser on the store's own page sends (see below). */
  app: FastifyInstance;
  /** Fastify's own inject(), sending only the headers given: for tests of the cross-site check itself. */
  rawInject: FastifyInstance['inject'];
  database: TestDatabase;
  /**
   * The store's payment gateway: the one given, or the one the configuration names (the demo gateway, whose
   * `simulator` holds the webhooks a test delivers itself).
   */
  gateway: PaymentGateway;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    seed?: boolean;
    config?: Partial<Config>;
    poolSize?: number;
    gateway?: PaymentGateway;
    logStream?: { write(line: string): void };
    /** A database the test opened itself (one with a read replica), disposed with the app. */
    database?: TestDatabase;
    /** Run the job engine (pg-boss) on this app, with these speeds: off by default (a sent job runs at once, inline). */
    jobs?: boolean | JobEngineTuning;
    /** The nightly backup the `backup.nightly` queue runs. */
    nightlyBackup?: () => Promise<unknown>;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase({ seed: options.seed ?? true, ...(options.poolSize ? { poolSize: options.poolSize } : {}) }));
  // On PostgreSQL the job engine opens its own connections: to the test's database.
  const config = testConfig({ ...(database.url ? { databaseUrl: database.url } : {}), ...options.config });
  const gateway = options.gateway ?? createGateway(config);
  const app = await buildApp(
    {
      config,
      database,
      gateway,
      ...(options.logStream ? { logStream: options.logStream } : {}),
      ...(options.nightlyBackup ? { nightlyBackup: options.nightlyBackup } : {}),
    },
    { web: false, ...(options.jobs ? { jobs: options.jobs } : {}) },
  );
  await app.ready();
  // A browser marks every request from the store's own page Sec-Fetch-Site: same-origin, which the cross-site
  // check (plugins/security.ts) needs from a request that carries cookies and no Origin. Tests drive the API as
  // such a page does, unless they set Origin or Sec-Fetch-Site themselves.
  const rawInject = app.inject.bind(app) as FastifyInstance['inject'];
  const asOwnPage = ((options?: unknown) => {
    if (options === null || typeof options !== 'object') return rawInject(options as never);
    const given = options as { headers?: Record<string, unknown> };
    const names = Object.keys(given.headers ?? {}).map((k) => k.toLowerCase());
    if (names.includes('origin') || names.includes('sec-fetch-site')) return rawInject(options as never);
    return rawInject({ ...given, headers: { ...given.headers, 'sec-fetch-site': 'same-origin' } } as never);
  }) as FastifyInstance['inject'];
  app.inject = asOwnPage;
  return {
    app,
    rawInject,
    database,
    gateway,
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
}

/** Posts a multipart form, as the specification's client does. */
export async function postForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string | number>,
  opts: { cookie?: string | undefined; ip?: string } = {},
) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, String(v));
  const encoded = new Response(body);
  return app.inject({
    method: 'POST',
    url,
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')!, ...(opts.cookie ? { cookie: opts.cookie } : {}) },
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });
}

/** A valid billing form for India, as the checkout page sends it. */
export const BILLING = {
  firstName: 'Meera',
  lastName: 'Iyer',
  country: 'India',
  address: '12 Temple Street, Mylapore',
  city: 'Chennai',
  countryCode: '91',
  phoneNumber: '9876543210',
  pincode: '600004',
  state: 'Tamil Nadu',
  companyName: '',
  companyEmail: '',
  gstin: '',
};
