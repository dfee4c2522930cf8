import { afterAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { customers, products } from './schema.ts';
import { isSeeded } from './seed/index.ts';
import { createTestDatabase, testServerUrl, type TestDatabase } from './testing.ts';

describe('createTestDatabase', () => {
  const opened: TestDatabase[] = [];
  const open = async (...args: Parameters<typeof createTestDatabase>) => {
    const database = await createTestDatabase(...args);
    opened.push(database);
    return database;
  };
  afterAll(async () => {
    await Promise.all(opened.map((d) => d.dispose()));
  });

  it('gives each caller its own migrated, empty database', async () => {
    const [a, b] = await Promise.all([open(), open()]);
    expect(await isSeeded(a.db)).toBe(false);
    await a.db.insert(customers).values({ username: 'asha', email: 'asha@milli.example', passwordHash: 'x' });
    expect(await a.db.select().from(customers)).toHaveLength(1);
    expect(await b.db.select().from(customers)).toHaveLength(0);
    // Migrations are already applied: running them again is a no-op.
    await b.migrate();
  });

  it('keeps a migrated template for later test files (on disk for PGlite, as a database for PostgreSQL)', async () => {
    // How fast that makes a start is measured by the benchmarks, not asserted here: CI machines vary.
    await open();
    if (testServerUrl) {
      // PostgreSQL: the template is a database of the server's that nobody may connect to (a connection would stop every copy).
      const client = new pg.Client({ connectionString: testServerUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ datallowconn: boolean }>("select datallowconn from pg_database where datname ~ '^milli_tpl_[0-9a-f]{24}$'");
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.every((r) => !r.datallowconn)).toBe(true);
      } finally {
        await client.end();
      }
      return;
    }
    const dir = path.join(os.tmpdir(), 'milli-db-templates');
    expect(readdirSync(dir).some((f) => f.endsWith('.tar'))).toBe(true);
    const again = await open();
    expect(await isSeeded(again.db)).toBe(false);
  });

  it('can start with the demo store', async () => {
    const database = await open({ seed: true });
    expect(await isSeeded(database.db)).toBe(true);
    expect((await database.db.select({ id: products.id }).from(products)).length).toBeGreaterThanOrEqual(240);
  });
});
