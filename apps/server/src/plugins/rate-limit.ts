import type { Db } from '@milli/db';
import { DomainError } from '../domain-error.ts';
import { rateLimitRepository } from './rate-limit-repository.ts';

export interface Limit {
  /** What is counted, e.g. 'login-ip'. */
  name: string;
  max: number;
  windowMs: number;
  message: string;
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * Issue 35: every public form that mails or texts an address the sender typed (appointments, trade-partner
 * applications) counts the message against that address as well as against the sender's, so no number of source
 * addresses makes the store a way to fill a stranger's inbox. One allowance a day per mailbox and per mobile number,
 * shared by all such forms.
 */
export const RECIPIENT_LIMITS = {
  email: {
    name: 'mail-to',
    max: 5,
    windowMs: DAY_MS,
    message: 'We have already sent several messages to this e-mail address today. Please try again tomorrow, or call us.',
  },
  phone: {
    name: 'phone-to',
    max: 5,
    windowMs: DAY_MS,
    message: 'This mobile number has been given on several requests today. Please try again tomorrow, or call us.',
  },
} satisfies Record<string, Limit>;

/** Proton delivers one account's mail at each of its domains, and ignores dots, hyphens and underscores in the name. */
const PROTON = new Set(['proton.me', 'protonmail.com', 'protonmail.ch', 'pm.me']);

/**
 * The mailbox an address reaches: lower case, without a `+tag` (which most providers deliver to the same box), and
 * without the dots Gmail ignores (and the dots, hyphens and underscores Proton ignores, at any of its domains). Two
 * spellings of one inbox count as one.
 */
export function mailboxOf(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return email.trim().toLowerCase();
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  let local = email.slice(0, at).trim().toLowerCase().split('+')[0]!;
  if (domain === 'gmail.com' || domain === 'googlemail.com') local = local.replace(/\./g, '');
  if (PROTON.has(domain)) return `${local.replace(/[._-]/g, '')}@proton.me`;
  return `${local}@${domain === 'googlemail.com' ? 'gmail.com' : domain}`;
}

/** An Indian mobile number as its ten digits, however it was written (+91, 0, spaces, hyphens). */
export function mobileOf(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length > 10 ? digits.slice(-10) : digits;
}

/**
 * Fixed-window counters in the database, so a limit holds across every server instance. `take`
 * counts one attempt and throws a 429 once the window's allowance is spent.
 */
/** Housekeeping: old windows go. */
export function pruneRateLimits(tx: Db, before: Date): Promise<number> {
  return rateLimitRepository(tx).prune(before);
}

export function createRateLimiter(db: Db, now: () => Date = () => new Date()) {
  const keyOf = (limit: Limit, subject: string) => `${limit.name}:${subject.toLowerCase().slice(0, 200)}`;
  const windowOf = (limit: Limit) => {
    const at = now().getTime();
    return new Date(at - (at % limit.windowMs));
  };
  /** `tx` may be a transaction: a refusal then rolls back its own count, which stays past the allowance. */
  async function take(limit: Limit, subject: string, tx: Db = db): Promise<void> {
    const count = await rateLimitRepository(tx).hit(keyOf(limit, subject), windowOf(limit));
    if (count > limit.max) throw new DomainError('RATE_LIMITED', limit.message);
  }
  return {
    take,
    /**
     * Hands back an attempt `take` counted, for limits that count failures: the attempt is counted before
     * the check (so attempts racing each other cannot all pass a count read before any was added) and
     * handed back once it turned out not to be a failure.
     */
    async giveBack(limit: Limit, subject: string): Promise<void> {
      await rateLimitRepository(db).unhit(keyOf(limit, subject), windowOf(limit));
    },
    /**
     * One message to this e-mail address and/or mobile number (RECIPIENT_LIMITS), counted atomically with the
     * caller's transaction: a request refused later rolls its count back.
     */
    async takeRecipient(contact: { email?: string | null; phone?: string | null }, tx: Db = db): Promise<void> {
      if (contact.email) await take(RECIPIENT_LIMITS.email, mailboxOf(contact.email), tx);
      if (contact.phone) await take(RECIPIENT_LIMITS.phone, mobileOf(contact.phone), tx);
    },
    /** Forgets every window of these limits for the subject (a reset by e-mail lifts a login lock). `tx` may be a transaction. */
    async clear(limits: readonly Limit[], subject: string, tx: Db = db): Promise<void> {
      await rateLimitRepository(tx).forget(limits.map((limit) => keyOf(limit, subject)));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
