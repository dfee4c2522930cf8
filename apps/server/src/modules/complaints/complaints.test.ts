/**
 * Complaints from /help (issue 38): the ticket number (the year of filing and that year's sequence, given once however
 * many file at once), the acknowledgement queued in the filing's transaction, a guest's order check that tells nothing
 * of orders they cannot name, the limits per address, per account and per recipient, the guest's link and the
 * shopper's own tickets. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { testServerUrl } from '@milli/db/testing';
import { schema } from '@milli/db';
import { COMPLAINT_TICKET_PATTERN } from '@milli/contracts';
import { ComplaintFiledSchema, ComplaintSchema, FileComplaintSchema } from '@milli/contracts/schemas';
import { indianDate } from '@milli/pricing';
import { loadConfig } from '../../config.ts';
import { createRateLimiter } from '../../plugins/rate-limit.ts';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createProduct, createShopper, placeOrder, type TestShopper } from '../../testing-factories.ts';
import { createSettingsService } from '../settings/service.ts';
import { COMPLAINT_LIMITS, ORDER_NOT_MATCHED_MESSAGE, createComplaintsService } from './service.ts';

let t: TestApp;
let buyer: TestShopper;
let orderNumber = '';
const year = indianDate(new Date()).slice(0, 4);

beforeAll(async () => {
  t = await createTestApp({ seed: true, poolSize: testServerUrl ? loadConfig({}).databasePoolSize : undefined });
  buyer = await createShopper(t.app, { username: 'complainer' });
  const product = await createProduct(t.database.db, { stock: 5 });
  const placed = await placeOrder(t.app, buyer, { productId: product.id, fields: { phoneNumber: '9812345670' } });
  expect(placed.statusCode, placed.body).toBe(200);
  orderNumber = placed.json().orderNumber as string;
}, 120_000);
afterAll(() => t?.close());

let addresses = 0;
/** Each request from its own address, unless a test names one: the per-address limit is tested on its own. */
const nextIp = () => `10.238.${Math.floor(++addresses / 200)}.${(addresses % 200) + 1}`;
const file = (body: Record<string, unknown>, opts: { cookie?: string; ip?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/complaints',
    payload: body,
    remoteAddress: opts.ip ?? nextIp(),
    headers: opts.cookie ? { cookie: opts.cookie } : {},
  });
let mailboxes = 0;
/** A guest's complaint, each from its own mailbox unless the test gives one. */
const guest = (over: Record<string, unknown> = {}) => ({
  category: 'piece',
  subject: 'Clasp came loose',
  description: 'The clasp of the chain came loose on the second day of wearing it.',
  name: 'Kavya Guest',
  email: `kavya-${++mailboxes}@example.in`,
  ...over,
});
const mailsTo = (to: string) => t.database.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.toAddress, to)).orderBy(schema.mailOutbox.id);
const complaintCount = async () => (await t.database.db.select({ id: schema.complaints.id }).from(schema.complaints)).length;
const keyIn = (text: string) => /\/help\/ticket\?key=([A-Za-z0-9_-]+)/.exec(text)?.[1];
const sequenceOf = (ticket: string) => Number(ticket.split('-').at(-1));

describe('filing a complaint', () => {
  it('answers a guest with a ticket number of this year and queues the acknowledgement with it, the link only in the mail', async () => {
    const body = guest();
    const res = await file(body);
    expect(res.statusCode, res.body).toBe(201);
    const filed = ComplaintFiledSchema.parse(res.json());
    expect(filed.ticketNumber).toMatch(COMPLAINT_TICKET_PATTERN);
    expect(filed.ticketNumber.startsWith(`MIL-C-${year}-`)).toBe(true);
    expect(filed).toMatchObject({ status: 'open', category: 'piece', subject: 'Clasp came loose', mailedTo: body.email });
    // The link's token goes only to the mailbox: nothing in the answer opens the ticket.
    expect(res.body).not.toMatch(/key=|token/i);

    const [mail, ...more] = await mailsTo(body.email);
    expect(more).toEqual([]);
    expect(mail!.kind).toBe('complaint-received');
    expect(mail!.subject).toContain(filed.ticketNumber);
    expect(mail!.textBody).toContain(filed.ticketNumber);
    expect(mail!.textBody).toContain('within 48 hours');
    expect(mail!.textBody).toContain('within one month');
    // The complainant's words close the mail, never open it.
    expect(mail!.subject).not.toContain('Clasp');
    expect(mail!.textBody.indexOf('Clasp came loose')).toBeGreaterThan(mail!.textBody.indexOf('within one month'));
    expect(keyIn(mail!.textBody)).toMatch(/^[A-Za-z0-9_-]{30,}$/);
  });

  it('numbers the tickets of a year one after another', async () => {
    const first = ComplaintFiledSchema.parse((await file(guest())).json());
    const second = ComplaintFiledSchema.parse((await file(guest())).json());
    expect(sequenceOf(second.ticketNumber)).toBe(sequenceOf(first.ticketNumber) + 1);
  });

  it('gives filings sent at once distinct numbers, with no gap', async () => {
    const before = sequenceOf(ComplaintFiledSchema.parse((await file(guest())).json()).ticketNumber);
    const answers = await Promise.all(Array.from({ length: 12 }, () => file(guest())));
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const numbers = answers.map((res) => sequenceOf(res.json().ticketNumber as string)).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => before + 1 + i));
  });

  it('takes the year from the filing day in India, and starts each year at 1', async () => {
    const db = t.database.db;
    // 31 December 2031, 19:00 UTC is already 1 January 2032 in India.
    const service = createComplaintsService(db, {
      publicUrl: 'http://milli.test',
      limiter: createRateLimiter(db),
      settings: createSettingsService(db),
      now: () => new Date('2031-12-31T19:00:00Z'),
    });
    const first = await service.file(FileComplaintSchema.parse(guest()), null);
    const second = await service.file(FileComplaintSchema.parse(guest()), null);
    expect([first.ticketNumber, second.ticketNumber]).toEqual(['MIL-C-2032-000001', 'MIL-C-2032-000002']);
  });

  it('refuses a guest without a way to answer them, or without a name (400), writing nothing', async () => {
    const before = await complaintCount();
    const noContact = await file(guest({ email: '', phone: '' }));
    expect(noContact.statusCode, noContact.body).toBe(400);
    expect(noContact.json().fields.email).toMatch(/e-mail address or a mobile number/);
    const noName = await file(guest({ name: '' }));
    expect(noName.statusCode).toBe(400);
    expect(noName.json().fields.name).toBe('Please enter your name.');
    for (const bad of [{ category: 'shoes' }, { subject: '' }, { description: 'short' }, { email: 'not-an-address' }, { orderNumber: 'DROP TABLE' }]) {
      const res = await file(guest(bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await complaintCount()).toBe(before);
  });

  it('files a guest’s complaint given only a mobile number: the ticket number on screen, no mail and no link', async () => {
    const res = await file(guest({ email: '', phone: '98400 11122' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().mailedTo).toBeNull();
    const [row] = await t.database.db.select().from(schema.complaints).where(eq(schema.complaints.ticketNumber, res.json().ticketNumber));
    expect(row).toMatchObject({ email: null, phone: '98400 11122', viewTokenHash: null });
  });
});

describe('a guest naming an order', () => {
  it('is matched by the order’s e-mail (any spelling of the mailbox) or by a phone of the order', async () => {
    const byEmail = await file(guest({ orderNumber: orderNumber.toLowerCase(), email: buyer.email.toUpperCase() }));
    expect(byEmail.statusCode, byEmail.body).toBe(201);
    const byPhone = await file(guest({ orderNumber, email: '', phone: '+91 98123 45670' }));
    expect(byPhone.statusCode, byPhone.body).toBe(201);
    const rows = await t.database.db
      .select({ orderId: schema.complaints.orderId, customerId: schema.complaints.customerId })
      .from(schema.complaints)
      .where(eq(schema.complaints.ticketNumber, byPhone.json().ticketNumber));
    expect(rows[0]!.orderId).not.toBeNull();
    // A guest is not the account: the complaint does not appear in the buyer's My Account.
    expect(rows[0]!.customerId).toBeNull();
  });

  it('hears the same answer for an order that is not theirs as for one that does not exist, and nothing is written or counted', async () => {
    const before = await complaintCount();
    const email = 'prober@example.in';
    const theirs = await file(guest({ orderNumber, email }));
    const missing = await file(guest({ orderNumber: `${orderNumber.slice(0, -6)}999999`, email }));
    const wrongPhone = await file(guest({ orderNumber, email: '', phone: '9000000001' }));
    for (const res of [theirs, missing, wrongPhone]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ code: 'ORDER_NOT_MATCHED', message: ORDER_NOT_MATCHED_MESSAGE, fields: { orderNumber: ORDER_NOT_MATCHED_MESSAGE } });
    }
    expect(theirs.body).toBe(missing.body);
    expect(await complaintCount()).toBe(before);
    expect(await mailsTo(email)).toEqual([]);
    // Refused before the recipient was counted: the prober's mailbox keeps its whole allowance.
    const hits = await t.database.db.select().from(schema.rateLimitHits).where(like(schema.rateLimitHits.key, 'mail-to:prober@%'));
    expect(hits).toEqual([]);
  });
});

describe('a signed-in shopper', () => {
  it('files about one of their own orders, answered at the account’s e-mail, and sees it in their list and ticket', async () => {
    const res = await file(
      { category: 'order', orderNumber, subject: 'Wrong size sent', description: 'The ring is a size 12, I ordered a 14.' },
      { cookie: buyer.cookie },
    );
    expect(res.statusCode, res.body).toBe(201);
    const ticket = res.json().ticketNumber as string;
    expect(res.json().mailedTo).toBe(buyer.email);
    const mail = (await mailsTo(buyer.email)).find((m) => m.kind === 'complaint-received' && m.subject.includes(ticket))!;
    expect(mail.textBody).toContain(`/account/complaints/${ticket}`);
    expect(keyIn(mail.textBody)).toBeUndefined();

    const list = await t.app.inject({ url: '/api/complaints', headers: { cookie: buyer.cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0]).toMatchObject({ ticketNumber: ticket, orderNumber, status: 'open' });
    const one = await t.app.inject({ url: `/api/complaints/${ticket}`, headers: { cookie: buyer.cookie } });
    expect(ComplaintSchema.parse(one.json())).toMatchObject({ ticketNumber: ticket, description: 'The ring is a size 12, I ordered a 14.', thread: [] });
    const choices = await t.app.inject({ url: '/api/complaints/orders', headers: { cookie: buyer.cookie } });
    expect(choices.json().data.map((o: { orderNumber: string }) => o.orderNumber)).toContain(orderNumber);
  });

  it('cannot name another shopper’s order, nor see or answer another’s ticket (404)', async () => {
    const other = await createShopper(t.app);
    const refused = await file(
      { category: 'order', orderNumber, subject: 'Not mine', description: 'Trying to name an order of someone else.' },
      { cookie: other.cookie },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('ORDER_NOT_MATCHED');
    const ticket = (await t.app.inject({ url: '/api/complaints', headers: { cookie: buyer.cookie } })).json().data[0].ticketNumber as string;
    expect((await t.app.inject({ url: `/api/complaints/${ticket}`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/complaints/${ticket}/reply`,
      payload: { message: 'hello' },
      headers: { cookie: other.cookie },
    });
    expect(reply.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/complaints', headers: { cookie: other.cookie } })).json().data).toEqual([]);
    expect((await t.app.inject({ url: '/api/complaints' })).statusCode).toBe(401);
  });
});

describe('the limits', () => {
  it(`takes ${COMPLAINT_LIMITS.ip.max} complaints an hour from one address`, async () => {
    const ip = '10.239.0.1';
    for (let i = 0; i < COMPLAINT_LIMITS.ip.max; i++) expect((await file(guest(), { ip })).statusCode).toBe(201);
    const refused = await file(guest(), { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
  });

  it('sends at most 5 acknowledgements a day to one mailbox, however it is spelled, and writes nothing past them', async () => {
    const spellings = ['asha.rao@gmail.com', 'asharao@gmail.com', 'Asha.Rao+help@gmail.com', 'a.s.h.a.rao@googlemail.com', 'asharao+x@gmail.com'];
    for (const email of spellings) expect((await file(guest({ email }))).statusCode, email).toBe(201);
    const before = await complaintCount();
    const refused = await file(guest({ email: 'ASHARAO@gmail.com' }));
    expect(refused.statusCode).toBe(429);
    expect(await complaintCount()).toBe(before);
  });

  it('sends at most 5 a day about one mobile number', async () => {
    for (let i = 0; i < 5; i++) expect((await file(guest({ email: '', phone: '9911002200' }))).statusCode).toBe(201);
    expect((await file(guest({ phone: '+91 99110 02200' }))).statusCode).toBe(429);
  });

  it(`takes ${COMPLAINT_LIMITS.accountDay.max} a day from one account, and past its mailbox’s allowance files without the mail`, async () => {
    const shopper = await createShopper(t.app);
    // The welcome mail spent one of the mailbox's five; three more from the public forms leave one.
    for (let i = 0; i < 3; i++) expect((await file(guest({ email: shopper.email }))).statusCode).toBe(201);
    const body = { category: 'other', subject: 'A question', description: 'Something about my account is not right.' };
    const answers = [];
    for (let i = 0; i < COMPLAINT_LIMITS.accountDay.max; i++) answers.push(await file(body, { cookie: shopper.cookie }));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(answers.map((a) => a.json().mailedTo)).toEqual([shopper.email, null, null, null, null]);
    const refused = await file(body, { cookie: shopper.cookie });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/several complaints today/);
  });
});

describe('a guest’s link', () => {
  it('opens the ticket by a POST of its token, and a reply goes back to the desk', async () => {
    const body = guest();
    const filed = (await file(body)).json();
    const token = keyIn((await mailsTo(body.email))[0]!.textBody)!;
    const seen = await t.app.inject({ method: 'POST', url: '/api/complaints/by-link', payload: { token } });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(ComplaintSchema.parse(seen.json())).toMatchObject({ ticketNumber: filed.ticketNumber, status: 'open', thread: [] });

    const replied = await t.app.inject({ method: 'POST', url: '/api/complaints/by-link/reply', payload: { token, message: 'Photos attached\nto my mail.' } });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json().thread).toEqual([expect.objectContaining({ from: 'you', body: 'Photos attached\nto my mail.', event: null })]);

    const wrong = await t.app.inject({ method: 'POST', url: '/api/complaints/by-link', payload: { token: `${token.slice(0, -2)}xx` } });
    expect(wrong.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/complaints/by-link', payload: { token: 'short' } })).statusCode).toBe(400);
  });

  it(`takes at most ${COMPLAINT_LIMITS.replyDay.max} replies a day on one complaint`, async () => {
    const body = guest();
    await file(body);
    const token = keyIn((await mailsTo(body.email))[0]!.textBody)!;
    const send = (n: number) =>
      t.app.inject({ method: 'POST', url: '/api/complaints/by-link/reply', payload: { token, message: `Note ${n}` }, remoteAddress: nextIp() });
    for (let i = 0; i < COMPLAINT_LIMITS.replyDay.max; i++) expect((await send(i)).statusCode).toBe(200);
    expect((await send(99)).statusCode).toBe(429);
    const [row] = await t.database.db.select({ id: schema.complaints.id }).from(schema.complaints).where(eq(schema.complaints.email, body.email));
    const thread = await t.database.db
      .select()
      .from(schema.complaintMessages)
      .where(and(eq(schema.complaintMessages.complaintId, row!.id), eq(schema.complaintMessages.kind, 'customer')));
    expect(thread).toHaveLength(COMPLAINT_LIMITS.replyDay.max);
  });
});
