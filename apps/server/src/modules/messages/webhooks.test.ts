/**
 * The messages API on a store configured for MSG91 and the WhatsApp Cloud API, both local simulators (decision 057):
 * messages go through the real clients; signed receipts move each message's status forward; forged receipts are
 * refused (401, never 500) and replays change nothing; a customer's STOP on WhatsApp and an opt-out link withdraw
 * consent at once; My Account sets the preferences (a form without JavaScript too); the customer desk lists a
 * customer's messages for the desk that holds the customers permission only; the templates are the settings desk's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { schema } from '@milli/db';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createShopper, createStaff, type TestShopper, type TestStaff } from '../../testing-factories.ts';
import { startMsg91Sim, startWhatsAppSim, type Msg91Sim, type WhatsAppSim } from './simulator.ts';
import { messagePreferences, queueForCustomer, queueMessage } from './service.ts';

const WEBHOOK_TOKEN = 'msg91-webhook-token-0123456789';
const APP_SECRET = 'whatsapp-app-secret-abc';
let t: TestApp;
let msg91: Msg91Sim;
let meta: WhatsAppSim;
let asha: TestShopper;
let owner: TestStaff;
let ordersDesk: TestStaff;
let catalogueDesk: TestStaff;

beforeAll(async () => {
  msg91 = await startMsg91Sim({ authKey: 'msg91-key' });
  meta = await startWhatsAppSim({ token: 'meta-token', phoneNumberId: '5550001', appSecret: APP_SECRET });
  t = await createTestApp({
    seed: false,
    config: {
      publicUrl: 'https://milli.example',
      sms: { provider: 'msg91', apiUrl: msg91.url, authKey: 'msg91-key', senderId: 'MILLIJ', webhookToken: WEBHOOK_TOKEN, timeoutMs: 500 },
      whatsapp: {
        provider: 'meta',
        apiUrl: meta.url,
        token: 'meta-token',
        phoneNumberId: '5550001',
        appSecret: APP_SECRET,
        verifyToken: 'verify-me-please',
        timeoutMs: 500,
      },
    },
  });
  [asha, owner, ordersDesk, catalogueDesk] = await Promise.all([
    createShopper(t.app),
    createStaff(t.app, { role: 'owner' }),
    createStaff(t.app, { role: 'orders' }),
    createStaff(t.app, { role: 'catalogue' }),
  ]);
  for (const kind of ['order_delivered', 'order_paid'])
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/messages/templates/${kind}`,
      headers: { cookie: owner.cookie },
      payload: { msg91TemplateId: `t-${kind}`, dltTemplateId: '1107160000000000001', whatsappTemplate: `milli_${kind}`, whatsappLanguage: 'en' },
    });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await msg91?.close();
  await meta?.close();
});

const db = () => t.database.db;
const messageRow = async (id: number) => (await db().select().from(schema.messages).where(eq(schema.messages.id, id)))[0]!;

async function sendBoth(order: string) {
  await db().transaction(async (tx) => {
    await queueMessage(tx, { channel: 'sms', toPhone: '9876543210', kind: 'order_delivered', params: { order }, customerId: asha.id });
    await queueMessage(tx, { channel: 'whatsapp', toPhone: '9876543210', kind: 'order_delivered', params: { order }, customerId: asha.id });
  });
  await t.app.messenger.flush();
  const rows = await db().select().from(schema.messages).orderBy(desc(schema.messages.id)).limit(2);
  return { sms: rows.find((r) => r.channel === 'sms')!, whatsapp: rows.find((r) => r.channel === 'whatsapp')! };
}

const msg91Hook = (payload: string, token?: string) =>
  t.rawInject({
    method: 'POST',
    url: '/api/messages/msg91/webhook',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-milli-token': token } : {}) },
    payload,
  });
const whatsappHook = (signed: { body: string; signature: string }) =>
  t.rawInject({
    method: 'POST',
    url: '/api/messages/whatsapp/webhook',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signed.signature },
    payload: signed.body,
  });

describe('sending through the providers', () => {
  it('sends SMS through MSG91 and WhatsApp through Meta, each with its provider’s id, and the text ends with an opt-out link', async () => {
    const { sms, whatsapp } = await sendBoth('MIL-2001');
    expect(sms).toMatchObject({ status: 'sent', provider: 'msg91', providerMessageId: expect.stringMatching(/^[0-9a-f]{24}$/) });
    expect(whatsapp).toMatchObject({ status: 'sent', provider: 'meta', providerMessageId: expect.stringMatching(/^wamid\./) });
    expect(sms.optOutTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(msg91.received().at(-1)).toMatchObject({ template_id: 't-order_delivered', recipients: [{ mobiles: '919876543210', var1: 'MIL-2001' }] });
  });

  it('leaves a message queued when MSG91 is down and sends it on the next try; fails a kind with no template at once', async () => {
    msg91.failNext(502);
    const id = await queueMessage(db(), { channel: 'sms', toPhone: '9876543210', kind: 'order_paid', params: { order: 'MIL-2002', amount: '₹5,000' } });
    await t.app.messenger.flush();
    expect(await messageRow(id!)).toMatchObject({ status: 'queued', attempts: 1, lastError: 'MSG91 answered 502' });
    expect(await t.app.messenger.deliver(id!)).toBe('sent');
    const none = await queueMessage(db(), { channel: 'sms', toPhone: '9876543210', kind: 'refund_issued', params: { order: 'MIL-2002', amount: '₹5,000' } });
    await t.app.messenger.flush();
    expect(await messageRow(none!)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: expect.stringContaining('no MSG91 template is set for refund_issued'),
    });
  });
});

describe('delivery receipts', () => {
  it('MSG91: refuses a report without the token or with a wrong one, takes a good one once, and a replay or a late one changes nothing', async () => {
    const { sms } = await sendBoth('MIL-2003');
    const report = msg91.deliveryReport(sms.providerMessageId!, 'DELIVERED');
    for (const token of [undefined, 'wrong-token', `${WEBHOOK_TOKEN}x`]) {
      const forged = await msg91Hook(report, token);
      expect(forged.statusCode, forged.body).toBe(401);
      expect(forged.json().code).toBe('MESSAGE_WEBHOOK_REFUSED');
    }
    expect((await messageRow(sms.id)).status).toBe('sent');
    const taken = await msg91Hook(report, WEBHOOK_TOKEN);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toEqual({ updated: 1, unchanged: 0, stopped: 0 });
    expect((await msg91Hook(report, WEBHOOK_TOKEN)).json()).toEqual({ updated: 0, unchanged: 1, stopped: 0 });
    expect((await msg91Hook(msg91.deliveryReport(sms.providerMessageId!, 'FAILED'), WEBHOOK_TOKEN)).json()).toMatchObject({ updated: 0 });
    expect((await messageRow(sms.id)).status).toBe('delivered');
    // Nonsense with the token is answered, never a 500: nothing in it is the store's.
    for (const payload of ['{}', '[]', '{"data":"not json"}', '{"data":[{"requestId":"nope","report":[{"status":"1"}]}]}', 'null']) {
      const odd = await msg91Hook(payload, WEBHOOK_TOKEN);
      expect(odd.statusCode, payload).toBe(200);
      expect(odd.json().updated).toBe(0);
    }
  });

  it('WhatsApp: refuses a forged or unsigned body with 401, moves sent → delivered → read, and a replay or a late status changes nothing', async () => {
    const { whatsapp } = await sendBoth('MIL-2004');
    const forged = await whatsappHook(meta.statusWebhook(whatsapp.providerMessageId!, 'read', 'not-the-secret'));
    expect(forged.statusCode, forged.body).toBe(401);
    const unsigned = await t.rawInject({
      method: 'POST',
      url: '/api/messages/whatsapp/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(unsigned.statusCode).toBe(401);
    // Signed but altered: the signature is over the exact bytes.
    const good = meta.statusWebhook(whatsapp.providerMessageId!, 'delivered');
    expect((await whatsappHook({ body: good.body.replace('delivered', 'read'), signature: good.signature })).statusCode).toBe(401);
    expect((await messageRow(whatsapp.id)).status).toBe('sent');

    expect((await whatsappHook(good)).json()).toEqual({ updated: 1, unchanged: 0, stopped: 0 });
    expect((await whatsappHook(good)).json()).toEqual({ updated: 0, unchanged: 1, stopped: 0 });
    expect((await whatsappHook(meta.statusWebhook(whatsapp.providerMessageId!, 'read'))).json()).toMatchObject({ updated: 1 });
    expect((await whatsappHook(meta.statusWebhook(whatsapp.providerMessageId!, 'delivered'))).json()).toMatchObject({ updated: 0 });
    expect((await whatsappHook(meta.statusWebhook(whatsapp.providerMessageId!, 'failed'))).json()).toMatchObject({ updated: 0 });
    expect((await messageRow(whatsapp.id)).status).toBe('read');
    // A signed body that is not JSON: 400, not 500.
    const { createHmac } = await import('node:crypto');
    const junk = 'not json';
    const bad = await whatsappHook({ body: junk, signature: `sha256=${createHmac('sha256', APP_SECRET).update(junk).digest('hex')}` });
    expect(bad.statusCode).toBe(400);
  });

  it('answers Meta’s subscription check only with the verify token', async () => {
    const ok = await t.rawInject({ url: '/api/messages/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=verify-me-please&hub.challenge=1158201444' });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await t.rawInject({ url: '/api/messages/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1' });
    expect(wrong.statusCode).toBe(403);
  });
});

describe('stopping messages', () => {
  it('a STOP on WhatsApp withdraws the customer’s WhatsApp messages at once; a forged STOP does nothing', async () => {
    await t.app.inject({ method: 'PUT', url: '/api/account/messages', headers: { cookie: asha.cookie }, payload: { orders_sms: true, orders_whatsapp: true } });
    await sendBoth('MIL-2005');
    expect((await whatsappHook(meta.inboundText('919876543210', 'STOP', 'forger'))).statusCode).toBe(401);
    expect((await messagePreferences(db(), asha.id)).orders.whatsapp).toBe(true);
    expect((await whatsappHook(meta.inboundText('919876543210', 'hello'))).json().stopped).toBe(0);
    expect((await whatsappHook(meta.inboundText('919876543210', ' stop '))).json()).toMatchObject({ stopped: 1 });
    expect(await messagePreferences(db(), asha.id)).toEqual({ orders: { sms: true, whatsapp: false }, marketing: { sms: false, whatsapp: false } });
    const queued = await queueForCustomer(db(), { customerId: asha.id, phone: '9876543210' }, 'order_delivered', { order: 'MIL-2006' });
    expect(await Promise.all(queued.map(async (id) => (await messageRow(id)).channel))).toEqual(['sms']);
  });

  it('an opt-out link asks first, then stops that channel; a made-up link is refused with 400', async () => {
    await t.app.inject({ method: 'PUT', url: '/api/account/messages', headers: { cookie: asha.cookie }, payload: { orders_sms: true, orders_whatsapp: true } });
    // The link's token is only in the text the provider was given: the simulator's folder is not used here, so rebuild it.
    const token = 'A'.repeat(24);
    const { createHash } = await import('node:crypto');
    const { sms } = await sendBoth('MIL-2007');
    await db()
      .update(schema.messages)
      .set({ optOutTokenHash: createHash('sha256').update(token).digest('hex') })
      .where(eq(schema.messages.id, sms.id));
    const ask = await t.app.inject({ url: `/api/messages/opt-out?t=${token}` });
    expect(ask.json()).toEqual({ channel: 'sms' });
    expect((await messagePreferences(db(), asha.id)).orders.sms).toBe(true);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/messages/opt-out',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `t=${token}`,
    });
    expect(done.json()).toEqual({ channel: 'sms' });
    expect((await messagePreferences(db(), asha.id)).orders).toEqual({ sms: false, whatsapp: true });
    for (const bad of ['B'.repeat(24), 'short', '']) {
      const refused = await t.app.inject({ method: 'POST', url: '/api/messages/opt-out', payload: { t: bad } });
      expect(refused.statusCode, bad).toBe(400);
    }
  });

  it('My Account sets the preferences from a form without JavaScript, an unticked box being off; only for the signed-in customer', async () => {
    const form = await t.app.inject({
      method: 'PUT',
      url: '/api/account/messages',
      headers: { cookie: asha.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'orders_whatsapp=on&marketing_sms=on',
    });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json()).toEqual({ orders: { sms: false, whatsapp: true }, marketing: { sms: true, whatsapp: false } });
    expect((await t.app.inject({ url: '/api/account/messages', headers: { cookie: asha.cookie } })).json()).toEqual(form.json());
    expect((await t.app.inject({ url: '/api/account/messages' })).statusCode).toBe(401);
    const odd = await t.app.inject({ method: 'PUT', url: '/api/account/messages', headers: { cookie: asha.cookie }, payload: { email: true } });
    expect(odd.statusCode).toBe(400);
  });
});

describe('the back office', () => {
  it('shows a customer’s messages with their status to the customer desk, never their values, and to no other desk', async () => {
    const mine = await t.app.inject({ url: `/api/admin/customers/${asha.id}/messages`, headers: { cookie: ordersDesk.cookie } });
    expect(mine.statusCode, mine.body).toBe(200);
    const list = mine.json().messages as Record<string, unknown>[];
    expect(list.length).toBeGreaterThan(3);
    expect(list[0]).toMatchObject({ channel: expect.any(String), status: expect.any(String), kind: 'order_delivered', toPhone: '+919876543210' });
    expect(list.some((m) => m.status === 'read')).toBe(true);
    expect(JSON.stringify(list)).not.toContain('MIL-20');
    expect((await t.app.inject({ url: `/api/admin/customers/${asha.id}/messages`, headers: { cookie: catalogueDesk.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/admin/customers/${asha.id}/messages` })).statusCode).toBe(401);
  });

  it('keeps each kind’s templates for the settings desk, checked and audited', async () => {
    const list = await t.app.inject({ url: '/api/admin/messages/templates', headers: { cookie: owner.cookie } });
    const dispatched = (list.json().templates as { kind: string; text: string }[]).find((x) => x.kind === 'order_dispatched');
    expect(dispatched?.text).toBe('Milli: your order {{1}} is on its way with {{2}}, AWB {{3}}. Track it: {{4}}');
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/messages/templates/order_paid',
      headers: { cookie: owner.cookie },
      payload: { dltTemplateId: '12' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('19 digits');
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/admin/messages/templates/nonsense', headers: { cookie: owner.cookie }, payload: {} })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/admin/messages/templates/order_paid', headers: { cookie: ordersDesk.cookie }, payload: {} })).statusCode,
    ).toBe(403);
    const audit = await db().select().from(schema.auditLog).where(eq(schema.auditLog.action, 'message-template.update'));
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });
});
