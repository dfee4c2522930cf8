import type { Limit } from '../../plugins/rate-limit.ts';

const MIN = 60_000;
const tooMany = 'Too many attempts. Please wait a few minutes and try again.';

/** Rate limits of the accounts calls (issue 4): per IP and per account, in fixed windows. */
export const LIMITS = {
  loginIp: { name: 'login-ip', max: 30, windowMs: 15 * MIN, message: tooMany },
  loginAccount: { name: 'login-account', max: 10, windowMs: 15 * MIN, message: tooMany },
  registerIp: { name: 'register-ip', max: 10, windowMs: 60 * MIN, message: 'Too many sign-ups from your network. Please try again in an hour.' },
  forgotIp: { name: 'forgot-ip', max: 10, windowMs: 15 * MIN, message: tooMany },
  forgotEmail: { name: 'forgot-email', max: 3, windowMs: 15 * MIN, message: 'We have just sent you a code. Please check your mail, or wait a few minutes before asking again.' },
  otpIp: { name: 'otp-ip', max: 20, windowMs: 15 * MIN, message: tooMany },
} satisfies Record<string, Limit>;
