import { randomBytes, randomInt } from 'node:crypto';
import {
  MESSAGES,
  NO_EMAIL_DOMAIN,
  PHONE_CODE_DIGITS,
  PHONE_CODE_MINUTES,
  PHONE_RESEND_SECONDS,
  PHONE_TEXT,
  isNoEmailAddress,
  parseWishlistIds,
  type PhoneChannel,
  type PhoneCodePurpose,
} from '@milli/contracts';
import { isUniqueViolation, type Db } from '@milli/db';
import type { PhoneCodeLimits } from '../../config.ts';
import { DomainError } from '../../domain-error.ts';
import { displayIndianMobile, indianMobileE164, mobileRange } from '../../lib/indian-mobile.ts';
import type { Limit, RateLimiter } from '../../plugins/rate-limit.ts';
import { SESSION_DAYS, hashToken, newToken, saveSession, type SessionCustomer } from '../../plugins/session.ts';
import { accountsRepository } from './repository.ts';
import { parseGuestCart, type GuestCartItem } from './service.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const DAY_MS = DAY;
/** An account made by its number has no password: no argon2 hash is this, so no password logs in to it. */
const NO_PASSWORD = '!mobile';
const tooMany = 'Too many attempts. Please wait a few minutes and try again.';

/** The limits on codes to mobile numbers (decision 058), their numbers from the configuration. */
export function phoneLimits(n: PhoneCodeLimits) {
  return {
    numberHour: {
      name: 'phone-code-hour',
      max: n.perHour,
      windowMs: HOUR,
      message: 'We have sent several codes to this number in the last hour. Please use the latest one, or try again later.',
    },
    numberDay: {
      name: 'phone-code-day',
      max: n.perDay,
      windowMs: DAY,
      message: 'We have sent as many codes to this number as we can today. Please try again tomorrow, or call us.',
    },
    address: {
      name: 'phone-code-ip',
      max: n.perAddressHour,
      windowMs: HOUR,
      message: 'Too many codes asked for from your network. Please try again in an hour.',
    },
    range: {
      name: 'phone-code-range',
      max: n.rangePerDay,
      windowMs: DAY,
      message: 'We cannot send a code to this number just now. Please try again tomorrow, or sign in with your e-mail.',
    },
    verifyAddress: { name: 'phone-verify-ip', max: 30, windowMs: 15 * MIN, message: tooMany },
  } satisfies Record<string, Limit>;
}

/** What the store does to send a code: the messages module's outbox (an SMS or a WhatsApp message), in `tx`. */
export type SendCode = (tx: Db, message: { channel: PhoneChannel; toPhone: string; code: string; customerId?: number }) => Promise<void>;
/** Records that a new account's order messages go to the channel it signed up on (the messages module's consents). */
export type ConsentOrders = (tx: Db, customerId: number, channel: PhoneChannel) => Promise<void>;

export interface PhoneSignInDeps {
  db: Db;
  limiter: RateLimiter;
  limits: PhoneCodeLimits;
  sendCode: SendCode;
  consentOrders: ConsentOrders;
  mergeGuestCart: (tx: Db, customerId: number, items: GuestCartItem[]) => Promise<void>;
  mergeGuestWishlist: (tx: Db, customerId: number, productIds: readonly number[]) => Promise<void>;
  /** Called after a transaction that queued a message has committed. */
  messagesQueued?: () => void;
  sessionsChanged?: () => void;
  now?: () => Date;
}

/** The number as the store keeps it, or a 400 that says how to write it. */
function readNumber(typed: string): string {
  const phone = indianMobileE164(typed);
  if (!phone) throw new DomainError('INVALID_REQUEST', PHONE_TEXT.badNumber, { phone: PHONE_TEXT.badNumber });
  return phone;
}

const drawCode = () => String(randomInt(0, 10 ** PHONE_CODE_DIGITS)).padStart(PHONE_CODE_DIGITS, '0');
const codeHash = (phone: string, purpose: PhoneCodePurpose, code: string) => hashToken(`${purpose}:${phone}:${code}`);

/**
 * Signing in and up with a mobile number, and adding one to an account (issue 41, decision 058). Codes are drawn,
 * hashed and sent in one transaction with the number's, the address's and the range's counts, whether or not the
 * number has an account (the start never looks); a guess is one statement (`tryPhoneCode`).
 */
export function createPhoneSignIn(deps: PhoneSignInDeps) {
  const { db, limiter } = deps;
  const now = deps.now ?? (() => new Date());
  const LIMITS = phoneLimits(deps.limits);

  /** Counts the request against every limit and writes and sends the code, all in one transaction. */
  async function issue(input: { phone: string; channel: PhoneChannel; purpose: PhoneCodePurpose; customerId: number | null; ip: string }) {
    const code = drawCode();
    const at = now();
    const sent = await db.transaction(async (tx) => {
      // The number's hourly counter first: its row is held to the commit, so one number's requests queue here.
      await limiter.take(LIMITS.numberHour, input.phone, tx);
      await limiter.take(LIMITS.numberDay, input.phone, tx);
      await limiter.take(LIMITS.address, input.ip, tx);
      await limiter.take(LIMITS.range, mobileRange(input.phone, deps.limits.rangeDigits), tx);
      const written = await accountsRepository(tx).issuePhoneCode({
        phone: input.phone,
        purpose: input.purpose,
        customerId: input.customerId,
        channel: input.channel,
        codeHash: codeHash(input.phone, input.purpose, code),
        now: at,
        expiresAt: new Date(at.getTime() + PHONE_CODE_MINUTES * MIN),
        triesLeft: deps.limits.tries,
        resendSeconds: PHONE_RESEND_SECONDS,
      });
      // Too soon after the last code: refused, and the counts taken above roll back with this transaction.
      if (!written) throw new DomainError('RATE_LIMITED', PHONE_TEXT.resendTooSoon);
      await deps.sendCode(tx, {
        channel: input.channel,
        toPhone: input.phone,
        code,
        ...(input.customerId === null ? {} : { customerId: input.customerId }),
      });
      return true;
    });
    if (sent) deps.messagesQueued?.();
    return { message: PHONE_TEXT.codeSent, phone: displayIndianMobile(input.phone), resendAfterSeconds: PHONE_RESEND_SECONDS };
  }

  async function startSession(tx: Db, customerId: number): Promise<string> {
    const token = newToken();
    await saveSession(tx, hashToken(token), customerId, new Date(now().getTime() + SESSION_DAYS * DAY_MS));
    return token;
  }

  /** The account of a number just proven, made when there is none: its username and stand-in e-mail are random. */
  async function accountFor(tx: Db, phone: string, channel: PhoneChannel) {
    const t = accountsRepository(tx);
    const found = await t.findByPhone(phone);
    if (found) return { customer: found, created: false };
    const tag = randomBytes(5).toString('hex');
    const customer = await t.createWithPhone({
      username: `mobile-${phone.slice(-4)}-${tag}`,
      email: `mobile-${tag}@${NO_EMAIL_DOMAIN}`,
      passwordHash: NO_PASSWORD,
      phone,
      mobile: phone.replace(/^\+91/, ''),
      at: now(),
    });
    await deps.consentOrders(tx, customer.id, channel);
    return { customer, created: true };
  }

  return {
    /** POST /api/auth/phone/start: the same answer, after the same work, for a number with or without an account. */
    async start(input: { phone: string; channel: PhoneChannel }, ip: string) {
      const phone = readNumber(input.phone);
      return issue({ phone, channel: input.channel, purpose: 'sign_in', customerId: null, ip });
    },

    /**
     * POST /api/auth/phone/verify: a right code signs in to the number's account, or makes it (the name is asked
     * next), and merges the guest cart and wish list as a login does. One answer for every failure.
     */
    async verify(input: { phone: string; code: string; cartItems?: string | undefined; wishlistItems?: string | undefined }, ip: string) {
      await limiter.take(LIMITS.verifyAddress, ip);
      const phone = readNumber(input.phone);
      const channel = await accountsRepository(db).tryPhoneCode(phone, 'sign_in', null, codeHash(phone, 'sign_in', input.code), now());
      if (!channel) throw new DomainError('OTP_INVALID', PHONE_TEXT.codeWrong);
      const items = parseGuestCart(input.cartItems);
      const wished = parseWishlistIds(input.wishlistItems);
      const inTx = () =>
        db.transaction(async (tx) => {
          const { customer, created } = await accountFor(tx, phone, channel);
          if (items.length > 0) await deps.mergeGuestCart(tx, customer.id, items);
          if (wished.length > 0) await deps.mergeGuestWishlist(tx, customer.id, wished);
          const token = await startSession(tx, customer.id);
          return { token, customer, created };
        });
      // Two right codes for one new number at once (two devices): the unique index lets one make the account and
      // the other, run again, finds it.
      const done = await inTx().catch((error: unknown) => (isUniqueViolation(error) ? inTx() : Promise.reject(error)));
      // An account the number made, not yet named: an e-mail account without a first name is not asked.
      const needsName = isNoEmailAddress(done.customer.email) && done.customer.firstName.trim() === '';
      return {
        token: done.token,
        answer: {
          message: done.created || needsName ? PHONE_TEXT.nameNeeded : MESSAGES.loginSuccess,
          userId: done.customer.id,
          userName: done.customer.username,
          needsName,
        },
      };
    },

    /**
     * POST /api/auth/phone/name: the new account's name. A username the number's sign-up drew is replaced by one
     * made from the name, so the store greets the customer by it.
     */
    async saveName(customer: SessionCustomer, input: { firstName: string; lastName: string }) {
      const t = accountsRepository(db);
      const row = await t.findById(customer.id);
      if (!row || row.erasedAt) throw new DomainError('UNAUTHENTICATED', 'Please log in to continue.');
      let username: string | undefined;
      if (row.username.startsWith('mobile-')) {
        const base = input.firstName.replace(/[^A-Za-z0-9._-]/g, '').slice(0, 30) || 'shopper';
        for (const candidate of [base, `${base}-${row.phone?.slice(-4) ?? ''}`, `${base}-${randomBytes(3).toString('hex')}`]) {
          if (candidate.length >= 3 && !(await t.usernameTaken(candidate, row.id))) {
            username = candidate;
            break;
          }
        }
      }
      try {
        await t.setNames(row.id, { firstName: input.firstName, lastName: input.lastName, ...(username ? { username } : {}) });
      } catch (error) {
        // Another sign-up took the name between the check and the save: the name is kept, the username stays.
        if (!isUniqueViolation(error)) throw error;
        await t.setNames(row.id, { firstName: input.firstName, lastName: input.lastName });
      }
      deps.sessionsChanged?.();
      return { message: PHONE_TEXT.nameSaved, userId: row.id, userName: username ?? row.username };
    },

    /**
     * POST /api/users/phone/start: a code to a number the signed-in customer wants to sign in with. A number that is
     * another account's is refused in words that do not say whose.
     */
    async startAdd(customer: SessionCustomer, input: { phone: string; channel: PhoneChannel }, ip: string) {
      const phone = readNumber(input.phone);
      const t = accountsRepository(db);
      const row = await t.findById(customer.id);
      if (!row || row.erasedAt) throw new DomainError('UNAUTHENTICATED', 'Please log in to continue.');
      if (row.phone === phone) throw new DomainError('INVALID_REQUEST', PHONE_TEXT.phoneSame, { phone: PHONE_TEXT.phoneSame });
      if (await t.phoneTaken(phone, customer.id)) throw new DomainError('TAKEN', PHONE_TEXT.phoneTaken, { phone: PHONE_TEXT.phoneTaken });
      return issue({ phone, channel: input.channel, purpose: 'add_phone', customerId: customer.id, ip });
    },

    /** POST /api/users/phone/verify: the code sent to the new number makes it the account's (replacing the old one). */
    async verifyAdd(customer: SessionCustomer, input: { phone: string; code: string }, ip: string) {
      await limiter.take(LIMITS.verifyAddress, ip);
      const phone = readNumber(input.phone);
      const channel = await accountsRepository(db).tryPhoneCode(phone, 'add_phone', customer.id, codeHash(phone, 'add_phone', input.code), now());
      if (!channel) throw new DomainError('OTP_INVALID', PHONE_TEXT.codeWrong);
      try {
        await db.transaction(async (tx) => {
          const t = accountsRepository(tx);
          if (await t.phoneTaken(phone, customer.id)) throw new DomainError('TAKEN', PHONE_TEXT.phoneTaken, { phone: PHONE_TEXT.phoneTaken });
          await t.setPhone(customer.id, phone, now());
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new DomainError('TAKEN', PHONE_TEXT.phoneTaken, { phone: PHONE_TEXT.phoneTaken });
        throw error;
      }
      return { message: PHONE_TEXT.phoneAdded, phone: displayIndianMobile(phone) };
    },
  };
}

export type PhoneSignIn = ReturnType<typeof createPhoneSignIn>;
