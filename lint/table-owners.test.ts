import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, sharedTables, sourceFiles, tableWriters } from './server-shape.ts';

/**
 * One writer a table (issue 36): only its module's repository (or, for the tables a plugin keeps, that plugin's
 * repository) inserts, updates or deletes its rows; another module asks the owner's service, inside its own
 * transaction where the change must be atomic. Seeds and tests set rows up directly and are not counted.
 */
const repositories = () =>
  [...sourceFiles(path.join(repoRoot, 'apps/server/src/modules')), ...sourceFiles(path.join(repoRoot, 'apps/server/src/plugins'))].filter((f) =>
    /(^|[/-])repository\.ts$/.test(f),
  );

const planted = path.join(repoRoot, 'lint/planted/second-writer.ts');
let checked: ReturnType<typeof tableWriters> | undefined;
/** The writers of the repositories and the planted file, found by one type-checked program (the costly part), once. */
const writersWithPlanted = () => (checked ??= tableWriters([...repositories(), planted]));

describe('the tables', () => {
  it('are each written by one module', () => {
    const writers = new Map(writersWithPlanted());
    writers.delete(path.relative(repoRoot, planted));
    expect(Object.fromEntries(sharedTables(writers))).toEqual({});
  }, 60_000);

  it('a second writer is found however it names the table (planted: lint/planted/second-writer.ts)', () => {
    const writers = writersWithPlanted();
    const mine = writers.get(path.relative(repoRoot, planted));
    expect([...(mine?.keys() ?? [])].sort()).toEqual(['credit_notes', 'order_pieces', 'order_status_history', 'orders']);
    const shared = sharedTables(writers);
    for (const table of ['orders', 'order_pieces', 'order_status_history', 'credit_notes'])
      expect(shared.get(table)).toContain('lint/planted/second-writer.ts');
  }, 60_000);
});
