import { formatRupees } from '@milli/pricing';
import type { AdminExchangeDetail } from '@milli/contracts/schemas';
import { AdminForm, FormActions, MoneyField, SubmitButton, TextField } from '../../components/admin/form-kit.tsx';
import { showDay } from './exchange-view.ts';

/** The value a received piece may be settled at, which every desk may read. */
export function SettleValue({ detail }: { detail: AdminExchangeDetail }) {
  return (
    <p className="xc-offer">
      Value at the rate of {detail.todayRateDate ? showDay(detail.todayRateDate) : 'the day received'}:{' '}
      <strong>{detail.todayPaise === null ? 'no rate that day' : formatRupees(detail.todayPaise)}</strong>
      {detail.todayRatePaisePerGram !== null && <span className="xc-muted"> ({formatRupees(detail.todayRatePaisePerGram)}/g)</span>}
    </p>
  );
}

/** The value and the form that settles the piece (posts intent=settle and the id); for members with the accounts permission. */
export function SettleForm({ detail, fields = {} }: { detail: AdminExchangeDetail; fields?: Record<string, string> | undefined }) {
  const x = detail.request;
  return (
    <>
      <SettleValue detail={detail} />
      <AdminForm aria-label={`Settle ${x.kind === 'exchange' ? 'exchange' : 'buy-back'} ${x.id}`}>
        <input type="hidden" name="intent" value="settle" />
        <input type="hidden" name="id" value={x.id} />
        <MoneyField
          name="amount"
          label="Amount to settle"
          defaultPaise={detail.todayPaise}
          required
          error={fields.amountPaise}
          hint="At most the value above; lower it only with a note of what testing found."
        />
        {x.kind === 'buyback' && (
          <TextField
            name="payoutReference"
            label="Bank transfer reference (UTR)"
            required
            maxLength={40}
            error={fields.payoutReference}
            hint="Pay the customer by bank transfer first: the store’s gateway only takes payments in."
          />
        )}
        <TextField name="note" label="Note" multiline rows={3} maxLength={500} error={fields.note} hint="What testing found, when settling below the value." />
        <FormActions>
          <SubmitButton name="intent" value="settle" pending="Settling…">
            {x.kind === 'exchange' ? 'Settle as store credit' : 'Record the payment'}
          </SubmitButton>
        </FormActions>
      </AdminForm>
    </>
  );
}
