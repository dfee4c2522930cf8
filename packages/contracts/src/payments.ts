import { z } from 'zod';

/**
 * Card fields of the payment form. Kept loose here (trimmed text, bounded length): the gateway checks
 * them (Luhn, expiry, CVV) and answers per field, so a typo gets its own message, not a schema error.
 */
export const CardSchema = z.object({
  nameOnCard: z.string({ error: 'Please enter the name on the card.' }).trim().min(1, 'Please enter the name on the card.').max(100, 'The name on the card is too long.'),
  cardNumber: z.string({ error: 'Please enter the card number.' }).trim().max(40, 'The card number is too long.'),
  expiry: z.string({ error: 'Please enter the expiry date (MM/YY).' }).trim().max(10, 'Please enter the expiry date as MM/YY.'),
  cvv: z.string({ error: 'Please enter the CVV.' }).trim().max(10, 'The CVV is 3 or 4 digits.'),
});
export type Card = z.infer<typeof CardSchema>;
export type CardField = keyof Card;

/** A payment answer that went wrong for a reason the payer can act on; `fields` names the card fields at fault. */
export const PaymentErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type PaymentError = z.infer<typeof PaymentErrorSchema>;

/** One row of GET /api/payments (My Account → Payments). */
export const PaymentRowSchema = z.object({
  id: z.number().int(),
  purpose: z.enum(['cad_advance', 'harvest_instalment', 'order']),
  description: z.string(),
  amountPaise: z.number().int(),
  status: z.enum(['created', 'paid', 'failed', 'refunded']),
  /** e.g. 'Visa •••• 1111'; never more of the card. */
  method: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type PaymentRow = z.infer<typeof PaymentRowSchema>;
export const PaymentListSchema = z.object({ data: z.array(PaymentRowSchema) });
