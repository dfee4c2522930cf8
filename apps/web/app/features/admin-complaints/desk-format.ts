/**
 * The complaints desk's words for its timers (issue 38): how long ago a ticket came, and how long is left until a
 * deadline or how far past it. Browser-safe; read against the server's clock of the answer (`now`), so a page rendered
 * on the server and hydrated later says the same.
 */
import type { AdminComplaintRow, ComplaintStatus } from '@milli/contracts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** '40 min', '5 h', '3 days' (a span, rounded down, at least a minute). */
export function span(ms: number): string {
  const abs = Math.max(Math.abs(ms), MINUTE);
  if (abs < HOUR) return `${Math.floor(abs / MINUTE)} min`;
  if (abs < 2 * DAY) return `${Math.floor(abs / HOUR)} h`;
  return `${Math.floor(abs / DAY)} days`;
}

/** How long ago: '5 h ago'. */
export const ago = (iso: string, now: string) => `${span(Date.parse(now) - Date.parse(iso))} ago`;

/** A deadline from now: 'in 5 h', or '3 days overdue'. */
export function dueText(deadline: string, now: string): string {
  const left = Date.parse(deadline) - Date.parse(now);
  return left >= 0 ? `in ${span(left)}` : `${span(left)} overdue`;
}

/** '3 Dec 2026, 4:15 pm' in India's time. */
export function deskTime(iso: string): string {
  const at = new Date(iso);
  const day = at.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });
  const time = at.toLocaleTimeString('en-IN', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'Asia/Kolkata' }).toLowerCase();
  return `${day}, ${time}`;
}

/** '3 Dec, 4:15 pm' in India's time: the queue's columns, the year in the title. */
export function deskShortTime(iso: string): string {
  const at = new Date(iso);
  const day = at.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' });
  const time = at.toLocaleTimeString('en-IN', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'Asia/Kolkata' }).toLowerCase();
  return `${day}, ${time}`;
}

/** How the complainant is reached, in a word: an account, or a guest by e-mail or by phone. */
export function reachedBy(c: { customerId: number | null; email: string | null }): string {
  if (c.customerId !== null) return 'Account';
  return c.email ? 'Guest, by e-mail' : 'Guest, by phone';
}

/** The queue's tabs. */
export const QUEUES = [
  { queue: 'open', label: 'Open' },
  { queue: 'waiting', label: 'Waiting for customer' },
  { queue: 'resolved', label: 'Resolved' },
] as const;

export const STATUS_LABEL: Record<ComplaintStatus, string> = { open: 'Open', waiting: 'Waiting for customer', resolved: 'Resolved' };
export const STATUS_TONE: Record<ComplaintStatus, 'info' | 'warning' | 'success'> = { open: 'info', waiting: 'warning', resolved: 'success' };

/** Whether a row is past either deadline. */
export const isOverdue = (r: Pick<AdminComplaintRow, 'overdue'>) => r.overdue.acknowledge || r.overdue.resolve;
