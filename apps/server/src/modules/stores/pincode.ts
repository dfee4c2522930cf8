/**
 * Indian PIN codes: six digits, the first (1-9) a postal region. 9 is the Army Postal Service, which a
 * courier cannot reach; island territories (Andaman & Nicobar 744, Lakshadweep 682555) are not served
 * by our couriers yet either.
 */
export const INDIAN_PIN = /^[1-9][0-9]{5}$/;
const UNSERVED_PREFIXES = ['9', '744', '682555'];

export type PinCheck = { ok: true; pincode: string } | { ok: false; reason: 'invalid' | 'unserved' };

export function checkPincode(raw: string): PinCheck {
  const pincode = raw.replace(/\s+/g, '');
  if (!INDIAN_PIN.test(pincode)) return { ok: false, reason: 'invalid' };
  if (UNSERVED_PREFIXES.some((p) => pincode.startsWith(p))) return { ok: false, reason: 'unserved' };
  return { ok: true, pincode };
}

/**
 * Nearness without a geocoder: PINs that share more leading digits are in the same region (1 digit),
 * sub-region (2), sorting district (3) …; within the same shared length, the numerically closer PIN
 * is usually the nearer office.
 */
export function rankByPincode<T extends { pincode: string }>(pincode: string, stores: readonly T[]): T[] {
  const shared = (other: string) => {
    let n = 0;
    while (n < 6 && other[n] === pincode[n]) n++;
    return n;
  };
  const target = Number(pincode);
  return [...stores].sort((a, b) => {
    const byPrefix = shared(b.pincode) - shared(a.pincode);
    if (byPrefix !== 0) return byPrefix;
    return Math.abs(Number(a.pincode) - target) - Math.abs(Number(b.pincode) - target);
  });
}

/** The product page's promise and the thank-you page's are one function (contracts' india.ts). */
export { deliveryDate } from '@milli/contracts';
