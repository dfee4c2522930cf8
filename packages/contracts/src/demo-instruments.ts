/**
 * The demo gateway's test instruments (its checkout lists them; no card number is ever typed or sent).
 * They behave as Razorpay's test mode does: success@razorpay is paid, failure@razorpay fails. Browser-safe
 * (no zod): '@milli/contracts' exports them for the checkout dialog.
 */
export const DEMO_INSTRUMENTS = [
  { id: 'card_success', method: 'card', label: 'Test card Visa •••• 1111', outcome: 'is paid' },
  { id: 'card_declined', method: 'card', label: 'Test card Visa •••• 0002', outcome: 'is declined by the bank' },
  { id: 'card_insufficient', method: 'card', label: 'Test card Mastercard •••• 9995', outcome: 'fails for insufficient funds' },
  { id: 'upi_success', method: 'upi', label: 'UPI success@razorpay', outcome: 'is paid' },
  { id: 'upi_failure', method: 'upi', label: 'UPI failure@razorpay', outcome: 'fails' },
  { id: 'netbanking_success', method: 'netbanking', label: 'Netbanking: Test Bank', outcome: 'is paid' },
] as const;
export type DemoInstrument = (typeof DEMO_INSTRUMENTS)[number]['id'];
