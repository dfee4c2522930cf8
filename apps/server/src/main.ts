import { DatabaseOpenError, openDatabase } from '@milli/db';
import { DEMO_RATE_HISTORY_DAYS, isSeeded, seedDemoStore } from '@milli/db/seed';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { shutDown } from './lib/lifecycle.ts';
import { MissingBuildError } from './plugins/web.ts';
import { createRateLimiter } from './plugins/rate-limit.ts';
import { FirstOwnerError, firstOwnerAtStart } from './modules/staff/service.ts';

/**
 * Start-up: config → database (migrate; seed a demo store when empty; the back office's first owner) → listen; on
 * SIGTERM or SIGINT, drain and close (lib/lifecycle.ts).
 */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    readUrl: config.databaseReadUrl,
    readPoolSize: config.databaseReadPoolSize,
  });
  await database.migrate({ waiting: () => console.log('Another instance is applying the migrations: waiting for it') });
  if (config.seedDemo && !(await isSeeded(database.db))) {
    // The demo store comes with a year of past rates (issue 42: /gold-rate's chart).
    await seedDemoStore(database.db, { rateHistoryDays: DEMO_RATE_HISTORY_DAYS });
  }
  const staffNote = await firstOwnerAtStart(database.db, createRateLimiter(database.db), config.firstOwner);
  if (staffNote) console.log(staffNote);
  const app = await buildApp({ config, database }, { web: config.serveWeb });

  // SIGTERM or SIGINT: not ready at once, serve through the grace, close, wait for the work in flight, close the
  // database last, exit (lib/lifecycle.ts). A second signal ends the grace early.
  let hurry: () => void = () => {};
  const hurried = new Promise<void>((resolve) => (hurry = resolve));
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      hurry();
      return;
    }
    stopping = true;
    void shutDown(app, {
      signal,
      graceMs: config.shutdown.graceMs,
      timeoutMs: config.shutdown.timeoutMs,
      closeDatabase: () => database.close(),
      hurry: hurried,
      say: config.logLevel === 'silent' ? (line) => console.log(line) : undefined,
    }).then((code) => process.exit(code));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl
    ? `PostgreSQL${database.replica ? ', the catalogue read from its replica' : ''}`
    : `the embedded database in ${config.dataDir}`;
  console.log(`Milli is serving ${address.replace('0.0.0.0', 'localhost')} on ${where}`);
  // The default gateway takes no money: whoever runs the store for real is told so at every start.
  if (config.paymentGateway === 'demo')
    console.log('Payments go through the demo gateway: no money moves. Set PAYMENT_GATEWAY=razorpay with its keys to take real payments.');
}

main().catch((error: unknown) => {
  // Known start-up failures get one clear line; anything else keeps its stack for the developer.
  if (error instanceof ConfigError || error instanceof DatabaseOpenError || error instanceof MissingBuildError || error instanceof FirstOwnerError) {
    console.error(`Milli could not start: ${error.message}`);
  } else if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
    console.error(`Milli could not start: ${error.message} (set PORT to use another port)`);
  } else {
    console.error('Milli could not start:', error);
  }
  process.exit(1);
});
