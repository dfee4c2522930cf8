import { eq } from 'drizzle-orm';
import { preparedQuery, schema, type Db } from '@milli/db';

// Read by every order placed and paid: built once (decision 038).
const settingsStatement = preparedQuery('store_settings', (db) => db.select().from(schema.storeSettings).where(eq(schema.storeSettings.id, 1)));

export function createSettingsRepository(db: Db) {
  return {
    async get() {
      const [row] = await settingsStatement(db);
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
  };
}
