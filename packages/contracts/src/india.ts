/**
 * Indian identifiers a form may carry, checked the way the issuing bodies define them. Pure functions,
 * no dependencies: safe for the browser bundle and the server alike.
 */

/** Postal PIN: six digits, never starting with 0. */
export const PINCODE_PATTERN = /^[1-9][0-9]{5}$/;
/** Mobile numbers in India: ten digits starting 6-9. */
export const INDIAN_MOBILE_PATTERN = /^[6-9][0-9]{9}$/;
/**
 * PAN: five letters, four digits, one letter; the fourth letter is the holder's status
 * (P person, C company, H HUF, F firm, A AOP, T trust, B BOI, L local authority, J juridical person, G government).
 */
export const PAN_PATTERN = /^[A-Z]{3}[PCHFATBLJG][A-Z][0-9]{4}[A-Z]$/;
/** IFSC: four letters (bank), a zero, six letters or digits (branch). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** GSTIN: state code, the holder's PAN, entity number, 'Z', check character. */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export function isPincode(value: string): boolean {
  return PINCODE_PATTERN.test(value.trim());
}

export function isPan(value: string): boolean {
  return PAN_PATTERN.test(value.trim().toUpperCase());
}

/** What the 4th letter of a PAN says about its holder (the Income Tax Department's status codes). */
export const PAN_HOLDER_TYPES: Readonly<Record<string, string>> = {
  P: 'person',
  C: 'company',
  H: 'Hindu undivided family',
  F: 'firm or LLP',
  A: 'association of persons',
  T: 'trust',
  B: 'body of individuals',
  L: 'local authority',
  J: 'artificial juridical person',
  G: 'government',
};

/**
 * Why a PAN is not one, in words that state the whole rule (null when it is one): a person whose PAN has
 * the right shape but a 4th letter that is no holder status needs to hear about that letter.
 */
export function panProblem(value: string): string | null {
  const pan = value.trim().toUpperCase();
  if (PAN_PATTERN.test(pan)) return null;
  if (!/^[A-Z]{5}[0-9]{4}[A-Z]$/.test(pan)) return 'a PAN is 10 characters: 5 letters, 4 digits and a letter (e.g. ABCPE1234F).';
  const holders = Object.entries(PAN_HOLDER_TYPES)
    .map(([letter, who]) => `${letter} (${who})`)
    .join(', ');
  return `the 4th letter of a PAN says who holds it, and must be one of ${holders}; “${pan[3]}” is none of these. Please check the PAN card.`;
}

export function isIfscFormat(value: string): boolean {
  return IFSC_PATTERN.test(value.trim().toUpperCase());
}

/** The check character of the first 14 characters of a GSTIN (GSTN's base-36 weighted sum). */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_CHARS.indexOf(first14[i]!);
    if (value < 0) return '';
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

export type GstinProblem = 'format' | 'state' | 'checksum';

/** Why a GSTIN is not valid, or null when it is (format, a real state code 01-38 or 97/99, checksum). */
export function gstinProblem(value: string): GstinProblem | null {
  const gstin = value.trim().toUpperCase();
  if (!GSTIN_PATTERN.test(gstin)) return 'format';
  const state = Number(gstin.slice(0, 2));
  if (!((state >= 1 && state <= 38) || state === 97 || state === 99)) return 'state';
  return gstinCheckChar(gstin.slice(0, 14)) === gstin[14] ? null : 'checksum';
}

export function isGstin(value: string): boolean {
  return gstinProblem(value) === null;
}

/** The PAN inside a GSTIN (characters 3-12). */
export function panOfGstin(gstin: string): string {
  return gstin.trim().toUpperCase().slice(2, 12);
}

/** GST state code of a GSTIN ('33' is Tamil Nadu). */
export function stateCodeOfGstin(gstin: string): string {
  return gstin.trim().slice(0, 2);
}

/**
 * The GSTIN the forms show as an example: one the store's own check accepts (a company's PAN, Tamil Nadu's state
 * code, the right check character), so a shopper copying its shape is never refused for it (issue 40).
 */
export const EXAMPLE_GSTIN = '33AABCM1234F1Z4';

/** The message a person sees for a GSTIN that is not valid. */
export function gstinMessage(problem: GstinProblem): string {
  switch (problem) {
    case 'format':
      return `GSTIN must be 15 characters: state code, PAN, entity number, Z and a check character (e.g. ${EXAMPLE_GSTIN}).`;
    case 'state':
      return 'GSTIN must start with a valid state code.';
    case 'checksum':
      return 'This GSTIN is not valid: its check character does not match. Please check for a typing mistake.';
  }
}

/**
 * A jeweller's BIS registration number (the certificate of registration for selling hallmarked articles, BIS
 * (Hallmarking) Regulations 2018): HM/C- and ten digits, e.g. HM/C-5190012345.
 */
export const BIS_REGISTRATION_PATTERN = /^HM\/C-[0-9]{10}$/;

/** The number as the store keeps it: capitals, no spaces ('hm/c - 5190012345' → 'HM/C-5190012345'). */
export function normalBisRegistration(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** Why a BIS registration number is not one (null when it is, or when it is empty: not set yet). */
export function bisRegistrationProblem(value: string): string | null {
  const number = normalBisRegistration(value);
  if (number === '' || BIS_REGISTRATION_PATTERN.test(number)) return null;
  return 'A BIS registration number is HM/C- and ten digits, as on the certificate of registration (e.g. HM/C-5190012345); leave it empty until the store has one.';
}

// Aadhaar numbers carry a Verhoeff check digit (UIDAI): the tables of the dihedral group D5.
const VERHOEFF_D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VERHOEFF_P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

/** Whether a string of digits ends in its Verhoeff check digit. */
export function verhoeffValid(digits: string): boolean {
  let c = 0;
  const reversed = [...digits].reverse();
  for (let i = 0; i < reversed.length; i++) c = VERHOEFF_D[c]![VERHOEFF_P[i % 8]![Number(reversed[i])]!]!;
  return c === 0;
}

/** An Aadhaar number as typed ('2345 6789 0124') → its twelve digits, or '' when it has other characters. */
export function aadhaarDigits(value: string): string {
  const compact = value.replace(/[\s-]/g, '');
  return /^[0-9]*$/.test(compact) ? compact : '';
}

/**
 * Why an Aadhaar number is not one (null when it is): twelve digits, not starting with 0 or 1, ending in its
 * Verhoeff check digit. The message never repeats the number.
 */
export function aadhaarProblem(value: string): string | null {
  const digits = aadhaarDigits(value);
  if (digits.length !== 12) return 'An Aadhaar number is 12 digits.';
  if (digits[0] === '0' || digits[0] === '1') return 'An Aadhaar number does not start with 0 or 1: please check it.';
  if (!verhoeffValid(digits)) return 'This is not a valid Aadhaar number (its last digit does not match): please check it.';
  return null;
}

/** An Aadhaar number as it may be shown anywhere: only its last four digits ('XXXX XXXX 0124'). */
export function maskedAadhaar(last4: string): string {
  return `XXXX XXXX ${last4}`;
}

/** Delivery promise: the order date plus the store's delivery days, as a calendar date in India (YYYY-MM-DD). */
export function deliveryDate(from: Date, deliveryDays: number): string {
  const d = new Date(from.getTime() + deliveryDays * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(d);
}
