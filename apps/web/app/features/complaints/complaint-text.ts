/**
 * Complaints as the storefront words them (issue 38). Browser-safe: the labels, the ticket's status in words and the
 * promise of the E-Commerce Rules, read from the contracts' one statement of the timers (complaint-rules.ts).
 */
import { COMPLAINT_CATEGORY_LABELS, COMPLAINT_PROMISE, type ComplaintCategory, type ComplaintEvent, type ComplaintStatus } from '@milli/contracts';

export { COMPLAINT_CATEGORY_LABELS, COMPLAINT_PROMISE };
export const COMPLAINT_CATEGORIES = Object.keys(COMPLAINT_CATEGORY_LABELS) as ComplaintCategory[];

/** A ticket's status as its complainant reads it. */
export const COMPLAINT_STATUS_TEXT: Record<ComplaintStatus, string> = {
  open: 'With our team',
  waiting: 'Waiting for your answer',
  resolved: 'Resolved',
};

/** What an event of the thread says to the complainant. */
export const COMPLAINT_EVENT_TEXT: Record<ComplaintEvent, string> = {
  acknowledged: 'Our team acknowledged your complaint and is looking into it.',
  waiting: 'We are waiting for your answer.',
  resolved: 'Resolved.',
  reopened: 'Reopened by your answer.',
};

/** '3 Dec 2026, 4:15 pm' in India's time. */
export function complaintTime(iso: string): string {
  const at = new Date(iso);
  const day = at.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });
  const time = at.toLocaleTimeString('en-IN', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'Asia/Kolkata' }).toLowerCase();
  return `${day}, ${time}`;
}

/** The account's ticket page. */
export const complaintHref = (ticketNumber: string) => `/account/complaints/${encodeURIComponent(ticketNumber)}`;
