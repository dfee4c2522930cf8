import type { PaymentRow } from '@milli/contracts';
import type { ApiClient } from '../../lib/api.ts';

/** My Account → Payments: the customer's payments (GET /api/payments), or null when they could not be loaded. */
export async function loadPayments(api: ApiClient): Promise<PaymentRow[] | null> {
  try {
    return (await api.get('/api/payments')).data;
  } catch {
    return null;
  }
}
