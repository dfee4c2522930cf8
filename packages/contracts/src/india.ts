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

/** The message a person sees for a GSTIN that is not valid. */
export function gstinMessage(problem: GstinProblem): string {
  switch (problem) {
    case 'format':
      return 'GSTIN must be 15 characters: state code, PAN, entity number, Z and a check character (e.g. 33ABCDE1234F1Z5).';
    case 'state':
      return 'GSTIN must start with a valid state code.';
    case 'checksum':
      return 'This GSTIN is not valid: its check character does not match. Please check for a typing mistake.';
  }
}
