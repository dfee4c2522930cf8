import { Link } from 'react-router';
import { RATE_LOCK_PATH, type PricingContext } from '@milli/contracts';
import { formatRupees } from '@milli/pricing';
import type { ChoicePrice } from './price-choice.ts';

const METAL_NAMES = { gold: 'Gold', platinum: 'Platinum', silver: 'Silver' } as const;

// Made once: each toLocaleString with options builds a formatter, and the breakup formats every row.
const GRAMS = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 3 });
const CARATS = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const RATE_DATE = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export function grams(mg: number): string {
  return `${GRAMS.format(mg / 1000)} g`;
}

function carats(cents: number): string {
  return `${CARATS.format(cents / 100)} ct`;
}

function rateDate(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  return RATE_DATE.format(date);
}

/**
 * The jewellery price breakup (DECISIONS §6): metal, making, stones, diamonds, GST and the total, for
 * the purity and diamond grade chosen above. It is recomputed in the browser by the same function the
 * server charges with, so the total here is the price the cart will hold.
 */
export function PriceBreakup({ pricing, price }: { pricing: PricingContext; price: ChoicePrice }) {
  const { breakup } = price;
  const metal = METAL_NAMES[pricing.metal];
  const purityText = pricing.metal === 'gold' ? `${price.purity}kt` : String(price.purity);
  return (
    <section className="breakup" aria-labelledby="breakup-title">
      <h3 id="breakup-title" className="breakup-title">
        Price breakup
      </h3>
      <table className="breakup-table">
        <caption className="visually-hidden">How the price of this piece is made up</caption>
        <tbody>
          {breakup.computed ? (
            <>
              <tr>
                <th scope="row">
                  {metal} {purityText}
                  {price.weightMg !== null && (
                    <span className="breakup-detail">
                      {grams(price.weightMg)} × {formatRupees(price.ratePaisePerGram)}/g
                    </span>
                  )}
                </th>
                <td>{formatRupees(breakup.metalPaise)}</td>
              </tr>
              <tr>
                <th scope="row">
                  Making charges
                  {pricing.sale && breakup.makingBeforePaise > breakup.makingPaise && (
                    <span className="breakup-detail">
                      {formatRupees(breakup.makingBeforePaise)} less {pricing.sale.makingDiscountPercent} % ({pricing.sale.name})
                    </span>
                  )}
                </th>
                <td>{formatRupees(breakup.makingPaise)}</td>
              </tr>
              {breakup.stonesPaise > 0 && (
                <tr>
                  <th scope="row">Stones</th>
                  <td>{formatRupees(breakup.stonesPaise)}</td>
                </tr>
              )}
              {pricing.diamondWeightCents > 0 && (
                <tr>
                  <th scope="row">
                    Diamonds {price.diamondQuality ?? ''}
                    <span className="breakup-detail">
                      {carats(pricing.diamondWeightCents)} × {formatRupees(price.diamondRatePaisePerCarat)}/ct
                    </span>
                  </th>
                  <td>{formatRupees(breakup.diamondPaise)}</td>
                </tr>
              )}
            </>
          ) : (
            <tr>
              <th scope="row">
                Piece value
                <span className="breakup-detail">sold at a fixed price</span>
              </th>
              <td>{formatRupees(breakup.stonesPaise)}</td>
            </tr>
          )}
          <tr>
            <th scope="row">GST ({pricing.gstPercent} %)</th>
            <td>{formatRupees(breakup.gstPaise)}</td>
          </tr>
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td>
              <output aria-live="polite">{formatRupees(breakup.totalPaise)}</output>
            </td>
          </tr>
        </tfoot>
      </table>
      {breakup.computed && (
        <p className="breakup-note muted">
          At the rates of {rateDate(pricing.ratesDate)}. Buying later? <Link to={RATE_LOCK_PATH}>Lock today’s {metal.toLowerCase()} rate</Link> with a small
          advance.
        </p>
      )}
    </section>
  );
}
