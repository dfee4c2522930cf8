import { sql } from 'drizzle-orm';
import type { Db } from '@milli/db';

/** The health check's one query: the database answers at all. */
export function healthRepository(db: Db) {
  return {
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },
  };
}
