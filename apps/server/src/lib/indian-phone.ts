/**
 * An Indian phone number as a caller reads it out or a desk pastes it (issue 39): `+91 98765 43210`, `09876543210`,
 * `98765-43210`, `(044) 2434 5678`, `0091 98765 43210`, `919876543210`. Every Indian number, mobile or landline, has a
 * ten-digit national significant number (a landline's is its STD code without the trunk 0 and the subscriber number);
 * the prefixes around it are the country code (+91, 0091, or 91 before ten digits) or the trunk 0. The stores keep
 * numbers as typed or as those ten digits (lib/address-rules.ts `storedPhone`), so ten digits are what both sides of a
 * search compare, with `right(regexp_replace(phone, '\D', '', 'g'), 10)` on the database side (migration 0025's indexes).
 *
 * Our own twelve lines rather than libphonenumber-js: the search needs only "is this an Indian number, and which", the
 * answer must be null for a PIN, an order number or an AWB typed into the same box, and the rule is short enough to read.
 */
const SEPARATORS = /[\s().\-/]/g;

/** The ten-digit national number of `text` when it is written as an Indian phone number, else null. */
export function indianNationalNumber(text: string): string | null {
  const compact = text.trim().replace(SEPARATORS, '');
  if (!/^\+?\d+$/.test(compact)) return null;
  let digits: string;
  if (compact.startsWith('+')) {
    if (!compact.startsWith('+91')) return null;
    digits = compact.slice(3);
  } else if (compact.startsWith('0091')) digits = compact.slice(4);
  else if (compact.length === 12 && compact.startsWith('91')) digits = compact.slice(2);
  else if (compact.length === 11 && compact.startsWith('0')) digits = compact.slice(1);
  else digits = compact;
  return /^[1-9]\d{9}$/.test(digits) ? digits : null;
}

/** The SQL expression the phone indexes are built on, for a column named `column` (quoted by the caller). */
export const PHONE_DIGITS_SQL = (column: string) => `right(regexp_replace(${column}, '\\D', '', 'g'), 10)`;
