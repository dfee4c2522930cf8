import { RETAINED_ON_ERASURE, RETENTION_YEARS } from '@milli/contracts';
import type { OutgoingMail } from '../mail/service.ts';
import { givenDetails, layout, type Brand } from '../../lib/mail-layout.ts';

/** The code that confirms an erasure, for an account confirmed without its password. */
export function erasureCodeMail(brand: Brand, to: string, code: string, minutes: number): OutgoingMail {
  const body = layout(
    brand,
    'Your code to erase your account',
    [
      `Enter this code on My privacy to erase your ${brand.storeName} account. It works for ${minutes} minutes.`,
      'Erasing cannot be undone: your name, contact details and addresses are removed and the account can no longer be used.',
      `If you did not ask for this, do nothing: your account stays as it is. Worried? Call us on ${brand.helpLine}.`,
    ],
    code,
  );
  return { to, subject: `${code} is your code to erase your ${brand.storeName} account`, kind: 'erasure-code', ...body };
}

/** Sent to the address the account had, in the transaction that erases it: the last mail the store sends there. */
export function erasedMail(brand: Brand, to: string): OutgoingMail {
  const body = layout(brand, 'Your account has been erased', [
    `As you asked, the personal data of your ${brand.storeName} account has been erased: the account can no longer be logged in to, and we will not write to this address again.`,
    `What the tax laws make us keep, we keep, locked, for ${RETENTION_YEARS} years after the end of the financial year of each sale: ${RETAINED_ON_ERASURE.filter(
      (r) => r.key !== 'audit-log' && r.key !== 'consent-history',
    )
      .map((r) => r.text)
      .join('; ')}.`,
    `Questions? Call us on ${brand.helpLine}.`,
  ]);
  return { to, subject: `Your ${brand.storeName} account has been erased`, kind: 'account-erased', ...body };
}

/** A nominee set, changed or removed: told to the customer, who may not have done it. */
export function nomineeMail(brand: Brand, to: string, nominee: { name: string; relationship: string } | null): OutgoingMail {
  const body = layout(
    brand,
    nominee ? 'Your nominee was set' : 'Your nominee was removed',
    [
      nominee
        ? `Your ${brand.storeName} account now names a nominee, who may exercise your rights over your personal data if you die or cannot do so yourself.`
        : `Your ${brand.storeName} account no longer names a nominee.`,
      nominee ? givenDetails([['Nominee', `${nominee.name} (${nominee.relationship})`]]) : '',
      `If this was not you, call us at once on ${brand.helpLine}.`,
    ].filter((p) => p !== ''),
  );
  return { to, subject: nominee ? `Your ${brand.storeName} nominee was set` : `Your ${brand.storeName} nominee was removed`, kind: 'nominee-changed', ...body };
}
