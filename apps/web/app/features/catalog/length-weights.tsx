import { Link, useSearchParams } from 'react-router';
import type { PricingContext } from '@milli/contracts';
import { formatRupees } from '@milli/pricing';
import { grams } from './price-breakup.tsx';
import { priceForChoice, type PriceChoice } from './price-choice.ts';

/** The search parameter that names the chain length shown (`?length=18`): the page prices it without JavaScript. */
export const LENGTH_PARAM = 'length';

/** The length a page address asks for, when the piece is made in it; null otherwise. */
export function lengthAsked(pricing: PricingContext, search: URLSearchParams): string | null {
  const asked = search.get(LENGTH_PARAM);
  return pricing.sizeKind === 'length' && asked !== null && pricing.sizes.includes(asked) ? asked : null;
}

/** Whether each length of the piece has its own weight (issue 38): then the page lists them. */
export function weighsByLength(pricing: PricingContext): boolean {
  return pricing.sizeKind === 'length' && pricing.sizes.some((s) => pricing.sizeWeightsMg[s] !== undefined);
}

/**
 * A chain's weight and price at each length it is made in, for the karat and grade chosen above, priced by the one
 * price function. Each length is a link to the page showing it (`?length=`), so a shopper without JavaScript sees
 * the price of the length they choose; with JavaScript the link also sets the length select without a reload.
 */
export function LengthWeights({
  pricing,
  choice,
  chosen,
  onChoose,
}: {
  pricing: PricingContext;
  choice: PriceChoice;
  chosen: string | null;
  onChoose: (length: string) => void;
}) {
  const [search] = useSearchParams();
  const hrefOf = (length: string) => {
    const next = new URLSearchParams(search);
    next.set(LENGTH_PARAM, length);
    return `?${next.toString()}`;
  };
  return (
    <section className="pd-lengths" aria-labelledby="pd-lengths-title">
      <h3 id="pd-lengths-title" className="breakup-title">
        Weight and price by length
      </h3>
      <table className="breakup-table">
        <caption className="visually-hidden">The metal weight and the price of this chain at each length</caption>
        <thead>
          <tr>
            <th scope="col">Length</th>
            <th scope="col">Metal weight</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {pricing.sizes.map((length) => {
            const price = priceForChoice(pricing, { ...choice, size: length });
            const current = length === chosen;
            return (
              <tr key={length} className={current ? 'pd-length-chosen' : undefined}>
                <th scope="row">
                  <Link to={hrefOf(length)} preventScrollReset replace aria-current={current ? 'true' : undefined} onClick={() => onChoose(length)}>
                    {length} in
                  </Link>
                </th>
                <td>{price?.weightMg != null ? grams(price.weightMg) : '—'}</td>
                <td>{price ? formatRupees(price.breakup.totalPaise) : 'No rate today'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
