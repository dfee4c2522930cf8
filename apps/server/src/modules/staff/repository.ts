import { and, arrayContains, arrayOverlaps, asc, count, desc, eq, getTableColumns, gt, ilike, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';
import type { StaffRole } from '@milli/contracts';
import type { StaffListQuery } from '@milli/contracts/schemas';

const s = schema.staff;
const codes = schema.staffRecoveryCodes;
const tokens = schema.staffApiTokens;
const invitations = schema.staffInvitations;

/** What the service reads of a member (never handed to a client as it is: it holds the hashes). */
export type StaffRecord = typeof s.$inferSelect;

const SORTS = { name: s.name, email: s.email, role: s.roles, created: s.createdAt, lastSignIn: s.lastSignInAt } as const;

/**
 * When the member's live invitation (neither used nor revoked) ends, or null: one small subquery per row listed. The
 * outer row's id is written out in full: Drizzle leaves a one-table select's columns unqualified, and a bare "id" here
 * would be the invitation's own.
 */
const invitationEnds =
  sql<Date | null>`(select max(${invitations.expiresAt}) from ${invitations} where ${invitations.staffId} = "staff"."id" and ${invitations.usedAt} is null and ${invitations.revokedAt} is null)`.mapWith(
    invitations.expiresAt,
  );

/** A member as listed: the row and when their live invitation ends. */
export type StaffListed = StaffRecord & { invitationExpiresAt: Date | null };
const listed = { ...getTableColumns(s), invitationExpiresAt: invitationEnds };
const asListed = (row: StaffListed): StaffListed => row;
const isOwner = arrayContains(s.roles, ['owner']);

/** The staff module's queries. `db` may be a transaction. */
export function staffRepository(db: Db) {
  return {
    async countAll(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(s);
      return row?.n ?? 0;
    },
    async findByEmail(email: string): Promise<StaffRecord | null> {
      const [row] = await db.select().from(s).where(eq(s.email, email.trim().toLowerCase()));
      return row ?? null;
    },
    async findById(id: number): Promise<StaffRecord | null> {
      const [row] = await db.select().from(s).where(eq(s.id, id));
      return row ?? null;
    },
    async findListed(id: number): Promise<StaffListed | null> {
      const [row] = await db.select(listed).from(s).where(eq(s.id, id));
      return row ? asListed(row) : null;
    },
    /** The member, locked for the rest of the transaction (two changes to one member, or to the owners, take turns). */
    async lockById(id: number): Promise<StaffRecord | null> {
      const [row] = await db.select().from(s).where(eq(s.id, id)).for('update');
      return row ?? null;
    },
    /**
     * Locks every active owner's row, in id order, for the rest of the transaction. Changes that may take an owner
     * away call it before locking their member, so they all take the locks in one order: two owners removing
     * each other at once wait for each other instead of deadlocking (which PostgreSQL ends with an error).
     */
    async lockOwners(): Promise<void> {
      await db
        .select({ id: s.id })
        .from(s)
        .where(and(isOwner, isNull(s.removedAt)))
        .orderBy(asc(s.id))
        .for('update');
    },
    /** How many active owners there are besides `exceptId`, with those rows locked so two demotions cannot both pass. */
    async lockOtherOwners(exceptId: number): Promise<number> {
      const rows = await db
        .select({ id: s.id })
        .from(s)
        .where(and(isOwner, isNull(s.removedAt), isNotNull(s.passwordHash), ne(s.id, exceptId)))
        .for('update');
      return rows.length;
    },
    async insert(row: { email: string; name: string; roles: StaffRole[]; passwordHash: string | null }): Promise<StaffRecord> {
      const [created] = await db.insert(s).values(row).returning();
      return created!;
    },
    async update(
      id: number,
      set: Partial<
        Pick<StaffRecord, 'name' | 'roles' | 'deskMail' | 'passwordHash' | 'removedAt' | 'totpSecret' | 'totpEnabledAt' | 'totpLastStep' | 'lastSignInAt'>
      >,
    ) {
      const [row] = await db
        .update(s)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(s.id, id))
        .returning();
      return row ?? null;
    },
    /**
     * Takes a TOTP step for the member if it is later than the last one accepted: compare-and-set, so one code
     * (or two requests racing with it) signs in once.
     */
    async takeTotpStep(id: number, step: number): Promise<boolean> {
      const rows = await db
        .update(s)
        .set({ totpLastStep: step })
        .where(and(eq(s.id, id), or(isNull(s.totpLastStep), lt(s.totpLastStep, step))))
        .returning({ id: s.id });
      return rows.length === 1;
    },
    async list(query: StaffListQuery) {
      const where: SQL[] = [];
      if (query.removed !== 'true') where.push(isNull(s.removedAt));
      if (query.role) where.push(arrayContains(s.roles, [query.role]));
      if (query.q) {
        const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        where.push(or(ilike(s.name, like), ilike(s.email, like))!);
      }
      const condition = where.length ? and(...where) : undefined;
      const column = SORTS[query.sort];
      const order = query.dir === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
      const [rows, [total]] = await Promise.all([
        db
          .select(listed)
          .from(s)
          .where(condition)
          .orderBy(order, asc(s.id))
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage),
        db.select({ n: count() }).from(s).where(condition),
      ]);
      return { rows: rows.map(asListed), total: total?.n ?? 0 };
    },
    /** Every member, for the command line. */
    async all(): Promise<StaffListed[]> {
      return (await db.select(listed).from(s).orderBy(asc(s.id))).map(asListed);
    },

    // Invitations (issue 39)
    async insertInvitation(row: { staffId: number; tokenHash: string; invitedBy: number | null; expiresAt: Date }) {
      const [created] = await db.insert(invitations).values(row).returning();
      return created!;
    },
    /** Ends every live invitation of the member (a new one sent, the invitation revoked, the member removed). */
    async revokeInvitationsOf(staffId: number, at: Date): Promise<number> {
      const rows = await db
        .update(invitations)
        .set({ revokedAt: at })
        .where(and(eq(invitations.staffId, staffId), isNull(invitations.usedAt), isNull(invitations.revokedAt)))
        .returning({ id: invitations.id });
      return rows.length;
    },
    /** The invitation of a link's token, with its member, whatever its state. */
    async invitationByHash(tokenHash: string) {
      const [row] = await db
        .select({ invitation: invitations, member: s })
        .from(invitations)
        .innerJoin(s, eq(s.id, invitations.staffId))
        .where(eq(invitations.tokenHash, tokenHash));
      return row ?? null;
    },
    /** Spends a live invitation: compare-and-set, so a link (or two tabs racing with it) works once. */
    async spendInvitation(id: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(invitations)
        .set({ usedAt: at })
        .where(and(eq(invitations.id, id), isNull(invitations.usedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, at)))
        .returning({ id: invitations.id });
      return rows.length === 1;
    },

    // Desk mails (issue 39)
    /** Active members holding any of `roles` who have not turned desk mails off. */
    async deskRecipients(roles: StaffRole[]): Promise<{ email: string; name: string }[]> {
      return db
        .select({ email: s.email, name: s.name })
        .from(s)
        .where(and(arrayOverlaps(s.roles, roles), isNull(s.removedAt), isNotNull(s.passwordHash), eq(s.deskMail, true)))
        .orderBy(asc(s.id));
    },

    // Sessions

    // Recovery codes
    async replaceRecoveryCodes(staffId: number, hashes: string[]) {
      await db.delete(codes).where(eq(codes.staffId, staffId));
      if (hashes.length) await db.insert(codes).values(hashes.map((codeHash) => ({ staffId, codeHash })));
    },
    async deleteRecoveryCodes(staffId: number) {
      await db.delete(codes).where(eq(codes.staffId, staffId));
    },
    /** Spends an unused recovery code: true when it was there and unused (compare-and-set, so it works once). */
    async spendRecoveryCode(staffId: number, codeHash: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(codes)
        .set({ usedAt: at })
        .where(and(eq(codes.staffId, staffId), eq(codes.codeHash, codeHash), isNull(codes.usedAt)))
        .returning({ id: codes.id });
      return rows.length === 1;
    },
    async unusedRecoveryCodes(staffId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(codes)
        .where(and(eq(codes.staffId, staffId), isNull(codes.usedAt)));
      return row?.n ?? 0;
    },

    // API tokens
    async tokensOf(staffId: number) {
      return db.select().from(tokens).where(eq(tokens.staffId, staffId)).orderBy(desc(tokens.createdAt), desc(tokens.id));
    },
    async findToken(staffId: number, id: number) {
      const [row] = await db
        .select()
        .from(tokens)
        .where(and(eq(tokens.id, id), eq(tokens.staffId, staffId)));
      return row ?? null;
    },
    async liveTokenCount(staffId: number, at: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(tokens)
        .where(and(eq(tokens.staffId, staffId), isNull(tokens.revokedAt), or(isNull(tokens.expiresAt), gt(tokens.expiresAt, at))));
      return row?.n ?? 0;
    },
    /** Whether the store requires every member to sign in with a second factor. */
    async twoFactorRequired(): Promise<boolean> {
      const [row] = await db
        .select({ required: schema.storeSettings.staffTwoFactorRequired })
        .from(schema.storeSettings)
        .where(and(eq(schema.storeSettings.id, 1), isNotNull(schema.storeSettings.staffTwoFactorRequired)));
      return row?.required === true;
    },
  };
}

export type StaffRepository = ReturnType<typeof staffRepository>;
