import type { MetalAccount } from '@milli/contracts/schemas';
import { formatGrams } from '@milli/pricing';
import { refusalMessage, type ApiClient } from '../../lib/api.ts';
import { replyTo } from '../../lib/api.server.ts';
import { METAL_BUY_BACK_INTENT, type MetalBuyBackResult } from './metal-account-pane.tsx';

/** The shopper's metal account (GET /api/metal-account); null when it cannot be read. */
export async function loadMetalAccount(api: ApiClient): Promise<MetalAccount | null> {
  try {
    return await api.get('/api/metal-account');
  } catch {
    return null;
  }
}

/** The buy-back form: POST /api/metal-account/buy-back with the grams typed; the server checks and words every refusal. */
export async function sellMetalBack(api: ApiClient, form: FormData): Promise<MetalBuyBackResult> {
  const grams = String(form.get('grams') ?? '').trim();
  const answer = await replyTo(api, 'POST', '/api/metal-account/buy-back', { grams });
  if (answer?.ok) return { intent: METAL_BUY_BACK_INTENT, ok: true, message: answer.data.message || `Sold ${formatGrams(answer.data.mg)} back.` };
  return { intent: METAL_BUY_BACK_INTENT, ok: false, grams, message: refusalMessage(answer?.body) ?? 'We could not sell it back just now. Please try again.' };
}
