import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';
import { createSettingsRepository } from '../settings/repository.ts';

const c = schema.customers;

/** Every query of the accounts domain. `db` may be a transaction. */
export function accountsRepository(db: Db) {
  return {
    async findByLogin(login: string) {
      const lowered = login.toLowerCase();
      const [row] = await db
        .select()
        .from(c)
        .where(login.includes('@') ? eq(c.email, lowered) : eq(sql`lower(${c.username})`, lowered))
        .limit(1);
      return row ?? null;
    },
    async findById(id: number) {
      const [row] = await db.select().from(c).where(eq(c.id, id));
      return row ?? null;
    },
    async usernameTaken(username: string, exceptId?: number) {
      const [row] = await db
        .select({ id: c.id })
        .from(c)
        .where(and(eq(sql`lower(${c.username})`, username.toLowerCase()), exceptId ? ne(c.id, exceptId) : undefined));
      return Boolean(row);
    },
    async emailTaken(email: string, exceptId?: number) {
      const [row] = await db
        .select({ id: c.id })
        .from(c)
        .where(and(eq(c.email, email), exceptId ? ne(c.id, exceptId) : undefined));
      return Boolean(row);
    },
    async create(values: { username: string; email: string; passwordHash: string }) {
      const [row] = await db.insert(c).values(values).returning();
      return row!;
    },
    async updateProfile(id: number, values: { firstName: string; lastName: string; email: string; mobile: string | null; passwordHash?: string }) {
      await db.update(c).set(values).where(eq(c.id, id));
    },
    async setPassword(id: number, passwordHash: string) {
      await db.update(c).set({ passwordHash }).where(eq(c.id, id));
    },

    // Sessions
    async createSession(tokenHash: string, customerId: number, expiresAt: Date) {
      await db.insert(schema.sessions).values({ tokenHash, customerId, expiresAt, lastSeenAt: new Date() });
    },
    async deleteSession(tokenHash: string) {
      await db.delete(schema.sessions).where(eq(schema.sessions.tokenHash, tokenHash));
    },
    async deleteSessionsOf(customerId: number, exceptTokenHash?: string | null) {
      await db
        .delete(schema.sessions)
        .where(
          and(
            eq(schema.sessions.customerId, customerId),
            exceptTokenHash ? ne(schema.sessions.tokenHash, exceptTokenHash) : undefined,
          ),
        );
    },

    // Password resets
    async createReset(customerId: number, codeHash: string, expiresAt: Date) {
      // A new code replaces any earlier one that is still open.
      await db
        .update(schema.passwordResets)
        .set({ usedAt: new Date() })
        .where(and(eq(schema.passwordResets.customerId, customerId), isNull(schema.passwordResets.usedAt)));
      await db.insert(schema.passwordResets).values({ customerId, codeHash, expiresAt });
    },
    async openReset(customerId: number, now: Date) {
      const [row] = await db
        .select()
        .from(schema.passwordResets)
        .where(
          and(
            eq(schema.passwordResets.customerId, customerId),
            isNull(schema.passwordResets.usedAt),
            isNull(schema.passwordResets.verifiedAt),
            gt(schema.passwordResets.expiresAt, now),
            gt(schema.passwordResets.triesLeft, 0),
          ),
        )
        .orderBy(desc(schema.passwordResets.createdAt))
        .limit(1);
      return row ?? null;
    },
    async spendTry(resetId: number) {
      const [row] = await db
        .update(schema.passwordResets)
        .set({ triesLeft: sql`greatest(${schema.passwordResets.triesLeft} - 1, 0)` })
        .where(eq(schema.passwordResets.id, resetId))
        .returning({ triesLeft: schema.passwordResets.triesLeft });
      return row?.triesLeft ?? 0;
    },
    async markVerified(resetId: number, verifiedTokenHash: string, at: Date) {
      await db.update(schema.passwordResets).set({ verifiedTokenHash, verifiedAt: at }).where(eq(schema.passwordResets.id, resetId));
    },
    async verifiedReset(verifiedTokenHash: string) {
      const [row] = await db
        .select()
        .from(schema.passwordResets)
        .where(and(eq(schema.passwordResets.verifiedTokenHash, verifiedTokenHash), isNull(schema.passwordResets.usedAt)));
      return row ?? null;
    },
    async markUsed(resetId: number, at: Date) {
      await db.update(schema.passwordResets).set({ usedAt: at }).where(eq(schema.passwordResets.id, resetId));
    },
    /** The store's name, help line and address for mails (one query, in the settings repository). */
    brand: () => createSettingsRepository(db).brand(),
  };
}
