/**
 * Issue 39: a refund sends money at once, so it never goes on one click: the member ticks a box that states the
 * amount and where it goes, and the amount they read travels with the request (the API refuses it if the refund due
 * has changed meanwhile). Works without JavaScript: an unticked box comes back with its message.
 */
import { formatRupees } from '@milli/pricing';
import { Checkbox } from '../../components/admin/form-kit.tsx';

export const REFUND_CONFIRM_FIELD = 'confirmRefund';
export const REFUND_NOT_CONFIRMED = 'Tick the box to confirm the amount and where it goes; nothing was refunded.';

export function RefundConfirm({ amountPaise, explanation, error }: { amountPaise: number; explanation: string; error?: string | undefined }) {
  return (
    <>
      <input type="hidden" name="amountPaise" value={amountPaise} />
      <Checkbox name={REFUND_CONFIRM_FIELD} value="yes" label={`Yes, refund ${formatRupees(amountPaise)} now. ${explanation}`} error={error} />
    </>
  );
}

/** The refund's body from the form, or the message when the box was not ticked or the amount is unreadable. */
export function refundBodyOf(form: FormData): { body: { amountPaise: number } } | { error: string } {
  if (form.get(REFUND_CONFIRM_FIELD) !== 'yes') return { error: REFUND_NOT_CONFIRMED };
  const amount = Number(form.get('amountPaise'));
  if (!Number.isSafeInteger(amount) || amount < 0) return { error: 'The amount to refund could not be read: open the return again.' };
  return { body: { amountPaise: amount } };
}
