/**
 * Signing in and up with a mobile number through the API (issue 41, decision 058): the codes go through the message
 * outbox (read here from its table), the session is a login's, the guest cart and wish list merge, a number belongs
 * to one account, and guesses sent all at once are compared no more than a code's tries, on PGlite and PostgreSQL.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PHONE_TEXT, type ProductDetail } from '@milli/contracts';
import { schema } from '@milli/db';
import { loadConfig } from '../../config.ts';
import { createTestApp, postForm, type TestApp } from '../../testing.ts';
import { createShopper } from '../../testing-factories.ts';

let t: TestApp;
let ipCounter = 1;
const freshIp = () => `10.41.${Math.floor(ipCounter / 250) % 250}.${(ipCounter++ % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp({ seed: true, poolSize: loadConfig({}).databasePoolSize });
}, 120_000);
afterAll(() => t?.close());

const post = (url: string, fields: Record<string, string>, cookie?: string) => postForm(t.app, url, fields, { ip: freshIp(), cookie });
const sessionOf = (res: { headers: Record<string, unknown> }) =>
  String([res.headers['set-cookie']].flat().find((c) => String(c).startsWith('milli_session='))).split(';')[0]!;

/** The code of the latest sign-in message to the number, read from the outbox. */
async function latestCode(e164: string): Promise<string> {
  const [row] = await t.database.db
    .select({ params: schema.messages.params })
    .from(schema.messages)
    .where(and(eq(schema.messages.toPhone, e164), eq(schema.messages.kind, 'sign_in_code')))
    .orderBy(desc(schema.messages.id))
    .limit(1);
  const code = row?.params.code;
  if (!code) throw new Error(`no code sent to ${e164}`);
  return code;
}
const otherCode = (code: string, i: number) => String((Number(code) + i) % 1_000_000).padStart(6, '0');

/** A gold piece in stock without a size, and a purity it is made in: a guest cart line the cart accepts as it is. */
async function guestLine(): Promise<{ productId: number; quantity: number; purity: number }> {
  const rows = await t.database.db.query.products.findMany({
    where: (p, { and, eq, gt }) => and(eq(p.active, true), gt(p.stock, 0)),
    orderBy: (p, { asc }) => asc(p.id),
    limit: 80,
  });
  for (const row of rows) {
    const detail = (await t.app.inject({ url: `/api/product/find-by-id/${row.id}` })).json().data as ProductDetail;
    if (detail.pricing.metal === 'gold' && detail.pricing.sizeKind === null && detail.pricing.purities.length > 0) {
      return { productId: row.id, quantity: 1, purity: detail.pricing.purities[0]! };
    }
  }
  throw new Error('no sizeless gold piece in the seed');
}

describe('signing up and in with a mobile number', () => {
  it('sends a code, makes the account on the first one (name next), and signs in with the next, merging the guest cart', async () => {
    const start = await post('/api/auth/phone/start', { phone: '98450 12345' });
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json()).toEqual({ message: PHONE_TEXT.codeSent, phone: '+91 98450 12345', resendAfterSeconds: 30 });
    const [sent] = await t.database.db.select().from(schema.messages).where(eq(schema.messages.toPhone, '+919845012345'));
    expect(sent).toMatchObject({ channel: 'sms', kind: 'sign_in_code', customerId: null });
    // Only the code's hash is kept with it.
    const [stored] = await t.database.db.select().from(schema.phoneCodes).where(eq(schema.phoneCodes.phone, '+919845012345'));
    expect(stored!.codeHash).not.toContain(await latestCode('+919845012345'));

    const line = await guestLine();
    const productId = line.productId;
    const verified = await post('/api/auth/phone/verify', {
      phone: '+91-9845012345',
      code: await latestCode('+919845012345'),
      cartItems: JSON.stringify([line]),
      wishlistItems: JSON.stringify([productId]),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ needsName: true, message: PHONE_TEXT.nameNeeded });
    const cookie = sessionOf(verified);
    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie } });
    expect(me.json().userId).toBe(verified.json().userId);
    const customerId = verified.json().userId as number;
    // Order messages go on the channel the account was made on.
    const consents = await t.database.db.select().from(schema.messageConsents).where(eq(schema.messageConsents.customerId, customerId));
    expect(consents).toEqual([expect.objectContaining({ channel: 'sms', purpose: 'orders', granted: true })]);
    const cart = await t.app.inject({ url: `/api/cart/find-by-user-id/${customerId}`, headers: { cookie } });
    expect(JSON.stringify(cart.json())).toContain(`"productId":${productId}`);

    const named = await post('/api/auth/phone/name', { firstName: 'Lakshmi', lastName: 'Narayanan' }, cookie);
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().userName).toMatch(/^Lakshmi/);
    const details = await t.app.inject({ url: `/api/users/user-details/${customerId}`, headers: { cookie } });
    expect(details.json().user).toMatchObject({
      first_name: 'Lakshmi',
      last_name: 'Narayanan',
      user_email: '',
      phone: '+91 98450 12345',
      mobile: '9845012345',
    });

    // Back another day, on WhatsApp, spelled with the trunk 0: the same account, no name asked.
    const again = await post('/api/auth/phone/start', { phone: '09845012345', channel: 'whatsapp' });
    expect(again.statusCode, again.body).toBe(429); // within 30 seconds of the last code
    await t.database.db
      .update(schema.phoneCodes)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(schema.phoneCodes.phone, '+919845012345'));
    expect((await post('/api/auth/phone/start', { phone: '09845012345', channel: 'whatsapp' })).statusCode).toBe(200);
    const [whatsapp] = await t.database.db.select().from(schema.messages).orderBy(desc(schema.messages.id)).limit(1);
    expect(whatsapp).toMatchObject({ channel: 'whatsapp', toPhone: '+919845012345' });
    const code = await latestCode('+919845012345');
    const signedIn = await post('/api/auth/phone/verify', { phone: '9845012345', code });
    expect(signedIn.json()).toMatchObject({ message: MESSAGES.loginSuccess, userId: customerId, needsName: false });
    // Used once.
    expect((await post('/api/auth/phone/verify', { phone: '9845012345', code })).statusCode).toBe(400);
    // No password signs in to it.
    expect((await post('/api/auth/login', { username: named.json().userName, password: 'anything1' })).statusCode).toBe(401);
  });

  it('answers a number with an account as one without, and every wrong code alike', async () => {
    await t.database.db.update(schema.phoneCodes).set({ createdAt: new Date(Date.now() - 60_000) });
    const known = await post('/api/auth/phone/start', { phone: '9845012345' });
    const unknown = await post('/api/auth/phone/start', { phone: '9845099999' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual({ ...known.json(), phone: '+91 98450 99999' });
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
    const answers = await Promise.all([
      post('/api/auth/phone/verify', { phone: '9845012345', code: otherCode(await latestCode('+919845012345'), 1) }),
      post('/api/auth/phone/verify', { phone: '9845099999', code: otherCode(await latestCode('+919845099999'), 1) }),
      post('/api/auth/phone/verify', { phone: '9845077777', code: '123456' }),
    ]);
    for (const a of answers) expect([a.statusCode, a.json().message]).toEqual([400, PHONE_TEXT.codeWrong]);
  });

  it('refuses what is not an Indian mobile number, and a malformed code, with a 400 and a message', async () => {
    for (const phone of ['044 2434 5678', '+44 20 7946 0958', '12345', '']) {
      const res = await post('/api/auth/phone/start', { phone });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await post('/api/auth/phone/start', { phone: '9845012345', channel: 'pigeon' })).statusCode).toBe(400);
    expect((await post('/api/auth/phone/verify', { phone: '9845012345', code: '12ab' })).json().message).toBe('Please enter the 6-digit code.');
  });

  it('refuses a code after its 10 minutes', async () => {
    expect((await post('/api/auth/phone/start', { phone: '9845066666' })).statusCode).toBe(200);
    await t.database.db
      .update(schema.phoneCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.phoneCodes.phone, '+919845066666'));
    expect((await post('/api/auth/phone/verify', { phone: '9845066666', code: await latestCode('+919845066666') })).statusCode).toBe(400);
  });

  it('compares no more than 5 of 60 guesses sent at once: the right one after them is refused and the code is dead', async () => {
    expect((await post('/api/auth/phone/start', { phone: '9845055555' })).statusCode).toBe(200);
    const code = await latestCode('+919845055555');
    const wrong = Array.from({ length: 60 }, (_, i) => otherCode(code, i + 1));
    const answers = await Promise.all([...wrong, code].map((guess) => post('/api/auth/phone/verify', { phone: '9845055555', code: guess })));
    for (const a of answers) expect(a.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(schema.phoneCodes).where(eq(schema.phoneCodes.phone, '+919845055555'));
    expect(row).toMatchObject({ triesLeft: 0, usedAt: null });
    expect((await post('/api/auth/phone/verify', { phone: '9845055555', code })).statusCode).toBe(400);
    const [account] = await t.database.db.select().from(schema.customers).where(eq(schema.customers.phone, '+919845055555'));
    expect(account).toBeUndefined();
  }, 60_000);
});

describe('a number on an existing account (Edit Profile)', () => {
  it('adds a number with a code sent to it, refuses one that is another account’s without saying whose, and re-verifies a change', async () => {
    const shopper = await createShopper(t.app);
    const add = (phone: string) => post('/api/users/phone/start', { phone }, shopper.cookie);
    expect((await post('/api/users/phone/start', { phone: '9845044444' })).statusCode).toBe(401);

    const taken = await add('98450 12345');
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe(PHONE_TEXT.phoneTaken);
    expect(taken.body).not.toMatch(/Lakshmi|shopper/);

    expect((await add('9845044444')).statusCode).toBe(200);
    const [sent] = await t.database.db.select().from(schema.messages).orderBy(desc(schema.messages.id)).limit(1);
    expect(sent).toMatchObject({ toPhone: '+919845044444', customerId: shopper.id });
    // A sign-in code is not the adding code, nor the other way round.
    expect((await post('/api/auth/phone/verify', { phone: '9845044444', code: await latestCode('+919845044444') })).statusCode).toBe(400);
    const verified = await post('/api/users/phone/verify', { phone: '9845044444', code: await latestCode('+919845044444') }, shopper.cookie);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ message: PHONE_TEXT.phoneAdded, phone: '+91 98450 44444' });

    // A change: the old number stays until the new one's code is entered.
    await t.database.db.update(schema.phoneCodes).set({ createdAt: new Date(Date.now() - 60_000) });
    expect((await add('9845033333')).statusCode).toBe(200);
    const details = async () => (await t.app.inject({ url: `/api/users/user-details/${shopper.id}`, headers: { cookie: shopper.cookie } })).json().user;
    expect((await details()).phone).toBe('+91 98450 44444');
    expect((await post('/api/users/phone/verify', { phone: '9845033333', code: '000000' }, shopper.cookie)).statusCode).toBe(400);
    expect((await post('/api/users/phone/verify', { phone: '9845033333', code: await latestCode('+919845033333') }, shopper.cookie)).statusCode).toBe(200);
    expect((await details()).phone).toBe('+91 98450 33333');

    // The number now signs in to this account.
    await t.database.db.update(schema.phoneCodes).set({ createdAt: new Date(Date.now() - 60_000) });
    await post('/api/auth/phone/start', { phone: '9845033333' });
    const signedIn = await post('/api/auth/phone/verify', { phone: '9845033333', code: await latestCode('+919845033333') });
    expect(signedIn.json()).toMatchObject({ userId: shopper.id, needsName: false });
  });

  it('lets a mobile account save its profile without an e-mail, and give its first e-mail without a password', async () => {
    await post('/api/auth/phone/start', { phone: '9845022222' });
    const verified = await post('/api/auth/phone/verify', { phone: '9845022222', code: await latestCode('+919845022222') });
    const cookie = sessionOf(verified);
    const id = verified.json().userId as number;
    const save = (fields: Record<string, string>) =>
      t.app.inject({ method: 'PUT', url: `/api/users/user-details/${id}`, headers: { cookie }, payload: fields });
    expect((await save({ firstName: 'Arun', lastName: 'K', email: '' })).statusCode).toBe(200);
    const withEmail = await save({ firstName: 'Arun', lastName: 'K', email: 'arun.k@example.in' });
    expect(withEmail.statusCode, withEmail.body).toBe(200);
    const details = await t.app.inject({ url: `/api/users/user-details/${id}`, headers: { cookie } });
    expect(details.json().user).toMatchObject({ user_email: 'arun.k@example.in', phone: '+91 98450 22222' });
  });
});
