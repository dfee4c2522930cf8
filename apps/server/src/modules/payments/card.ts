import type { Card, CardField } from '@milli/contracts/schemas';

/** The Luhn check digit test every card number passes; it catches a mistyped digit or two swapped ones. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  if (/^(508|60|65|81|82)/.test(digits)) return 'RuPay';
  return 'Card';
}

/** What may be kept of a card: its brand and last four digits. */
export const cardLabel = (digits: string) => `${cardBrand(digits)} •••• ${digits.slice(-4)}`;

export interface CheckedCard {
  digits: string;
  expiryMonth: number;
  expiryYear: number;
  label: string;
}

/**
 * Checks the card fields as a payer typed them (spaces and dashes in the number are fine): the number
 * by Luhn, the expiry as MM/YY not in the past (a card is valid to the end of its month), the CVV as
 * 3 or 4 digits. Answers the card or a message per field.
 */
export function checkCard(card: Card, now: Date): { ok: true; card: CheckedCard } | { ok: false; fields: Partial<Record<CardField, string>> } {
  const fields: Partial<Record<CardField, string>> = {};
  const digits = card.cardNumber.replace(/[\s-]/g, '');
  if (!card.nameOnCard.trim()) fields.nameOnCard = 'Please enter the name on the card.';
  if (!digits) fields.cardNumber = 'Please enter the card number.';
  else if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) fields.cardNumber = 'This card number is not valid. Please check it.';

  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(card.expiry.trim());
  let expiryMonth = 0;
  let expiryYear = 0;
  if (!card.expiry.trim()) fields.expiry = 'Please enter the expiry date (MM/YY).';
  else if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12) fields.expiry = 'Please enter the expiry date as MM/YY.';
  else {
    expiryMonth = Number(expiry[1]);
    expiryYear = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
    const nowMonths = now.getUTCFullYear() * 12 + now.getUTCMonth();
    const cardMonths = expiryYear * 12 + (expiryMonth - 1);
    if (cardMonths < nowMonths) fields.expiry = 'This card has expired.';
    else if (cardMonths > nowMonths + 20 * 12) fields.expiry = 'Please check the expiry date.';
  }

  if (!card.cvv) fields.cvv = 'Please enter the CVV.';
  else if (!/^\d{3,4}$/.test(card.cvv)) fields.cvv = 'The CVV is the 3 or 4 digits on the back of the card.';

  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, card: { digits, expiryMonth, expiryYear, label: cardLabel(digits) } };
}
