/**
 * The outbox's claim (decision 006): mail due now is claimed in one statement by whichever mailer asks first.
 * Mailers of several instances claiming at the same moment (on PostgreSQL, each on a connection of its own)
 * never get the same mail, and a claimed mail waits for its lease before anyone claims it again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@milli/db';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createOutboxRepository } from './repository.ts';
import { queueMail } from './service.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false, poolSize: 12 });
});
afterAll(() => t?.close());

describe('outbox claim', () => {
  it('hands each due mail to one of many mailers claiming at once, oldest first, and not again within its lease', async () => {
    const db = t.database.db;
    await db.delete(schema.mailOutbox);
    for (let i = 0; i < 90; i++) await queueMail(db, { to: `race${i}@example.in`, subject: `Race ${i}`, text: 'text', html: '<p>html</p>', kind: 'race' });
    const now = new Date(Date.now() + 1_000);
    const outbox = createOutboxRepository(db);
    const claims = await Promise.all(Array.from({ length: 12 }, () => outbox.claimDue(now, 10, 60_000)));
    const ids = claims.flat().map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const claim of claims) expect(claim.map((m) => m.id)).toEqual([...claim.map((m) => m.id)].sort((a, b) => a - b));
    // Each claim counted its attempt once.
    for (const mail of claims.flat()) expect(mail.attempts).toBe(1);
    // What nobody got yet is still there for the next claim; what was claimed is not, until its lease ends.
    const rest = await outbox.claimDue(now, 100, 60_000);
    expect(new Set([...ids, ...rest.map((m) => m.id)]).size).toBe(90);
    expect(await outbox.claimDue(now, 100, 60_000)).toEqual([]);
    expect((await outbox.claimDue(new Date(now.getTime() + 61_000), 100, 60_000)).length).toBe(90);
  });
});
