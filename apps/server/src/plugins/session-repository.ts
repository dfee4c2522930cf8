import { and, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';

/**
 * The sessions table's one writer (issue 36): who a live session belongs to, moving its end, and starting and ending
 * sessions for the accounts module, whose login and password changes call session.ts's functions.
 */
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
        .where(and(eq(schema.sessions.tokenHash, tokenHash), gt(schema.sessions.expiresAt, at), isNull(schema.customers.erasedAt)));
      return row ?? null;
    },
    async extend(tokenHash: string, expiresAt: Date, lastSeenAt: Date) {
      await db.update(schema.sessions).set({ expiresAt, lastSeenAt }).where(eq(schema.sessions.tokenHash, tokenHash));
    },
    async create(tokenHash: string, customerId: number, expiresAt: Date) {
      await db.insert(schema.sessions).values({ tokenHash, customerId, expiresAt, lastSeenAt: new Date() });
    },
    async remove(tokenHash: string) {
      await db.delete(schema.sessions).where(eq(schema.sessions.tokenHash, tokenHash));
    },
    async removeOf(customerId: number, exceptTokenHash?: string | null) {
      await db
        .delete(schema.sessions)
        .where(and(eq(schema.sessions.customerId, customerId), exceptTokenHash ? ne(schema.sessions.tokenHash, exceptTokenHash) : undefined));
    },
    /**
     * Deletes the sessions that expired before `before`. A delete on sessions tells every instance to forget the
     * sessions it keeps (migration 0005), even when it deletes nothing: ask first, so a quiet hour costs no
     * instance its session cache.
     */
    async prune(before: Date): Promise<number> {
      const any = await db.select({ k: schema.sessions.tokenHash }).from(schema.sessions).where(lt(schema.sessions.expiresAt, before)).limit(1);
      if (any.length === 0) return 0;
      const gone = await db.delete(schema.sessions).where(lt(schema.sessions.expiresAt, before)).returning({ id: schema.sessions.tokenHash });
      return gone.length;
    },
  };
}
