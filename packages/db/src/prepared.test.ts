import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { preparedStatement } from './prepared.ts';
import { createTestDatabase, testServerUrl } from './testing.ts';

const p = (name: string) => sql.placeholder(name);
const twice = preparedStatement<{ doubled: number; label: string; none: string | null }>(
  'test_prepared_twice',
  sql`select ${p('n')}::int * 2 as doubled, ${p('label')}::text || '/' || ${p('n')}::text as label, ${p('none')}::text as none`,
);

describe('prepared statements', () => {
  it('run with their values, as often as asked, on the database and in a transaction; PostgreSQL keeps them prepared', async () => {
    const database = await createTestDatabase();
    try {
      for (let n = 1; n <= 8; n++) expect(await twice(database.db, { n, label: 'x', none: null })).toEqual([{ doubled: 2 * n, label: `x/${n}`, none: null }]);
      const inside = await database.db.transaction(async (tx) => {
        const rows = await twice(tx, { n: 21, label: 'tx', none: 'set' });
        const prepared = await tx.execute<{ name: string }>(sql`select name from pg_prepared_statements where name = 'test_prepared_twice'`);
        return { rows, prepared: (Array.isArray(prepared) ? prepared : (prepared as unknown as { rows: { name: string }[] }).rows).length };
      });
      expect(inside.rows).toEqual([{ doubled: 42, label: 'tx/21', none: 'set' }]);
      // PostgreSQL holds it prepared on the connection; PGlite runs it as it comes.
      expect(inside.prepared).toBe(testServerUrl ? 1 : 0);
    } finally {
      await database.dispose();
    }
  });

  it('refuses a second statement under a name already given', () => {
    expect(() => preparedStatement('test_prepared_twice', sql`select 1`)).toThrow(/already named/);
  });
});
