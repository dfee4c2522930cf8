/**
 * Signing in and up with a mobile number (issue 41, decision 058): the words and closed sets the server and the
 * screens share. Browser-safe: the number itself is read by the server (libphonenumber-js stays out of the bundles).
 */

/** How a one-time code reaches the phone: an SMS unless the shopper chose WhatsApp. */
export const PHONE_CHANNELS = ['sms', 'whatsapp'] as const;
export type PhoneChannel = (typeof PHONE_CHANNELS)[number];
export const PHONE_CHANNEL_LABELS: Record<PhoneChannel, string> = { sms: 'SMS', whatsapp: 'WhatsApp' };

/** What a code is for: signing in (or up) with the number, or adding it to the signed-in account. */
export const PHONE_CODE_PURPOSES = ['sign_in', 'add_phone'] as const;
export type PhoneCodePurpose = (typeof PHONE_CODE_PURPOSES)[number];

/** Digits in a code, minutes it lives, and seconds before another may be asked for the same number. */
export const PHONE_CODE_DIGITS = 6;
export const PHONE_CODE_MINUTES = 10;
export const PHONE_RESEND_SECONDS = 30;

export const PHONE_TEXT = {
  badNumber: 'Please enter a valid Indian mobile number (10 digits, starting with 6, 7, 8 or 9).',
  codeSent: `We have sent a ${PHONE_CODE_DIGITS}-digit code to your mobile. It works for ${PHONE_CODE_MINUTES} minutes.`,
  codeWrong: 'The code is not correct or has expired. Please try again or ask for a new code.',
  resendTooSoon: `Please wait ${PHONE_RESEND_SECONDS} seconds before asking for another code.`,
  signedIn: 'You are signed in.',
  nameNeeded: 'Welcome to Milli! Please tell us your name to finish creating your account.',
  nameSaved: 'Thank you. Your account is ready.',
  phoneTaken: 'This mobile number is already used by another account. Please use a different number, or call us.',
  phoneSame: 'This number is already verified on your account.',
  phoneAdded: 'Your mobile number is verified. You can now sign in with it.',
} as const;

/**
 * An account made by its mobile number has no e-mail yet, but every account has one (the column is the mail outbox's
 * address and unique): it gets `mobile-{random}@` this domain, which nothing is ever mailed to (`.invalid` is
 * reserved), and the profile shows the e-mail box empty until the customer gives one.
 */
export const NO_EMAIL_DOMAIN = 'no-email.invalid';
export const isNoEmailAddress = (email: string) => email.toLowerCase().endsWith(`@${NO_EMAIL_DOMAIN}`);
