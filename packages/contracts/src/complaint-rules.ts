/**
 * Complaints (issue 38): the Consumer Protection (E-Commerce) Rules 2020, rule 4(5), ask the seller's grievance officer
 * to acknowledge a complaint within 48 hours of receiving it and to redress it within one month, and to give the
 * complainant a number by which to follow it. The desk's timers, the mails and the grievance block on every legal page
 * all read these constants, so the words a shopper reads and the clock the desk keeps cannot drift apart.
 * Browser-safe: constants, types and pure functions only.
 */

/** Hours within which a person at the store acknowledges a complaint. */
export const COMPLAINT_ACKNOWLEDGE_HOURS = 48;
/** Calendar months within which it is resolved (counted in India's time; from filing, or from a reopening). */
export const COMPLAINT_RESOLVE_MONTHS = 1;

export const COMPLAINT_CATEGORY_VALUES = ['order', 'piece', 'payment', 'delivery', 'harvest', 'other'] as const;
export type ComplaintCategory = (typeof COMPLAINT_CATEGORY_VALUES)[number];
export const COMPLAINT_CATEGORY_LABELS: Record<ComplaintCategory, string> = {
  order: 'An order',
  piece: 'A piece of jewellery',
  payment: 'A payment or refund',
  delivery: 'Delivery',
  harvest: 'Milli Harvest',
  other: 'Something else',
};

/**
 * Where a complaint stands: `open` (with the desk; `acknowledgedAt` says whether a person has acknowledged it),
 * `waiting` (the desk waits for the complainant), `resolved` (with a resolution summary). A complainant's reply
 * moves a waiting complaint back to open and reopens a resolved one.
 */
export const COMPLAINT_STATUS_VALUES = ['open', 'waiting', 'resolved'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUS_VALUES)[number];
export const COMPLAINT_STATUS_LABELS: Record<ComplaintStatus, string> = {
  open: 'Open',
  waiting: 'Waiting for you',
  resolved: 'Resolved',
};

/** What happened to a complaint, as its thread shows it. */
export const COMPLAINT_EVENT_VALUES = ['acknowledged', 'waiting', 'resolved', 'reopened'] as const;
export type ComplaintEvent = (typeof COMPLAINT_EVENT_VALUES)[number];

/** The ticket number: the year of filing (India) and a sequence of that year, `MIL-C-2026-000001`. */
export const COMPLAINT_TICKET_PREFIX = 'MIL-C';
export const COMPLAINT_TICKET_PATTERN = /^MIL-C-\d{4}-\d{6,9}$/;
export const complaintTicketNumber = (year: number, sequence: number) => `${COMPLAINT_TICKET_PREFIX}-${year}-${String(sequence).padStart(6, '0')}`;

const HOUR_MS = 3_600_000;
/** India keeps one offset all year: +05:30. */
const INDIA_OFFSET_MS = 330 * 60_000;

/**
 * The same moment `months` calendar months later, as a clock in India reads it (31 January → the last day of
 * February at the same time).
 */
export function addMonthsInIndia(at: Date, months: number): Date {
  const local = new Date(at.getTime() + INDIA_OFFSET_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const moved = Date.UTC(
    year,
    month,
    Math.min(local.getUTCDate(), lastDay),
    local.getUTCHours(),
    local.getUTCMinutes(),
    local.getUTCSeconds(),
    local.getUTCMilliseconds(),
  );
  return new Date(moved - INDIA_OFFSET_MS);
}

/** When a complaint filed at `filedAt` must be acknowledged by. */
export const acknowledgeByOf = (filedAt: Date) => new Date(filedAt.getTime() + COMPLAINT_ACKNOWLEDGE_HOURS * HOUR_MS);
/** When a complaint whose clock started at `from` (filing, or reopening) must be resolved by. */
export const resolveByOf = (from: Date) => addMonthsInIndia(from, COMPLAINT_RESOLVE_MONTHS);

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six'];
const countWords = (n: number, unit: string) => `${NUMBER_WORDS[n] ?? String(n)} ${unit}${n === 1 ? '' : 's'}`;

/** The promise in words, as every page and mail states it: `{ acknowledge: '48 hours', resolve: 'one month' }`. */
export const COMPLAINT_PROMISE = {
  acknowledge: `${COMPLAINT_ACKNOWLEDGE_HOURS} hours`,
  resolve: countWords(COMPLAINT_RESOLVE_MONTHS, 'month'),
} as const;
