/**
 * The built-in test gateway's cards (docs/decisions/015): the payment form lists them, the gateway
 * answers them. Any future expiry and any 3-digit CVV work with them; no other number is accepted.
 */
export const DEMO_TEST_CARDS = [
  { number: '4111 1111 1111 1111', outcome: 'succeeds' },
  { number: '5555 5555 5555 4444', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0000 0000 9995', outcome: 'fails for insufficient funds' },
] as const;

export const DEMO_PAYMENT_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  notATestCard: 'This store takes test payments only: please use one of the test cards listed on the form.',
} as const;
