import { CUSTOM_STEPS } from '@milli/contracts/custom-design-fields';
/** Where a request stands on the tracker: the index of its current step in CUSTOM_STEPS. */
export function currentStepOf(status: string): number {
  switch (status) {
    case 'Requested':
    case 'Cancelled':
      return 0;
    // A rejected design goes back to the design team for another: the request is at Design Shared again.
    case 'Design Shared':
    case 'Rejected':
      return 1;
    case 'Approved':
      return 2;
    case 'Making':
      return 3;
    case 'Picked':
    case 'Out for Delivery':
      return 4;
    case 'Delivered':
      return 5;
    default:
      return 0;
  }
}

/** The tracker's steps, each done, current or still to come. */
export function trackerSteps(status: string): { step: (typeof CUSTOM_STEPS)[number]; state: 'done' | 'current' | 'todo' }[] {
  const current = currentStepOf(status);
  return CUSTOM_STEPS.map((step, i) => ({ step, state: i < current ? 'done' : i === current ? 'current' : 'todo' }));
}

/** How the custom design screens print a request's facts (the server keeps mg, cents of a carat and paise). */
export const grams = (mg: number | null) => (mg === null ? null : `${(mg / 1000).toLocaleString('en-IN', { maximumFractionDigits: 3 })} g`);
export const carats = (cents: number | null) => (cents === null ? null : `${(cents / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })} ct`);
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
export const metalName = (metal: string) => capital(metal);

/** '23 Nov 2026', the same on the server and in the browser (Indian time). */
export function shortDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(date);
}
