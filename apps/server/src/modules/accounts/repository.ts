import { and, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';

const c = schema.customers;

/** Every query of the accounts domain. `db` may be a transaction. */
export function accountsRepository(db: Db) {
  return {
    /** The customer's row, held to the end of the transaction (see `lockCustomer` in the service). */
    async lockRow(customerId: number): Promise<void> {
      await db.select({ id: c.id }).from(c).where(eq(c.id, customerId)).for('no key update');
    },
    async findByLogin(login: string) {
      const lowered = login.toLowerCase();
      const [row] = await db
        .select()
        .from(c)
        // An erased account (decision 044) is nobody's: it cannot log in nor be sent a reset code.
        .where(and(login.includes('@') ? eq(c.email, lowered) : eq(sql`lower(${c.username})`, lowered), isNull(c.erasedAt)))
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
    /** The live account that signs in with this E.164 number, if any. */
    async findByPhone(phone: string) {
      const [row] = await db
        .select()
        .from(c)
        .where(and(eq(c.phone, phone), isNull(c.erasedAt)))
        .limit(1);
      return row ?? null;
    },
    /** Whether the number is another account's (any account: an erased one has none). */
    async phoneTaken(phone: string, exceptId: number) {
      const [row] = await db
        .select({ id: c.id })
        .from(c)
        .where(and(eq(c.phone, phone), ne(c.id, exceptId)));
      return Boolean(row);
    },
    /** A new account made by its first code (decision 058): its number verified, no e-mail or password of its own yet. */
    async createWithPhone(values: { username: string; email: string; passwordHash: string; phone: string; mobile: string; at: Date }) {
      const { at, ...rest } = values;
      const [row] = await db
        .insert(c)
        .values({ ...rest, phoneVerifiedAt: at })
        .returning();
      return row!;
    },
    /** The number the customer signs in with, verified now (the unique index refuses one another account has). */
    async setPhone(id: number, phone: string, at: Date) {
      await db.update(c).set({ phone, phoneVerifiedAt: at, updatedAt: at }).where(eq(c.id, id));
    },
    async setNames(id: number, values: { firstName: string; lastName: string; username?: string }) {
      await db
        .update(c)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(c.id, id));
    },

    // Codes sent to mobile numbers (decision 058)
    /**
     * A new code for the number, closing the ones still open for the same purpose (and customer), unless one was
     * sent less than `resendSeconds` ago: then nothing is written and the answer is false. The caller has counted
     * the number's limit in the same transaction first, which holds that counter's row, so two requests for one
     * number are decided one after the other and the second sees the first's code.
     */
    async issuePhoneCode(values: {
      phone: string;
      purpose: 'sign_in' | 'add_phone';
      customerId: number | null;
      channel: 'sms' | 'whatsapp';
      codeHash: string;
      now: Date;
      expiresAt: Date;
      triesLeft: number;
      resendSeconds: number;
    }): Promise<boolean> {
      const p = schema.phoneCodes;
      const same = and(
        eq(p.phone, values.phone),
        eq(p.purpose, values.purpose),
        values.customerId === null ? isNull(p.customerId) : eq(p.customerId, values.customerId),
      );
      const since = new Date(values.now.getTime() - values.resendSeconds * 1000);
      const [recent] = await db
        .select({ id: p.id })
        .from(p)
        .where(and(same, gt(p.createdAt, since)))
        .limit(1);
      if (recent) return false;
      await db
        .update(p)
        .set({ usedAt: values.now })
        .where(and(same, isNull(p.usedAt)));
      await db.insert(p).values({
        phone: values.phone,
        purpose: values.purpose,
        customerId: values.customerId,
        channel: values.channel,
        codeHash: values.codeHash,
        expiresAt: values.expiresAt,
        triesLeft: values.triesLeft,
        createdAt: values.now,
      });
      return true;
    },
    /**
     * One guess at the number's open code, in one statement (as `tryCode`, decision 020): a wrong guess spends a try,
     * a right one uses the code up, so however many guesses arrive at once no more than its tries are compared and
     * a right code lets one request in. Answers the code's channel when the guess was right, else null.
     */
    async tryPhoneCode(phone: string, purpose: 'sign_in' | 'add_phone', customerId: number | null, codeHash: string, now: Date) {
      const p = schema.phoneCodes;
      const open = and(
        eq(p.phone, phone),
        eq(p.purpose, purpose),
        customerId === null ? isNull(p.customerId) : eq(p.customerId, customerId),
        isNull(p.usedAt),
        gt(p.expiresAt, now),
        gt(p.triesLeft, 0),
      );
      const latest = db.select({ id: p.id }).from(p).where(open).orderBy(desc(p.createdAt), desc(p.id)).limit(1);
      const right = sql`${p.codeHash} = ${codeHash}`;
      const [row] = await db
        .update(p)
        .set({
          triesLeft: sql`case when ${right} then ${p.triesLeft} else ${p.triesLeft} - 1 end`,
          usedAt: sql`case when ${right} then ${now.toISOString()}::timestamptz end`,
        })
        .where(and(inArray(p.id, latest), open))
        .returning({ used: sql<boolean>`${p.usedAt} is not null`, channel: p.channel });
      return row?.used === true ? row.channel : null;
    },
    /** Codes whose life ended before `before` go (housekeeping). */
    async prunePhoneCodes(before: Date): Promise<number> {
      const gone = await db.delete(schema.phoneCodes).where(lt(schema.phoneCodes.expiresAt, before)).returning({ id: schema.phoneCodes.id });
      return gone.length;
    },
    async updateProfile(id: number, values: { firstName: string; lastName: string; email: string; mobile: string | null; passwordHash?: string }) {
      await db.update(c).set(values).where(eq(c.id, id));
    },
    async setPassword(id: number, passwordHash: string) {
      await db.update(c).set({ passwordHash }).where(eq(c.id, id));
    },

    // Password resets
    /**
     * A new code for the customer, replacing any still open, and its mail in the outbox. With no such
     * customer (id 0) the same three statements run and write nothing, so the answer to an unknown
     * address costs what a known one costs.
     */
    async issueReset(customerId: number, codeHash: string, expiresAt: Date, linkTokenHash: string) {
      const r = schema.passwordResets;
      await db
        .update(r)
        .set({ usedAt: new Date() })
        .where(and(eq(r.customerId, customerId), isNull(r.usedAt)));
      // The mail's link is a token the reset screen presents like a checked code's (verified_at stays null, so the
      // code can still be tried; a right code replaces the link's token with its own).
      await db.execute(
        sql`insert into ${r} (customer_id, code_hash, expires_at, verified_token_hash)
            select ${c.id}, ${codeHash}, ${expiresAt.toISOString()}::timestamptz, ${linkTokenHash} from ${c} where ${c.id} = ${customerId}`,
      );
    },
    /** Codes and links whose life ended before `before` go (housekeeping). */
    async pruneResets(before: Date): Promise<number> {
      const gone = await db.delete(schema.passwordResets).where(lt(schema.passwordResets.expiresAt, before)).returning({ id: schema.passwordResets.id });
      return gone.length;
    },
    /**
     * One guess at the customer's open code, in one statement: the row is locked while its try is spent
     * and the code compared, so however many guesses arrive at once, no more than the code's tries are
     * ever compared with it (PostgreSQL re-reads `tries_left` of a row another guess just updated).
     * A right guess spends nothing and marks the code verified with `verifiedTokenHash`.
     * Answers whether the guess was right; false as well when there is no open code to guess at.
     */
    async tryCode(customerId: number, codeHash: string, verifiedTokenHash: string, now: Date) {
      const r = schema.passwordResets;
      const at = now.toISOString();
      const open = and(eq(r.customerId, customerId), isNull(r.usedAt), isNull(r.verifiedAt), gt(r.expiresAt, now), gt(r.triesLeft, 0));
      const latest = db.select({ id: r.id }).from(r).where(open).orderBy(desc(r.createdAt), desc(r.id)).limit(1);
      const right = sql`${r.codeHash} = ${codeHash}`;
      const [row] = await db
        .update(r)
        .set({
          triesLeft: sql`case when ${right} then ${r.triesLeft} else ${r.triesLeft} - 1 end`,
          verifiedAt: sql`case when ${right} then ${at}::timestamptz end`,
          // A wrong guess keeps the mail link's token; a right one replaces it with the checked code's.
          verifiedTokenHash: sql`case when ${right} then ${verifiedTokenHash} else ${r.verifiedTokenHash} end`,
        })
        .where(and(inArray(r.id, latest), open))
        .returning({ verified: sql<boolean>`${r.verifiedAt} is not null` });
      return row?.verified === true;
    },
    /**
     * The mail's link spent for a reset token, in one statement so two clients opening it at once cannot both
     * have it: the row becomes what a checked code makes of it (verified now, open for `minutes` more), and the
     * link's hash is replaced, so the same link finds nothing again. Null when the link is unknown, spent or older
     * than `linkHours`.
     */
    async exchangeLink(linkTokenHash: string, tokenHash: string, now: Date, minutes: number, linkHours: number, codeMinutes: number) {
      const r = schema.passwordResets;
      const at = now.toISOString();
      const [row] = await db
        .update(r)
        .set({ verifiedTokenHash: tokenHash, verifiedAt: now, expiresAt: new Date(now.getTime() + minutes * 60_000) })
        .where(
          and(
            eq(r.verifiedTokenHash, linkTokenHash),
            isNull(r.usedAt),
            isNull(r.verifiedAt),
            // The code's deadline is ten minutes from the mail; the link's, linkHours from it.
            sql`${r.expiresAt} + make_interval(mins => ${linkHours * 60 - codeMinutes}) > ${at}::timestamptz`,
          ),
        )
        .returning({ id: r.id });
      return row ?? null;
    },
    async verifiedReset(verifiedTokenHash: string) {
      const [row] = await db
        .select()
        .from(schema.passwordResets)
        .where(and(eq(schema.passwordResets.verifiedTokenHash, verifiedTokenHash), isNull(schema.passwordResets.usedAt)));
      return row ?? null;
    },
    /** False when another request used the reset first: a verified code sets one password, once. */
    async markUsed(resetId: number, at: Date) {
      const rows = await db
        .update(schema.passwordResets)
        .set({ usedAt: at })
        .where(and(eq(schema.passwordResets.id, resetId), isNull(schema.passwordResets.usedAt)))
        .returning({ id: schema.passwordResets.id });
      return rows.length === 1;
    },
    // E-mail changes and their undo
    async recordEmailChange(values: { customerId: number; oldEmail: string; newEmail: string; undoTokenHash: string; expiresAt: Date }) {
      await db.insert(schema.emailChanges).values(values);
    },
    /**
     * Spends an undo token: one request wins, and every other open change of the same customer is closed
     * with it, so a later change's token (mailed to an address an intruder chose) cannot undo the undo.
     * Null when the token is unknown, used or expired.
     */
    async spendUndoToken(undoTokenHash: string, now: Date) {
      const e = schema.emailChanges;
      const [change] = await db
        .update(e)
        .set({ undoneAt: now })
        .where(and(eq(e.undoTokenHash, undoTokenHash), isNull(e.undoneAt), gt(e.expiresAt, now)))
        .returning({ customerId: e.customerId, oldEmail: e.oldEmail });
      if (!change) return null;
      await db
        .update(e)
        .set({ undoneAt: now })
        .where(and(eq(e.customerId, change.customerId), isNull(e.undoneAt)));
      return change;
    },
    /** Closes every open reset code of the customer (the address they were mailed to may not be theirs). */
    async closeResets(customerId: number, at: Date) {
      const r = schema.passwordResets;
      await db
        .update(r)
        .set({ usedAt: at })
        .where(and(eq(r.customerId, customerId), isNull(r.usedAt)));
    },
    async setEmail(id: number, email: string) {
      await db.update(c).set({ email }).where(eq(c.id, id));
    },
    /** A correction by the customer desk (issue 38): only the fields given change. */
    async correct(id: number, values: { firstName?: string; lastName?: string; mobile?: string | null; email?: string }) {
      await db
        .update(c)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(c.id, id));
    },
    /** The addresses the customer's account has had, from its e-mail changes (their messages are found by them). */
    async emailChangesOf(customerId: number) {
      const e = schema.emailChanges;
      return db
        .select({ oldEmail: e.oldEmail, newEmail: e.newEmail, at: e.createdAt, undoneAt: e.undoneAt })
        .from(e)
        .where(eq(e.customerId, customerId))
        .orderBy(e.createdAt, e.id);
    },
    /**
     * The account's personal data replaced (issue 38, decision 044): its names, mobile and password gone, its e-mail and
     * username made placeholders no login can match, its reset codes and e-mail changes (which hold old addresses)
     * deleted. Answers false when the account was already erased, so an erasure is done once.
     */
    async erase(id: number, values: { username: string; email: string; passwordHash: string }, at: Date): Promise<boolean> {
      const [row] = await db
        .update(c)
        .set({ ...values, firstName: '', lastName: '', mobile: null, phone: null, phoneVerifiedAt: null, erasedAt: at, updatedAt: at })
        .where(and(eq(c.id, id), isNull(c.erasedAt)))
        .returning({ id: c.id });
      if (!row) return false;
      await db.delete(schema.passwordResets).where(eq(schema.passwordResets.customerId, id));
      await db.delete(schema.emailChanges).where(eq(schema.emailChanges.customerId, id));
      await db.delete(schema.phoneCodes).where(eq(schema.phoneCodes.customerId, id));
      return true;
    },
  };
}
