/**
 * Starts the built Milli server once for the whole e2e run (built-server.ts: `node apps/server/build/main.mjs`
 * on a free port with its own throw-away DATA_DIR, so the first start migrates and seeds a fresh demo store).
 *
 * The URL reaches the tests as process.env.MILLI_E2E_URL (workers inherit the runner's environment), read
 * by fixtures.ts; its DATA_DIR (where the local mailbox lives) as process.env.MILLI_E2E_DATA_DIR (fixtures'
 * e2eDataDir()). The returned function is Playwright's teardown: it stops that very process and removes DATA_DIR.
 *
 * Set E2E_BASE_URL to run the specs against a server that is already running instead (and E2E_DATA_DIR
 * to that server's DATA_DIR, for specs that read its mailbox).
 */
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startBuiltServer } from './built-server.ts';
import { prepareLateDelivery } from './late-delivery.ts';

export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const external = process.env.E2E_BASE_URL;
  if (external) {
    process.env.MILLI_E2E_URL = external.replace(/\/$/, '');
    if (process.env.E2E_DATA_DIR) process.env.MILLI_E2E_DATA_DIR = path.resolve(process.env.E2E_DATA_DIR);
    return async () => {};
  }

  const server = await startBuiltServer({
    env: {
      // The back office's first owner (issue 17), made at the first start: fixtures.ts's E2E_OWNER signs in with it.
      ADMIN_EMAIL: 'owner@milli.example',
      ADMIN_PASSWORD: 'Owner-of-Milli-2026',
      // Every browser of the run comes from one address: its allowance of mobile sign-in codes is not what is tested.
      PHONE_CODES_PER_ADDRESS_HOUR: '1000',
    },
    // returns.spec.ts: a customer whose order was delivered 40 days ago, past the return window.
    prepare: prepareLateDelivery,
  });
  process.env.MILLI_E2E_URL = server.url;
  process.env.MILLI_E2E_DATA_DIR = server.dataDir;
  console.log(`[e2e] server ${server.url} (pid ${server.pid}, DATA_DIR ${server.dataDir})`);
  return server.stop;
}
