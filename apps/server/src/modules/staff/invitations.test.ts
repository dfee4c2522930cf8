/**
 * Invitations to the back office, several roles a member, and the desks' notices (issue 39, decision 053), on PGlite
 * and on PostgreSQL with TEST_DATABASE_URL.
 */
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@milli/db';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createProduct, createShopper, createStaff, placeOrder, type TestStaff } from '../../testing-factories.ts';
import { INVITATION_HOURS } from './invitations.ts';

let t: TestApp;
let owner: TestStaff;
let address = 0;
const newIp = () => `10.9.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;
const lines: string[] = [];
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { logLevel: 'info' }, logStream: { write: (line) => void lines.push(line) } });
  owner = await createStaff(t.app, { role: 'owner', email: 'inviting-owner@milli.example', name: 'Meera Owner' });
}, 60_000);
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (who: { cookie: string }, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
const open = (token: string) => t.app.inject({ method: 'POST', url: '/api/admin/invitation', payload: { token }, remoteAddress: newIp() });
const accept = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/invitation/accept', payload: { token, password }, remoteAddress: newIp() });
const mailsTo = (to: string, kind: string) =>
  t.database.db
    .select()
    .from(schema.mailOutbox)
    .where(and(eq(schema.mailOutbox.toAddress, to), eq(schema.mailOutbox.kind, kind)))
    .orderBy(schema.mailOutbox.id);

/** The token of the latest invitation mailed to `to`, read from the link as the invitee's browser would. */
async function linkTokenOf(to: string): Promise<string> {
  const mails = await mailsTo(to, 'staff-invitation');
  const text = mails.at(-1)!.textBody;
  const link = /(\S+\/admin\/invitation#token=(\S+))/.exec(text);
  expect(link, text).not.toBeNull();
  return link![2]!;
}

async function invite(email: string, roles: string[], name = 'New Member') {
  const res = await call(owner, 'POST', '/api/admin/staff', { email, name, roles });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; status: string; invitationExpiresAt: string };
}

describe('invitations', () => {
  it('invites by mail: a member in the invited state, a one-use link in the fragment, and the password only the invitee knows', async () => {
    const row = await invite('kavya@milli.example', ['orders', 'design'], 'Kavya Iyer');
    expect(row).toMatchObject({ status: 'invited' });
    const ends = new Date(row.invitationExpiresAt).getTime() - Date.now();
    expect(ends).toBeGreaterThan((INVITATION_HOURS - 1) * HOUR);
    expect(ends).toBeLessThanOrEqual(INVITATION_HOURS * HOUR);

    const [mail] = await mailsTo('kavya@milli.example', 'staff-invitation');
    expect(mail!.subject).toMatch(/invitation/i);
    expect(mail!.textBody).toContain('Meera Owner');
    expect(mail!.textBody).toContain('Orders, Design');
    const token = await linkTokenOf('kavya@milli.example');
    // Only the token's hash is kept.
    const [stored] = await t.database.db.select().from(schema.staffInvitations).where(eq(schema.staffInvitations.staffId, row.id));
    expect(stored!.tokenHash).not.toContain(token);
    expect(JSON.stringify(await t.database.db.select().from(schema.auditLog))).not.toContain(token);

    // The invited member cannot sign in yet, whatever they type.
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { email: 'kavya@milli.example', password: 'any long password at all' },
      remoteAddress: newIp(),
    });
    expect(early.json().code).toBe('BAD_CREDENTIALS');

    const seen = await open(token);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ email: 'kavya@milli.example', name: 'Kavya Iyer', roles: ['orders', 'design'], twoFactorRequired: false });

    // The staff rules: 12 characters, no common password.
    expect((await accept(token, 'short1')).json().fields.password).toMatch(/12 characters/);
    expect((await accept(token, 'password1234')).json().code).toBe('COMMON_PASSWORD');

    const done = await accept(token, 'kavya chooses her own 2026');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().staff).toMatchObject({ email: 'kavya@milli.example', roles: ['orders', 'design'] });
    const cookie = String([done.headers['set-cookie']].flat().find((c) => String(c).startsWith('milli_staff='))).split(';')[0]!;
    expect((await call({ cookie }, 'GET', '/api/admin/me')).json().permissions).toEqual(expect.arrayContaining(['orders', 'design', 'complaints']));

    // Single use: the same link now says it was used, plainly.
    const again = await accept(token, 'someone else tries 2026');
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'INVITATION_USED' });
    expect(again.json().message).toMatch(/already used/);
    expect((await open(token)).json().code).toBe('INVITATION_USED');

    // Signed in with her own password, which the owner never saw: the owner's answers never carried it.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { email: 'kavya@milli.example', password: 'kavya chooses her own 2026' },
      remoteAddress: newIp(),
    });
    expect(login.statusCode).toBe(200);
    const listed = await call(owner, 'GET', '/api/admin/staff?q=kavya');
    expect(listed.json().data[0]).toMatchObject({ status: 'active', invitationExpiresAt: null });
    expect(listed.body).not.toContain('kavya chooses');
    expect(JSON.stringify(await t.database.db.select().from(schema.mailOutbox))).not.toContain('kavya chooses');
  });

  it('a link works once even when two tabs accept it at the same moment', async () => {
    await invite('twotabs@milli.example', ['catalogue']);
    const token = await linkTokenOf('twotabs@milli.example');
    const answers = await Promise.all([accept(token, 'first tab password 2026'), accept(token, 'second tab password 2026')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 410]);
  });

  it('an expired link says so; resend sends a new link and the old one stops; revoke withdraws it', async () => {
    const row = await invite('late@milli.example', ['accounts']);
    const first = await linkTokenOf('late@milli.example');
    await t.database.db
      .update(schema.staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.staffInvitations.staffId, row.id));
    const expired = await open(first);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 'INVITATION_EXPIRED' });
    expect(expired.json().message).toMatch(/expired/);
    expect((await accept(first, 'too late password 2026')).json().code).toBe('INVITATION_EXPIRED');
    expect((await call(owner, 'GET', '/api/admin/staff?q=late@')).json().data[0].status).toBe('invitation-expired');

    const resent = await call(owner, 'POST', `/api/admin/staff/${row.id}/invitation`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().status).toBe('invited');
    expect(await mailsTo('late@milli.example', 'staff-invitation')).toHaveLength(2);
    const second = await linkTokenOf('late@milli.example');
    expect(second).not.toBe(first);
    expect((await open(first)).json().code).toBe('INVITATION_REVOKED');
    expect((await open(second)).statusCode).toBe(200);

    const revoked = await call(owner, 'DELETE', `/api/admin/staff/${row.id}/invitation`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().status).toBe('invitation-expired');
    const withdrawn = await accept(second, 'withdrawn password 2026');
    expect(withdrawn.statusCode).toBe(410);
    expect(withdrawn.json().message).toMatch(/withdrawn/);

    // Nothing to resend or revoke for an active member; a made-up token is not one we sent.
    expect((await call(owner, 'POST', `/api/admin/staff/${owner.id}/invitation`)).statusCode).toBe(409);
    expect((await open('x'.repeat(43))).json().code).toBe('INVITATION_INVALID');
    expect((await open('short')).statusCode).toBe(400);
  });

  it('only the owner invites, resends and revokes', async () => {
    const orders = await createStaff(t.app, { roles: ['orders', 'catalogue'] });
    expect((await call(orders, 'POST', '/api/admin/staff', { email: 'no@milli.example', name: 'No', roles: ['orders'] })).statusCode).toBe(403);
    expect((await call(orders, 'POST', `/api/admin/staff/${owner.id}/invitation`)).statusCode).toBe(403);
    expect((await call(orders, 'DELETE', `/api/admin/staff/${owner.id}/invitation`)).statusCode).toBe(403);
  });

  it('the link’s token never reaches the log', async () => {
    for (const line of lines) expect(line).not.toMatch(/invitation#token=|"token":"/);
    const tokens = (await t.database.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.kind, 'staff-invitation'))).map(
      (m) => /#token=(\S+)/.exec(m.textBody)![1]!,
    );
    expect(tokens.length).toBeGreaterThan(2);
    const log = lines.join('\n');
    for (const token of tokens) expect(log).not.toContain(token);
  });
});

describe('several roles a member', () => {
  it('holds the union of the roles’ rights; taking a role away takes its rights from the live session at once', async () => {
    const member = await createStaff(t.app, { roles: ['catalogue', 'accounts'] });
    const me = (await call(member, 'GET', '/api/admin/me')).json();
    expect(me.roles).toEqual(['catalogue', 'accounts']);
    expect(me.permissions).toEqual(['self', 'catalogue', 'accounts']);
    expect((await call(member, 'GET', '/api/admin/products')).statusCode).toBe(200);
    expect((await call(member, 'GET', '/api/admin/harvest/plans')).statusCode).not.toBe(403);
    expect((await call(member, 'GET', '/api/admin/orders')).statusCode).toBe(403);

    expect((await call(owner, 'PATCH', `/api/admin/staff/${member.id}`, { roles: ['accounts'] })).statusCode).toBe(200);
    // The same session, the next request: catalogue is gone, accounts stays.
    expect((await call(member, 'GET', '/api/admin/products')).statusCode).toBe(403);
    expect((await call(member, 'GET', '/api/admin/harvest/plans')).statusCode).not.toBe(403);
    expect((await call(member, 'GET', '/api/admin/me')).json().permissions).toEqual(['self', 'accounts']);
  });
});

describe('desk notices', () => {
  it('counts what waits at each desk the member may see, and mails the members whose roles handle it, unless they opted out', async () => {
    const ordersDesk = await createStaff(t.app, { roles: ['orders'], email: 'desk-orders@milli.example' });
    const quiet = await createStaff(t.app, { roles: ['orders', 'design'], email: 'desk-quiet@milli.example' });
    const design = await createStaff(t.app, { roles: ['design'], email: 'desk-design@milli.example' });
    const catalogue = await createStaff(t.app, { roles: ['catalogue'], email: 'desk-catalogue@milli.example' });
    const off = await call(quiet, 'PATCH', '/api/admin/me/notifications', { deskMail: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((await call(quiet, 'GET', '/api/admin/me')).json().deskMail).toBe(false);

    const before = (await call(ordersDesk, 'GET', '/api/admin/desk-counts')).json();
    expect(Object.keys(before).sort()).toEqual(['appointments', 'orders', 'returns']);
    expect((await call(design, 'GET', '/api/admin/desk-counts')).json()).toEqual({ customRequests: expect.any(Number) });
    expect((await call(catalogue, 'GET', '/api/admin/desk-counts')).json()).toEqual({});
    expect(Object.keys((await call(owner, 'GET', '/api/admin/desk-counts')).json()).sort()).toEqual(['appointments', 'customRequests', 'orders', 'returns']);

    const product = await createProduct(t.database.db);
    const shopper = await createShopper(t.app);
    // An order still waiting for its online payment is nobody's work yet.
    const waiting = await placeOrder(t.app, shopper, { productId: product.id, pay: false });
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect((await call(ordersDesk, 'GET', '/api/admin/desk-counts')).json().orders).toBe(before.orders);
    expect(await mailsTo(ordersDesk.email, 'desk-orders')).toHaveLength(0);

    const paid = await placeOrder(t.app, shopper, { productId: product.id });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await call(ordersDesk, 'GET', '/api/admin/desk-counts')).json().orders).toBe(before.orders + 1);
    const [notice] = await mailsTo(ordersDesk.email, 'desk-orders');
    expect(notice!.subject).toMatch(/New order/);
    expect(notice!.textBody).toContain('/admin/orders');
    expect(await mailsTo(owner.email, 'desk-orders')).toHaveLength(1);
    expect(await mailsTo(quiet.email, 'desk-orders')).toHaveLength(0);
    expect(await mailsTo(design.email, 'desk-orders')).toHaveLength(0);
    expect(await mailsTo(catalogue.email, 'desk-orders')).toHaveLength(0);
    // An invited member who has not accepted yet, and a removed one, hear nothing.
    await invite('desk-invited@milli.example', ['orders']);
    expect((await call(owner, 'DELETE', `/api/admin/staff/${ordersDesk.id}`)).statusCode).toBe(200);
    await placeOrder(t.app, shopper, { productId: product.id });
    expect(await mailsTo(ordersDesk.email, 'desk-orders')).toHaveLength(1);
    expect(await mailsTo('desk-invited@milli.example', 'desk-orders')).toHaveLength(0);
    expect(await mailsTo(owner.email, 'desk-orders')).toHaveLength(2);
    const all = await t.database.db.select().from(schema.mailOutbox).where(like(schema.mailOutbox.kind, 'desk-%'));
    expect(all.every((m) => !m.textBody.includes(shopper.email))).toBe(true);
  });
});
