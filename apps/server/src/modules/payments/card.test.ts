import { describe, expect, it } from 'vitest';
import { cardBrand, cardLabel, checkCard, luhnValid } from './card.ts';
import { createDemoGateway, DEMO_MESSAGES } from './gateway.ts';

const NOW = new Date('2026-11-23T10:00:00Z');
const card = (over: Partial<{ nameOnCard: string; cardNumber: string; expiry: string; cvv: string }> = {}) => ({
  nameOnCard: 'Asha Rao',
  cardNumber: '4111 1111 1111 1111',
  expiry: '12/28',
  cvv: '123',
  ...over,
});

describe('card checks', () => {
  it('tells valid card numbers from mistyped ones by Luhn', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('5555555555554444')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('4111111111111')).toBe(false);
    expect(luhnValid('41111111111111x1')).toBe(false);
  });

  it('keeps only the brand and the last four digits', () => {
    expect(cardBrand('5555555555554444')).toBe('Mastercard');
    expect(cardLabel('4111111111111111')).toBe('Visa •••• 1111');
  });

  it('checks the expiry (to the end of its month) and the CVV, with a message per field', () => {
    expect(checkCard(card({ expiry: '11/26' }), NOW).ok).toBe(true);
    const bad = checkCard(card({ cardNumber: '4111 1111 1111 1112', expiry: '10/26', cvv: '12' }), NOW);
    expect(bad).toEqual({
      ok: false,
      fields: { cardNumber: 'This card number is not valid. Please check it.', expiry: 'This card has expired.', cvv: 'The CVV is the 3 or 4 digits on the back of the card.' },
    });
    expect(checkCard(card({ expiry: '13/27' }), NOW)).toMatchObject({ ok: false, fields: { expiry: 'Please enter the expiry date as MM/YY.' } });
    expect(checkCard(card({ nameOnCard: ' ' }), NOW)).toMatchObject({ ok: false, fields: { nameOnCard: expect.any(String) } });
  });
});

describe('the demo gateway', () => {
  const gateway = createDemoGateway(() => NOW);
  const charge = (number: string, key: string) => gateway.charge({ amountPaise: 100_000, card: card({ cardNumber: number }), idempotencyKey: key, description: 'test' });

  it('answers the documented test cards', async () => {
    expect(await charge('4111111111111111', 'k-ok-1')).toMatchObject({ ok: true, method: 'Visa •••• 1111', ref: expect.stringMatching(/^demo_/) });
    expect(await charge('4000 0000 0000 0002', 'k-no-1')).toEqual({ ok: false, reason: DEMO_MESSAGES.declined, code: 'declined' });
    expect(await charge('4000000000009995', 'k-funds-1')).toEqual({ ok: false, reason: DEMO_MESSAGES.insufficientFunds, code: 'insufficient_funds' });
    expect(await charge('4242424242424242', 'k-other-1')).toMatchObject({ ok: false, reason: DEMO_MESSAGES.notATestCard });
  });

  it('answers a repeated key with the first result', async () => {
    const first = await charge('4111111111111111', 'k-same');
    expect(await charge('4111111111111111', 'k-same')).toEqual(first);
  });
});
