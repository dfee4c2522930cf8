/**
 * The message outbox (decision 057): a message is queued in the caller's transaction (gone with it when it rolls back),
 * to an E.164 number, on the channels the customer's consent allows; the messenger sends it through its channel's
 * provider or, with none, writes it to DATA_DIR/messages; a failed send is retried and a refusal fails it; a sign-in
 * code is never logged and its value goes from the row once sent; receipts only move a status forward.
 */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';
import { PermanentJobError } from '../../lib/jobs.ts';
import { createTestApp, type TestApp } from '../../testing.ts';
import { MessageSendError, type MessageProvider, type OutgoingMessage } from './provider.ts';
import { advanceStatus, createMessageOutbox } from './repository.ts';
import { createMessenger } from './sender.ts';
import { indianMobile, messagePreferences, queueForCustomer, queueMessage, setConsent } from './service.ts';

let t: TestApp;
let db: Db;
let customerId: number;
const noJobs = { send: async () => null };

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  db = t.database.db;
  const [c] = await db
    .insert(schema.customers)
    .values({ username: 'meera', email: 'meera@example.in', passwordHash: 'x' })
    .returning({ id: schema.customers.id });
  customerId = c!.id;
});
afterAll(() => t?.close());
beforeEach(async () => {
  await db.delete(schema.messages);
  await db.delete(schema.messageConsents);
});

const rows = () => db.select().from(schema.messages).orderBy(schema.messages.id);

describe('queueing', () => {
  it('writes the message in the caller’s transaction, to the number in E.164, and nothing when it rolls back', async () => {
    await db
      .transaction(async (tx) => {
        await queueMessage(tx, { channel: 'sms', toPhone: '98765 43210', kind: 'order_placed', params: { order: 'MIL-1', amount: '₹12,000' } });
        throw new Error('the order failed');
      })
      .catch(() => {});
    expect(await rows()).toEqual([]);
    await db.transaction(async (tx) => {
      await queueMessage(tx, {
        channel: 'whatsapp',
        toPhone: '+91-9876543210',
        kind: 'order_placed',
        params: { order: 'MIL-2', amount: '₹9,000' },
        customerId,
      });
    });
    expect(await rows()).toMatchObject([
      { channel: 'whatsapp', toPhone: '+919876543210', kind: 'order_placed', status: 'queued', customerId, params: { order: 'MIL-2', amount: '₹9,000' } },
    ]);
  });

  it('takes only Indian mobile numbers, known kinds and every value the kind needs', async () => {
    expect(indianMobile('09876543210')).toBe('+919876543210');
    expect(indianMobile('0091 98765 43210')).toBe('+919876543210');
    expect(indianMobile('(044) 2434 5678')).toBeNull();
    expect(indianMobile('+44 7700 900123')).toBeNull();
    expect(await queueMessage(db, { channel: 'sms', toPhone: '044 2434 5678', kind: 'order_delivered', params: { order: 'MIL-3' } })).toBeNull();
    await expect(queueMessage(db, { channel: 'sms', toPhone: '9876543210', kind: 'order_dispatched', params: { order: 'MIL-3' } })).rejects.toThrow(/courier/);
    await expect(queueMessage(db, { channel: 'sms', toPhone: '9876543210', kind: 'nonsense' as never, params: {} })).rejects.toThrow(/kind/);
    expect(await rows()).toEqual([]);
  });
});

describe('consent', () => {
  it('sends order messages by SMS by default, on the channels chosen once answered, and marketing never without a yes', async () => {
    expect(await messagePreferences(db, customerId)).toEqual({ orders: { sms: true, whatsapp: false }, marketing: { sms: false, whatsapp: false } });
    await queueForCustomer(db, { customerId, phone: '9876543210' }, 'order_delivered', { order: 'MIL-4' });
    await setConsent(db, customerId, 'whatsapp', 'orders', true);
    // WhatsApp chosen, SMS never answered: WhatsApp only.
    await queueForCustomer(db, { customerId, phone: '9876543210' }, 'order_delivered', { order: 'MIL-5' });
    await setConsent(db, customerId, 'sms', 'orders', true);
    await queueForCustomer(db, { customerId, phone: '9876543210' }, 'order_delivered', { order: 'MIL-6' });
    await setConsent(db, customerId, 'sms', 'orders', false);
    await setConsent(db, customerId, 'whatsapp', 'orders', false);
    await queueForCustomer(db, { customerId, phone: '9876543210' }, 'order_delivered', { order: 'MIL-7' });
    // A guest's order messages go by SMS to the number they gave; nobody's without a number.
    await queueForCustomer(db, { customerId: null, phone: '9123456780' }, 'order_delivered', { order: 'MIL-8' });
    await queueForCustomer(db, { customerId, phone: null }, 'order_delivered', { order: 'MIL-9' });
    expect((await rows()).map((r) => `${r.params.order} ${r.channel}`)).toEqual(['MIL-4 sms', 'MIL-5 whatsapp', 'MIL-6 sms', 'MIL-6 whatsapp', 'MIL-8 sms']);
    const consents = await db.select().from(schema.messageConsents).where(eq(schema.messageConsents.customerId, customerId));
    expect(consents).toHaveLength(2);
  });
});

/** A provider that answers as told: each call takes the next answer ('ok', a transient or a permanent failure). */
function scriptedProvider(answers: ('ok' | 'down' | 'refused')[]) {
  const seen: OutgoingMessage[] = [];
  const provider: MessageProvider = {
    name: 'scripted',
    async send(message) {
      seen.push(message);
      const answer = answers.shift() ?? 'ok';
      if (answer === 'down') throw new MessageSendError('provider answered 503', false);
      if (answer === 'refused') throw new MessageSendError('provider refused: 400 invalid number', true);
      return { providerMessageId: `p-${message.id}-${seen.length}` };
    },
  };
  return { provider, seen };
}

describe('the messenger', () => {
  it('writes each message to DATA_DIR/messages with no provider, blanks a sign-in code once sent and never logs it', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'milli-messages-'));
    const logged: string[] = [];
    const messenger = createMessenger(db, { dataDir, jobs: noJobs, log: { warn: (o, m) => logged.push(JSON.stringify(o) + m) } });
    try {
      const code = await queueMessage(db, { channel: 'sms', toPhone: '9876543210', kind: 'sign_in_code', params: { code: '482913' } });
      await queueMessage(db, { channel: 'whatsapp', toPhone: '9876543210', kind: 'order_delivered', params: { order: 'MIL-10' }, customerId });
      expect(await messenger.flush()).toBe(2);
      const files = (await readdir(path.join(dataDir, 'messages'))).sort();
      expect(files).toEqual([expect.stringMatching(/^\d{6}-sms-sign_in_code\.json$/), expect.stringMatching(/^\d{6}-whatsapp-order_delivered\.json$/)]);
      const written = JSON.parse(await readFile(path.join(dataDir, 'messages', files[0]!), 'utf8'));
      expect(written).toMatchObject({ to: '+919876543210', kind: 'sign_in_code', params: { code: '482913' } });
      expect(written.text).toContain('482913 is your Milli sign-in code');
      const [first, second] = await rows();
      expect(first).toMatchObject({ id: code, status: 'sent', provider: 'file', providerMessageId: `file-${code}`, params: {}, attempts: 1 });
      expect(second).toMatchObject({ status: 'sent', params: { order: 'MIL-10' } });
      // Sent already: a second flush, or the job run twice, sends nothing.
      expect(await messenger.flush()).toBe(0);
      expect(await messenger.deliver(code!)).toBe('skipped');
      expect(logged.join('\n')).not.toContain('482913');
    } finally {
      await messenger.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps a message queued after a provider’s failure for its job’s next attempt, and fails it on a refusal or the last attempt', async () => {
    const { provider, seen } = scriptedProvider(['down', 'ok', 'refused', 'down']);
    const logged: string[] = [];
    const messenger = createMessenger(db, {
      dataDir: 'memory',
      jobs: noJobs,
      providers: { sms: provider },
      log: { warn: (o, m) => logged.push(JSON.stringify(o) + m) },
    });
    const retried = await queueMessage(db, { channel: 'sms', toPhone: '9876543210', kind: 'sign_in_code', params: { code: '111222' } });
    await expect(messenger.deliver(retried!)).rejects.toThrow('provider answered 503');
    expect((await rows())[0]).toMatchObject({ status: 'queued', attempts: 1, lastError: 'provider answered 503', params: { code: '111222' } });
    expect(await messenger.deliver(retried!)).toBe('sent');
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 2, lastError: null, provider: 'scripted', params: {} });

    const refused = await queueMessage(db, { channel: 'sms', toPhone: '9876543210', kind: 'order_delivered', params: { order: 'MIL-11' } });
    await expect(messenger.deliver(refused!)).rejects.toBeInstanceOf(PermanentJobError);
    const last = await queueMessage(db, { channel: 'sms', toPhone: '9876543210', kind: 'sign_in_code', params: { code: '333444' } });
    await expect(messenger.deliver(last!, { finalAttempt: true })).rejects.toThrow('503');
    const [, r, l] = await rows();
    expect(r).toMatchObject({ status: 'failed', lastError: 'provider refused: 400 invalid number' });
    expect(l).toMatchObject({ status: 'failed', params: {} });
    expect(seen.map((m) => m.text)).toHaveLength(4);
    expect(logged.join('\n')).not.toMatch(/111222|333444|9876543210/);

    // WhatsApp has no provider here and no folder ('memory'): it waits in the outbox, neither sent nor failed.
    await queueMessage(db, { channel: 'whatsapp', toPhone: '9876543210', kind: 'order_delivered', params: { order: 'MIL-12' } });
    expect(await messenger.flush()).toBe(0);
    expect((await rows()).at(-1)).toMatchObject({ status: 'queued', attempts: 0 });
    await messenger.stop();
  });

  it('claims a message for one of many runs at once, and hands each due message to one send job', async () => {
    const id = await queueMessage(db, { channel: 'sms', toPhone: '9876543210', kind: 'order_delivered', params: { order: 'MIL-13' } });
    const outbox = createMessageOutbox(db);
    const now = new Date(Date.now() + 1_000);
    const claims = await Promise.all(Array.from({ length: 8 }, () => outbox.claim(id!, now, 60_000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    const sent: unknown[] = [];
    const messenger = createMessenger(db, {
      dataDir: 'memory',
      jobs: { send: async (...args: unknown[]) => (sent.push(args), 'job') },
      providers: { sms: scriptedProvider([]).provider },
    });
    await queueMessage(db, { channel: 'sms', toPhone: '9876543210', kind: 'order_delivered', params: { order: 'MIL-14' } });
    // The first is under way (claimed): only the second is handed over, by id and kind alone.
    expect(await messenger.handOver()).toBe(1);
    expect(sent).toEqual([['messages.send', { messageId: id! + 1, kind: 'order_delivered' }, { singletonKey: `message-${id! + 1}` }]]);
    await messenger.stop();
  });
});

describe('receipts', () => {
  it('move a message forward only: a replayed or late receipt changes nothing, nothing leaves read or failed', async () => {
    const messenger = createMessenger(db, { dataDir: 'memory', jobs: noJobs, providers: { sms: scriptedProvider([]).provider } });
    const id = await queueMessage(db, { channel: 'sms', toPhone: '9876543210', kind: 'order_delivered', params: { order: 'MIL-15' } });
    await messenger.deliver(id!);
    const pid = `p-${id}-1`;
    expect(await advanceStatus(db, 'scripted', pid, 'delivered')).toBe(id);
    expect(await advanceStatus(db, 'scripted', pid, 'delivered')).toBeNull();
    expect(await advanceStatus(db, 'scripted', pid, 'sent')).toBeNull();
    expect(await advanceStatus(db, 'scripted', pid, 'failed', 'handset off')).toBeNull();
    expect(await advanceStatus(db, 'other', pid, 'read')).toBeNull();
    expect(await advanceStatus(db, 'scripted', pid, 'read')).toBe(id);
    expect((await rows())[0]).toMatchObject({ status: 'read' });
    await messenger.stop();
  });
});
