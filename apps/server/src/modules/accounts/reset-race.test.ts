/**
 * Guessing a reset code all at once (the outside attack on the running store): 60 wrong guesses and
 * then the right code, sent at the same moment from 61 addresses. The code allows 5 tries, so the
 * right one, arriving after them, must be refused whatever the interleaving. On PGlite (one connection:
 * the race is on the request path) and, in the PostgreSQL pass, with the production pool of connections,
 * where the guesses' statements really run side by side.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@milli/db';
import { loadConfig } from '../../config.ts';
import { createTestApp, postForm, type TestApp } from '../../testing.ts';

let t: TestApp;
let ipCounter = 1;
const freshIp = () => `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp({ seed: false, poolSize: loadConfig({}).databasePoolSize });
}, 60_000);
afterAll(() => t?.close());

const post = (url: string, fields: Record<string, string>) => postForm(t.app, url, fields, { ip: freshIp() });

/** The code of the latest reset mail to `email`, read from the outbox. */
async function latestCode(email: string): Promise<string> {
  const [mail] = await t.database.db
    .select({ subject: schema.mailOutbox.subject })
    .from(schema.mailOutbox)
    .where(eq(schema.mailOutbox.toAddress, email))
    .orderBy(desc(schema.mailOutbox.id))
    .limit(1);
  const code = /^(\d{4}) /.exec(mail?.subject ?? '')?.[1];
  if (!code) throw new Error(`no reset code mailed to ${email}`);
  return code;
}

describe('reset code guessed by many at once', () => {
  it('compares no more than 5 guesses with the code: the right one, sent after 60 wrong ones, is refused', async () => {
    const email = 'race@example.in';
    expect((await post('/api/auth/register', { username: 'race', email, password: 'kundan4821' })).statusCode).toBe(200);
    expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
    const code = await latestCode(email);
    const [issued] = await t.database.db.select().from(schema.passwordResets);
    const issuedLinkHash = issued!.verifiedTokenHash;
    expect(issuedLinkHash).toBeTruthy();
    const wrong = Array.from({ length: 60 }, (_, i) => String((Number(code) + 1 + i) % 10_000).padStart(4, '0'));

    const answers = await Promise.all([...wrong, code].map((otp) => post('/api/auth/verify-otp', { email, otp })));

    const right = answers.at(-1)!;
    expect(right.statusCode).toBe(400);
    expect(right.json().resetToken).toBeUndefined();
    for (const answer of answers) expect(answer.statusCode).toBe(400);
    const [reset] = await t.database.db.select().from(schema.passwordResets);
    // No code was checked: the only token the row holds is still the mail link's, issued with it (decision 020).
    expect(reset).toMatchObject({ triesLeft: 0, verifiedAt: null });
    expect(reset!.verifiedTokenHash).toBe(issuedLinkHash);
    // The owner asks for a new code and it works: the guesses spent that code only.
    expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
    const fresh = await post('/api/auth/verify-otp', { email, otp: await latestCode(email) });
    expect(fresh.statusCode).toBe(200);
  }, 60_000);

  it('gives one reset token when the right code is sent twice at once', async () => {
    const email = 'twice@example.in';
    await post('/api/auth/register', { username: 'twice', email, password: 'kundan4821' });
    await post('/api/auth/forgot-password', { email });
    const code = await latestCode(email);
    const answers = await Promise.all(Array.from({ length: 8 }, () => post('/api/auth/verify-otp', { email, otp: code })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
  }, 60_000);

  it('sets one password when one verified reset is used twice at once', async () => {
    const email = 'double@example.in';
    await post('/api/auth/register', { username: 'double', email, password: 'kundan4821' });
    await post('/api/auth/forgot-password', { email });
    const { resetToken } = (await post('/api/auth/verify-otp', { email, otp: await latestCode(email) })).json();
    const passwords = ['meenakari71', 'polki20250'];
    const answers = await Promise.all(passwords.map((password) => post('/api/auth/reset-password', { resetToken, password, confirmPassword: password })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  }, 60_000);

  it('compares no more than 10 passwords of one account when 40 guesses arrive at once by username and e-mail', async () => {
    await post('/api/auth/register', { username: 'crowd', email: 'crowd@example.in', password: 'kundan4821' });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => post('/api/auth/login', { username: i % 2 ? 'crowd' : 'crowd@example.in', password: `guess${i}word` })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(30);
  }, 60_000);
});
