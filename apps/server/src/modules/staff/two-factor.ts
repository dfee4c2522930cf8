import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';
import { hashToken } from '../../plugins/session.ts';

/** Authenticator apps' defaults: SHA-1, six digits, 30-second steps; one step either side allows for a slow clock. */
const PERIOD = 30;
const WINDOW = 1;
const ISSUER = 'Milli back office';

/** A new base32 secret (20 random bytes, as RFC 4226 recommends). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, label = 'staff'): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });
}

/** What an authenticator app scans: the otpauth:// address and its QR code as an SVG. */
export function enrolment(secret: string, email: string) {
  const otpauthUrl = totpOf(secret, email).toString();
  const qrSvg = renderSVG(otpauthUrl, { border: 2, pixelSize: 6 });
  return { secret, otpauthUrl, qrSvg };
}

/** The time step a six-digit code belongs to (within a step either side of now), or null when it is wrong. */
export function totpStep(secret: string, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: at.getTime(), window: WINDOW });
  if (delta === null) return null;
  return totp.counter({ timestamp: at.getTime() }) + delta;
}

/** Recovery codes: ten of `xxxxx-xxxxx` from an alphabet without look-alikes (about 50 bits each). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code as stored: lower case, without spaces or dashes, hashed. */
export function recoveryCodeHash(code: string): string {
  return hashToken(`recovery:${code.toLowerCase().replace(/[\s-]/g, '')}`);
}

/** Whether what was typed in the code field looks like a recovery code rather than six digits. */
export function looksLikeRecoveryCode(typed: string): boolean {
  return !/^\d{6}$/.test(typed.replace(/\s+/g, ''));
}
