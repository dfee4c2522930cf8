import { and, eq, gt, isNull, lt, ne, or } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';

const sessions = schema.staffSessions;
const tokens = schema.staffApiTokens;

/**
 * The staff sessions' and API tokens' one writer (issue 36): who a live session or token belongs to, keeping a
 * session awake, and starting, ending and revoking them for the staff module.
 */
export function staffSessionRepository(db: Db) {
  const member = {
    id: schema.staff.id,
    email: schema.staff.email,
    name: schema.staff.name,
    roles: schema.staff.roles,
    deskMail: schema.staff.deskMail,
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
    // The staff module's sign-in, sign-out and token desk write sessions and tokens through staff.ts's functions.
    async createSession(row: { tokenHash: string; staffId: number; idleExpiresAt: Date; expiresAt: Date; ip: string | null; userAgent: string | null }) {
      await db.insert(sessions).values(row);
    },
    async deleteSession(tokenHash: string) {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },
    /** Ends every session of the member, or every one but `keepTokenHash`. */
    async deleteSessionsOf(staffId: number, keepTokenHash?: string) {
      await db.delete(sessions).where(and(eq(sessions.staffId, staffId), keepTokenHash ? ne(sessions.tokenHash, keepTokenHash) : undefined));
    },
    async insertToken(row: { staffId: number; name: string; tokenHash: string; prefix: string; expiresAt: Date | null }) {
      const [created] = await db.insert(tokens).values(row).returning();
      return created!;
    },
    /** Revokes one live token of the member: the row as it was, or null when there was none to revoke. */
    async revokeToken(staffId: number, id: number, at: Date) {
      const [row] = await db
        .update(tokens)
        .set({ revokedAt: at })
        .where(and(eq(tokens.id, id), eq(tokens.staffId, staffId), isNull(tokens.revokedAt)))
        .returning();
      return row ?? null;
    },
    async revokeTokensOf(staffId: number, at: Date): Promise<number> {
      const rows = await db
        .update(tokens)
        .set({ revokedAt: at })
        .where(and(eq(tokens.staffId, staffId), isNull(tokens.revokedAt)))
        .returning({ id: tokens.id });
      return rows.length;
    },
    /** Sessions past their idle or hard end before `before` go (housekeeping). */
    async prune(before: Date): Promise<number> {
      const gone = await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, before), lt(sessions.idleExpiresAt, before)))
        .returning({ id: sessions.tokenHash });
      return gone.length;
    },
  };
}
