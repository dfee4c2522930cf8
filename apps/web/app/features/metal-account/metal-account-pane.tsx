import { Form, Link } from 'react-router';
import type { MetalAccount } from '@milli/contracts/schemas';
import { formatGrams, formatRupees } from '@milli/pricing';
import { FormAlert, useSubmitting } from '../../components/forms/form-bits.tsx';

/** The intent of the buy-back form on My Account's Metal account tab. */
export const METAL_BUY_BACK_INTENT = 'metal-buy-back';
export interface MetalBuyBackResult {
  intent: typeof METAL_BUY_BACK_INTENT;
  ok: boolean;
  message: string;
  grams?: string;
}

const KIND: Record<MetalAccount['entries'][number]['kind'], string> = {
  credit: 'Assayed',
  use: 'Used',
  returned: 'Given back',
  buy_back: 'Sold back',
  expiry: 'Expired',
};
const when = (iso: string) => new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });
const day = (isoDay: string) =>
  new Date(`${isoDay}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const signed = (mg: number) => (mg < 0 ? `−${formatGrams(-mg)}` : `+${formatGrams(mg)}`);

/**
 * Issue 42, My Account → Metal account: the fine gold usable today, when the soonest of it expires, each credit with its
 * last day, the statement (newest first) and the buy-back form (a plain form post: works without script).
 */
export function MetalAccountPane({ account, result }: { account: MetalAccount | null; result?: MetalBuyBackResult | undefined }) {
  const submitting = useSubmitting();
  if (!account) return <FormAlert tone="error">We could not load your metal account just now. Please try again in a moment.</FormAlert>;
  const offer = account.buyBack.paisePerGram;
  return (
    <div className="stack metal-account">
      <p className="metal-balance">
        Fine gold usable today: <strong>{formatGrams(account.balanceMg)}</strong>
      </p>
      {account.nextExpiry && (
        <p>
          {formatGrams(account.nextExpiry.mg)} of it can be used until <strong>{day(account.nextExpiry.lastDay)}</strong>.
        </p>
      )}
      <p className="muted">
        Old gold assayed at our store is kept here as grams of fine gold for 365 days. At checkout it pays for the gold of new pieces (up to each piece’s fine
        gold): you pay the making, stones, GST and any gold beyond it. <Link to="/book-appointment?kind=store&purpose=assay">Book an assay</Link>
      </p>
      {result && <FormAlert tone={result.ok ? 'success' : 'error'}>{result.message}</FormAlert>}
      {account.entries.length === 0 ? (
        <p className="muted">No old gold credited yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="table metal-table">
            <caption className="visually-hidden">Metal account statement</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Entry</th>
                <th scope="col">Details</th>
                <th scope="col" className="num">
                  Fine gold
                </th>
              </tr>
            </thead>
            <tbody>
              {account.entries.map((e, i) => (
                <tr key={`${e.kind}-${e.creditId}-${e.at}-${i}`}>
                  <td data-label="Date">
                    <time dateTime={e.at}>{when(e.at)}</time>
                  </td>
                  <td data-label="Entry">{KIND[e.kind]}</td>
                  <td data-label="Details">
                    {e.text}
                    {e.orderNumber && (
                      <>
                        {' '}
                        <Link to={`/order-details?order=${encodeURIComponent(e.orderNumber)}`}>Order {e.orderNumber}</Link>
                      </>
                    )}
                  </td>
                  <td data-label="Fine gold" className="num" style={{ whiteSpace: 'nowrap' }}>
                    {signed(e.mg)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {account.balanceMg > 0 && (
        <Form method="post" className="metal-buy-back card card-pad" aria-labelledby="metal-buy-back-title">
          <h3 id="metal-buy-back-title">Sell fine gold back</h3>
          <p className="muted">
            {offer === null
              ? 'Today’s gold rate is not published yet: the buy-back opens when it is.'
              : `Today we pay ${formatRupees(offer)} a gram of fine gold (the 24 kt rate × ${account.buyBack.percent} %), as store credit.`}
          </p>
          <input type="hidden" name="intent" value={METAL_BUY_BACK_INTENT} />
          <div className="form-field">
            <label htmlFor="metal-buy-back-grams">Grams to sell (up to {formatGrams(account.balanceMg)})</label>
            <input
              id="metal-buy-back-grams"
              name="grams"
              inputMode="decimal"
              required
              defaultValue={result && !result.ok ? result.grams : ''}
              aria-invalid={result && !result.ok ? true : undefined}
            />
          </div>
          <button type="submit" className="btn btn-secondary" disabled={submitting || offer === null}>
            Sell back
          </button>
        </Form>
      )}
    </div>
  );
}
