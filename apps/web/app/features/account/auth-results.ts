/**
 * What the account screens' actions answer when they do not redirect, shared by the server actions
 * (auth-actions.server.ts) and the screens that show them. Plain types and texts: nothing here reaches
 * the browser bundle but strings.
 */

export interface LoginResult {
  message: string;
  username: string;
}

export const REGISTER_FIELDS = ['username', 'email', 'password'] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];

export interface RegisterResult {
  message: string;
  fieldErrors: Partial<Record<RegisterField, string>>;
  values: { username: string; email: string };
}

export interface ForgotResult {
  message: string;
  email: string;
}

export interface OtpResult {
  intent: 'verify' | 'resend';
  ok: boolean;
  message: string;
}

export interface ResetResult {
  message: string;
  /** The verified state is gone (or never was): the screen offers a new code. */
  expired: boolean;
}

export const PROFILE_FIELDS = ['firstName', 'lastName', 'email', 'mobile', 'currentPassword', 'newPassword', 'confirmPassword'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export interface ProfileResult {
  intent: 'save-profile';
  ok: boolean;
  message: string;
  field?: ProfileField;
  /** Set on success (new each time), so the form knows to empty its password boxes. */
  savedAt?: number;
  /** On a refusal, what was typed (never the passwords), so a page rendered without script keeps it. */
  values?: Partial<Record<ProfileField, string>>;
}

export interface UndoResult {
  ok: boolean;
  message: string;
  /** The address that is back, for the link that mails a code to set a new password. */
  email?: string;
}

/** The screens' own texts (the spec's fixed messages live in MESSAGES of @milli/contracts). */
export const ACCOUNT_TEXT = {
  passwordHint: 'At least 8 characters, with a letter and a number, and not one of the common passwords.',
  resetDone: 'Your password has been changed. Please log in with the new password.',
  resetExpired: 'Your reset session has expired. Please ask for a new code.',
  resetNeedsCode: 'To create a new password, first ask for a one-time password by e-mail and enter it.',
  forgotFallback: 'We could not send a code just now. Please try again later.',
  otpFallback: 'We could not check the code just now. Please try again later.',
  resetFallback: 'We could not change your password just now. Please try again later.',
  profileFallback: 'We could not save your profile just now. Please try again later.',
  profileLoadFailed: 'We could not load your details just now. Please try again later.',
  emailHint: 'Changing it needs your current password; we tell your old address, with a way to undo it.',
  currentPasswordHint: 'Needed to change your e-mail address or your password.',
  undoFallback: 'We could not undo the change just now. Please try again later.',
  undoMissing: 'This link is not complete. Please open it again from the mail we sent to your old address.',
  codeResent: (email: string) => `We have sent a new code to ${email} if an account exists for it. It works for 10 minutes.`,
  codeSent: (email: string) => `If an account exists for ${email}, a 4-digit code is on its way. It works for 10 minutes.`,
} as const;

/** Query flags that carry a one-time banner to the login screen across a redirect (they work without script). */
export const LOGIN_BANNER_PARAMS = { registered: 'registered', reset: 'reset' } as const;
