import { describe, expect, it } from 'vitest';
import { lengthWeightsMg, priceChoice, resolveChoice, weightOfChoice, type ChoiceOffer, type RateCard } from './choice.ts';
import { priceJewellery } from './price.ts';

const ring: RateCard = {
  metalWeightMg: 4_250,
  makingChargePaise: 3_500_00,
  stoneValuePaise: 0,
  diamondWeightCents: 20,
  fixedPricePaise: null,
  gstPercent: 3,
  defaultPurity: 18,
  defaultDiamondQuality: 'SI-IJ',
  ratesPaisePerGram: { '14': 4_500_00, '18': 5_800_00, '22': 7_100_00, '24': 7_750_00 },
  diamondRatesPaisePerCarat: { 'SI-IJ': 45_000_00, 'VVS-EF': 95_000_00 },
};

describe('priceChoice', () => {
  it('prices the default choice with the one price function', () => {
    const expected = priceJewellery({
      metalWeightMg: 4_250,
      ratePaisePerGram: 5_800_00,
      makingChargePaise: 3_500_00,
      stoneValuePaise: 0,
      diamondWeightCents: 20,
      diamondRatePaisePerCarat: 45_000_00,
      fixedPricePaise: null,
      gstPercent: 3,
    });
    expect(priceChoice(ring)).toEqual({ ...expected, ratePaisePerGram: 5_800_00 });
  });

  it('goes up with purity and diamond quality', () => {
    const base = priceChoice(ring)!.totalPaise;
    expect(priceChoice(ring, { purity: 22 })!.totalPaise).toBeGreaterThan(base);
    expect(priceChoice(ring, { diamondQuality: 'VVS-EF' })!.totalPaise).toBeGreaterThan(base);
    expect(priceChoice(ring, { purity: 14 })!.totalPaise).toBeLessThan(base);
  });

  it('is null for a choice without a published rate', () => {
    expect(priceChoice(ring, { purity: 9 })).toBeNull();
    expect(priceChoice(ring, { diamondQuality: 'VVS-GH' })).toBeNull();
  });

  it('keeps a fixed price for pieces without a metal weight', () => {
    const fixed: RateCard = { ...ring, metalWeightMg: null, diamondWeightCents: 0, fixedPricePaise: 1_299_00, ratesPaisePerGram: {} };
    expect(priceChoice(fixed)!.totalPaise).toBe(1_299_00);
  });
});

describe('a chain priced by its length (issue 38)', () => {
  const chain: RateCard = {
    metalWeightMg: 5_580,
    makingChargePaise: 1_200_00,
    stoneValuePaise: 0,
    diamondWeightCents: 0,
    fixedPricePaise: null,
    gstPercent: 3,
    defaultPurity: 22,
    defaultDiamondQuality: null,
    ratesPaisePerGram: { '18': 10_240_00, '22': 12_505_00 },
    diamondRatesPaisePerCarat: {},
    sizeWeightsMg: { '16': 5_580, '18': 6_280, '24': 8_370 },
  };
  const at = (card: RateCard, weightMg: number, makingChargePaise: number, makingPercentHundredths: number | null = null) =>
    priceJewellery({
      metalWeightMg: weightMg,
      ratePaisePerGram: 12_505_00,
      makingChargePaise,
      makingPercentHundredths,
      stoneValuePaise: 0,
      diamondWeightCents: 0,
      diamondRatePaisePerCarat: 0,
      fixedPricePaise: null,
      gstPercent: card.gstPercent,
    }).totalPaise;

  it('prices each length on its own weight: a 24 in chain costs more than a 16 in one', () => {
    const sixteen = priceChoice(chain, { size: '16' })!;
    const twentyFour = priceChoice(chain, { size: '24' })!;
    expect(sixteen.totalPaise).toBe(at(chain, 5_580, 1_200_00));
    expect(twentyFour.totalPaise).toBe(at(chain, 8_370, 1_200_00));
    expect(twentyFour.totalPaise).toBeGreaterThan(sixteen.totalPaise);
    expect(twentyFour.metalPaise).toBe(Math.round((8_370 * 12_505_00) / 1000));
  });

  it('prices the first length when none is chosen, and one weight when the piece has no weights by length', () => {
    expect(priceChoice(chain)!.totalPaise).toBe(priceChoice(chain, { size: '16' })!.totalPaise);
    const oneWeight: RateCard = { ...chain, sizeWeightsMg: {} };
    expect(priceChoice(oneWeight, { size: '24' })!.totalPaise).toBe(priceChoice(oneWeight)!.totalPaise);
  });

  it('charges per-gram making on the chosen length’s weight', () => {
    const perGram: RateCard = { ...chain, makingPaisePerGram: 450_00 };
    expect(priceChoice(perGram, { size: '24' })!.makingPaise).toBe(Math.round((8_370 * 450_00) / 1000));
    expect(priceChoice(perGram, { size: '24' })!.totalPaise).toBe(at(chain, 8_370, Math.round((8_370 * 450_00) / 1000)));
    expect(priceChoice(perGram, { size: '16' })!.makingPaise).toBe(Math.round((5_580 * 450_00) / 1000));
  });

  it('charges percent making on the chosen length’s metal', () => {
    const percent: RateCard = { ...chain, makingPercentHundredths: 1_200 };
    expect(priceChoice(percent, { size: '24' })!.totalPaise).toBe(at(chain, 8_370, 0, 1_200));
    expect(priceChoice(percent, { size: '24' })!.makingPaise).toBe(Math.round((8_370 * 12_505_00 * 0.12) / 1000));
  });

  it('knows the weight of a choice', () => {
    expect(weightOfChoice(chain, '18')).toBe(6_280);
    expect(weightOfChoice(chain, null)).toBe(5_580);
    expect(weightOfChoice({ ...chain, metalWeightMg: null }, '18')).toBeNull();
  });

  it('scales a chain’s first weight by length, to 10 mg, keeping the first exactly', () => {
    expect(lengthWeightsMg(5_583, ['16', '18', '20', '24'])).toEqual([5_583, 6_280, 6_980, 8_370]);
    expect(lengthWeightsMg(5_580, ['16', 'long'])).toBeNull();
    expect(lengthWeightsMg(5_580, [])).toBeNull();
  });
});

describe('resolveChoice: what a line is sold as', () => {
  const offer: ChoiceOffer = {
    metal: 'gold',
    diamondWeightCents: 12,
    defaultPurity: 18,
    defaultDiamondQuality: 'SI-IJ',
    defaultColour: 'Yellow Gold',
    purities: [14, 18],
    colours: ['Yellow Gold', 'Rose Gold', 'White Gold'],
    diamondQualities: ['SI-IJ', 'SI-GH', 'VVS-GH'],
    sizeKind: null,
    sizes: [],
  };

  it('keeps what was picked and fills the rest with the piece’s defaults', () => {
    expect(resolveChoice(offer, { purity: 14, colour: 'Rose Gold' })).toEqual({
      ok: true,
      choice: { purity: 14, colour: 'Rose Gold', diamondQuality: 'SI-IJ' },
    });
  });

  it('refuses what the piece is not made in, saying what it is made in', () => {
    expect(resolveChoice(offer, { purity: 22 })).toEqual({
      ok: false,
      code: 'OPTION_NOT_OFFERED',
      message: 'This piece is made in 14 kt or 18 kt gold, not 22 kt.',
    });
    expect(resolveChoice(offer, { diamondQuality: 'VVS-EF' })).toMatchObject({
      ok: false,
      message: "This piece's diamonds come in SI-IJ, SI-GH or VVS-GH, not VVS-EF.",
    });
    expect(resolveChoice({ ...offer, metal: 'platinum', purities: [], colours: [], defaultColour: null }, { purity: 18 })).toMatchObject({ ok: false });
    expect(
      resolveChoice(
        { ...offer, metal: 'silver', purities: [], colours: [], defaultColour: null, diamondWeightCents: 0, diamondQualities: [] },
        { colour: 'Rose Gold' },
      ),
    ).toMatchObject({ ok: false });
    expect(resolveChoice({ ...offer, diamondWeightCents: 0, diamondQualities: [] }, { diamondQuality: 'SI-IJ' })).toMatchObject({ ok: false });
  });

  it('requires a size where the piece has one, refuses one where it has none', () => {
    const ring = { ...offer, sizeKind: 'ring' as const, sizes: ['11', '12'] };
    expect(resolveChoice(ring, {})).toEqual({ ok: false, code: 'SIZE_REQUIRED', message: 'Please choose a ring size for this piece.' });
    expect(resolveChoice({ ...ring, sizeKind: 'length', sizes: ['18'] }, {})).toMatchObject({ message: 'Please choose a chain length for this piece.' });
    expect(resolveChoice(ring, { size: '31' })).toMatchObject({ ok: false, code: 'OPTION_NOT_OFFERED' });
    expect(resolveChoice(ring, { size: '12' })).toMatchObject({ ok: true, choice: { size: '12', sizeKind: 'ring' } });
    expect(resolveChoice(offer, { size: '12' })).toEqual({ ok: false, code: 'OPTION_NOT_OFFERED', message: 'This piece does not come in sizes.' });
  });
});
