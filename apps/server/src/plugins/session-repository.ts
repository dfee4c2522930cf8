import { and, eq, gt } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';

/** The session plugin's queries: who a live session belongs to, and moving its end. */
export function sessionRepository(db: Db) {
  return {
    /** The customer of an unexpired session and when it ends, or null. */
    async find(tokenHash: string, at: Date) {
      const [row] = await db
        .select({
          id: schema.customers.id,
          username: schema.customers.username,
          email: schema.customers.email,
          role: schema.customers.role,
          expiresAt: schema.sessions.expiresAt,
        })
        .from(schema.sessions)
        .innerJoin(schema.customers, eq(schema.customers.id, schema.sessions.customerId))
        .where(and(eq(schema.sessions.tokenHash, tokenHash), gt(schema.sessions.expiresAt, at)));
      return row ?? null;
    },
    async extend(tokenHash: string, expiresAt: Date, lastSeenAt: Date) {
      await db.update(schema.sessions).set({ expiresAt, lastSeenAt }).where(eq(schema.sessions.tokenHash, tokenHash));
    },
  };
}
