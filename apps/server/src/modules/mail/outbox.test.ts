/**
 * The outbox (decision 006) and its sender (decision 042): a mail is claimed in one statement by whichever run asks
 * first, so runs of several instances claiming at the same moment (on PostgreSQL, each on a connection of its own), or a
 * `mail.send` job run twice, never send it twice; a claimed mail waits for its lease before anyone claims it again.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { schema } from '@milli/db';
import { PermanentJobError } from '../../lib/jobs.ts';
import { createTestApp, type TestApp } from '../../testing.ts';
import { startTestSmtp } from '../../testing-smtp.ts';
import { createOutboxRepository } from './repository.ts';
import { KICK_WINDOW_MS, createMailer } from './sender.ts';
import { queueMail } from './service.ts';

let t: TestApp;
/** The mailer's kick() sends a job; these tests call flush() and deliver() themselves. */
const noJobs = { send: async () => null };

beforeAll(async () => {
  t = await createTestApp({ seed: false, poolSize: 12 });
});
afterAll(() => t?.close());

describe('outbox claim', () => {
  it('hands a mail to one of many runs claiming it at once, not again while its send is under way, and never once sent', async () => {
    const db = t.database.db;
    await db.delete(schema.mailOutbox);
    await queueMail(db, { to: 'race@example.in', subject: 'Race', text: 'text', html: '<p>html</p>', kind: 'race' });
    const [row] = await db.select({ id: schema.mailOutbox.id }).from(schema.mailOutbox);
    const now = new Date(Date.now() + 1_000);
    const outbox = createOutboxRepository(db);
    const claims = await Promise.all(Array.from({ length: 12 }, () => outbox.claim(row!.id, now, 60_000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(claims.find(Boolean)!.attempts).toBe(1);
    // Under way: nobody gets it until its lease ends; then a run may try again (a send that died half way).
    expect(await outbox.claim(row!.id, now, 60_000)).toBeNull();
    expect(await outbox.due(now, 10, 0)).toEqual([]);
    expect(await outbox.claim(row!.id, new Date(now.getTime() + 61_000), 60_000)).not.toBeNull();
    await outbox.markSent(row!.id, now);
    expect(await outbox.claim(row!.id, new Date(now.getTime() + 10 * 61_000), 60_000)).toBeNull();
  });
});

describe('the mailer', () => {
  it('sends a flush job at the first kick, and one more for a burst of kicks within the window, none for a quiet one', async () => {
    const sent: string[] = [];
    const jobs = { send: async (name: string) => (sent.push(name), 'job') };
    const mailer = createMailer(t.database.db, { smtpUrl: undefined, from: 'Milli <orders@example.in>', dataDir: 'memory', jobs });
    mailer.kick();
    expect(sent).toEqual(['mail.flush']);
    for (let i = 0; i < 50; i++) mailer.kick();
    expect(sent).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, KICK_WINDOW_MS + 50));
    // The burst's one send, at the window's end; a quiet window after it sends nothing.
    expect(sent).toEqual(['mail.flush', 'mail.flush']);
    await new Promise((resolve) => setTimeout(resolve, KICK_WINDOW_MS + 50));
    expect(sent).toHaveLength(2);
    mailer.kick();
    expect(sent).toHaveLength(3);
    await mailer.stop();
  });

  it('sends a mail queued while a run is sending in that same run: a flush asked for meanwhile waits for it', async () => {
    const db = t.database.db;
    await db.delete(schema.mailOutbox);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'milli-mailer-'));
    const mailer = createMailer(db, { smtpUrl: undefined, from: 'Milli <orders@example.in>', dataDir, jobs: noJobs });
    try {
      await queueMail(db, { to: 'first@example.in', subject: 'First', text: 'text', html: '<p>html</p>', kind: 'first' });
      const running = mailer.flush();
      // Queued after the run claimed what was due (one mail, fewer than a batch): the run looks again because it was asked.
      await queueMail(db, { to: 'second@example.in', subject: 'Second', text: 'text', html: '<p>html</p>', kind: 'second' });
      const asked = mailer.flush();
      expect(await asked).toBe(2);
      expect(await running).toBe(2);
      const rows = await db
        .select({ id: schema.mailOutbox.id, status: schema.mailOutbox.status })
        .from(schema.mailOutbox)
        .where(inArray(schema.mailOutbox.kind, ['first', 'second']))
        .orderBy(schema.mailOutbox.id);
      expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
      expect((await readdir(path.join(dataDir, 'mailbox'))).sort()).toEqual(
        rows.map((r, i) => `${String(r.id).padStart(6, '0')}-${i === 0 ? 'first' : 'second'}.eml`),
      );
      // Nothing left: the next flush claims once and sends nothing.
      expect(await mailer.flush()).toBe(0);
    } finally {
      await mailer.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('logs a mail the server refused by its id, never by the address the server names in its answer', async () => {
    const db = t.database.db;
    await db.delete(schema.mailOutbox);
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        callback(Object.assign(new Error(`<${address.address}>: Recipient address rejected: User unknown`), { responseCode: 550 }));
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const warned: string[] = [];
    const mailer = createMailer(db, {
      smtpUrl: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
      from: 'Milli <orders@example.in>',
      dataDir: 'memory',
      jobs: noJobs,
      log: { warn: (obj) => void warned.push(JSON.stringify(obj)) },
    });
    try {
      await queueMail(db, { to: 'refused.person@example.in', subject: 'Hello', text: 'text', html: '<p>html</p>', kind: 'refused' });
      await mailer.flush();
      expect(warned).toHaveLength(1);
      expect(warned[0]).toMatch(/"mailId":\d+/);
      expect(warned[0]).toContain('Recipient address rejected');
      expect(warned[0]).not.toContain('refused.person');
      // A final refusal (5xx): the mail stays failed with the answer, no address in it; its job would fail at once.
      const [row] = await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.kind, 'refused'));
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
      expect(row!.lastError).toContain('Recipient address rejected');
      expect(row!.lastError).not.toContain('refused.person');
      await expect(mailer.deliver(row!.id)).rejects.toBeInstanceOf(PermanentJobError);
    } finally {
      await mailer.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('never sends a mail twice when its job runs twice, at once or one after the other', async () => {
    const db = t.database.db;
    await db.delete(schema.mailOutbox);
    const smtp = await startTestSmtp();
    const mailer = createMailer(db, { smtpUrl: smtp.url, from: 'Milli <orders@example.in>', dataDir: 'memory', jobs: noJobs });
    try {
      await queueMail(db, { to: 'twice@example.in', subject: 'Once', text: 'text', html: '<p>html</p>', kind: 'twice' });
      const [row] = await db.select({ id: schema.mailOutbox.id }).from(schema.mailOutbox);
      const outcomes = await Promise.all([mailer.deliver(row!.id), mailer.deliver(row!.id)]);
      expect(outcomes.sort()).toEqual(['sent', 'skipped']);
      expect(await mailer.deliver(row!.id)).toBe('skipped');
      expect(smtp.to('twice@example.in')).toHaveLength(1);
    } finally {
      await mailer.stop();
      await smtp.close();
    }
  });

  it("keeps a mail pending with its error after a failed attempt, due again for the job's next one, and failed after the last", async () => {
    const db = t.database.db;
    await db.delete(schema.mailOutbox);
    // Nobody listens there: the connection is refused, which a later attempt may get past.
    const mailer = createMailer(db, { smtpUrl: 'smtp://127.0.0.1:1', from: 'Milli <orders@example.in>', dataDir: 'memory', jobs: noJobs });
    try {
      await queueMail(db, { to: 'later@example.in', subject: 'Later', text: 'text', html: '<p>html</p>', kind: 'later' });
      const [row] = await db.select({ id: schema.mailOutbox.id }).from(schema.mailOutbox);
      await expect(mailer.deliver(row!.id, { finalAttempt: false })).rejects.toThrow(/ECONNREFUSED/);
      const [pending] = await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.id, row!.id));
      expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
      expect(pending!.lastError).toMatch(/ECONNREFUSED/);
      expect(pending!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
      await expect(mailer.deliver(row!.id, { finalAttempt: true })).rejects.toThrow(/ECONNREFUSED/);
      const [failed] = await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.id, row!.id));
      expect(failed).toMatchObject({ status: 'failed', attempts: 2 });
    } finally {
      await mailer.stop();
    }
  });
});
