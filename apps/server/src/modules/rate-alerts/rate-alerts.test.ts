/**
 * The day's rates in public and the rate alerts (issue 42): GET /api/rates/today and /api/rates/history as staff set
 * them, and POST /api/rate-alerts with its confirmation, its stop link, the limit of five per person (counted under a
 * lock, also on PostgreSQL with TEST_DATABASE_URL), and the one mail a rate set in the back office sends to exactly
 * the alerts it crosses, in its transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { RateAlertCreatedSchema, RateHistorySchema, RatesTodaySchema, type RatesToday } from '@milli/contracts/schemas';
import { schema } from '@milli/db';
import { testServerUrl } from '@milli/db/testing';
import { formatRupees, indianDate } from '@milli/pricing';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createShopper, createStaff, type TestShopper, type TestStaff } from '../../testing-factories.ts';
import { daysBefore } from '../catalog/desk.ts';
import { setConsent } from '../messages/service.ts';

const { mailOutbox, metalRates, rateAlerts } = schema;

let t: TestApp;
let owner: TestStaff;
let shopper: TestShopper;
let ip = 0;
const nextIp = () => `10.242.${Math.floor(++ip / 200)}.${(ip % 200) + 1}`;
const today = indianDate(new Date());

beforeAll(async () => {
  t = await createTestApp({ poolSize: testServerUrl ? loadConfig({}).databasePoolSize : undefined });
  // The seed's rates become yesterday's, so today's change is the one these tests make.
  await t.database.db.update(metalRates).set({ rateDate: daysBefore(today, 1) });
  await t.app.readCache.caughtUp();
  owner = await createStaff(t.app, { role: 'owner' });
  shopper = await createShopper(t.app, { username: 'ratewatcher' });
}, 120_000);
afterAll(() => t?.close());

const getJson = async (url: string) => {
  const res = await t.app.inject({ url, remoteAddress: nextIp() });
  return res;
};
const todayRates = async () => RatesTodaySchema.parse((await getJson('/api/rates/today')).json());
const rateOf = (answer: RatesToday, key: string) => answer.rates.find((r) => r.key === key)!;
const setRates = async (rates: { metal: string; purity: number; paisePerGram: number }[]) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/rates',
    payload: { rates, confirm: true },
    headers: { cookie: owner.cookie },
    remoteAddress: nextIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
};
const ask = (body: Record<string, unknown>, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/rate-alerts', payload: body, headers: cookie ? { cookie } : {}, remoteAddress: nextIp() });
const mailsTo = (to: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(mailOutbox.id);
const tokenIn = (text: string, path: string) => new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(text)?.[1];
const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {}, remoteAddress: nextIp() });

describe('the day’s rates in public', () => {
  it('answers today’s six metal rates per gram and per 10 g, with the day each was set and the change since yesterday', async () => {
    const before = await todayRates();
    expect(before.date).toBe(today);
    expect(before.rates.map((r) => r.key)).toEqual(['gold:24', 'gold:22', 'gold:18', 'gold:14', 'platinum:950', 'silver:925']);
    const g22 = rateOf(before, 'gold:22');
    // Not set today yet: yesterday's rate is the one in force, with its day, and nothing has changed.
    expect(g22.setOn).toBe(daysBefore(today, 1));
    expect(g22.paisePer10Grams).toBe(g22.paisePerGram! * 10);
    expect(g22.changePaise).toBe(0);
    expect(g22.label).toBe('22 kt gold');

    const raised = Math.round((g22.paisePerGram! * 1.01) / 100) * 100;
    await setRates([{ metal: 'gold', purity: 22, paisePerGram: raised }]);
    const after = await todayRates();
    expect(rateOf(after, 'gold:22')).toMatchObject({
      paisePerGram: raised,
      paisePer10Grams: raised * 10,
      setOn: today,
      changePaise: raised - g22.paisePerGram!,
    });
    // The others are untouched.
    expect(rateOf(after, 'silver:925')).toEqual(rateOf(before, 'silver:925'));
  });

  it('answers a metal’s history over the days asked: the opening rate and each day one was set', async () => {
    const day10 = daysBefore(today, 10);
    const day40 = daysBefore(today, 40);
    await t.database.db.insert(metalRates).values([
      { rateDate: day10, metal: 'silver', purity: 925, ratePaisePerGram: 9_100 },
      { rateDate: day40, metal: 'silver', purity: 925, ratePaisePerGram: 8_800 },
    ]);
    await t.app.readCache.caughtUp();
    const res = await getJson('/api/rates/history?metal=silver&purity=925&days=30');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const h = RateHistorySchema.parse(res.json());
    expect(h).toMatchObject({ key: 'silver:925', label: 'Silver 925', days: 30, from: daysBefore(today, 29), to: today });
    expect(h.opening).toEqual({ paisePerGram: 8_800, setOn: day40 });
    expect(h.points[0]).toEqual({ date: day10, paisePerGram: 9_100 });
    expect(h.points.map((p) => p.date)).toEqual([...h.points.map((p) => p.date)].sort());
    expect(h.low).toBe(Math.min(8_800, ...h.points.map((p) => p.paisePerGram)));
    expect(h.high).toBe(Math.max(8_800, ...h.points.map((p) => p.paisePerGram)));

    const ninety = RateHistorySchema.parse((await getJson('/api/rates/history?metal=silver&purity=925&days=90')).json());
    expect(ninety.opening).toBeNull();
    expect(ninety.points.map((p) => p.date)).toContain(day40);
  });

  it('refuses a purity the metal is not sold in, and days outside 1 to 366, with a message', async () => {
    for (const query of [
      'metal=gold&purity=925',
      'metal=silver&purity=22',
      'metal=copper&purity=22',
      'metal=gold&purity=22&days=0',
      'metal=gold&purity=22&days=400',
      'metal=gold&purity=abc',
    ]) {
      const res = await getJson(`/api/rates/history?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(/Please/);
    }
  });
});

describe('rate alerts', () => {
  let mailboxes = 0;
  const mailbox = () => `watcher-${++mailboxes}@example.in`;
  let g22 = 0;
  let g18 = 0;

  beforeAll(async () => {
    const rates = await todayRates();
    g22 = rateOf(rates, 'gold:22').paisePerGram!;
    g18 = rateOf(rates, 'gold:18').paisePerGram!;
  });

  it('a guest’s alert waits for its confirmation; the link starts it, and a second click changes nothing', async () => {
    const email = mailbox();
    const res = await ask({ metal: 'gold', purity: 22, direction: 'below', paisePerGram: g22 - 5_000, email });
    expect(res.statusCode, res.body).toBe(201);
    expect(RateAlertCreatedSchema.parse(res.json())).toMatchObject({ status: 'pending' });
    expect(res.body).not.toMatch(/token/);
    const [mail, ...more] = await mailsTo(email);
    expect(more).toEqual([]);
    expect(mail!.kind).toBe('rate-alert-confirm');
    expect(mail!.textBody).toContain(`22 kt gold at or below ${formatRupees(g22 - 5_000)} a gram`);
    const token = tokenIn(mail!.textBody, '/rate-alerts/confirm')!;
    expect(token).toBeTruthy();
    expect(tokenIn(mail!.textBody, '/rate-alerts/stop')).toBe(token);

    const confirmed = await post('/api/rate-alerts/confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().alert.status).toBe('live');
    const again = await post('/api/rate-alerts/confirm', { token });
    expect(again.json().message).toMatch(/already confirmed/);
    expect((await post('/api/rate-alerts/confirm', { token: 'x'.repeat(32) })).statusCode).toBe(404);
    expect((await post('/api/rate-alerts/confirm', { token: 'short' })).statusCode).toBe(400);
  });

  it('refuses a level the rate is already past, a purity not sold, and a bad address, each with a message', async () => {
    const past = await ask({ metal: 'gold', purity: 22, direction: 'below', paisePerGram: g22 + 100, email: mailbox() });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toContain(`Today’s rate of 22 kt gold is ${formatRupees(g22)} a gram`);
    const above = await ask({ metal: 'gold', purity: 22, direction: 'above', paisePerGram: g22, email: mailbox() });
    expect(above.statusCode).toBe(400);
    for (const body of [
      { metal: 'gold', purity: 950, direction: 'below', paisePerGram: 100, email: mailbox() },
      { metal: 'gold', purity: 22, direction: 'sideways', paisePerGram: 100, email: mailbox() },
      { metal: 'gold', purity: 22, direction: 'below', paisePerGram: -5, email: mailbox() },
      { metal: 'gold', purity: 22, direction: 'below', paisePerGram: 100, email: 'not-an-address' },
    ]) {
      const res = await ask(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('a shopper’s alert for their own address starts at once, is listed in their account and stopped only by them', async () => {
    const res = await ask({ metal: 'gold', purity: 18, direction: 'above', paisePerGram: g18 + 3_000, email: shopper.email.toUpperCase() }, shopper.cookie);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().status).toBe('live');
    expect((await mailsTo(shopper.email)).map((m) => m.kind)).toEqual(['welcome', 'rate-alert-set']);
    const list = await t.app.inject({ url: '/api/rate-alerts', headers: { cookie: shopper.cookie }, remoteAddress: nextIp() });
    expect(list.statusCode).toBe(200);
    const [alert] = list.json().data;
    expect(alert).toMatchObject({ metal: 'gold', purity: 18, direction: 'above', paisePerGram: g18 + 3_000, status: 'live', label: '18 kt gold' });

    const stranger = await createShopper(t.app);
    expect((await post(`/api/rate-alerts/${alert.id}/stop`, {}, stranger.cookie)).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/rate-alerts', remoteAddress: nextIp() })).statusCode).toBe(401);
    const stopped = await post(`/api/rate-alerts/${alert.id}/stop`, {}, shopper.cookie);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json().status).toBe('stopped');
  });

  it('a rate set in the back office mails exactly the live alerts it crosses, once, and ends them', async () => {
    const crossedBelow = mailbox();
    const notCrossed = mailbox();
    const otherPurity = mailbox();
    const unconfirmed = mailbox();
    const stopped = mailbox();
    const confirmAll = async (email: string) => {
      const token = tokenIn((await mailsTo(email))[0]!.textBody, '/rate-alerts/confirm')!;
      expect((await post('/api/rate-alerts/confirm', { token })).statusCode).toBe(200);
      return token;
    };
    const drop = Math.round((g22 * 0.03) / 100) * 100;
    expect((await ask({ metal: 'gold', purity: 22, direction: 'below', paisePerGram: g22 - drop + 100, email: crossedBelow })).statusCode).toBe(201);
    expect((await ask({ metal: 'gold', purity: 22, direction: 'below', paisePerGram: g22 - drop - 10_000, email: notCrossed })).statusCode).toBe(201);
    expect((await ask({ metal: 'gold', purity: 18, direction: 'below', paisePerGram: g18 - 100, email: otherPurity })).statusCode).toBe(201);
    expect((await ask({ metal: 'gold', purity: 22, direction: 'below', paisePerGram: g22 - 100, email: unconfirmed })).statusCode).toBe(201);
    expect((await ask({ metal: 'gold', purity: 22, direction: 'below', paisePerGram: g22 - 100, email: stopped })).statusCode).toBe(201);
    for (const email of [crossedBelow, notCrossed, otherPurity]) await confirmAll(email);
    const stopToken = await confirmAll(stopped);
    const stop = await post('/api/rate-alerts/stop', { token: stopToken });
    expect(stop.statusCode).toBe(200);
    expect(stop.json().alert.status).toBe('stopped');

    await setRates([{ metal: 'gold', purity: 22, paisePerGram: g22 - drop }]);
    const told = await mailsTo(crossedBelow);
    expect(told.map((m) => m.kind)).toEqual(['rate-alert-confirm', 'rate-alert-crossed']);
    expect(told[1]!.subject).toContain(`22 kt gold is now ${formatRupees(g22 - drop)} a gram`);
    for (const email of [notCrossed, otherPurity, unconfirmed, stopped]) {
      expect(
        (await mailsTo(email)).map((m) => m.kind),
        email,
      ).not.toContain('rate-alert-crossed');
    }
    const [row] = await t.database.db.select().from(rateAlerts).where(eq(rateAlerts.email, crossedBelow));
    expect(row).toMatchObject({ status: 'sent', firedRatePaise: g22 - drop });

    // The same rate set again (a correction) tells no one twice.
    await setRates([{ metal: 'gold', purity: 22, paisePerGram: g22 - drop }]);
    expect((await mailsTo(crossedBelow)).length).toBe(2);
    g22 -= drop;
  });

  it('a guest confirming after the rate has already crossed is told at once', async () => {
    const email = mailbox();
    expect((await ask({ metal: 'gold', purity: 22, direction: 'above', paisePerGram: g22 + 200, email })).statusCode).toBe(201);
    await setRates([{ metal: 'gold', purity: 22, paisePerGram: g22 + 300 }]);
    // Pending: the rate crossing it told no one.
    expect((await mailsTo(email)).map((m) => m.kind)).toEqual(['rate-alert-confirm']);
    const token = tokenIn((await mailsTo(email))[0]!.textBody, '/rate-alerts/confirm')!;
    const confirmed = await post('/api/rate-alerts/confirm', { token });
    expect(confirmed.json().message).toMatch(/already reached your level/);
    expect(confirmed.json().alert.status).toBe('sent');
    expect((await mailsTo(email)).map((m) => m.kind)).toEqual(['rate-alert-confirm', 'rate-alert-crossed']);
    g22 += 300;
  });

  it('five alerts per person at most, however many are asked for at once', async () => {
    const person = await createShopper(t.app, { username: 'manyalerts' });
    const results = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        ask({ metal: 'silver', purity: 925, direction: 'above', paisePerGram: 50_000 + i * 100, email: person.email }, person.cookie),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(4);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toContain('already 5 rate alerts');
    const rows = await t.database.db
      .select()
      .from(rateAlerts)
      .where(and(eq(rateAlerts.customerId, person.id), eq(rateAlerts.status, 'live')));
    expect(rows).toHaveLength(5);

    // A guest's mailbox likewise, and stopping one frees its place.
    const email = mailbox();
    for (let i = 0; i < 3; i++) expect((await ask({ metal: 'silver', purity: 925, direction: 'above', paisePerGram: 60_000 + i, email })).statusCode).toBe(201);
    const [first] = await mailsTo(email);
    const token = tokenIn(first!.textBody, '/rate-alerts/stop')!;
    expect((await post('/api/rate-alerts/stop', { token })).json().alert.status).toBe('stopped');
    expect((await post('/api/rate-alerts/stop', { token })).json().message).toMatch(/already ended/);
  });
});

describe('rate alerts by SMS or WhatsApp (decision 062)', () => {
  const { customers, messages } = schema;
  let g14 = 0;
  let numbers = 0;
  /** A signed-in shopper whose account has a verified mobile number (decision 058's code, as it leaves the account). */
  const withPhone = async () => {
    const who = await createShopper(t.app);
    const phone = `+9198${String(Date.now() % 1_000_000).padStart(6, '0')}${++numbers % 10}${numbers % 7}`.slice(0, 13);
    await t.database.db.update(customers).set({ phone, phoneVerifiedAt: new Date() }).where(eq(customers.id, who.id));
    return { ...who, phone };
  };
  const messagesTo = (phone: string) => t.database.db.select().from(messages).where(eq(messages.toPhone, phone)).orderBy(messages.id);
  const level = (below: number) => ({ metal: 'gold', purity: 14, direction: 'below', paisePerGram: g14 - below });

  beforeAll(async () => {
    g14 = rateOf(await todayRates(), 'gold:14').paisePerGram!;
  });

  it('is the signed-in shopper’s verified number only: a guest, an account without one, or a channel turned off are told what to do', async () => {
    const guest = await ask({ ...level(1_000), channel: 'sms' });
    expect(guest.statusCode).toBe(400);
    expect(guest.json().message).toMatch(/sign in with your mobile number/);
    expect(guest.json().fields.channel).toBeTruthy();
    const unverified = await createShopper(t.app);
    const none = await ask({ ...level(1_000), channel: 'sms' }, unverified.cookie);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/no verified mobile number/);
    // WhatsApp carries order messages only for a shopper who said yes to it (decision 057).
    const who = await withPhone();
    const off = await ask({ ...level(1_000), channel: 'whatsapp' }, who.cookie);
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toMatch(/not to send you messages by WhatsApp/);
    // By e-mail an address is still needed.
    const noAddress = await ask({ ...level(1_000), channel: 'email', email: '' }, who.cookie);
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().fields.email).toBeTruthy();
    expect(await t.database.db.select().from(rateAlerts).where(eq(rateAlerts.customerId, who.id))).toEqual([]);
  });

  it('starts at once, its first SMS carries the stop link, and My Account shows the number hidden', async () => {
    const who = await withPhone();
    const res = await ask({ ...level(2_000), channel: 'sms', email: '' }, who.cookie);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'live' });
    expect(res.json().message).toContain(`an SMS to +91 ••••••${who.phone.slice(-4)}`);
    const [set, ...more] = await messagesTo(who.phone);
    expect(more).toEqual([]);
    expect(set).toMatchObject({ channel: 'sms', kind: 'rate_alert_set', customerId: who.id });
    expect(set!.params.watch).toBe(`14 kt gold at or below ${formatRupees(g14 - 2_000)} a gram`);
    // No mail: the alert tells the phone only.
    expect((await mailsTo(who.email)).map((m) => m.kind)).not.toContain('rate-alert-set');

    const [alert] = (await t.app.inject({ url: '/api/rate-alerts', headers: { cookie: who.cookie }, remoteAddress: nextIp() })).json().data;
    expect(alert).toMatchObject({ channel: 'sms', email: null, phone: `+91 ••••••${who.phone.slice(-4)}`, status: 'live' });
    const token = tokenIn(set!.params.stop!, '/rate-alerts/stop')!;
    const stopped = await post('/api/rate-alerts/stop', { token });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json().alert).toMatchObject({ status: 'stopped', phone: `+91 ••••••${who.phone.slice(-4)}` });
    expect(stopped.body).not.toContain(who.phone);
  });

  it('a rate crossing it queues one message on its channel; one whose channel was withdrawn since ends untold', async () => {
    const bySms = await withPhone();
    const byWhatsapp = await withPhone();
    const withdrawn = await withPhone();
    await setConsent(t.database.db, byWhatsapp.id, 'whatsapp', 'orders', true);
    expect((await ask({ ...level(3_000), channel: 'sms' }, bySms.cookie)).statusCode).toBe(201);
    expect((await ask({ ...level(3_000), channel: 'whatsapp' }, byWhatsapp.cookie)).statusCode).toBe(201);
    expect((await ask({ ...level(3_000), channel: 'sms' }, withdrawn.cookie)).statusCode).toBe(201);
    await setConsent(t.database.db, withdrawn.id, 'sms', 'orders', false);

    await setRates([{ metal: 'gold', purity: 14, paisePerGram: g14 - 3_500 }]);
    const told = await messagesTo(bySms.phone);
    expect(told.map((m) => m.kind)).toEqual(['rate_alert_set', 'rate_alert_crossed']);
    expect(told[1]).toMatchObject({ channel: 'sms', params: { metal: '14 kt gold', rate: formatRupees(g14 - 3_500), page: '/gold-rate' } });
    expect((await messagesTo(byWhatsapp.phone)).map((m) => `${m.channel} ${m.kind}`)).toEqual(['whatsapp rate_alert_set', 'whatsapp rate_alert_crossed']);
    expect((await messagesTo(withdrawn.phone)).map((m) => m.kind)).toEqual(['rate_alert_set']);
    const [ended] = await t.database.db.select().from(rateAlerts).where(eq(rateAlerts.customerId, withdrawn.id));
    expect(ended!.status).toBe('stopped');

    // A correction to the same rate tells no one twice.
    await setRates([{ metal: 'gold', purity: 14, paisePerGram: g14 - 3_500 }]);
    expect(await messagesTo(bySms.phone)).toHaveLength(2);
    g14 -= 3_500;
  });

  it('counts alerts by phone and by the account’s e-mail as the one person’s five', async () => {
    const who = await withPhone();
    for (let i = 0; i < 3; i++) expect((await ask({ ...level(4_000 + i), email: who.email }, who.cookie)).statusCode).toBe(201);
    for (let i = 0; i < 2; i++) expect((await ask({ ...level(5_000 + i), channel: 'sms' }, who.cookie)).statusCode).toBe(201);
    const sixth = await ask({ ...level(6_000), channel: 'sms' }, who.cookie);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toContain('already 5 rate alerts for this account');
  });
});
