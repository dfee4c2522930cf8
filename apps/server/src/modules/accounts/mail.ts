import type { OutgoingMail } from '../mail/service.ts';
import { givenDetails, layout, type Brand } from '../../lib/mail-layout.ts';

export function welcomeMail(brand: Brand, to: string, username: string): OutgoingMail {
  const body = layout(brand, `Welcome to ${brand.storeName}`, [
    'Your account is ready. Log in to keep a wish list, follow your orders and ask our designers for a piece made just for you.',
    `Questions? Call us on ${brand.helpLine} or reply to this mail.`,
    givenDetails([['Username', username]]),
  ]);
  return { to, subject: `Welcome to ${brand.storeName}`, kind: 'welcome', ...body };
}

export function otpMail(brand: Brand, to: string, code: string, minutes: number, resetUrl: string, linkHours: number): OutgoingMail {
  const body = layout(
    brand,
    'Your one-time password',
    [
      `Use this code to reset your ${brand.storeName} password. It works for ${minutes} minutes.`,
      `Or use the link below, which works for ${linkHours} hours, even when the code has run out of tries.`,
      'If you did not ask to reset your password, you can ignore this mail: your password stays as it is.',
    ],
    code,
    { label: 'Set a new password', href: resetUrl },
  );
  return { to, subject: `${code} is your ${brand.storeName} password reset code`, kind: 'password-reset', ...body };
}

export function passwordChangedMail(brand: Brand, to: string): OutgoingMail {
  const body = layout(brand, 'Your password was changed', [
    'The password of your account was just changed, and every other device was logged out.',
    `If this was not you, call us at once on ${brand.helpLine}.`,
  ]);
  return { to, subject: `Your ${brand.storeName} password was changed`, kind: 'password-changed', ...body };
}

/** To the address a customer's account just left, with the single-use link that puts it back. */
export function emailChangedMail(brand: Brand, to: string, newEmail: string, undoUrl: string, days: number): OutgoingMail {
  const body = layout(
    brand,
    'Your e-mail address was changed',
    [
      `The e-mail address of your ${brand.storeName} account was just changed from this address to ${newEmail}.`,
      `If this was not you, use the link below within ${days} days: it puts this address back, logs out every device and asks for a new password, which we will send a code for to this address.`,
      `If it was you, there is nothing to do. Questions? Call us on ${brand.helpLine}.`,
    ],
    undefined,
    { label: 'This was not me: undo the change', href: undoUrl },
  );
  return { to, subject: `Your ${brand.storeName} e-mail address was changed`, kind: 'email-changed', ...body };
}
