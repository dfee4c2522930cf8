/**
 * The limits on codes sent to mobile numbers (decision 058), on a clock the test moves: the phone sign-in service with
 * the real limiter on a real database. The codes it would send are kept here as the outbox would be handed them.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@milli/db';
import { createTestDatabase, type TestDatabase } from '@milli/db/testing';
import { PHONE_TEXT } from '@milli/contracts';
import { createRateLimiter } from '../../plugins/rate-limit.ts';
import { DomainError } from '../../domain-error.ts';
import { STATUS_OF } from '../../plugins/errors.ts';
import { createPhoneSignIn, type PhoneSignIn } from './phone.ts';

const MIN = 60_000;
let database: TestDatabase;
let phone: PhoneSignIn;
let clock = Date.UTC(2026, 10, 29);
let address = 0;
const newAddress = () => `172.20.${Math.floor(address / 250) % 250}.${(address++ % 250) + 1}`;
const sent: { channel: string; toPhone: string; code: string }[] = [];
const consents: { customerId: number; channel: string }[] = [];
const LIMITS = { perHour: 3, perDay: 8, perAddressHour: 10, rangePerDay: 12, rangeDigits: 6, tries: 5 };

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  const now = () => new Date(clock);
  phone = createPhoneSignIn({
    db: database.db,
    limiter: createRateLimiter(database.db, now),
    limits: LIMITS,
    sendCode: async (_tx, m) => {
      sent.push(m);
    },
    consentOrders: async (_tx, customerId, channel) => {
      consents.push({ customerId, channel });
    },
    mergeGuestCart: async () => {},
    mergeGuestWishlist: async () => {},
    now,
  });
}, 60_000);
afterAll(() => database?.dispose());

async function status(attempt: Promise<unknown>): Promise<number> {
  try {
    await attempt;
    return 200;
  } catch (error) {
    if (error instanceof DomainError) return STATUS_OF[error.code];
    throw error;
  }
}
const lastCodeTo = (e164: string) => [...sent].reverse().find((m) => m.toPhone === e164)!.code;
const wrong = (code: string, i = 1) => String((Number(code) + i) % 1_000_000).padStart(6, '0');
const later = (ms: number) => {
  clock += ms;
};

describe('phone codes', () => {
  it('reads any common spelling of one number, signs up on the first code and in on the next', async () => {
    await phone.start({ phone: '98765 43210', channel: 'sms' }, newAddress());
    expect(sent.at(-1)).toMatchObject({ channel: 'sms', toPhone: '+919876543210' });
    expect(sent.at(-1)!.code).toMatch(/^\d{6}$/);
    const first = await phone.verify({ phone: '+91-9876543210', code: lastCodeTo('+919876543210') }, newAddress());
    expect(first.answer).toMatchObject({ needsName: true });
    expect(consents).toEqual([{ customerId: first.answer.userId, channel: 'sms' }]);
    const [row] = await database.db.select().from(schema.customers).where(eq(schema.customers.id, first.answer.userId));
    expect(row).toMatchObject({ phone: '+919876543210', mobile: '9876543210' });
    expect(row!.email).toMatch(/@no-email\.invalid$/);

    later(MIN);
    await phone.start({ phone: '09876543210', channel: 'whatsapp' }, newAddress());
    expect(sent.at(-1)!.channel).toBe('whatsapp');
    const again = await phone.verify({ phone: '9876543210', code: lastCodeTo('+919876543210') }, newAddress());
    expect(again.answer.userId).toBe(first.answer.userId);
    expect(again.token).not.toBe(first.token);
    // No second account and no second consent: the number's account was found.
    expect(consents).toHaveLength(1);
  });

  it('refuses what is not an Indian mobile number, with a message', async () => {
    for (const typed of ['044 2434 5678', '12345', '+1 415 555 0100', '5876543210', 'nine eight seven']) {
      await expect(phone.start({ phone: typed, channel: 'sms' }, newAddress())).rejects.toMatchObject({
        code: 'INVALID_REQUEST',
        message: PHONE_TEXT.badNumber,
      });
    }
  });

  it('answers a number with an account exactly as one without', async () => {
    later(MIN);
    const known = await phone.start({ phone: '9876543210', channel: 'sms' }, newAddress());
    const unknown = await phone.start({ phone: '9123456780', channel: 'sms' }, newAddress());
    expect(unknown).toEqual({ ...known, phone: '+91 91234 56780' });
    const wrongKnown = await phone.verify({ phone: '9876543210', code: wrong(lastCodeTo('+919876543210')) }, newAddress()).catch((e: unknown) => e);
    const wrongUnknown = await phone.verify({ phone: '9123456780', code: wrong(lastCodeTo('+919123456780')) }, newAddress()).catch((e: unknown) => e);
    const noCode = await phone.verify({ phone: '9000000001', code: '123456' }, newAddress()).catch((e: unknown) => e);
    for (const e of [wrongKnown, wrongUnknown, noCode]) expect(e).toMatchObject({ code: 'OTP_INVALID', message: PHONE_TEXT.codeWrong });
  });

  it('uses a code once, for 10 minutes, and for 5 tries', async () => {
    later(60 * MIN);
    const number = '8765432109';
    await phone.start({ phone: number, channel: 'sms' }, newAddress());
    const code = lastCodeTo('+918765432109');
    expect(await status(phone.verify({ phone: number, code }, newAddress()))).toBe(200);
    expect(await status(phone.verify({ phone: number, code }, newAddress()))).toBe(400);

    later(MIN);
    await phone.start({ phone: number, channel: 'sms' }, newAddress());
    later(10 * MIN + 1000);
    expect(await status(phone.verify({ phone: number, code: lastCodeTo('+918765432109') }, newAddress()))).toBe(400);

    await phone.start({ phone: number, channel: 'sms' }, newAddress());
    const tried = lastCodeTo('+918765432109');
    for (let i = 1; i <= 5; i++) expect(await status(phone.verify({ phone: number, code: wrong(tried, i) }, newAddress()))).toBe(400);
    expect(await status(phone.verify({ phone: number, code: tried }, newAddress()))).toBe(400);
    const [row] = await database.db
      .select()
      .from(schema.phoneCodes)
      .where(eq(schema.phoneCodes.phone, '+918765432109'))
      .orderBy(desc(schema.phoneCodes.id))
      .limit(1);
    expect(row).toMatchObject({ triesLeft: 0, usedAt: null });
  });

  it('sends a number 3 codes an hour and 8 a day, one per 30 seconds, whatever the address', async () => {
    clock = Date.UTC(2026, 10, 30);
    const number = '7012345678';
    expect(await status(phone.start({ phone: number, channel: 'sms' }, newAddress()))).toBe(200);
    // Again within 30 s: refused, and the refusal spends none of the hour's codes.
    later(10_000);
    await expect(phone.start({ phone: number, channel: 'sms' }, newAddress())).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: PHONE_TEXT.resendTooSoon,
    });
    const answers: number[] = [];
    for (let hour = 0; hour < 5; hour++) {
      for (let i = 0; i < 4; i++) {
        later(31_000);
        answers.push(await status(phone.start({ phone: number, channel: 'sms' }, newAddress())));
      }
      clock = Date.UTC(2026, 10, 30) + (hour + 1) * 60 * MIN;
    }
    // Hour 0: the first code and two more, then 429; hour 1: 3; hour 2: 2, and the day's 8 are spent.
    expect(answers).toEqual([200, 200, 429, 429, 200, 200, 200, 429, 200, 200, 429, 429, 429, 429, 429, 429, 429, 429, 429, 429]);
    expect(answers.filter((s) => s === 200).length + 1).toBe(LIMITS.perDay);
  });

  it('sends one address 10 codes an hour, and one number range 12 a day', async () => {
    clock = Date.UTC(2026, 11, 1);
    const ip = newAddress();
    const fromOne: number[] = [];
    for (let i = 0; i < 12; i++) fromOne.push(await status(phone.start({ phone: `9${String(100000000 + i * 7919)}`, channel: 'sms' }, ip)));
    expect(fromOne).toEqual([...Array(10).fill(200), 429, 429]);

    // Pumping: many numbers of one range (987001xxxx), each from its own address.
    const range: number[] = [];
    for (let i = 0; i < 14; i++) range.push(await status(phone.start({ phone: `987001${String(1000 + i)}`, channel: 'sms' }, newAddress())));
    expect(range).toEqual([...Array(12).fill(200), 429, 429]);
    // Another range is not held back by it.
    expect(await status(phone.start({ phone: '9870021000', channel: 'sms' }, newAddress()))).toBe(200);
    later(24 * 60 * MIN);
    expect(await status(phone.start({ phone: '9870011013', channel: 'sms' }, newAddress()))).toBe(200);
  });
});
