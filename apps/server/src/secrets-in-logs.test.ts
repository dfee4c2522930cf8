/**
 * Issue 35: the access log at its default level (info) is read after each flow whose address carries a secret or a
 * personal value (a password reset's link, the OTP screen's e-mail, an appointment's manage token, an e-mail change's
 * undo token, a desk's search by phone) and holds none of them; a link exchanged once is worth nothing to whoever
 * reads it later.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@milli/db';
import { indianDate } from '@milli/pricing';
import { createTestApp, type TestApp } from './testing.ts';
import { createShopper, createStaff } from './testing-factories.ts';
import { addDays } from './modules/appointments/hours.ts';

let t: TestApp;
const lines: string[] = [];
const log = () => lines.join('');

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { logLevel: 'info' }, logStream: { write: (line) => void lines.push(line) } });
}, 120_000);
afterAll(() => t?.close());

const latestMail = async (to: string) => {
  const [mail] = await t.database.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.toAddress, to)).orderBy(desc(schema.mailOutbox.id)).limit(1);
  return mail!.textBody;
};

describe('the access log', () => {
  it('names the addresses asked for, with their secret and personal values hidden', async () => {
    const shopper = await createShopper(t.app, { username: 'logged', email: 'logged.shopper@example.in' });
    lines.length = 0;

    // A password reset: the forgot screen, the OTP screen with the e-mail, the mail's link opened, then exchanged.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: shopper.email } })).statusCode).toBe(200);
    const link = /\/reset-password\?link=([A-Za-z0-9_-]+)/.exec(await latestMail(shopper.email))![1]!;
    await t.app.inject({ method: 'GET', url: `/otp?email=${encodeURIComponent(shopper.email)}` });
    await t.app.inject({ method: 'GET', url: `/reset-password?link=${link}` });
    const exchanged = await t.app.inject({ method: 'POST', url: '/api/auth/reset-link', payload: { link } });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    // Whoever reads the link in a log afterwards gets nothing for it.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/reset-link', payload: { link } })).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: { resetToken: link, password: 'Intruder-pass-77', confirmPassword: 'Intruder-pass-77' },
        })
      ).statusCode,
    ).toBe(400);

    // An appointment's manage link, as the guest's page and as the API it calls.
    let day = addDays(indianDate(new Date()), 3);
    if (new Date(`${day}T00:00:00Z`).getUTCDay() === 0) day = addDays(day, 1);
    const [store] = await t.database.db.select().from(schema.stores).where(eq(schema.stores.hours, 'Mon-Sun 10:30 am - 8:30 pm')).limit(1);
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      payload: {
        kind: 'store',
        storeId: store!.id,
        date: day,
        slot: '12:30',
        purpose: 'browse',
        name: 'Logged Guest',
        email: 'logged.guest@example.in',
        phone: '99001 12233',
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const token = /appointment\?token=([A-Za-z0-9_-]+)/.exec(await latestMail('logged.guest@example.in'))![1]!;
    await t.app.inject({ method: 'GET', url: `/appointment?token=${token}` });
    expect((await t.app.inject({ method: 'GET', url: `/api/appointments/manage?token=${token}` })).statusCode).toBe(200);

    // An e-mail change's undo link, and a desk searching orders by a phone number as pasted.
    await t.app.inject({ method: 'GET', url: '/undo-email-change?token=Zz9-undo-token-of-thirty-two-chars' });
    const owner = await createStaff(t.app, { role: 'owner' });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/orders?q=${encodeURIComponent('+91 99001 12233')}`, headers: { cookie: owner.cookie } }))
        .statusCode,
    ).toBe(200);

    const text = log();
    // The log is written, at info, with these very addresses in it...
    expect(text).toContain('"url":"/reset-password?link=~"');
    expect(text).toContain('"url":"/api/appointments/manage?token=~"');
    expect(text).toContain('"url":"/otp?email=~"');
    // ...and none of what they carried.
    for (const secret of [link, token, 'Zz9-undo-token-of-thirty-two-chars', 'logged.shopper', 'logged.guest', '99001', '12233']) {
      expect(text, secret).not.toContain(secret);
    }
  });
});

describe('a complaint’s link (issue 38)', () => {
  it('is in the log only as /help/ticket?key=~, and the API is given its token in bodies alone', async () => {
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/complaints',
      payload: {
        category: 'piece',
        subject: 'Clasp',
        description: 'The clasp came loose.',
        name: 'Logged Complainant',
        email: 'logged.complainant@example.in',
      },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const key = /\/help\/ticket\?key=([A-Za-z0-9_-]+)/.exec(await latestMail('logged.complainant@example.in'))![1]!;
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: `/help/ticket?key=${key}` });
    expect((await t.app.inject({ method: 'POST', url: '/api/complaints/by-link', payload: { token: key } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/complaints/by-link/reply', payload: { token: key, message: 'More' } })).statusCode).toBe(200);
    const text = log();
    expect(text).toContain('"url":"/help/ticket?key=~"');
    expect(text).toContain('"url":"/api/complaints/by-link"');
    for (const secret of [key, 'logged.complainant']) expect(text, secret).not.toContain(secret);
  });
});

describe('an error logged from the database', () => {
  it('names the statement, and never the values bound to it nor the duplicate key', async () => {
    const shopper = await createShopper(t.app, { username: 'dberror', email: 'db.error.owner@example.in' });
    const error = await t.database.db
      .insert(schema.customers)
      .values({ username: 'dberror-second', email: shopper.email, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$c2VjcmV0LWhhc2g' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(Error);
    lines.length = 0;
    // As the error handler logs a unique violation that reached it ('refused by a concurrent change').
    t.app.log.warn({ err: error }, 'refused by a concurrent change');
    const text = log();
    expect(text).toContain('insert into \\"customers\\"');
    for (const secret of ['db.error.owner', 'dberror-second', 'argon2id', 'c2VjcmV0']) expect(text, secret).not.toContain(secret);
  });
});

describe('the request id', () => {
  it("is the store's own unless a trusted proxy gives one in a plain short form (a client's is never believed directly)", async () => {
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/settings', headers: { 'x-request-id': 'forged-by-a-client-1' } });
    await t.app.inject({ method: 'GET', url: '/api/settings', headers: { 'x-request-id': 'x'.repeat(8_000) } });
    const text = log();
    expect(text).toContain('"reqId":');
    expect(text).not.toContain('forged-by-a-client-1');
    expect(text).not.toContain('x'.repeat(100));
    const proxied = await createTestApp({
      seed: false,
      config: { logLevel: 'info', trustProxy: ['127.0.0.1'] },
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      lines.length = 0;
      await proxied.app.inject({ method: 'GET', url: '/api/settings', headers: { 'x-request-id': 'lb-7f3a9c21' } });
      await proxied.app.inject({ method: 'GET', url: '/api/settings', headers: { 'x-request-id': 'bad id with spaces' } });
      expect(log()).toContain('"reqId":"lb-7f3a9c21"');
      expect(log()).not.toContain('bad id with spaces');
    } finally {
      await proxied.close();
    }
  });
});
