import { describe, expect, it } from 'vitest';
import { priceChoice } from '@milli/pricing';
import { productBodyFrom } from './form-data.ts';
import { previewInputOf, previewPrice } from './price-preview.tsx';

const card = { day: '2026-11-24', gstPercent: 3, metal: { 'gold:22': 12_505_00, 'silver:925': 95_00 }, diamond: { 'SI-IJ': 65_000_00 } };

describe('the form’s price preview', () => {
  it('prices a weighed piece with the one price function, making per gram, percent or fixed', () => {
    const input = {
      metal: 'gold',
      purity: '22',
      metalWeightG: '10',
      fixedPrice: '',
      makingChargeKind: 'percent',
      makingCharge: '12.5',
      stoneValue: '',
      diamondWeightCt: '',
      diamondQuality: '',
    };
    const result = previewPrice(input, card);
    const expected = priceChoice({
      metalWeightMg: 10_000,
      makingChargePaise: 0,
      makingPercentHundredths: 1250,
      stoneValuePaise: 0,
      diamondWeightCents: 0,
      fixedPricePaise: null,
      gstPercent: 3,
      defaultPurity: 22,
      defaultDiamondQuality: null,
      ratesPaisePerGram: { '22': 12_505_00 },
      diamondRatesPaisePerCarat: card.diamond,
    });
    expect(result).toMatchObject({ ok: true, totalPaise: expected!.totalPaise });
    const perGram = previewPrice({ ...input, makingChargeKind: 'per_gram', makingCharge: '500' }, card);
    const fixed = previewPrice({ ...input, makingChargeKind: 'fixed', makingCharge: '5000' }, card);
    expect(perGram.ok && fixed.ok && perGram.totalPaise === fixed.totalPaise).toBe(true);
  });

  it('shows a fixed price as it is, and says what is missing', () => {
    expect(
      previewPrice(
        {
          metal: 'silver',
          purity: '',
          metalWeightG: '',
          fixedPrice: '1499',
          makingChargeKind: 'fixed',
          makingCharge: '',
          stoneValue: '',
          diamondWeightCt: '',
          diamondQuality: '',
        },
        card,
      ),
    ).toMatchObject({ ok: true, totalPaise: 149_900 });
    expect(
      previewPrice(
        {
          metal: 'gold',
          purity: '',
          metalWeightG: '',
          fixedPrice: '',
          makingChargeKind: 'fixed',
          makingCharge: '',
          stoneValue: '',
          diamondWeightCt: '',
          diamondQuality: '',
        },
        card,
      ),
    ).toMatchObject({ ok: false });
    expect(
      previewPrice(
        {
          metal: 'platinum',
          purity: '',
          metalWeightG: '3',
          fixedPrice: '',
          makingChargeKind: 'fixed',
          makingCharge: '',
          stoneValue: '',
          diamondWeightCt: '',
          diamondQuality: '',
        },
        card,
      ),
    ).toMatchObject({ ok: false, reason: expect.stringMatching(/no rate/) });
  });
});

describe('productBodyFrom', () => {
  it('sends the form’s fields by their names, lists as lists and ticks as yes/no', () => {
    const form = new FormData();
    form.set('name', ' Kangan ');
    form.append('tags', 'Kada');
    form.append('tags', 'Temple');
    form.set('hallmarked', 'on');
    const body = productBodyFrom(form);
    expect(body).toMatchObject({ name: 'Kangan', tags: ['Kada', 'Temple'], hallmarked: true, active: false, sku: '' });
    expect(previewInputOf(form).metal).toBe('gold');
  });
});
