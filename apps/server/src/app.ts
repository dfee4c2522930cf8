import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { constants as zlib } from 'node:zlib';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TrustProxy } from './config.ts';
import type { AppDeps, ModuleDeps } from './deps.ts';
import { buildServices } from './services.ts';
import { backupToBucket } from './lib/backup.ts';

import { errorsPlugin } from './plugins/errors.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { securityPlugin, unusableTextGuard } from './plugins/security.ts';
import { webPlugin } from './plugins/web.ts';
import { modules } from './modules/index.ts';
import { createMailer, type Mailer } from './modules/mail/sender.ts';
import { createMessenger, type Messenger } from './modules/messages/sender.ts';
import { createMsg91Provider } from './modules/messages/msg91.ts';
import { createWhatsAppProvider } from './modules/messages/whatsapp.ts';
import { msg91TemplateFor, whatsappTemplateFor } from './modules/messages/service.ts';
import { createHousekeeper } from './modules/housekeeping/service.ts';
import { createRateLimiter } from './plugins/rate-limit.ts';
import { SESSIONS_CHANNEL, createReadCache, type ReadCache } from './plugins/read-cache.ts';
import { purgeCdn } from './lib/cdn-purge.ts';
import { createJobEngine, type JobEngine, type JobEngineTuning } from './lib/jobs.ts';
import { CDN_PURGE_DELAY_SECONDS, QUEUE, defineQueues } from './queues.ts';
import { errorForLog, requestForLog } from './lib/logged-url.ts';
import { awaitBackgroundOnClose, createLifecycle, type Lifecycle } from './lib/lifecycle.ts';

import { sessionPlugin } from './plugins/session.ts';
import { staffPlugin } from './plugins/staff.ts';
import { createFileStore } from './lib/file-store.ts';
import { createGateway } from './modules/payments/create-gateway.ts';
import type { createDemoGateway } from './modules/payments/demo-gateway.ts';
import { createPaymentService } from './modules/payments/service.ts';
import { createPaymentKeeper, type PaymentKeeper } from './modules/payments/keeper.ts';
import type { StaffPermission } from '@milli/contracts';
import { healthRoutes } from './modules/health/routes.ts';
import { customDesignMedia } from './modules/custom-design/routes.ts';
import { catalogueMedia, mediaRoutes } from './modules/catalog/routes.ts';
import { reviewMedia } from './modules/reviews/routes.ts';
import { createHarvestKeeper, type HarvestKeeper } from './modules/harvest/keeper.ts';
import { createRateLockKeeper, type RateLockKeeper } from './modules/rate-locks/keeper.ts';
import { createMetalKeeper, type MetalKeeper } from './modules/metal-accounts/keeper.ts';
import { createAppointmentKeeper, type AppointmentKeeper } from './modules/appointments/keeper.ts';

/** The settings' own default (the column's: backupRetentionDays), for a store whose settings row is not yet written. */
const DEFAULT_BACKUP_RETENTION_DAYS = 14;

/** What a trusted proxy's request id may look like. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

export type App = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    mailer: Mailer;
    /** The SMS and WhatsApp sender (decision 057; tests call flush()). */
    messenger: Messenger;
    /** The job engine (lib/jobs.ts): stop() drains it (the jobs running here finish); closing the app stops it too. */
    jobs: JobEngine;
    readCache: ReadCache;
    sessionCache: ReadCache;
    /** The payments reconciliation job (tests call run()). */
    paymentKeeper: PaymentKeeper;
    /** The daily Harvest job: maturity and reminders (tests call run()). */
    harvestKeeper: HarvestKeeper;
    /** Issue 42: the hourly end of rate locks whose period is over (tests call run()). */
    rateLockKeeper: RateLockKeeper;
    /** Issue 42: the hourly expiry of metal account credits past their 365 days (tests call run()). */
    metalKeeper: MetalKeeper;
    /** The day-before appointment reminders (tests call run()). */
    appointmentKeeper: AppointmentKeeper;
    /** Readiness and shutdown: draining after SIGTERM, and the background work a shutdown waits for (lib/lifecycle.ts). */
    lifecycle: Lifecycle;
    /** Every route as registered (method and URL pattern), for tests that sweep the whole API. */
    routeList: {
      method: string;
      url: string;
      access?: 'customer' | 'staff';
      permission?: StaffPermission;
      sessionOnly?: boolean;
      /** The schema the route declares for its success answer (200, else 201), the one packages/contracts' API map must name. */
      answer?: unknown;
    }[];
  }
}

/**
 * TRUST_PROXY as Fastify takes it. A list goes to proxy-addr as it is; a hop count becomes a function, since
 * Fastify refuses a plain number (it cannot check the nearest peer): trusting the nearest `hops` addresses is
 * what the operator asked for, and operations.md says when that is safe.
 */
function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/**
 * Builds the whole store (API + server-rendered web) around the given dependencies. Tests use inject(). `jobs`: run the
 * job engine (pg-boss) on this app, with these speeds if given; by default it runs everywhere but in tests, where a sent
 * job runs at once in process and the keepers' run() are called by the tests themselves (lib/jobs.ts, inline mode).
 */
export async function buildApp(deps: AppDeps, options: { web?: boolean; jobs?: boolean | JobEngineTuning } = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    // Addresses are logged with their query values hidden unless named safe, errors without the values a query bound
    // (lib/logged-url.ts, issue 35).
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, serializers: { req: requestForLog, err: errorForLog }, ...(deps.logStream ? { stream: deps.logStream } : {}) },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // A request's id ties its log lines and audit entries together. A client's X-Request-Id is believed only behind a
    // proxy the store trusts, and only in a plain short form (a forged 8 KB or colliding id would reach every line).
    requestIdHeader: false,
    genReqId: (raw) => {
      const given = config.trustProxy !== false ? raw.headers['x-request-id'] : undefined;
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // Shutdown (lib/lifecycle.ts): idle keep-alive connections are closed at once, and a request that arrives on an
    // open connection while closing is still served (with Connection: close), not refused: a balancer may have sent it.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    // A path that cannot be decoded is the client's mistake: a 400 with a message, never a 500, and a code of
    // the store's vocabulary (FST_ERR_BAD_URL is Fastify's name for it, which no client knows).
    frameworkErrors: (_error, _request, reply) => {
      void (reply as FastifyReply).code(400).type('application/json').send({ message: 'The address is not valid.', code: 'BAD_URL' });
    },
  }).withTypeProvider<ZodTypeProvider>();

  const routeList: FastifyInstance['routeList'] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    const permission = route.config?.permission;
    const sessionOnly = route.config?.sessionOnly === true;
    const response = route.schema?.response as Record<string, unknown> | undefined;
    const answer = response?.[200] ?? response?.[201];
    for (const method of [route.method].flat()) {
      routeList.push({
        method,
        url: route.url,
        ...(access ? { access } : {}),
        ...(permission ? { permission } : {}),
        ...(sessionOnly ? { sessionOnly } : {}),
        ...(answer ? { answer } : {}),
      });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorate('lifecycle', createLifecycle(app));

  errorsPlugin(app);
  await securityPlugin(app, { dev: config.env === 'development', publicOrigin: config.publicUrl ? new URL(config.publicUrl).origin : undefined });
  await app.register(cookie);
  await app.register(formbody);
  // The spec's calls send multipart forms: fields (and file buffers) become a plain body object. Files are
  // kept in memory, so only the route that takes pictures accepts any (custom-design/routes.ts raises the
  // limit to its four); elsewhere a file part is refused (413) instead of being held and then ignored.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: 10 * 1024 * 1024, files: 0, fields: 200, fieldSize: 64 * 1024 },
  });
  unusableTextGuard(app);
  // Sessions once read are kept until the database announces a logout, reset or profile change (an eighth of
  // the read cache's budget: 8 MB, about 16,000 sessions, by default).
  const sessionCache = await createReadCache(deps.database, { maxBytes: (config.readCacheMb * 1024 * 1024) / 8, channel: SESSIONS_CHANNEL });
  app.decorate('sessionCache', sessionCache);
  app.addHook('onClose', async () => sessionCache.close());
  sessionPlugin(app, deps.database.db, { secureCookies: (config.publicUrl ?? '').startsWith('https:'), cache: sessionCache });
  staffPlugin(app, deps.database.db);

  // Background work is jobs (decision 042, queues.ts): one pg-boss engine per instance, each job run once across them.
  const runJobs = options.jobs ?? config.env !== 'test';
  const jobs = createJobEngine({
    database: deps.database,
    databaseUrl: config.databaseUrl,
    mode: runJobs ? 'engine' : 'inline',
    log: app.log,
    // A shutdown cuts what is still open at SHUTDOWN_TIMEOUT_MS: the engine gives up waiting before that, so a job still
    // running is marked for a retry rather than left to its expiry.
    tuning: { stopTimeoutSeconds: Math.max(1, Math.floor((config.shutdown.timeoutMs * 0.75) / 1000)), ...(typeof runJobs === 'object' ? runJobs : {}) },
  });
  app.decorate('jobs', jobs);
  // SMS through MSG91 and WhatsApp through Meta when configured; a channel without its provider goes to DATA_DIR/messages.
  const db = deps.database.db;
  const messenger = createMessenger(db, {
    dataDir: config.dataDir,
    jobs,
    log: app.log,
    publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
    providers: {
      ...(config.sms ? { sms: createMsg91Provider(config.sms, (kind) => msg91TemplateFor(db, kind)) } : {}),
      ...(config.whatsapp ? { whatsapp: createWhatsAppProvider(config.whatsapp, (kind) => whatsappTemplateFor(db, kind)) } : {}),
    },
  });
  app.decorate('messenger', messenger);
  // Messages are queued beside mail (decision 057): a kick of the mailer wakes the messenger too.
  const mailer = createMailer(deps.database.db, {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    jobs,
    log: app.log,
    kicked: () => messenger.kick(),
  });
  app.decorate('mailer', mailer);
  // Expired sessions, old rate-limit windows, dead reset codes and old sent mail (decision 025).
  const housekeeper = createHousekeeper(deps.database.db, { log: app.log });
  // Its answers are read from the replica when there is one (database.read): a change is forgotten once the replica has it.
  const readCache = await createReadCache(deps.database, { maxBytes: config.readCacheMb * 1024 * 1024, replica: deps.database.replica });
  app.decorate('readCache', readCache);
  app.addHook('onClose', async () => readCache.close());
  const cdnPurge = config.cdnPurge;
  if (cdnPurge) {
    // Decision 032: a CDN keeping the shared pages drops them whenever the read cache is emptied (a burst: one purge).
    readCache.onFlush(() => {
      jobs
        .send(QUEUE.cdnPurge, null, { startAfterSeconds: CDN_PURGE_DELAY_SECONDS })
        .catch((err: unknown) => app.log.warn({ err: String(err) }, 'CDN purge not queued'));
    });
  }
  // The modules' shared services, built once (services.ts): every module, job and media route is handed these.
  const services = buildServices({ database: deps.database, readCache });
  const files = await createFileStore(config);
  app.addHook('onClose', async () => files.close?.());
  const gateway = deps.gateway ?? createGateway(config);
  const payments = createPaymentService(deps.database.db, gateway, {
    mailQueued: () => mailer.kick(),
    log: app.log,
  });
  // The demo gateway sends its webhooks to this instance, signed as Razorpay signs them, through the same check
  // (not in tests: they deliver the simulator's webhooks themselves, in the order they choose).
  if ('simulator' in gateway && !deps.gateway && config.env !== 'test') {
    (gateway as ReturnType<typeof createDemoGateway>).simulator.setDeliver((d) =>
      new Promise<void>((resolve) => setTimeout(resolve, 50)).then(async () => {
        await payments.webhook(Buffer.from(d.body), d.signature, d.eventId).catch((err: unknown) => app.log.warn({ err }, 'demo webhook not handled'));
      }),
    );
  }
  // Unpaid orders lapse and captured payments are never left without their purchase (the reconciliation job).
  const keeper = createPaymentKeeper(deps.database.db, payments, {
    log: app.log,
    changed: () => readCache.invalidate(),
    mailQueued: () => mailer.kick(),
  });
  app.decorate('paymentKeeper', keeper);
  // Harvest plans mature and customers are reminded of instalments due (each morning).
  const harvestKeeper = createHarvestKeeper(deps.database.db, {
    settings: services.settings,
    log: app.log,
    changed: () => readCache.invalidate(),
    mailQueued: () => mailer.kick(),
  });
  app.decorate('harvestKeeper', harvestKeeper);
  // Rate locks whose period is over end, their unused advance refunded or kept (issue 42, hourly).
  const rateLockKeeper = createRateLockKeeper(deps.database.db, payments, {
    settings: services.settings,
    log: app.log,
    mailQueued: () => mailer.kick(),
  });
  app.decorate('rateLockKeeper', rateLockKeeper);
  // Metal account credits past their 365 days expire into the ledger (issue 42, hourly).
  const metalKeeper = createMetalKeeper(deps.database.db, { log: app.log });
  app.decorate('metalKeeper', metalKeeper);
  // Appointments booked for tomorrow are reminded once (hourly).
  const appointmentKeeper = createAppointmentKeeper(deps.database.db, {
    settings: services.settings,
    log: app.log,
    mailQueued: () => mailer.kick(),
  });
  app.decorate('appointmentKeeper', appointmentKeeper);
  defineQueues(jobs, {
    payments: keeper,
    harvest: harvestKeeper,
    rateLocks: rateLockKeeper,
    metal: metalKeeper,
    appointments: appointmentKeeper,
    housekeeper,
    sales: services.catalog,
    mailer,
    messenger,
    purgeCdn: cdnPurge ? () => purgeCdn(cdnPurge) : undefined,
    // With a bucket, the database and uploads go to it each night, kept as long as the settings say (lib/backup.ts).
    nightlyBackup:
      deps.nightlyBackup ??
      (config.s3
        ? async () =>
            backupToBucket({
              config,
              database: deps.database,
              retentionDays: (await services.settings.get())?.backupRetentionDays ?? DEFAULT_BACKUP_RETENTION_DAYS,
              log: (line) => app.log.info({ backup: line }, 'nightly backup'),
            })
        : undefined),
  });
  app.addHook('onReady', async () => {
    await jobs.start();
    // A sale may have begun or ended while no instance ran (issue 38): one pass at start, run by whichever instance
    // takes it. In tests (inline engine) the tests run it themselves.
    if (jobs.running) await jobs.send(QUEUE.catalogSales);
  });
  // A shutdown waits for the jobs running here (their graceful stop begins as the server starts closing, and the
  // database closes after them: lib/lifecycle.ts); the mail connection closes once they are done.
  app.lifecycle.onStop('jobs', () => jobs.stop());
  app.addHook('onClose', async () => mailer.stop());
  app.addHook('onClose', async () => messenger.stop());
  const moduleDeps: ModuleDeps = {
    ...deps,
    limiter: createRateLimiter(deps.database.db),
    mailer,
    messenger,
    jobs,
    files,
    payments,
    readCache,
    sessionCache,
    services,
  };
  // Flush on every write so streamed pages arrive as they render, not after the slowest data.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    zlibOptions: { flush: zlib.Z_SYNC_FLUSH },
    brotliOptions: { flush: zlib.BROTLI_OPERATION_FLUSH, params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });

  // Before the API: the document is made of the routes registered after it.
  await openapiPlugin(app);
  await app.register(
    async (api) => {
      for (const mod of modules) await api.register(mod, moduleDeps);
      // Unknown API paths answer JSON 404, never the web app's page.
      api.all('/*', (request, reply) => {
        reply.status(404).send({ message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}`, code: 'NOT_FOUND' });
      });
    },
    { prefix: '/api' },
  );

  healthRoutes(app, deps.database.db, app.lifecycle);
  mediaRoutes(app);
  customDesignMedia(app, moduleDeps);
  catalogueMedia(app, moduleDeps);
  reviewMedia(app, moduleDeps);
  if (options.web !== false) await app.register(webPlugin, { config });
  // Last, so it runs first of the onClose hooks: background work finishes before what it uses closes.
  awaitBackgroundOnClose(app, app.lifecycle);
  return app;
}
