import type { Limit } from '../../plugins/rate-limit.ts';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const tooMany = 'Too many attempts. Please wait a few minutes and try again.';

/**
 * The back office's sign-in limits, counted in the database like the shop's (decisions 006 and 020): per
 * address, and per member whatever the address. A wrong password, a wrong second-factor code and a wrong current
 * password (changing one's password, turning two-factor off) all count against the member.
 */
export const STAFF_LIMITS = {
  loginIp: { name: 'staff-login-ip', max: 30, windowMs: 15 * MIN, message: tooMany },
  loginAccount: { name: 'staff-login-account', max: 10, windowMs: 15 * MIN, message: tooMany },
  loginAccountDay: {
    name: 'staff-login-account-day',
    max: 30,
    windowMs: DAY,
    message: 'Too many failed sign-ins for this member today. Ask the store owner to check the account.',
  },
  /** An invitation link looked up or accepted (issue 39): the tokens cannot be guessed, but a script may not try. */
  invitationIp: { name: 'staff-invitation-ip', max: 30, windowMs: 15 * MIN, message: tooMany },
} satisfies Record<string, Limit>;

/** The member's counter: their id when the e-mail names one, else what was typed (so unknown addresses are limited alike). */
export const staffSubject = (staffId: number | undefined, typed: string) =>
  staffId === undefined ? `email:${typed.trim().toLowerCase()}` : `staff:${staffId}`;
