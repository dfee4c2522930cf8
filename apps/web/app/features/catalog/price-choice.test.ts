import { describe, expect, it } from 'vitest';
import { priceJewellery } from '@milli/pricing';
import { choiceAsked, effectiveChoice, priceForChoice } from './price-choice.ts';
import { goldPricing } from '../../lib/pricing-fixture.ts';

const gold = goldPricing;

describe('priceForChoice', () => {
  it('prices the chosen purity with the pricing package', () => {
    const p = priceForChoice(gold(), { purity: 18, diamondQuality: null });
    const expected = priceJewellery({
      metalWeightMg: 5_250,
      ratePaisePerGram: 10_240_00,
      makingChargePaise: 4_500_00,
      stoneValuePaise: 0,
      diamondWeightCents: 0,
      diamondRatePaisePerCarat: 0,
      fixedPricePaise: null,
      gstPercent: 3,
    });
    expect(p?.breakup).toEqual(expected);
    expect(p?.purity).toBe(18);
  });

  it('a higher karat costs more, and the lines add up to the total', () => {
    const k14 = priceForChoice(gold(), { purity: 14, diamondQuality: null })!.breakup;
    const k24 = priceForChoice(gold(), { purity: 24, diamondQuality: null })!.breakup;
    expect(k24.totalPaise).toBeGreaterThan(k14.totalPaise);
    const b = k24;
    expect(b.metalPaise + b.makingPaise + b.stonesPaise + b.diamondPaise + b.gstPaise).toBe(b.totalPaise);
  });

  it('diamond quality changes the price only of pieces with diamonds', () => {
    const plain = priceForChoice(gold(), { purity: 22, diamondQuality: 'VVS-EF' })!;
    expect(plain.diamondQuality).toBeNull();
    expect(plain.breakup.diamondPaise).toBe(0);
    const set = gold({ diamondWeightCents: 25, defaultDiamondQuality: 'SI-GH' });
    const si = priceForChoice(set, { purity: 22, diamondQuality: 'SI-IJ' })!.breakup;
    const vvs = priceForChoice(set, { purity: 22, diamondQuality: 'VVS-EF' })!.breakup;
    expect(vvs.diamondPaise).toBe(26_250_00); // 0.25 ct × Rs 1,05,000
    expect(vvs.totalPaise).toBeGreaterThan(si.totalPaise);
  });

  it('has no price for a purity or grade without a published rate (the server refuses those too)', () => {
    expect(priceForChoice(gold({ ratesPaisePerGram: { '22': 12_505_00 } }), { purity: 24, diamondQuality: null })).toBeNull();
    expect(priceForChoice(gold({ diamondWeightCents: 10, defaultDiamondQuality: 'SI-GH' }), { purity: 22, diamondQuality: 'XX' })).toBeNull();
  });

  it('silver and platinum keep their own purity whatever karat is picked', () => {
    const silver = gold({ metal: 'silver', defaultPurity: 925, ratesPaisePerGram: { '925': 182_00 } });
    expect(priceForChoice(silver, { purity: 24, diamondQuality: null })!.purity).toBe(925);
  });

  it('tells the cart only the options the server accepts for the piece', () => {
    expect(effectiveChoice(gold(), { purity: 18, diamondQuality: 'VVS-EF' })).toEqual({ purity: 18, diamondQuality: undefined });
    const platinumDiamond = gold({ metal: 'platinum', defaultPurity: 950, diamondWeightCents: 25, defaultDiamondQuality: 'SI-GH' });
    expect(effectiveChoice(platinumDiamond, { purity: 18, diamondQuality: null })).toEqual({ purity: undefined, diamondQuality: 'SI-GH' });
  });

  it('pieces without a weight keep their fixed price', () => {
    const fixed = gold({ metalWeightMg: null, fixedPricePaise: 10_300_00 });
    const p = priceForChoice(fixed, { purity: 14, diamondQuality: null })!.breakup;
    expect(p.totalPaise).toBe(10_300_00);
    expect(p.computed).toBe(false);
  });

  it('is null for data the price function refuses', () =>
    expect(priceForChoice(gold({ metalWeightMg: null, fixedPricePaise: null }), { purity: 22, diamondQuality: null })).toBeNull());
});

describe('choiceAsked: the no-script Update price button’s choices (issue 40)', () => {
  const ask = (query: string) => new URLSearchParams(query);
  it('reads the choices a piece offers from its address, so the page is priced at them', () => {
    const pricing = gold({ colours: ['Yellow Gold', 'Rose Gold'], sizeKind: 'ring', sizes: ['10', '12'] });
    const asked = choiceAsked(pricing, ask('intent=add-to-cart&purity=18&colour=Rose+Gold&size=12&quantity=1'));
    expect(asked).toEqual({ purity: 18, colour: 'Rose Gold', size: '12' });
    expect(priceForChoice(pricing, { purity: asked.purity!, diamondQuality: null })!.breakup.totalPaise).toBe(
      priceForChoice(pricing, { purity: 18, diamondQuality: null })!.breakup.totalPaise,
    );
  });
  it('leaves out what the piece does not offer or has no rate for today', () => {
    const pricing = gold({ ratesPaisePerGram: { '22': 12_505_00 }, diamondWeightCents: 20, diamondQualities: ['SI-IJ', 'VVS-EF'] });
    expect(choiceAsked(pricing, ask('purity=18&colour=White+Gold&size=12&diamondQuality=FL'))).toEqual({});
    expect(choiceAsked(pricing, ask('purity=9'))).toEqual({});
    expect(choiceAsked(pricing, ask('diamondQuality=VVS-EF'))).toEqual({ diamondQuality: 'VVS-EF' });
  });
});
