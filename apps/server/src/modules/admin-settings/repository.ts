import { eq } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';

export type SettingsRow = typeof schema.storeSettings.$inferSelect;
export type SettingsChange = Partial<Omit<typeof schema.storeSettings.$inferInsert, 'id' | 'updatedAt'>>;

/** The store's one settings row, as the owner edits it. */
export function createAdminSettingsRepository(db: Db) {
  return {
    /** The row, locked for the rest of the transaction when `forUpdate` (two owners saving at once take turns). */
    async get(forUpdate = false): Promise<SettingsRow | null> {
      const query = db.select().from(schema.storeSettings).where(eq(schema.storeSettings.id, 1));
      const [row] = forUpdate ? await query.for('update') : await query;
      return row ?? null;
    },
    async update(change: SettingsChange): Promise<SettingsRow> {
      const [row] = await db
        .update(schema.storeSettings)
        .set({ ...change, updatedAt: new Date() })
        .where(eq(schema.storeSettings.id, 1))
        .returning();
      return row!;
    },
  };
}
