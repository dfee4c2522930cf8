/**
 * The store for API tests: a fresh database (PGlite in memory, or a new PostgreSQL database when
 * TEST_DATABASE_URL is set) behind the real Fastify app, driven with app.inject(). No web part, no port.
 */
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@milli/db/testing';
import { buildApp } from './app.ts';
import { testConfig, type Config } from './config.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

export async function createTestApp(options: { seed?: boolean; config?: Partial<Config> } = {}): Promise<TestApp> {
  const database = await createTestDatabase({ seed: options.seed ?? true });
  const app = await buildApp({ config: testConfig(options.config), database }, { web: false });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
}
