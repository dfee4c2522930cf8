import { eq } from 'drizzle-orm';
import { preparedQuery, schema, type Db } from '@milli/db';

export type SettingsRow = typeof schema.storeSettings.$inferSelect;
export type SettingsChange = Partial<Omit<typeof schema.storeSettings.$inferInsert, 'id' | 'updatedAt'>>;

// Read by every order placed and paid: built once (decision 038).
const settingsStatement = preparedQuery('store_settings', (db) => db.select().from(schema.storeSettings).where(eq(schema.storeSettings.id, 1)));

/** The store's one settings row: read by every module through the settings service, written by the owner's desk alone. */
export function createSettingsRepository(db: Db) {
  return {
    /** The row, locked for the rest of the transaction with `lock` (two owners saving at once take turns). */
    async get(opts: { lock?: boolean } = {}): Promise<SettingsRow | null> {
      const [row] = opts.lock ? await db.select().from(schema.storeSettings).where(eq(schema.storeSettings.id, 1)).for('update') : await settingsStatement(db);
      return row ?? null;
    },
    /** The GST rate the store charges, as a number (the column is numeric), or null before setup. */
    async gstPercent(): Promise<number | null> {
      const [row] = await db.select({ gst: schema.storeSettings.gstPercent }).from(schema.storeSettings).where(eq(schema.storeSettings.id, 1));
      return row ? Number(row.gst) : null;
    },
    /** What every mail's frame prints (lib/mail-layout.ts Brand), with a fallback before setup. */
    async brand() {
      const [row] = await db
        .select({ storeName: schema.storeSettings.storeName, helpLine: schema.storeSettings.helpLine, emailPrimary: schema.storeSettings.emailPrimary })
        .from(schema.storeSettings)
        .where(eq(schema.storeSettings.id, 1));
      return row ?? { storeName: 'Milli', helpLine: '', emailPrimary: '' };
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
