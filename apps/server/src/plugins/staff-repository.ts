import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';

/** The staff plugin's queries: who a live staff session or API token belongs to, and keeping a session awake. */
export function staffSessionRepository(db: Db) {
  const member = {
    id: schema.staff.id,
    email: schema.staff.email,
    name: schema.staff.name,
    role: schema.staff.role,
    totpEnabledAt: schema.staff.totpEnabledAt,
  };
  return {
    /** The member of a session that is neither idle too long nor past its end, with the store's two-factor rule. */
    async findSession(tokenHash: string, at: Date) {
      const [row] = await db
        .select({ ...member, lastSeenAt: schema.staffSessions.lastSeenAt, twoFactorRequired: schema.storeSettings.staffTwoFactorRequired })
        .from(schema.staffSessions)
        .innerJoin(schema.staff, eq(schema.staff.id, schema.staffSessions.staffId))
        .leftJoin(schema.storeSettings, eq(schema.storeSettings.id, 1))
        .where(
          and(
            eq(schema.staffSessions.tokenHash, tokenHash),
            gt(schema.staffSessions.idleExpiresAt, at),
            gt(schema.staffSessions.expiresAt, at),
            isNull(schema.staff.removedAt),
          ),
        );
      return row ?? null;
    },
    /** The member of an unrevoked, unexpired API token. */
    async findToken(tokenHash: string, at: Date) {
      const [row] = await db
        .select({
          ...member,
          tokenId: schema.staffApiTokens.id,
          lastUsedAt: schema.staffApiTokens.lastUsedAt,
          twoFactorRequired: schema.storeSettings.staffTwoFactorRequired,
        })
        .from(schema.staffApiTokens)
        .innerJoin(schema.staff, eq(schema.staff.id, schema.staffApiTokens.staffId))
        .leftJoin(schema.storeSettings, eq(schema.storeSettings.id, 1))
        .where(
          and(
            eq(schema.staffApiTokens.tokenHash, tokenHash),
            isNull(schema.staffApiTokens.revokedAt),
            or(isNull(schema.staffApiTokens.expiresAt), gt(schema.staffApiTokens.expiresAt, at)),
            isNull(schema.staff.removedAt),
          ),
        );
      return row ?? null;
    },
    async touchSession(tokenHash: string, at: Date, idleExpiresAt: Date) {
      await db.update(schema.staffSessions).set({ lastSeenAt: at, idleExpiresAt }).where(eq(schema.staffSessions.tokenHash, tokenHash));
    },
    async touchToken(id: number, at: Date) {
      await db.update(schema.staffApiTokens).set({ lastUsedAt: at }).where(eq(schema.staffApiTokens.id, id));
    },
  };
}
