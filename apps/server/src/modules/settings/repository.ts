import { eq } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';

export function createSettingsRepository(db: Db) {
  return {
    async get() {
      const [row] = await db.select().from(schema.storeSettings).where(eq(schema.storeSettings.id, 1));
      return row ?? null;
    },
  };
}
