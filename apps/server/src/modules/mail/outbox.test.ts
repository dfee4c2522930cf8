/**
 * The outbox's claim (decision 006): mail due now is claimed in one statement by whichever mailer asks first.
 * Mailers of several instances claiming at the same moment (on PostgreSQL, each on a connection of its own)
 * never get the same mail, and a claimed mail waits for its lease before anyone claims it again.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { schema } from '@milli/db';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createOutboxRepository } from './repository.ts';
import { createMailer } from './sender.ts';
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

describe('the mailer', () => {
  it('sends a mail queued while a run is sending in that same run: a flush asked for meanwhile waits for it', async () => {
    const db = t.database.db;
    await db.delete(schema.mailOutbox);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'milli-mailer-'));
    const mailer = createMailer(db, { smtpUrl: undefined, from: 'Milli <orders@example.in>', dataDir, pollMs: 0 });
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
      pollMs: 0,
      log: { warn: (obj) => void warned.push(JSON.stringify(obj)) },
    });
    try {
      await queueMail(db, { to: 'refused.person@example.in', subject: 'Hello', text: 'text', html: '<p>html</p>', kind: 'refused' });
      await mailer.flush();
      expect(warned).toHaveLength(1);
      expect(warned[0]).toMatch(/"mailId":\d+/);
      expect(warned[0]).toContain('Recipient address rejected');
      expect(warned[0]).not.toContain('refused.person');
    } finally {
      await mailer.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
