/**
 * The complaints desk (issue 38): who may open it (permission `complaints`: the owner and the orders desk; 401 without
 * a member, 403 for every other role, on every route), the queue's timers (acknowledge by 48 hours, resolve by one
 * month, the overdue first), replies mailed to the complainant, internal notes the complainant never sees, the status
 * changes and the shopper's reply that reopens, each audited. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@milli/db';
import { COMPLAINT_ACKNOWLEDGE_HOURS, STAFF_ROLES, addMonthsInIndia, type StaffRole } from '@milli/contracts';
import { AdminComplaintDetailSchema, AdminComplaintPageSchema, ComplaintSchema } from '@milli/contracts/schemas';
import { createRateLimiter } from '../../plugins/rate-limit.ts';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createShopper, createStaff, type TestShopper, type TestStaff } from '../../testing-factories.ts';
import { WHO_HOLDS } from '../../testing-staff-policy.ts';
import { createSettingsService } from '../settings/service.ts';
import { createComplaintsService } from './service.ts';

let t: TestApp;
let desk: TestStaff;
let shopper: TestShopper;
const staffOf: Partial<Record<StaffRole, TestStaff>> = {};

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  for (const role of STAFF_ROLES) staffOf[role] = await createStaff(t.app, { role });
  desk = staffOf.orders!;
  shopper = await createShopper(t.app, { username: 'deskshopper' });
}, 120_000);
afterAll(() => t?.close());

let n = 0;
const ip = () => `10.241.${Math.floor(++n / 200)}.${(n % 200) + 1}`;
const as = (member: TestStaff | undefined, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: member ? { cookie: member.cookie } : {} });
/** Files a complaint through the service at a chosen moment (the timers run from it). */
async function fileAt(at: Date, over: Record<string, unknown> = {}, who: { customerId: number } | null = null) {
  const db = t.database.db;
  const service = createComplaintsService(db, {
    publicUrl: 'http://milli.test',
    limiter: createRateLimiter(db, () => at),
    settings: createSettingsService(db),
    now: () => at,
  });
  return service.file(
    {
      category: 'delivery',
      subject: 'Parcel not arrived',
      description: 'The tracking page has said out for delivery for four days.',
      name: 'Ravi Guest',
      email: `ravi-${++n}@example.in`,
      ...over,
    } as never,
    who,
  );
}
const mailsTo = (to: string) => t.database.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.toAddress, to)).orderBy(schema.mailOutbox.id);
const keyIn = (text: string) => /\/help\/ticket\?key=([A-Za-z0-9_-]+)/.exec(text)?.[1];
const HOUR = 3_600_000;

describe('who may use the desk', () => {
  it('only the roles the policy gives `complaints`: 401 without a member, 403 for the others, on every route', async () => {
    const { ticketNumber } = await fileAt(new Date());
    const calls: ['GET' | 'POST', string, unknown?][] = [
      ['GET', '/api/admin/complaints'],
      ['GET', `/api/admin/complaints/${ticketNumber}`],
      ['POST', `/api/admin/complaints/${ticketNumber}/reply`, { message: 'Looking into it.' }],
      ['POST', `/api/admin/complaints/${ticketNumber}/note`, { message: 'Courier asked.' }],
      ['POST', `/api/admin/complaints/${ticketNumber}/status`, { action: 'wait' }],
    ];
    expect(WHO_HOLDS.complaints).toEqual(['owner', 'orders']);
    for (const [method, url, body] of calls) {
      const nobody = await as(undefined, method, url, body);
      expect(nobody.statusCode, `${method} ${url} without a member`).toBe(401);
      // A shopper's session opens nothing here.
      const asShopper = await t.app.inject({ method, url, ...(body ? { payload: body } : {}), headers: { cookie: shopper.cookie } });
      expect(asShopper.statusCode).toBe(401);
      for (const role of STAFF_ROLES) {
        if (WHO_HOLDS.complaints.includes(role)) continue;
        const res = await as(staffOf[role], method, url, body);
        expect(res.statusCode, `${method} ${url} as ${role}`).toBe(403);
        expect(res.json().code).toBe('PERMISSION_DENIED');
      }
    }
    // Nothing the refused calls sent was written.
    const detail = AdminComplaintDetailSchema.parse((await as(desk, 'GET', `/api/admin/complaints/${ticketNumber}`)).json());
    expect(detail.thread).toEqual([]);
    expect(detail.status).toBe('open');
    for (const role of WHO_HOLDS.complaints) expect((await as(staffOf[role], 'GET', '/api/admin/complaints')).statusCode, role).toBe(200);
  });
});

describe('the queue and its timers', () => {
  it('gives each ticket acknowledge-by = filing + 48 h and resolve-by = one calendar month on, in India', async () => {
    const at = new Date('2027-01-31T06:00:00Z'); // 11:30 am on 31 January in India
    const { ticketNumber, acknowledgeBy, resolveBy } = await fileAt(at);
    expect(Date.parse(acknowledgeBy) - at.getTime()).toBe(COMPLAINT_ACKNOWLEDGE_HOURS * HOUR);
    expect(resolveBy).toBe('2027-02-28T06:00:00.000Z');
    expect(addMonthsInIndia(new Date('2027-03-15T20:00:00Z'), 1).toISOString()).toBe('2027-04-15T20:00:00.000Z');
    // 31 May, 11 pm in India is 31 May 17:30 UTC: one month on is 30 June, 11 pm in India.
    expect(addMonthsInIndia(new Date('2027-05-31T17:30:00Z'), 1).toISOString()).toBe('2027-06-30T17:30:00.000Z');
    const detail = AdminComplaintDetailSchema.parse((await as(desk, 'GET', `/api/admin/complaints/${ticketNumber}`)).json());
    expect(detail).toMatchObject({ acknowledgeBy, resolveBy });
  });

  it('marks the overdue and lists them first: unacknowledged past 48 hours, unresolved past a month', async () => {
    const now = Date.now();
    const fresh = await fileAt(new Date(now - HOUR));
    const unacknowledged = await fileAt(new Date(now - 50 * HOUR));
    const late = await fileAt(new Date(now - 40 * 24 * HOUR));
    // Acknowledged in time, but a month has gone by.
    await as(desk, 'POST', `/api/admin/complaints/${late.ticketNumber}/status`, { action: 'acknowledge' });
    const page = AdminComplaintPageSchema.parse((await as(desk, 'GET', '/api/admin/complaints?queue=open')).json());
    const rows = page.data.filter((r) => [fresh, unacknowledged, late].some((f) => f.ticketNumber === r.ticketNumber));
    const byTicket = Object.fromEntries(rows.map((r) => [r.ticketNumber, r]));
    expect(byTicket[fresh.ticketNumber]!.overdue).toEqual({ acknowledge: false, resolve: false });
    expect(byTicket[unacknowledged.ticketNumber]!.overdue).toEqual({ acknowledge: true, resolve: false });
    expect(byTicket[late.ticketNumber]!.overdue).toEqual({ acknowledge: false, resolve: true });
    // Every overdue row before every row on time.
    const firstOnTime = page.data.findIndex((r) => !r.overdue.acknowledge && !r.overdue.resolve);
    const lastOverdue = page.data.findLastIndex((r) => r.overdue.acknowledge || r.overdue.resolve);
    expect(lastOverdue).toBeLessThan(firstOnTime);
    expect(page.counts.overdue).toBeGreaterThanOrEqual(2);
    const dashboard = (await as(staffOf.catalogue, 'GET', '/api/admin/dashboard')).json();
    expect(dashboard.complaints).toEqual({ open: page.counts.open + page.counts.waiting, overdue: page.counts.overdue });
  });

  it('refuses a queue or ticket number it cannot read (400) and a ticket that does not exist (404)', async () => {
    expect((await as(desk, 'GET', '/api/admin/complaints?queue=closed')).statusCode).toBe(400);
    expect((await as(desk, 'GET', '/api/admin/complaints/MIL-2026-000001')).statusCode).toBe(400);
    const missing = await as(desk, 'GET', '/api/admin/complaints/MIL-C-2026-999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('COMPLAINT_NOT_FOUND');
  });
});

describe('working a ticket', () => {
  it('replies by mail (acknowledging it), waits, hears the guest, notes inside, resolves, and is reopened by the guest’s answer', async () => {
    const filed = await fileAt(new Date(Date.now() - 2 * HOUR));
    const email = filed.mailedTo!;
    const token = keyIn((await mailsTo(email))[0]!.textBody)!;
    const url = `/api/admin/complaints/${filed.ticketNumber}`;

    const replied = await as(desk, 'POST', `${url}/reply`, {
      message: 'Sorry for the wait.\n\nCould you send a photo of the parcel label?',
      waitForCustomer: 'on',
    });
    expect(replied.statusCode, replied.body).toBe(200);
    const afterReply = AdminComplaintDetailSchema.parse(replied.json());
    expect(afterReply.status).toBe('waiting');
    expect(afterReply.acknowledgedAt).not.toBeNull();
    expect(afterReply.thread.map((e) => [e.kind, e.event, e.staff])).toEqual([
      ['event', 'acknowledged', desk.name],
      ['reply', null, desk.name],
      ['event', 'waiting', desk.name],
    ]);
    const replyMail = (await mailsTo(email)).at(-1)!;
    expect(replyMail.kind).toBe('complaint-reply');
    expect(replyMail.subject).toContain(filed.ticketNumber);
    expect(replyMail.textBody).toContain('Could you send a photo of the parcel label?');

    const note = await as(desk, 'POST', `${url}/note`, { message: 'Courier says it is at the Guindy hub.' });
    expect(note.statusCode).toBe(200);
    const mailsBefore = (await mailsTo(email)).length;

    const answered = await t.app.inject({
      method: 'POST',
      url: '/api/complaints/by-link/reply',
      payload: { token, message: 'Label photo sent by mail.' },
      remoteAddress: ip(),
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const guestView = ComplaintSchema.parse(answered.json());
    expect(guestView.status).toBe('open');
    // The desk's note is the desk's: never in what the complainant sees.
    expect(JSON.stringify(guestView)).not.toContain('Guindy');
    expect(guestView.thread.map((m) => [m.from, m.event])).toEqual([
      ['store', 'acknowledged'],
      ['store', null],
      ['store', 'waiting'],
      ['you', null],
    ]);

    const noSummary = await as(desk, 'POST', `${url}/status`, { action: 'resolve' });
    expect(noSummary.statusCode).toBe(400);
    expect(noSummary.json().fields.resolution).toMatch(/sum up/);
    const resolved = AdminComplaintDetailSchema.parse(
      (await as(desk, 'POST', `${url}/status`, { action: 'resolve', resolution: 'Parcel redelivered on Monday; shipping fee refunded.' })).json(),
    );
    expect(resolved).toMatchObject({ status: 'resolved', resolution: 'Parcel redelivered on Monday; shipping fee refunded.' });
    const resolvedMail = (await mailsTo(email)).at(-1)!;
    expect(resolvedMail.kind).toBe('complaint-resolved');
    expect(resolvedMail.textBody).toContain('shipping fee refunded');
    expect((await mailsTo(email)).length).toBe(mailsBefore + 1);
    expect((await as(desk, 'POST', `${url}/status`, { action: 'resolve', resolution: 'Again and again and again.' })).statusCode).toBe(409);

    const reopened = await t.app.inject({
      method: 'POST',
      url: '/api/complaints/by-link/reply',
      payload: { token, message: 'It came damaged.' },
      remoteAddress: ip(),
    });
    expect(reopened.json()).toMatchObject({ status: 'open', resolution: null });
    const detail = AdminComplaintDetailSchema.parse((await as(desk, 'GET', url)).json());
    expect(detail.reopenedAt).not.toBeNull();
    // The month starts again from the reopening.
    expect(detail.resolveBy).toBe(addMonthsInIndia(new Date(detail.reopenedAt!), 1).toISOString());
    expect(detail.thread.at(-1)).toMatchObject({ kind: 'event', event: 'reopened', staff: null });

    const audit = await t.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, filed.ticketNumber)).orderBy(schema.auditLog.id);
    expect(audit.map((a) => [a.entity, a.action, a.staffEmail])).toEqual([
      ['complaint', 'reply', desk.email],
      ['complaint', 'note', desk.email],
      ['complaint', 'resolve', desk.email],
    ]);
  });

  it('acknowledges once (mailed), refuses steps its status does not allow (409), and reopens a resolved one', async () => {
    const filed = await fileAt(new Date());
    const url = `/api/admin/complaints/${filed.ticketNumber}/status`;
    const ack = await as(desk, 'POST', url, { action: 'acknowledge' });
    expect(ack.statusCode, ack.body).toBe(200);
    expect((await mailsTo(filed.mailedTo!)).at(-1)!.kind).toBe('complaint-acknowledged');
    const again = await as(desk, 'POST', url, { action: 'acknowledge' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('COMPLAINT_STEP_NOT_ALLOWED');
    expect((await as(desk, 'POST', url, { action: 'reopen' })).statusCode).toBe(409);
    expect((await as(desk, 'POST', url, { action: 'close' })).statusCode).toBe(400);
    await as(staffOf.owner, 'POST', url, { action: 'resolve', resolution: 'Replaced the piece at the Chennai store.' });
    const reopened = AdminComplaintDetailSchema.parse((await as(staffOf.owner, 'POST', url, { action: 'reopen' })).json());
    expect(reopened).toMatchObject({ status: 'open', resolution: null, resolvedAt: null });
  });

  it('cannot mail a complainant who gave no e-mail: the desk calls and notes instead', async () => {
    const filed = await fileAt(new Date(), { email: undefined, phone: '9840012345' });
    const res = await as(desk, 'POST', `/api/admin/complaints/${filed.ticketNumber}/reply`, { message: 'Hello' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('9840012345');
    expect((await as(desk, 'POST', `/api/admin/complaints/${filed.ticketNumber}/note`, { message: 'Called: will send photos.' })).statusCode).toBe(200);
  });

  it('shows a signed-in shopper the store’s replies in My Account, with the ticket page linked from the mail', async () => {
    const filed = await fileAt(new Date(), {}, { customerId: shopper.id });
    await as(desk, 'POST', `/api/admin/complaints/${filed.ticketNumber}/reply`, { message: 'We will call you tomorrow.' });
    const mail = (await mailsTo(shopper.email)).at(-1)!;
    expect(mail.textBody).toContain(`/account/complaints/${filed.ticketNumber}`);
    const mine = ComplaintSchema.parse((await t.app.inject({ url: `/api/complaints/${filed.ticketNumber}`, headers: { cookie: shopper.cookie } })).json());
    expect(mine.thread.find((m) => m.event === null)).toMatchObject({ from: 'store', body: 'We will call you tomorrow.' });
  });
});
