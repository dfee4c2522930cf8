/**
 * What an attacker with a thousand addresses gets against one account in one day (decision 020), on a
 * clock the test moves: the accounts service with the real limiter on a real database, every attempt
 * from a new address, so the per-address limits never bite and only the per-account ones remain.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@milli/db';
import { createTestDatabase, type TestDatabase } from '@milli/db/testing';
import { createRateLimiter } from '../../plugins/rate-limit.ts';
import { DomainError } from '../../domain-error.ts';
import { STATUS_OF } from '../../plugins/errors.ts';
import { createAccountsService, type AccountsService } from './service.ts';
import { createSettingsService } from '../settings/service.ts';

const MIN = 60_000;
let database: TestDatabase;
let accounts: AccountsService;
/** Midnight UTC, when the daily windows start. */
let clock = Date.UTC(2026, 10, 24);
let address = 0;
const newAddress = () => `172.16.${Math.floor(address / 250) % 250}.${(address++ % 250) + 1}`;

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  const now = () => new Date(clock);
  accounts = createAccountsService({
    db: database.db,
    limiter: createRateLimiter(database.db, now),
    settings: createSettingsService(database.db),
    // No guest carts or wish lists are sent here.
    mergeGuestCart: async () => {},
    mergeGuestWishlist: async () => {},
    now,
  });
}, 60_000);
afterAll(() => database?.dispose());

/** The answer's status: 200, or the status the error handler gives the DomainError's code. */
async function status(attempt: Promise<unknown>): Promise<number> {
  try {
    await attempt;
    return 200;
  } catch (error) {
    if (error instanceof DomainError) return STATUS_OF[error.code];
    throw error;
  }
}

async function latestCode(email: string) {
  const [mail] = await database.db
    .select({ subject: schema.mailOutbox.subject })
    .from(schema.mailOutbox)
    .where(eq(schema.mailOutbox.toAddress, email))
    .orderBy(desc(schema.mailOutbox.id))
    .limit(1);
  return /^(\d{4}) /.exec(mail!.subject)![1]!;
}

/** The reset link of the latest code mail to this address (decision 020). */
async function latestLink(email: string) {
  const [mail] = await database.db
    .select({ text: schema.mailOutbox.textBody })
    .from(schema.mailOutbox)
    .where(eq(schema.mailOutbox.toAddress, email))
    .orderBy(desc(schema.mailOutbox.id))
    .limit(1);
  return /\/reset-password\?link=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
}

describe('one account against many addresses for a day', () => {
  it('gets 30 password guesses a day, by username and e-mail together, and the owner in after a reset', async () => {
    const created = await accounts.register({ username: 'target', email: 'target@example.in', password: 'navratan2718' }, newAddress());
    expect(created.ok).toBe(true);
    const compared: number[] = [];
    for (let window = 0; window < 96; window++) {
      // Past the daily allowance one guess a window is enough to show the lock holds until midnight.
      for (let i = 0; i < (window < 4 ? 12 : 1); i++) {
        const login = i % 2 === 0 ? 'target' : 'TARGET@example.in';
        compared.push(await status(accounts.login({ username: login, password: `guess${window}x${i}` }, newAddress())));
      }
      if (window === 0) {
        // Within 15 minutes: 10 guesses, then the lock (the right password too).
        expect(compared.filter((s) => s === 401)).toHaveLength(10);
        expect(await status(accounts.login({ username: 'target', password: 'navratan2718' }, newAddress()))).toBe(429);
      }
      clock += 15 * MIN;
      if (window === 0) expect(await status(accounts.login({ username: 'target', password: 'navratan2718' }, newAddress()))).toBe(200);
    }
    // The right password above was handed back; of 140 wrong guesses through the day, 30 were compared.
    expect(compared.filter((s) => s === 401)).toHaveLength(30);
    expect(compared.filter((s) => s !== 401 && s !== 429)).toEqual([]);

    // Locked for the day: the owner resets by e-mail, which lifts the lock at once.
    clock = Date.UTC(2026, 10, 25) - 60 * MIN;
    expect(await status(accounts.login({ username: 'target', password: 'navratan2718' }, newAddress()))).toBe(429);
    await accounts.forgotPassword('target@example.in', newAddress());
    const { resetToken } = await accounts.verifyOtp('target@example.in', await latestCode('target@example.in'), newAddress());
    await accounts.resetPassword(resetToken, 'meenakari9090');
    expect(await status(accounts.login({ username: 'target', password: 'meenakari9090' }, newAddress()))).toBe(200);
  }, 120_000);

  it('gets 3 codes a day of 5 tries each: no more than 15 guesses at a 4-digit code', async () => {
    await accounts.register({ username: 'coded', email: 'coded@example.in', password: 'navratan2718' }, newAddress());
    clock = Date.UTC(2026, 10, 26);
    const issued: number[] = [];
    let guesses = 0;
    for (let hour = 0; hour < 24; hour++) {
      for (let ask = 0; ask < 3; ask++) {
        const answer = await status(accounts.forgotPassword('coded@example.in', newAddress()));
        issued.push(answer);
        if (answer !== 200) continue;
        const code = await latestCode('coded@example.in');
        for (let i = 0; i < 10; i++) {
          const guess = String((Number(code) + 1 + guesses++) % 10_000).padStart(4, '0');
          expect(await status(accounts.verifyOtp('coded@example.in', guess, newAddress()))).toBe(400);
        }
      }
      clock += 60 * MIN;
    }
    expect(issued.filter((s) => s === 200)).toHaveLength(3);
    const resets = await database.db
      .select({ triesLeft: schema.passwordResets.triesLeft })
      .from(schema.passwordResets)
      .innerJoin(schema.customers, eq(schema.customers.id, schema.passwordResets.customerId))
      .where(eq(schema.customers.username, 'coded'));
    expect(resets).toHaveLength(3);
    expect(resets.reduce((spent, r) => spent + (5 - r.triesLeft), 0)).toBe(15);
  }, 120_000);

  it('cannot keep the owner from resetting: spent codes and tries leave the last mail’s link working for a day', async () => {
    await accounts.register({ username: 'kept', email: 'kept@example.in', password: 'navratan2718' }, newAddress());
    clock = Date.UTC(2026, 10, 27, 6);
    // The attacker asks for every code of the day and spends every try of each.
    for (let ask = 0; ask < 3; ask++) {
      expect(await status(accounts.forgotPassword('kept@example.in', newAddress()))).toBe(200);
      const code = await latestCode('kept@example.in');
      for (let i = 1; i <= 5; i++) {
        expect(await status(accounts.verifyOtp('kept@example.in', String((Number(code) + i) % 10_000).padStart(4, '0'), newAddress()))).toBe(400);
      }
    }
    expect(await status(accounts.forgotPassword('kept@example.in', newAddress()))).toBe(429);
    // Hours later the owner opens the last of those mails: its link still sets a new password, once.
    clock += 20 * 60 * MIN;
    const link = await latestLink('kept@example.in');
    const { resetToken } = await accounts.exchangeResetLink(link, newAddress());
    expect(await status(accounts.resetPassword(resetToken, 'meenakari9090'))).toBe(200);
    expect(await status(accounts.login({ username: 'kept', password: 'meenakari9090' }, newAddress()))).toBe(200);
    expect(await status(accounts.resetPassword(resetToken, 'another-pass-77'))).toBe(400);
  }, 60_000);

  it('spends a link the first time it is exchanged: a copy of it (a log, a proxy, a second tab) is worth nothing', async () => {
    await accounts.register({ username: 'copied', email: 'copied@example.in', password: 'navratan2718' }, newAddress());
    clock = Date.UTC(2026, 10, 27, 9);
    await accounts.forgotPassword('copied@example.in', newAddress());
    const link = await latestLink('copied@example.in');
    // The link itself never sets a password: only the token its one exchange gives.
    expect(await status(accounts.resetPassword(link, 'meenakari9090'))).toBe(400);
    // Ten clients present it at once: one gets a token.
    const tries = await Promise.all(
      Array.from({ length: 10 }, () =>
        accounts.exchangeResetLink(link, newAddress()).then(
          (a) => a.resetToken,
          () => null,
        ),
      ),
    );
    const tokens = tries.filter((t): t is string => t !== null);
    expect(tokens).toHaveLength(1);
    expect(await status(accounts.exchangeResetLink(link, newAddress()))).toBe(400);
    // The token lasts as a checked code's does (10 + 5 minutes), not the link's day.
    clock += 16 * MIN;
    expect(await status(accounts.resetPassword(tokens[0]!, 'meenakari9090'))).toBe(400);
    expect(await status(accounts.login({ username: 'copied', password: 'navratan2718' }, newAddress()))).toBe(200);
  }, 60_000);

  it('ends a link a day after its mail, and with the next code asked for', async () => {
    await accounts.register({ username: 'lapsed', email: 'lapsed@example.in', password: 'navratan2718' }, newAddress());
    clock = Date.UTC(2026, 10, 28, 6);
    await accounts.forgotPassword('lapsed@example.in', newAddress());
    const first = await latestLink('lapsed@example.in');
    await accounts.forgotPassword('lapsed@example.in', newAddress());
    expect(await status(accounts.exchangeResetLink(first, newAddress()))).toBe(400);
    const second = await latestLink('lapsed@example.in');
    clock += 24 * 60 * MIN + MIN;
    expect(await status(accounts.exchangeResetLink(second, newAddress()))).toBe(400);
    // Within its day it still works.
    const third = (await accounts.forgotPassword('lapsed@example.in', newAddress()), await latestLink('lapsed@example.in'));
    clock += 24 * 60 * MIN - 2 * MIN;
    expect(await status(accounts.exchangeResetLink(third, newAddress()))).toBe(200);
  }, 60_000);
});

describe('sign-ups against one inbox', () => {
  it('mail it at most 5 welcomes a day, however its address is spelt; the accounts are made all the same', async () => {
    const spellings = [
      'Inbox.Owner@gmail.com',
      'inboxowner+1@gmail.com',
      'i.n.b.o.x.owner@googlemail.com',
      'inboxowner+2@gmail.com',
      'inbox.owner+3@gmail.com',
      'inboxowner+4@gmail.com',
      'inbox.owner+5@GMAIL.com',
    ];
    for (const [i, email] of spellings.entries()) {
      const made = await accounts.register({ username: `inbox${i}`, email: email.toLowerCase(), password: 'Welcome-mail-42' }, newAddress());
      expect(made.ok, email).toBe(true);
    }
    const welcomes = await database.db.select({ to: schema.mailOutbox.toAddress }).from(schema.mailOutbox).where(eq(schema.mailOutbox.kind, 'welcome'));
    expect(welcomes.filter((m) => spellings.some((s) => s.toLowerCase() === m.to))).toHaveLength(5);
    const [made] = await database.db.select({ n: schema.customers.id }).from(schema.customers).where(eq(schema.customers.username, 'inbox6'));
    expect(made).toBeDefined();
  });
});
