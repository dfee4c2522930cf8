import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { createTestDatabase, testServerUrl as serverUrl } from './testing.ts';

describe('PGlite client', () => {
  it('starts PostgreSQL with 32 MB of shared buffers, not the 128 MB that stayed resident in the WebAssembly memory (decision 043)', async () => {
    const database = await openDatabase({ dataDir: 'memory' });
    try {
      const result = await database.db.execute<{ shared_buffers: string }>(sql`show shared_buffers`);
      expect((result as unknown as { rows: { shared_buffers: string }[] }).rows[0]!.shared_buffers).toBe('32MB');
    } finally {
      await database.close();
    }
  });
});

describe('PostgreSQL client', () => {
  it.skipIf(!serverUrl)('survives the server ending its idle connections, and queries again', async () => {
    const database = await createTestDatabase();
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const result = await database.db.execute<{ name: string }>(sql`select current_database() as name`);
      const rows = (result as unknown as { rows: { name: string }[] }).rows;
      const name = rows[0]!.name;
      // Another session ends every connection of this database, as a restart or failover would.
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
      await admin.end();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const again = await database.db.execute(sql`select 1 as one`);
      expect((again as unknown as { rows: { one: number }[] }).rows[0]).toEqual({ one: 1 });
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
      await database.dispose();
    }
  });
});
