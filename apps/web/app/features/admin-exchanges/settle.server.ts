/**
 * Settling a received exchange or buy-back (permission accounts), shared by the request's page and Refunds due:
 * the amount typed in rupees, the bank reference of a buy-back, the note when below the value.
 */
import { formatRupees } from '@milli/pricing';
import type { AdminApi } from '../../lib/admin.server.ts';
import { parseRupees } from '../../lib/admin-form.ts';

export interface SettleResult {
  intent: 'settle';
  id: number;
  ok: boolean;
  message: string;
  fields?: Record<string, string>;
}

export async function settleExchange(api: AdminApi, id: number, form: FormData): Promise<SettleResult> {
  const amount = parseRupees(form.get('amount'));
  if (amount === null || Number.isNaN(amount))
    return { intent: 'settle', id, ok: false, message: 'Please give the amount in rupees.', fields: { amountPaise: 'Please give the amount in rupees.' } };
  const r = await api.send('POST', `/api/admin/exchanges/${id}/settle`, {
    amountPaise: amount,
    payoutReference: String(form.get('payoutReference') ?? ''),
    note: String(form.get('note') ?? ''),
  });
  if (!r.ok) return { intent: 'settle', id, ok: false, message: r.refusal.message, ...(r.refusal.fields ? { fields: r.refusal.fields } : {}) };
  const x = r.data.request;
  const message =
    x.kind === 'exchange'
      ? `Settled: ${formatRupees(x.settledPaise ?? 0)} added to the customer’s store credit.`
      : `Settled: ${formatRupees(x.settledPaise ?? 0)} recorded as paid (reference ${x.payoutReference ?? ''}).`;
  return { intent: 'settle', id, ok: true, message };
}
