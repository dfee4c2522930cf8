/**
 * The Jobs screen's words (decision 042), browser-safe: what each queue is for, how long a job has waited, how a
 * queue retries.
 */

/** What each of the store's queues does, as the owner reads it; a queue not named here shows its own name. */
export const QUEUE_LABELS: Record<string, string> = {
  'payments.reconcile': 'Payment reconciliation',
  'harvest.daily': 'Harvest plans and reminders',
  'catalog.sales': 'Sale prices of the day',
  'appointments.remind': 'Appointment reminders',
  'housekeeping.sweep': 'Housekeeping',
  'mail.flush': 'Mail: hand the outbox out',
  'mail.send': 'Mail: one e-mail each',
  'cdn.purge': 'CDN purge',
  'backup.nightly': 'Nightly backup',
};

export const queueLabel = (name: string): string => QUEUE_LABELS[name] ?? name;

/** A span of seconds in a few words: "40 s", "12 min", "3 h 5 min", "2 days". */
export function spanText(seconds: number): string {
  if (seconds < 60) return `${Math.max(0, Math.round(seconds))} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} days`;
}

/** How a queue retries: "7 retries, the first after 1 min" or "No retries". */
export function retryText(limit: number, delaySeconds: number): string {
  if (limit === 0) return 'No retries';
  return `${limit} ${limit === 1 ? 'retry' : 'retries'}, the first after ${spanText(delaySeconds)}`;
}

/** A moment as staff in India read it: "24 Nov 2026, 14:05" (IST). */
export function formatWhen(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Asia/Kolkata',
  }).format(date);
}

/** The day and the time of a moment, apart ("24 Nov 2026", "14:05"), in IST. */
export const formatDay = (iso: string): string =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(new Date(iso));
export const formatTime = (iso: string): string =>
  new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Kolkata' }).format(new Date(iso));

/** A job's id is long: its first block tells jobs apart on a screen. */
export const shortId = (id: string): string => id.slice(0, 8);
