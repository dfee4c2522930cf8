import { formatRupees, makingFromPerGram, priceChoice, rupeesToPaise } from '@milli/pricing';
import type { PriceCard } from '@milli/contracts/schemas';

/** What the preview reads from the form as it is typed. */
export interface PreviewInput {
  metal: string;
  purity: string;
  metalWeightG: string;
  fixedPrice: string;
  makingChargeKind: string;
  makingCharge: string;
  stoneValue: string;
  diamondWeightCt: string;
  diamondQuality: string;
}

export function previewInputOf(form: FormData): PreviewInput {
  const get = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v.trim() : '';
  };
  return {
    metal: get('metal') || 'gold',
    purity: get('purity'),
    // A chain weighed by length is listed at its first length's weight, which may be typed there only.
    metalWeightG: get('metalWeightG') || (get('sizeWeightsG').split(/[|,]/)[0] ?? '').trim(),
    fixedPrice: get('fixedPrice'),
    makingChargeKind: get('makingChargeKind') || 'fixed',
    makingCharge: get('makingCharge'),
    stoneValue: get('stoneValue'),
    diamondWeightCt: get('diamondWeightCt'),
    diamondQuality: get('diamondQuality'),
  };
}

const num = (text: string) => {
  const n = Number(text.replace(/[,₹\s]/g, ''));
  return text.trim() !== '' && Number.isFinite(n) ? n : null;
};
const DEFAULT_PURITY: Record<string, number> = { gold: 22, platinum: 950, silver: 925 };

/** The price the shopper would see today, by the one price function (priceChoice), or why there is none. */
export function previewPrice(
  input: PreviewInput,
  card: PriceCard,
): { ok: true; totalPaise: number; lines: [string, number][] } | { ok: false; reason: string } {
  const weight = num(input.metalWeightG);
  const fixed = num(input.fixedPrice);
  const purity = num(input.purity) ?? DEFAULT_PURITY[input.metal] ?? 22;
  const rate = card.metal[`${input.metal}:${purity}`];
  if (weight === null && fixed === null) return { ok: false, reason: 'Give the metal weight (or a fixed price) to see the price.' };
  if (weight !== null && rate === undefined) return { ok: false, reason: `There is no rate today for ${input.metal} ${purity}.` };
  const weightMg = weight === null ? null : Math.round(weight * 1000);
  const making = num(input.makingCharge) ?? 0;
  const kind = input.makingChargeKind;
  const makingPaise =
    kind === 'fixed' ? rupeesToPaise(making) : kind === 'per_gram' && weightMg !== null ? makingFromPerGram(weightMg, rupeesToPaise(making)) : 0;
  const diamondCents = Math.round((num(input.diamondWeightCt) ?? 0) * 100);
  const price = priceChoice({
    metalWeightMg: weightMg,
    makingChargePaise: makingPaise,
    makingPercentHundredths: kind === 'percent' ? Math.round(making * 100) : null,
    stoneValuePaise: rupeesToPaise(num(input.stoneValue) ?? 0),
    diamondWeightCents: diamondCents,
    fixedPricePaise: weightMg === null && fixed !== null ? rupeesToPaise(fixed) : null,
    gstPercent: card.gstPercent,
    defaultPurity: purity,
    defaultDiamondQuality: diamondCents > 0 ? input.diamondQuality || 'SI-IJ' : null,
    ratesPaisePerGram: { [String(purity)]: rate ?? 0 },
    diamondRatesPaisePerCarat: card.diamond,
  });
  if (!price) return { ok: false, reason: 'These figures cannot be priced yet.' };
  const lines: [string, number][] = [
    ['Metal', price.metalPaise],
    ['Making', price.makingPaise],
    ['Diamonds', price.diamondPaise],
    ['Stones', price.stonesPaise],
    ['GST', price.gstPaise],
  ];
  return { ok: true, totalPaise: price.totalPaise, lines: lines.filter(([, v]) => v > 0) };
}

/** The live price preview beside the form: today's rates, the one price function, as the product page computes it. */
export function PricePreview({ input, card }: { input: PreviewInput; card: PriceCard }) {
  const result = previewPrice(input, card);
  return (
    <aside className="cat-preview" aria-labelledby="cat-preview-title">
      <h2 id="cat-preview-title" className="cat-preview__title">
        Price today
      </h2>
      <div aria-live="polite">
        {result.ok ? (
          <>
            <p className="cat-preview__total">{formatRupees(result.totalPaise)}</p>
            <dl className="adm-facts">
              {result.lines.map(([label, paise]) => (
                <div key={label} className="cat-preview__line">
                  <dt>{label}</dt>
                  <dd>{formatRupees(paise)}</dd>
                </div>
              ))}
            </dl>
          </>
        ) : (
          <p className="adm-muted">{result.reason}</p>
        )}
      </div>
      <p className="adm-hint">
        At the rates of {card.day}, GST {card.gstPercent} % included; sales not applied.
      </p>
    </aside>
  );
}
