/**
 * Appointments (issue 20): the day's slots from a store's hours, booking (guests and customers), the last place
 * taken once by two at once, the guest's manage link, the customer's list and cancel, the day-before reminder
 * mailed once, the staff calendar and its outcomes; the old gold trade-in estimate. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { testServerUrl } from '@milli/db/testing';
import { schema } from '@milli/db';
import { indianDate } from '@milli/pricing';
import { AdminAppointmentCalendarSchema, AdminAppointmentDaySchema, AppointmentSlotsSchema } from '@milli/contracts/schemas';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createProduct, createShopper, createStaff, type TestStaff } from '../../testing-factories.ts';
import { addDays } from './hours.ts';
import { createSettingsService } from '../settings/service.ts';
import { createAppointmentKeeper } from './keeper.ts';

let t: TestApp;
let orders: TestStaff;
let catalogue: TestStaff;
let store: { id: number; name: string };
let market: { id: number };
const today = indianDate(new Date());
/** A weekday (not Sunday) some days ahead, so every slot of it is in the future. */
let ahead: string;

beforeAll(async () => {
  t = await createTestApp({ seed: true, poolSize: testServerUrl ? loadConfig({}).databasePoolSize : undefined });
  orders = await createStaff(t.app, { role: 'orders' });
  catalogue = await createStaff(t.app, { role: 'catalogue' });
  const stores = await t.database.db.select().from(schema.stores).orderBy(schema.stores.id);
  store = stores.find((s) => s.hours === 'Mon-Sun 10:30 am - 8:30 pm')!;
  market = stores.find((s) => s.hours.includes('Sun closed'))!;
  ahead = addDays(today, 3);
  if (new Date(`${ahead}T00:00:00Z`).getUTCDay() === 0) ahead = addDays(ahead, 1);
  // A known 24K rate today for the estimate's sums.
  await t.database.db
    .delete(schema.metalRates)
    .where(and(eq(schema.metalRates.metal, 'gold'), eq(schema.metalRates.purity, 24), eq(schema.metalRates.rateDate, today)));
  await t.database.db.insert(schema.metalRates).values({ rateDate: today, metal: 'gold', purity: 24, ratePaisePerGram: 7_500_00 });
  await t.database.db.update(schema.storeSettings).set({ appointmentSlotCapacity: 2, tradeInPercent: 95 });
}, 120_000);
afterAll(() => t?.close());

let address = 0;
const book = (body: Record<string, unknown>, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/appointments',
    payload: body,
    remoteAddress: `10.220.${Math.floor(++address / 200)}.${address % 200}`,
    headers: cookie ? { cookie } : {},
  });
let phones = 0;
/** Each guest its own mobile number, unless a test gives one: the store counts one number's bookings (issue 35). */
const guest = (over: Record<string, unknown> = {}) => ({
  kind: 'store',
  storeId: store.id,
  date: ahead,
  slot: '11:30',
  purpose: 'browse',
  name: 'Asha Guest',
  email: 'asha-guest@example.in',
  phone: `97${String(++phones).padStart(8, '0')}`,
  ...over,
});
const slots = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/appointments/slots?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return AppointmentSlotsSchema.parse(res.json());
};
const mailsTo = (to: string) => t.database.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.toAddress, to)).orderBy(schema.mailOutbox.id);
const tokenIn = (text: string) => /appointment\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
const confirm = (token: string) => t.app.inject({ method: 'POST', url: '/api/appointments/manage/confirm', payload: { token } });
/** A guest's booking, confirmed from the link in its mail as the guest would: the booking with that link's token. */
async function bookConfirmed(body: Record<string, unknown>) {
  const res = await book(body);
  expect(res.statusCode, res.body).toBe(201);
  const mails = await mailsTo(String(body.email));
  const token = tokenIn(mails.at(-1)!.textBody)!;
  const done = await confirm(token);
  expect(done.statusCode, done.body).toBe(200);
  return { ...(done.json() as { id: number; status: string }), manageToken: token };
}

describe('the trade-in estimate', () => {
  it("is the weight × today's 24K rate scaled to the purity × the trade-in percentage", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/trade-in/estimate?weightGrams=10&purity=22' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ estimatePaise: 6_533_036, ratePaisePerGram: 687_688, rateDate: today, purity: 22, weightMg: 10_000, tradeInPercent: 95 });
  });

  it('refuses a weight or purity it cannot read (400), never a 500', async () => {
    for (const q of [
      'weightGrams=0&purity=22',
      'weightGrams=1.2345&purity=22',
      'weightGrams=abc&purity=22',
      'weightGrams=10&purity=23',
      'weightGrams=10',
      'purity=22',
      'weightGrams=20000&purity=22',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/trade-in/estimate?${q}` });
      expect(res.statusCode, q).toBe(400);
    }
  });
});

describe('slots', () => {
  it("are the store's hours in 60-minute slots, with the places left", async () => {
    const day = await slots(`kind=store&storeId=${store.id}&date=${ahead}`);
    expect(day.slots.map((s) => s.slot)).toEqual(['10:30', '11:30', '12:30', '13:30', '14:30', '15:30', '16:30', '17:30', '18:30', '19:30']);
    expect(day.slots.every((s) => s.left === 2 && s.available)).toBe(true);
    expect(day.firstDate).toBe(today);
    expect(day.lastDate).toBe(addDays(today, 60));
  });

  it('are none on a closed day, a past day or past 60 days; today only those not begun', async () => {
    let sunday = addDays(today, 1);
    while (new Date(`${sunday}T00:00:00Z`).getUTCDay() !== 0) sunday = addDays(sunday, 1);
    expect((await slots(`kind=store&storeId=${market.id}&date=${sunday}`)).closedReason).toMatch(/closed/);
    expect((await slots(`kind=store&storeId=${store.id}&date=${addDays(today, -1)}`)).slots).toEqual([]);
    expect((await slots(`kind=store&storeId=${store.id}&date=${addDays(today, 61)}`)).slots).toEqual([]);
    const now = Date.now();
    for (const s of (await slots(`kind=store&storeId=${store.id}&date=${today}`)).slots) expect(Date.parse(`${today}T${s.slot}:00+05:30`)).toBeGreaterThan(now);
    const video = await slots(`kind=video&date=${ahead}`);
    expect(video.slots[0]!.slot).toBe('10:30');
    expect(video.slots.at(-1)!.slot).toBe('18:30');
  });

  it('need a store for a visit and a real date (400), and a store that exists (404)', async () => {
    for (const q of [`kind=store&date=${ahead}`, `kind=store&storeId=${store.id}&date=2026-02-30`, `kind=shop&date=${ahead}`]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/appointments/slots?${q}` })).statusCode, q).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/appointments/slots?kind=store&storeId=999999&date=${ahead}` })).statusCode).toBe(404);
  });
});

describe('booking', () => {
  it("holds a guest's place (201 Unconfirmed) and mails the link only to the address given, which confirms it", async () => {
    const res = await book(guest({ slot: '12:30', email: 'guest-one@example.in' }));
    expect(res.statusCode, res.body).toBe(201);
    const booked = res.json();
    expect(booked).toMatchObject({ kind: 'store', date: ahead, slot: '12:30', status: 'Unconfirmed', cancellable: true, store: { id: store.id } });
    // Whoever sent the form never holds the link: only the mailbox does (issue 35).
    expect(booked.manageToken).toBeNull();
    expect(Date.parse(booked.holdUntil) - Date.now()).toBeGreaterThan(25 * 60_000);
    const [row] = await t.database.db.select().from(schema.appointments).where(eq(schema.appointments.id, booked.id));
    expect(row!.customerId).toBeNull();
    const [mail] = await mailsTo('guest-one@example.in');
    expect(mail!.kind).toBe('appointment-confirm');
    expect(mail!.subject).toMatch(/confirm your appointment/);
    const token = tokenIn(mail!.textBody)!;
    expect(row!.manageTokenHash).not.toContain(token);
    // The held place counts.
    let day = await slots(`kind=store&storeId=${store.id}&date=${ahead}`);
    expect(day.slots.find((s) => s.slot === '12:30')!.left).toBe(1);
    expect((await confirm(token)).json()).toMatchObject({ id: booked.id, status: 'Booked', holdUntil: null });
    expect((await confirm(token)).json().status).toBe('Booked');
    day = await slots(`kind=store&storeId=${store.id}&date=${ahead}`);
    expect(day.slots.find((s) => s.slot === '12:30')!.left).toBe(1);
  });

  it('lets an unconfirmed hold lapse: its place is free again, and a late confirm keeps it only if the time is still free', async () => {
    const held = (await book(guest({ slot: '12:30', date: addDays(ahead, 2), email: 'lapse@example.in' }))).json();
    const token = tokenIn((await mailsTo('lapse@example.in')).at(-1)!.textBody)!;
    await t.database.db
      .update(schema.appointments)
      .set({ holdUntil: new Date(Date.now() - 1000) })
      .where(eq(schema.appointments.id, held.id));
    const day = await slots(`kind=store&storeId=${store.id}&date=${addDays(ahead, 2)}`);
    expect(day.slots.find((s) => s.slot === '12:30')!.left).toBe(2);
    await bookConfirmed(guest({ slot: '12:30', date: addDays(ahead, 2), email: 'lapse-b@example.in' }));
    await bookConfirmed(guest({ slot: '12:30', date: addDays(ahead, 2), email: 'lapse-c@example.in' }));
    const late = await confirm(token);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('SLOT_FULL');
  });

  it('counts a late confirm against its contact: lapsed holds booked again and then confirmed never make more than 3', async () => {
    const day = addDays(ahead, 2);
    const tokens: string[] = [];
    for (const slot of ['14:30', '15:30', '16:30', '17:30', '18:30']) {
      if (tokens.length === 3) {
        // The first three holds lapse unconfirmed, so the address may book again.
        await t.database.db
          .update(schema.appointments)
          .set({ holdUntil: new Date(Date.now() - 1000) })
          .where(eq(schema.appointments.email, 'relapse@example.in'));
      }
      expect((await book(guest({ slot, date: day, email: 'relapse@example.in' }))).statusCode).toBe(201);
      tokens.push(tokenIn((await mailsTo('relapse@example.in')).at(-1)!.textBody)!);
    }
    const confirmed = [];
    for (const token of tokens) confirmed.push(await confirm(token));
    expect(confirmed.map((r) => r.statusCode)).toEqual([200, 409, 409, 200, 200]);
    expect(confirmed[1]!.json().code).toBe('TOO_MANY_APPOINTMENTS');
    const booked = await t.database.db
      .select()
      .from(schema.appointments)
      .where(and(eq(schema.appointments.email, 'relapse@example.in'), eq(schema.appointments.status, 'Booked')));
    expect(booked).toHaveLength(3);
  });

  it('lets one e-mail address or mobile number hold at most 3 appointments at once, counted across sends at once', async () => {
    // Days on which both stores open (the market store closes on Sundays).
    const open = (d: string) => (new Date(`${d}T00:00:00Z`).getUTCDay() === 0 ? addDays(d, 1) : d);
    const dayOne = open(addDays(ahead, 3));
    const dayTwo = open(addDays(dayOne, 1));
    // Five places at once (two stores and the video desk, whose own locks do not serialise each other), one mailbox.
    // (The market store's slots start on the hour, the others' at half past.)
    const places = [
      { storeId: store.id, slot: '10:30' },
      { storeId: market.id, slot: '11:00' },
      { kind: 'video', storeId: undefined, slot: '12:30' },
      { storeId: store.id, slot: '13:30' },
      { storeId: market.id, slot: '14:00' },
    ];
    const sameMail = await Promise.all(
      places.map((place, i) => book(guest({ ...place, date: dayOne, email: i % 2 ? 'Holder+x@Example.in' : 'holder@example.in' }))),
    );
    expect(sameMail.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 409, 409]);
    expect(sameMail.find((r) => r.statusCode === 409)!.json().code).toBe('TOO_MANY_APPOINTMENTS');
    const phone = '+91 99887 76655';
    const samePhone = await Promise.all(places.slice(0, 4).map((place, i) => book(guest({ ...place, date: dayTwo, email: `phone-${i}@example.in`, phone }))));
    expect(samePhone.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 409]);
  });

  it("keeps the sender's words out of the mail's subject, heading and opening lines", async () => {
    const lure = 'Your bank account is blocked call 1800 000';
    expect((await book(guest({ slot: '10:30', email: 'lured@example.in', name: lure }))).statusCode).toBe(201);
    const [mail] = await mailsTo('lured@example.in');
    const lines = mail!.textBody.split('\n').filter((l) => l.trim() !== '');
    expect(mail!.subject).not.toContain(lure);
    expect(lines.slice(0, 4).join(' ')).not.toContain(lure);
    expect(lines.find((l) => l.includes(lure))).toMatch(/^As given with the request: Name: /);
  });

  it('refuses bad details (400) with the field named', async () => {
    for (const [over, field] of [
      [{ phone: '12345' }, 'phone'],
      [{ email: 'nope' }, 'email'],
      [{ name: '' }, 'name'],
      [{ purpose: 'party' }, 'purpose'],
      [{ slot: '25:00' }, 'slot'],
      [{ storeId: undefined }, 'storeId'],
    ] as const) {
      const res = await book(guest(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), JSON.stringify(res.json())).toContain(field);
    }
  });

  it('refuses a past, closed or off-hours slot (409 SLOT_UNAVAILABLE)', async () => {
    for (const over of [{ date: addDays(today, -1) }, { slot: '09:30' }, { slot: '11:00' }, { date: addDays(today, 61) }]) {
      const res = await book(guest(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(409);
      expect(res.json().code).toBe('SLOT_UNAVAILABLE');
    }
  });

  it('refuses a full slot (409 SLOT_FULL); a cancelled booking frees its place', async () => {
    const a = await bookConfirmed(guest({ slot: '13:30', email: 'full-a@example.in' }));
    const b = await book(guest({ slot: '13:30', email: 'full-b@example.in' }));
    expect(b.statusCode).toBe(201);
    const c = await book(guest({ slot: '13:30', email: 'full-c@example.in' }));
    expect(c.statusCode).toBe(409);
    expect(c.json().code).toBe('SLOT_FULL');
    const cancel = await t.app.inject({ method: 'POST', url: '/api/appointments/manage/cancel', payload: { token: a.manageToken } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await book(guest({ slot: '13:30', email: 'full-c@example.in' }))).statusCode).toBe(201);
  });

  it('gives the last place once when two book it at once', async () => {
    await t.database.db.update(schema.storeSettings).set({ appointmentSlotCapacity: 1 });
    try {
      const both = await Promise.all([book(guest({ slot: '14:30', email: 'race-a@example.in' })), book(guest({ slot: '14:30', email: 'race-b@example.in' }))]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(both.find((r) => r.statusCode === 409)!.json().code).toBe('SLOT_FULL');
      const video = await Promise.all([
        book(guest({ kind: 'video', storeId: undefined, slot: '14:30', email: 'race-c@example.in' })),
        book(guest({ kind: 'video', storeId: undefined, slot: '14:30', email: 'race-d@example.in' })),
      ]);
      expect(video.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const rows = await t.database.db
        .select()
        .from(schema.appointments)
        .where(and(eq(schema.appointments.day, ahead), eq(schema.appointments.slot, '14:30')));
      expect(rows).toHaveLength(2);
    } finally {
      await t.database.db.update(schema.storeSettings).set({ appointmentSlotCapacity: 2 });
    }
  });

  it("records a signed-in customer's id, the product and the trade-in worked out again by the server", async () => {
    const shopper = await createShopper(t.app, { username: 'appt-shopper' });
    const ring = await createProduct(t.database.db, { name: 'Appointment Test Band' });
    const res = await book(
      guest({ slot: '15:30', purpose: 'trade_in', productId: ring.id, email: shopper.email, tradeIn: { weightGrams: '10', purity: 22 } }),
      shopper.cookie,
    );
    expect(res.statusCode, res.body).toBe(201);
    // Signed in or not, the address confirms it from its mailbox: sign-up never proves an address (issue 35).
    expect(res.json()).toMatchObject({
      status: 'Unconfirmed',
      manageToken: null,
      product: { id: ring.id, name: 'Appointment Test Band' },
      tradeIn: { weightMg: 10_000, purity: 22, estimatePaise: 6_533_036, rateDate: today },
    });
    const [row] = await t.database.db.select().from(schema.appointments).where(eq(schema.appointments.id, res.json().id));
    expect(row!.customerId).toBe(shopper.id);
    expect(row!.tradeIn!.estimatePaise).toBe(6_533_036);
  });
});

describe('the owner sees and cancels', () => {
  it("a guest's link shows and cancels it; a wrong token or another id is 404", async () => {
    const a = await bookConfirmed(guest({ slot: '16:30', email: 'manage@example.in' }));
    const other = await bookConfirmed(guest({ slot: '16:30', email: 'manage-other@example.in' }));
    const seen = await t.app.inject({ method: 'GET', url: `/api/appointments/manage?token=${a.manageToken}` });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().id).toBe(a.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/appointments/manage?token=${'x'.repeat(32)}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/appointments/manage/cancel', payload: { token: 'y'.repeat(32) } })).statusCode).toBe(404);
    // a token does not open the customer's route, which wants a session
    expect((await t.app.inject({ method: 'POST', url: `/api/appointments/${other.id}/cancel`, payload: { token: other.manageToken } })).statusCode).toBe(401);
    const done = await t.app.inject({ method: 'POST', url: '/api/appointments/manage/cancel', payload: { token: a.manageToken } });
    expect(done.json()).toMatchObject({ status: 'Cancelled', cancellable: false });
    const again = await t.app.inject({ method: 'POST', url: '/api/appointments/manage/cancel', payload: { token: a.manageToken } });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('APPOINTMENT_NOT_CANCELLABLE');
    expect((await mailsTo('manage@example.in')).map((m) => m.kind)).toEqual(['appointment-confirm', 'appointment-booked', 'appointment-cancelled']);
    const [still] = await t.database.db.select().from(schema.appointments).where(eq(schema.appointments.id, other.id));
    expect(still!.status).toBe('Booked');
  });

  it('a customer lists and cancels only their own', async () => {
    const mine = await createShopper(t.app, { username: 'appt-mine' });
    const theirs = await createShopper(t.app, { username: 'appt-theirs' });
    const a = (await book(guest({ slot: '17:30', email: mine.email }), mine.cookie)).json();
    const b = (await book(guest({ slot: '17:30', email: theirs.email }), theirs.cookie)).json();
    const list = await t.app.inject({ method: 'GET', url: '/api/appointments', headers: { cookie: mine.cookie } });
    expect(list.json().data.map((x: { id: number }) => x.id)).toEqual([a.id]);
    expect((await t.app.inject({ method: 'GET', url: '/api/appointments' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `/api/appointments/${b.id}/cancel`, headers: { cookie: mine.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/appointments/${a.id}/cancel`, headers: { cookie: mine.cookie } })).statusCode).toBe(200);
  });
});

describe('reminders', () => {
  it("mail tomorrow's Booked appointments once, even with two passes at once", async () => {
    // Booked now for tomorrow: the confirmation counts as the reminder. Booked earlier: reminded by the keeper.
    const tomorrow = addDays(today, 1);
    const soon = await bookConfirmed(guest({ date: tomorrow, slot: '18:30', email: 'remind-now@example.in' }));
    const [row] = await t.database.db.select().from(schema.appointments).where(eq(schema.appointments.id, soon.id));
    expect(row!.remindedAt).not.toBeNull();
    const early = await bookConfirmed(guest({ slot: '18:30', email: 'remind-me@example.in' }));
    const cancelled = await bookConfirmed(guest({ slot: '18:30', email: 'remind-not@example.in' }));
    // One never confirmed is never reminded.
    const unconfirmed = (await book(guest({ slot: '19:30', email: 'remind-unconfirmed@example.in' }))).json();
    await t.database.db.update(schema.appointments).set({ day: tomorrow }).where(eq(schema.appointments.id, unconfirmed.id));
    await t.app.inject({ method: 'POST', url: '/api/appointments/manage/cancel', payload: { token: cancelled.manageToken } });
    await t.database.db.update(schema.appointments).set({ day: tomorrow }).where(eq(schema.appointments.id, early.id));
    await t.database.db.update(schema.appointments).set({ day: tomorrow }).where(eq(schema.appointments.id, cancelled.id));
    const other = createAppointmentKeeper(t.database.db, { settings: createSettingsService(t.database.db) });
    const [x, y] = await Promise.all([t.app.appointmentKeeper.run(), other.run()]);
    expect(x + y).toBe(1);
    expect(await t.app.appointmentKeeper.run()).toBe(0);
    expect((await mailsTo('remind-me@example.in')).map((m) => m.kind)).toEqual(['appointment-confirm', 'appointment-booked', 'appointment-reminder']);
    expect((await mailsTo('remind-now@example.in')).map((m) => m.kind)).toEqual(['appointment-confirm', 'appointment-booked']);
    expect((await mailsTo('remind-unconfirmed@example.in')).map((m) => m.kind)).toEqual(['appointment-confirm']);
    expect((await mailsTo('remind-not@example.in')).map((m) => m.kind)).not.toContain('appointment-reminder');
  });
});

describe('the staff calendar', () => {
  it("shows a store's week by day and slot, and only to the orders permission", async () => {
    const a = await bookConfirmed(
      guest({ slot: '19:30', email: 'calendar@example.in', phone: '98765 43210', purpose: 'trade_in', tradeIn: { weightGrams: '5.5', purity: 18 } }),
    );
    const cal = await t.app.inject({
      method: 'GET',
      url: `/api/admin/appointments?kind=store&storeId=${store.id}&from=${today}`,
      headers: { cookie: orders.cookie },
    });
    expect(cal.statusCode, cal.body).toBe(200);
    const body = AdminAppointmentCalendarSchema.parse(cal.json());
    expect(body.days).toHaveLength(7);
    expect(body.days.find((d) => d.date === ahead)!.slots).toContain('19:30');
    expect(body.appointments.find((x) => x.id === a.id)).toMatchObject({
      name: 'Asha Guest',
      phone: '98765 43210',
      purpose: 'trade_in',
      tradeIn: { purity: 18 },
    });
    expect(body.appointments.every((x) => x.kind === 'store' && x.store!.id === store.id)).toBe(true);
    const video = AdminAppointmentCalendarSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/admin/appointments?kind=video`, headers: { cookie: orders.cookie } })).json(),
    );
    expect(video.appointments.length).toBeGreaterThan(0);
    expect(video.appointments.every((x) => x.kind === 'video')).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/appointments?kind=store&storeId=${store.id}`, headers: { cookie: catalogue.cookie } })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/appointments?kind=store&storeId=${store.id}` })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/appointments?kind=store&storeId=${store.id}&from=${today}&to=${addDays(today, 40)}`,
          headers: { cookie: orders.cookie },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('marks Attended or Missed, cancels with a mail, all audited; never twice', async () => {
    const a = await bookConfirmed(guest({ date: addDays(ahead, 1), slot: '10:30', email: 'staff-cancel@example.in' }));
    const b = await bookConfirmed(guest({ date: addDays(ahead, 1), slot: '11:30', email: 'staff-attended@example.in' }));
    const mark = (id: number, status: string, who = orders) =>
      t.app.inject({ method: 'POST', url: `/api/admin/appointments/${id}/status`, headers: { cookie: who.cookie }, payload: { status, note: 'Called first' } });
    expect((await mark(a.id, 'Cancelled', catalogue)).statusCode).toBe(403);
    const cancelled = await mark(a.id, 'Cancelled');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('Cancelled');
    expect((await mailsTo('staff-cancel@example.in')).map((m) => m.kind)).toEqual(['appointment-confirm', 'appointment-booked', 'appointment-cancelled']);
    // Issue 39: whether the shopper came is known only once the slot has begun.
    const early = await mark(b.id, 'Attended');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/starts at 11:30 on .* once it has begun/);
    await t.database.db
      .update(schema.appointments)
      .set({ day: addDays(today, -1) })
      .where(eq(schema.appointments.id, b.id));
    expect((await mark(b.id, 'Attended')).json().status).toBe('Attended');
    const twice = await mark(b.id, 'Missed');
    expect(twice.statusCode).toBe(409);
    expect((await mark(999_999, 'Missed')).statusCode).toBe(404);
    expect((await mark(b.id, 'Booked')).statusCode).toBe(400);
    const audit = await t.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.entity, 'appointment')).orderBy(schema.auditLog.id);
    expect(audit.map((r) => [r.entityId, r.action])).toEqual([
      [String(a.id), 'mark-cancelled'],
      [String(b.id), 'mark-attended'],
    ]);
  });

  it('shows one day across every store and the video desk, and assigns a member who works the orders desk (issue 39)', async () => {
    const day = addDays(ahead, 2);
    const visit = await bookConfirmed(guest({ date: day, slot: '17:30', email: 'day-view@example.in' }));
    const call = await bookConfirmed(guest({ kind: 'video', storeId: undefined, date: day, slot: '18:30', email: 'day-video@example.in' }));
    const get = (who = orders, q = `?date=${day}`) => t.app.inject({ method: 'GET', url: `/api/admin/appointments/day${q}`, headers: { cookie: who.cookie } });
    expect((await get(catalogue)).statusCode).toBe(403);
    expect((await get(orders, '?date=2026-02-30')).statusCode).toBe(400);
    const res = await get();
    expect(res.statusCode, res.body).toBe(200);
    const view = AdminAppointmentDaySchema.parse(res.json());
    expect(view.date).toBe(day);
    expect(view.places.at(-1)).toMatchObject({ key: 'video', kind: 'video' });
    expect(view.places.some((p) => p.storeId === store.id)).toBe(true);
    expect(view.appointments.map((a) => a.id)).toEqual(expect.arrayContaining([visit.id, call.id]));
    expect(view.appointments.every((a) => a.date === day && a.assignee === null && !a.started)).toBe(true);
    // The orders desk's members may be assigned; the catalogue's may not.
    expect(view.members.map((m) => m.id)).toContain(orders.id);
    expect(view.members.map((m) => m.id)).not.toContain(catalogue.id);

    const assign = (id: number, staffId: unknown, who = orders) =>
      t.app.inject({ method: 'POST', url: `/api/admin/appointments/${id}/assign`, headers: { cookie: who.cookie }, payload: { staffId } });
    expect((await assign(visit.id, orders.id, catalogue)).statusCode).toBe(403);
    expect((await assign(visit.id, catalogue.id)).statusCode).toBe(400);
    expect((await assign(visit.id, 'me')).statusCode).toBe(400);
    expect((await assign(999_999, orders.id)).statusCode).toBe(404);
    const done = await assign(visit.id, orders.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().assignee).toEqual({ id: orders.id, name: orders.name });
    const again = AdminAppointmentDaySchema.parse((await get()).json());
    expect(again.appointments.find((a) => a.id === visit.id)!.assignee).toEqual({ id: orders.id, name: orders.name });
    expect((await assign(visit.id, null)).json().assignee).toBeNull();
    const [audit] = await t.database.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, 'appointment'), eq(schema.auditLog.action, 'assign')))
      .orderBy(schema.auditLog.id)
      .limit(1);
    expect(audit).toMatchObject({ entityId: String(visit.id), after: { assignee: orders.id } });
  });
});
