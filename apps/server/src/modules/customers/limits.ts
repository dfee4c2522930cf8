import { EXPORTS_A_DAY } from '@milli/contracts';
import type { Limit } from '../../plugins/rate-limit.ts';

const DAY = 24 * 60 * 60_000;

/**
 * My privacy's limits, per account and counted in the database like every other limit (decision 006), so each holds
 * across every server instance: an export reads the customer's whole record, a nominee change and an erasure code
 * each mail the customer, and each consent change is a row kept for good.
 */
export const PRIVACY_LIMITS = {
  exportDay: {
    name: 'privacy-export-day',
    max: EXPORTS_A_DAY,
    windowMs: DAY,
    message: `You have downloaded your data ${EXPORTS_A_DAY} times today. Please try again tomorrow.`,
  },
  consentsDay: { name: 'consents-day', max: 50, windowMs: DAY, message: 'You have changed your consents many times today. Please try again tomorrow.' },
  nomineeDay: {
    name: 'nominee-day',
    max: 10,
    windowMs: DAY,
    message: 'Your nominee has been changed several times today. Please try again tomorrow, or call us.',
  },
  erasureCodeDay: {
    name: 'erasure-code-day',
    max: 3,
    windowMs: DAY,
    message: 'We have already sent three codes today. Please use the latest one, or ask again tomorrow.',
  },
} satisfies Record<string, Limit>;

/** The subject an account's privacy limits count under: the account, whatever its address. */
export const privacySubject = (customerId: number) => `id:${customerId}`;
