import { sql } from 'drizzle-orm';
import { pendingMigrations, type Db } from '@milli/db';

/** The health checks' queries. */
export function healthRepository(db: Db) {
  return {
    /** The database answers at all. */
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },
    /** How many of this build's migrations the database lacks. */
    pendingMigrations: () => pendingMigrations(db),
  };
}
