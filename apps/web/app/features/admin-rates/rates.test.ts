import { describe, expect, it } from 'vitest';
import type { RateRow, RateSample } from '@milli/contracts/schemas';
import { priceChoice } from '@milli/pricing';
import type { AdminApi, AdminSendResult } from '../../lib/admin.server.ts';
import { saveRates } from './rates-actions.server.ts';
import { changePercent, initialInputs, previewSamples, typedRates } from './rates-model.ts';

const row = (key: RateRow['key'], inForce: number, today: number | null = null): RateRow => {
  const [metal, grade] = key.split(':') as [RateRow['metal'], string];
  return {
    key,
    label: key,
    metal,
    purity: metal === 'diamond' ? null : Number(grade),
    quality: metal === 'diamond' ? grade : null,
    unit: metal === 'diamond' ? 'carat' : 'gram',
    today,
    inForce: { paise: inForce, date: '2026-11-23' },
    yesterday: { paise: inForce, date: '2026-11-23' },
  };
};

const sample: RateSample = {
  id: 7,
  name: 'Bangle',
  sku: 'B-7',
  key: 'gold:18',
  pricePaise: 0,
  pricing: {
    metal: 'gold',
    metalWeightMg: 10_000,
    makingChargePaise: 500_000,
    makingPercentHundredths: null,
    makingPaisePerGram: null,
    sizeWeightsMg: {},
    stoneValuePaise: 0,
    diamondWeightCents: 50,
    fixedPricePaise: null,
    gstPercent: 3,
    defaultPurity: 18,
    defaultDiamondQuality: 'SI-IJ',
    ratesPaisePerGram: { '18': 1_000_000, '22': 1_200_000 },
    diamondRatesPaisePerCarat: { 'SI-IJ': 5_000_000 },
    ratesDate: '2026-11-23',
    defaultColour: 'Yellow Gold',
    purities: [18, 22],
    colours: ['Yellow Gold'],
    diamondQualities: ['SI-IJ'],
    sizeKind: null,
    sizes: [],
    sale: null,
  },
};
sample.pricePaise = priceChoice(sample.pricing)!.totalPaise;

describe('the rates screen’s sums', () => {
  const rates = [row('gold:18', 1_000_000), row('gold:22', 1_200_000, 1_210_000), row('diamond:SI-IJ', 5_000_000)];

  it('starts the boxes at today’s rates, empty where today’s is not in', () => {
    expect(initialInputs(rates)).toEqual({ 'gold:18': '', 'gold:22': '12100.00', 'diamond:SI-IJ': '' });
  });

  it('prices the typical pieces at the typed rates with the one price function, the rest at the rates in force', () => {
    const typed = typedRates(rates, { 'gold:18': '10,500', 'diamond:SI-IJ': 'nonsense' });
    expect(typed.get('gold:18')).toBe(1_050_000);
    expect(typed.get('diamond:SI-IJ')).toBe(5_000_000);
    const [preview] = previewSamples([sample], typed);
    const expected = priceChoice({ ...sample.pricing, ratesPaisePerGram: { '18': 1_050_000, '22': 1_210_000 } })!.totalPaise;
    expect(preview!.newPricePaise).toBe(expected);
    expect(preview!.change).toBeGreaterThan(0);
    expect(changePercent(105, 100)).toBe(5);
    expect(changePercent(100, null)).toBeNull();
  });
});

describe('saving the rates form', () => {
  function fakeApi(answer: AdminSendResult<unknown>) {
    const sent: unknown[] = [];
    const api = {
      send: async (_method: string, _path: string, body?: object) => {
        sent.push(body);
        return answer;
      },
    } as unknown as AdminApi;
    return { api, sent };
  }
  const post = (fields: Record<string, string>) => {
    const body = new URLSearchParams(fields);
    return new Request('http://shop.example/admin/rates', { method: 'POST', body });
  };

  it('sends the boxes that change something, in paise, and goes back to the screen saved', async () => {
    const { api, sent } = fakeApi({ ok: true, status: 200, data: { date: '2026-11-24', written: {}, repriced: 3 } });
    const res = await saveRates(api, post({ 'rate:gold:22': '12,505.50', 'rate:gold:18': '9000', 'today:gold:18': '900000', 'rate:silver:925': '' }));
    expect(sent).toEqual([{ rates: [{ metal: 'gold', purity: 22, paisePerGram: 1_250_550 }], confirm: false }]);
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).headers.get('location')).toBe('/admin/rates?saved=gold:22');
  });

  it('shows a refusal under the box it is about, and asks to confirm a jump', async () => {
    const refusal = {
      ok: false as const,
      refusal: { status: 409, code: 'CONFLICT' as const, message: 'Please confirm', fields: { 'rates.1.paisePerGram': '22 kt gold: jump' } },
    };
    const { api, sent } = fakeApi(refusal);
    const result = await saveRates(api, post({ 'rate:gold:24': '140000', 'rate:gold:22': '12505', confirm: '' }));
    expect((sent[0] as { rates: unknown[] }).rates).toHaveLength(2);
    expect(result).toMatchObject({ errors: { 'gold:22': '22 kt gold: jump' }, confirm: ['gold:22'] });
    // (RATE_KEYS lists 24 kt first: index 1 is 22 kt.)
    const confirmed = fakeApi(refusal);
    await saveRates(confirmed.api, post({ 'rate:gold:22': '12505', confirm: 'yes' }));
    expect(confirmed.sent[0]).toMatchObject({ confirm: true });
  });

  it('refuses what is not rupees before asking the server', async () => {
    const { api, sent } = fakeApi({ ok: true, status: 200, data: {} });
    const result = await saveRates(api, post({ 'rate:gold:22': '12.505,00' }));
    expect(sent).toEqual([]);
    expect(result).toMatchObject({ errors: { 'gold:22': expect.stringMatching(/rupees/) } });
  });
});
