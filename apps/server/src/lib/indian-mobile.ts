import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * An Indian mobile number as a shopper types it (`98765 43210`, `+91-9876543210`, `09876543210`, `0091 98765 43210`),
 * read with libphonenumber-js's full metadata so that only numbers India allots to mobiles pass (a landline cannot
 * receive an SMS code). Answers the E.164 form the store keeps (`+919876543210`), or null.
 */
export function indianMobileE164(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > 24) return null;
  // "0091…" is how a number is dialled abroad from India; the library reads "+91…".
  const typed = trimmed.replace(/^00(?=91)/, '+');
  const parsed = parsePhoneNumberFromString(typed, 'IN');
  if (!parsed || parsed.country !== 'IN' || !parsed.isValid()) return null;
  const type = parsed.getType();
  if (type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') return null;
  return parsed.number;
}

/**
 * The range a number belongs to for the daily cap against SMS pumping (decision 058): its first `digits` national
 * digits. Pumping fraud asks codes for many numbers of one range an operator pays the fraudster for.
 */
export function mobileRange(e164: string, digits: number): string {
  return e164.replace(/^\+91/, '').slice(0, digits);
}

/** `+91 98765 43210`, as the store shows a verified number. */
export function displayIndianMobile(e164: string): string {
  const national = e164.replace(/^\+91/, '');
  return `+91 ${national.slice(0, 5)} ${national.slice(5)}`;
}
