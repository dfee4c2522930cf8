import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { openDatabase, schema, type Database } from '@milli/db';
import { createTestDatabase, testServerUrl, type TestDatabase } from '@milli/db/testing';
import { HOUSEKEEPING_LOCK } from './repository.ts';
import { KEEP, createHousekeeper } from './service.ts';

let t: TestDatabase;
const NOW = new Date('2026-11-24T10:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MIN = 60_000;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestDatabase({ seed: false });
});
afterAll(async () => {
  await t?.dispose();
});

async function customer(name: string) {
  const [row] = await t.db
    .insert(schema.customers)
    .values({ username: name, email: `${name}@example.in`, passwordHash: 'x' })
    .returning({ id: schema.customers.id });
  return row!.id;
}

/** One row of each kind just past its keep time, and one still within it. */
async function fill(tag: string) {
  const id = await customer(`hk_${tag}`);
  await t.db.insert(schema.sessions).values([
    { tokenHash: `${tag}-expired`, customerId: id, expiresAt: ago(MIN) },
    { tokenHash: `${tag}-live`, customerId: id, expiresAt: new Date(NOW.getTime() + DAY) },
  ]);
  await t.db.insert(schema.rateLimitHits).values([
    { key: `${tag}:old`, windowStart: ago(KEEP.rateWindowMs + MIN), count: 3 },
    { key: `${tag}:current`, windowStart: ago(10 * MIN), count: 3 },
  ]);
  await t.db.insert(schema.passwordResets).values([
    { customerId: id, codeHash: `${tag}-dead`, expiresAt: ago(KEEP.passwordResetMs + MIN), usedAt: ago(KEEP.passwordResetMs + 5 * MIN) },
    { customerId: id, codeHash: `${tag}-fresh`, expiresAt: new Date(NOW.getTime() + 5 * MIN) },
  ]);
  const code = { phone: '+919845000000', purpose: 'sign_in' as const, channel: 'sms' as const, triesLeft: 5 };
  await t.db.insert(schema.phoneCodes).values([
    { ...code, codeHash: `${tag}-dead`, expiresAt: ago(KEEP.passwordResetMs + MIN) },
    { ...code, codeHash: `${tag}-fresh`, expiresAt: new Date(NOW.getTime() + 5 * MIN) },
  ]);
  const mail = { toAddress: `${tag}@example.in`, textBody: 'x', kind: 'test' };
  await t.db.insert(schema.mailOutbox).values([
    { ...mail, subject: `${tag}-sent-long-ago`, status: 'sent', sentAt: ago(KEEP.sentMailMs + DAY) },
    { ...mail, subject: `${tag}-sent-lately`, status: 'sent', sentAt: ago(DAY) },
    { ...mail, subject: `${tag}-pending`, status: 'pending' },
    { ...mail, subject: `${tag}-failed-long-ago`, status: 'failed', createdAt: ago(KEEP.sentMailMs + DAY) },
  ]);
  const sms = { customerId: id, channel: 'sms' as const, toPhone: '+919845000000', kind: `hk_${tag}`, params: { order: 'MIL-1' } };
  await t.db.insert(schema.messages).values([
    { ...sms, providerMessageId: `${tag}-delivered-long-ago`, status: 'delivered', sentAt: ago(KEEP.sentMessageMs + DAY) },
    { ...sms, providerMessageId: `${tag}-sent-lately`, status: 'sent', sentAt: ago(DAY) },
    { ...sms, providerMessageId: `${tag}-queued` },
    { ...sms, providerMessageId: `${tag}-failed-long-ago`, status: 'failed', createdAt: ago(KEEP.sentMessageMs + DAY) },
    // Its opt-out link must still work: kept, its values blanked, until the link's year is over.
    { ...sms, providerMessageId: `${tag}-link-long-ago`, status: 'sent', sentAt: ago(KEEP.sentMessageMs + DAY), optOutTokenHash: `${tag}-link` },
    { ...sms, providerMessageId: `${tag}-link-past-a-year`, status: 'read', sentAt: ago(KEEP.optOutLinkMs + DAY), optOutTokenHash: `${tag}-old-link` },
  ]);
}

async function left(tag: string) {
  const sessions = await t.db
    .select({ k: schema.sessions.tokenHash })
    .from(schema.sessions)
    .where(inArray(schema.sessions.tokenHash, [`${tag}-expired`, `${tag}-live`]));
  const hits = await t.db
    .select({ k: schema.rateLimitHits.key })
    .from(schema.rateLimitHits)
    .where(inArray(schema.rateLimitHits.key, [`${tag}:old`, `${tag}:current`]));
  const resets = await t.db
    .select({ k: schema.passwordResets.codeHash })
    .from(schema.passwordResets)
    .where(inArray(schema.passwordResets.codeHash, [`${tag}-dead`, `${tag}-fresh`]));
  const codes = await t.db
    .select({ k: schema.phoneCodes.codeHash })
    .from(schema.phoneCodes)
    .where(inArray(schema.phoneCodes.codeHash, [`${tag}-dead`, `${tag}-fresh`]));
  const mail = await t.db
    .select({ k: schema.mailOutbox.subject })
    .from(schema.mailOutbox)
    .where(sql`${schema.mailOutbox.toAddress} = ${`${tag}@example.in`}`);
  const messages = await t.db
    .select({ k: schema.messages.providerMessageId, params: schema.messages.params })
    .from(schema.messages)
    .where(sql`${schema.messages.kind} = ${`hk_${tag}`}`);
  return {
    messages: Object.fromEntries(messages.map((r) => [r.k, Object.keys(r.params).length > 0 ? 'kept' : 'blanked'])),
    sessions: sessions.map((r) => r.k).sort(),
    hits: hits.map((r) => r.k).sort(),
    resets: resets.map((r) => r.k).sort(),
    codes: codes.map((r) => r.k).sort(),
    mail: mail.map((r) => r.k).sort(),
  };
}

describe('housekeeping (decision 025)', () => {
  it('deletes back-office sessions past their idle or hard end, and keeps live ones', async () => {
    const [member] = await t.db
      .insert(schema.staff)
      .values({ email: 'hk-staff@milli.example', name: 'HK', roles: ['catalogue'], passwordHash: 'x' })
      .returning();
    const later = new Date(NOW.getTime() + DAY);
    await t.db.insert(schema.staffSessions).values([
      { tokenHash: 'hk-staff-hard', staffId: member!.id, idleExpiresAt: later, expiresAt: ago(KEEP.expiredSessionMs + MIN) },
      { tokenHash: 'hk-staff-idle', staffId: member!.id, idleExpiresAt: ago(KEEP.expiredSessionMs + MIN), expiresAt: later },
      { tokenHash: 'hk-staff-live', staffId: member!.id, idleExpiresAt: later, expiresAt: later },
    ]);
    const result = await createHousekeeper(t.db, { now: () => NOW }).run();
    if (result.ran) expect(result.deleted.staffSessions).toBe(2);
    const kept = await t.db
      .select({ k: schema.staffSessions.tokenHash })
      .from(schema.staffSessions)
      .where(sql`${schema.staffSessions.staffId} = ${member!.id}`);
    expect(kept.map((r) => r.k)).toEqual(['hk-staff-live']);
  });

  it('deletes what is past its keep time and keeps everything still alive', async () => {
    await fill('a');
    const result = await createHousekeeper(t.db, { now: () => NOW }).run();
    expect(result).toMatchObject({ ran: true });
    if (result.ran) expect(result.deleted).toMatchObject({ sessions: 1, rateLimitHits: 1, passwordResets: 1, phoneCodes: 1, sentMail: 1, sentMessages: 2 });
    expect(await left('a')).toEqual({
      messages: { 'a-sent-lately': 'kept', 'a-queued': 'kept', 'a-failed-long-ago': 'kept', 'a-link-long-ago': 'blanked' },
      sessions: ['a-live'],
      hits: ['a:current'],
      resets: ['a-fresh'],
      codes: ['a-fresh'],
      mail: ['a-failed-long-ago', 'a-pending', 'a-sent-lately'].sort(),
    });
  });

  it('two runs at once on one instance: one sweeps, the other stands aside', async () => {
    await fill('b');
    const keeper = createHousekeeper(t.db, { now: () => NOW });
    const results = await Promise.all([keeper.run(), keeper.run()]);
    expect(results.filter((r) => r.ran)).toHaveLength(1);
    expect(results.find((r) => !r.ran)).toEqual({ ran: false, reason: 'running-here' });
    expect((await left('b')).sessions).toEqual(['b-live']);
  });

  // Several instances share one database only on PostgreSQL (the embedded database belongs to one process).
  it.skipIf(!testServerUrl)('while another instance sweeps (holds the lock), a second instance does nothing', async () => {
    await fill('c');
    const other: Database = await openDatabase({ databaseUrl: t.url!, poolSize: 1 });
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = other.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(HOUSEKEEPING_LOCK.toString())})`);
        locked();
        await held;
      });
      await isLocked;
      const skipped = await createHousekeeper(t.db, { now: () => NOW }).run();
      expect(skipped).toEqual({ ran: false, reason: 'running-elsewhere' });
      expect((await left('c')).sessions).toEqual(['c-expired', 'c-live']);
      release();
      await holder;
      // The lock went with the other instance's transaction: the next run sweeps.
      expect(await createHousekeeper(t.db, { now: () => NOW }).run()).toMatchObject({ ran: true });
      expect((await left('c')).sessions).toEqual(['c-live']);
    } finally {
      await other.close();
    }
  });
});
