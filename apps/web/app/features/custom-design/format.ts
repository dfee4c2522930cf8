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
