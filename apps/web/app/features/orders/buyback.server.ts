import { data, redirect } from 'react-router';
import type { BuybackQuote } from '@milli/contracts';
import { ApiError, type ApiClient } from '../../lib/api.ts';

/** The order page's lifetime exchange and buy-back: today's quote (a delivered order only) and asking for either. */
export async function loadBuybackQuote(api: ApiClient, orderNumber: string): Promise<BuybackQuote | null> {
  try {
    return await api.get(`/api/orders/${encodeURIComponent(orderNumber)}/buyback-quote`);
  } catch {
    // The rest of the order page stands without it.
    return null;
  }
}

export interface ExchangeAskResult {
  ok: boolean;
  message: string;
}

export async function askExchange(api: ApiClient, orderNumber: string, form: FormData) {
  const body = { lineId: String(form.get('lineId') ?? ''), kind: String(form.get('kind') ?? ''), pieceId: String(form.get('pieceId') ?? '') };
  try {
    const answer = await api.post(`/api/orders/${encodeURIComponent(orderNumber)}/exchange-requests`, body);
    return data<ExchangeAskResult>({ ok: true, message: answer.message });
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === 401) throw redirect('/login');
      if (error.status < 500) return data<ExchangeAskResult>({ ok: false, message: error.message }, { status: error.status });
    }
    return data<ExchangeAskResult>({ ok: false, message: 'We could not send your request just now. Please try again, or call us.' }, { status: 502 });
  }
}
