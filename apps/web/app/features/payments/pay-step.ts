import type { DemoInstrument, GatewayPayment } from '@milli/contracts';

export { holdTime, orderPagePath, payPagePath, thankYouPath } from '../../lib/payment-step.ts';

/** What the payment step's loader and action answer (browser-safe: types only). */

export type DemoChoice = DemoInstrument;

/** What the order is for: its lines and totals, or null when the order could not be read just now. */
export interface PaySummary {
  lines: { name: string; quantity: number }[];
  totalPaise: number;
  harvestCreditPaise: number;
  /** Store credit spent on the order (issue 20); absent on older answers. */
  storeCreditPaise?: number;
  /** Issue 42: settled by the rate lock's advance, and by fine gold from the metal account (its grams); absent on older answers. */
  rateLockAdvancePaise?: number;
  metalAccountMg?: number;
  metalAccountPaise?: number;
}

export type PayStep =
  | {
      kind: 'ready';
      orderNumber: string;
      /** Until when the order holds its pieces (ISO); null for a made-to-order balance, which never lapses. */
      payBy: string | null;
      payment: GatewayPayment;
      summary: PaySummary | null;
      /** The demo checkout's test instruments (none for Razorpay). */
      instruments: { id: DemoChoice; label: string; outcome: string }[];
      /** Razorpay Checkout's prefill. */
      prefill: { name: string; email: string; contact: string };
    }
  | { kind: 'lapsed' | 'unavailable'; orderNumber: string; message: string; summary: PaySummary | null };

/** The no-script demo form's refusal: the bank's (or our) message, and the instrument that was tried. */
export interface PayStepResult {
  message: string;
  instrument: DemoChoice | null;
}
