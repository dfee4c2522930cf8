import type { Limit } from '../../plugins/rate-limit.ts';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const tooMany = 'Too many attempts. Please wait a few minutes and try again.';

/**
 * Rate limits of the accounts calls, in fixed windows counted in the database (decisions 006 and 020).
 * Per IP, and per account whatever the address: an attacker with many addresses still gets, per account
 * and per day, at most `loginAccountDay` password guesses and `forgotAccountDay` codes of 5 tries each.
 * An account's limits are keyed by `accountSubject`, so its username and its e-mail are one counter.
 */
export const LIMITS = {
  loginIp: { name: 'login-ip', max: 30, windowMs: 15 * MIN, message: tooMany },
  /** Failed logins (and wrong current passwords) of one account. */
  loginAccount: { name: 'login-account', max: 10, windowMs: 15 * MIN, message: tooMany },
  loginAccountDay: {
    name: 'login-account-day',
    max: 30,
    windowMs: DAY,
    message: 'Too many wrong passwords for this account today. To get in now, reset your password by e-mail (Forgot Password).',
  },
  registerIp: { name: 'register-ip', max: 10, windowMs: 60 * MIN, message: 'Too many sign-ups from your network. Please try again in an hour.' },
  forgotIp: { name: 'forgot-ip', max: 10, windowMs: 15 * MIN, message: tooMany },
  /** Codes mailed to one account (each good for 5 tries). */
  forgotAccountDay: {
    name: 'forgot-account-day',
    max: 3,
    windowMs: DAY,
    message: 'We have already sent three codes today. Please use the latest one, or ask again tomorrow.',
  },
  otpIp: { name: 'otp-ip', max: 20, windowMs: 15 * MIN, message: tooMany },
  /**
   * E-mail and password changes of one account, each of which mails a notice: never held back by the recipient's
   * allowance (the owner must hear of them), so bounded per account instead, or an account that keeps changing its
   * address between two spellings of a stranger's inbox mails it without end.
   */
  profileMailDay: {
    name: 'profile-mail-day',
    max: 5,
    windowMs: DAY,
    message: 'Your e-mail address or password has been changed several times today. Please try again tomorrow, or call us.',
  },
  undoIp: { name: 'undo-ip', max: 20, windowMs: 15 * MIN, message: tooMany },
} satisfies Record<string, Limit>;

/**
 * The subject an account's limits count under: its id when the login names an account (by username or
 * e-mail, one counter), else what was typed, so an unknown name is limited as strictly and answers alike.
 */
export const accountSubject = (customerId: number | undefined, typed: string) =>
  customerId === undefined ? `login:${typed.trim().toLowerCase()}` : `id:${customerId}`;
