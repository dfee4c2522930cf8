/**
 * The rates screen's loader and action: GET /api/admin/rates, and the form's rupees sent as paise to
 * PUT /api/admin/rates (only the boxes that change something), its field messages mapped back to the boxes.
 */
import { redirect } from 'react-router';
import { RATE_KEYS, type RateKey, type RatesAnswer } from '@milli/contracts/schemas';
import type { AdminApi } from '../../lib/admin.server.ts';
import { parseRupees } from '../../lib/admin-form.ts';
import { rateField } from './rates-model.ts';

export const HISTORY_CHOICES = [30, 90, 365] as const;

export async function loadRates(api: AdminApi, request: Request): Promise<{ data: RatesAnswer; days: number; chart: RateKey; saved: RateKey[] | null }> {
  const url = new URL(request.url);
  const asked = Number(url.searchParams.get('days'));
  const days = (HISTORY_CHOICES as readonly number[]).includes(asked) ? asked : 90;
  const data = await api.get(`/api/admin/rates?days=${days}`);
  const chartParam = url.searchParams.get('chart') ?? '';
  const chart = (RATE_KEYS as readonly string[]).includes(chartParam) ? (chartParam as RateKey) : 'gold:22';
  const savedParam = url.searchParams.get('saved');
  // Issue 39: the keys saved ('gold:24,gold:22'), so the notice names exactly what was saved.
  const saved = savedParam === null ? null : savedParam.split(',').filter((k): k is RateKey => (RATE_KEYS as readonly string[]).includes(k));
  return { data, days, chart, saved };
}

export interface RatesActionResult {
  /** What was typed, by rate key, so the form shows it again. */
  values: Record<string, string>;
  /** Messages per rate key ('gold:22'), and 'form' for the whole. */
  errors: Partial<Record<RateKey | 'form', string>>;
  /** Set when the server asks to confirm changes of more than 20 %: the keys it named. */
  confirm?: RateKey[];
  message?: string;
}

type Entry = { metal: string; purity?: number; paisePerGram?: number; quality?: string; paisePerCarat?: number };

function entryOf(key: RateKey, paise: number): Entry {
  const [metal, grade] = key.split(':') as [string, string];
  return metal === 'diamond' ? { metal, quality: grade, paisePerCarat: paise } : { metal, purity: Number(grade), paisePerGram: paise };
}

/** Sends the boxes that differ from today's rates; a success goes back to the screen with the count saved. */
export async function saveRates(api: AdminApi, request: Request): Promise<RatesActionResult | Response> {
  const form = await request.formData();
  const values: Record<string, string> = {};
  const errors: RatesActionResult['errors'] = {};
  const keys: RateKey[] = [];
  const rates: Entry[] = [];
  for (const key of RATE_KEYS) {
    const text = String(form.get(rateField(key)) ?? '').slice(0, 40);
    values[key] = text;
    const paise = parseRupees(text);
    if (paise === null) continue;
    if (!Number.isInteger(paise) || paise <= 0) {
      errors[key] = 'Type the rate in rupees, e.g. 12505 or 12505.50.';
      continue;
    }
    const today = form.get(`today:${key}`);
    if (today !== null && today !== '' && Number(today) === paise) continue;
    keys.push(key);
    rates.push(entryOf(key, paise));
  }
  if (Object.keys(errors).length > 0) return { values, errors, message: 'Please correct the rates marked below.' };
  if (rates.length === 0) return { values, errors: { form: 'Type at least one rate that changes.' } };

  const confirm = form.get('confirm') === 'yes';
  const result = await api.send('PUT', '/api/admin/rates', { rates, confirm });
  if (result.ok) return redirect(`/admin/rates?saved=${keys.join(',')}`);
  const body = result.refusal;
  // The API names fields by position ('rates.2.paisePerGram'): back to the box of that rate.
  for (const [field, message] of Object.entries(body.fields ?? {})) {
    const key = keys[Number(/^rates\.(\d+)\./.exec(field)?.[1] ?? -1)];
    if (key) errors[key] ??= message;
    else errors.form ??= message;
  }
  if (body.status === 409) return { values, errors, confirm: Object.keys(errors).filter((k): k is RateKey => k !== 'form'), message: body.message ?? '' };
  return { values, errors: Object.keys(errors).length > 0 ? errors : { form: body.message ?? 'The rates could not be saved.' }, message: body.message ?? '' };
}
