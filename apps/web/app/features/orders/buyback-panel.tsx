import { Form, useNavigation } from 'react-router';
import { metalText, type BuybackQuote, type ExchangeRequest } from '@milli/contracts';
import { formatRupees } from '@milli/pricing';
import { FormAlert } from '../../components/forms/form-bits.tsx';
import './buyback.css';

const grams = (mg: number) => `${(mg / 1000).toFixed(3)} g`;
const KIND = { exchange: 'Exchange', buyback: 'Buy-back' } as const;
const STEP: Record<ExchangeRequest['status'], string> = {
  Requested: 'Requested: bring the piece to a store',
  Received: 'Received in store: being tested',
  Settled: 'Settled',
  Refused: 'Declined',
  Withdrawn: 'Withdrawn',
};
const dateText = (iso: string) =>
  new Date(`${iso}T00:00:00+05:30`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

/**
 * Lifetime exchange and buy-back on a delivered order (issue 20): each piece's value at today's rate, the buttons
 * to ask for either, and the requests' progress. Asking posts to the order page's action (works without script).
 */
export function BuybackPanel({ quote, action, result }: { quote: BuybackQuote; action: string; result?: { ok: boolean; message: string } | undefined }) {
  const submitting = useNavigation().state === 'submitting';
  return (
    <section className="card card-pad buyback" aria-labelledby="buyback-title">
      <h2 id="buyback-title" className="shell-h2">
        Lifetime exchange &amp; buy-back
      </h2>
      <p className="muted">
        Values at today’s rate{quote.rateDate ? ` (${dateText(quote.rateDate)})` : ''}: the metal by weight, and the diamonds by their own rule. Exchange gives{' '}
        {quote.exchangePercent}% of the metal’s value as store credit towards a new piece; buy-back pays {quote.buybackPercent}%. Diamonds:{' '}
        {quote.diamondExchangePercent}% and {quote.diamondBuybackPercent}%. Making charges, coloured stones, GST and hallmarking are not given back. The final
        value is set at the day’s rate when we receive and test the piece.
      </p>
      {result && <FormAlert tone={result.ok ? 'success' : 'error'}>{result.message}</FormAlert>}
      {quote.pieces.length === 0 ? (
        <p>Every piece of this order has been returned, exchanged or sold back.</p>
      ) : (
        <div className="table-wrap">
          <table className="table order-lines buyback-table">
            <thead>
              <tr>
                <th scope="col">Piece</th>
                <th scope="col">Metal</th>
                <th scope="col" className="num">
                  Exchange value
                </th>
                <th scope="col" className="num">
                  Buy-back value
                </th>
                <th scope="col">
                  <span className="visually-hidden">Ask</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {quote.pieces.map((p, i) => (
                <tr key={`${p.lineId}-${p.pieceId ?? i}`}>
                  <td data-label="Product name">
                    <p className="order-item-name">{p.productName}</p>
                    {p.huid && <p className="muted order-item-meta">HUID {p.huid}</p>}
                  </td>
                  <td data-label="Metal">
                    {p.valued ? (
                      <>
                        {grams(p.metalWeightMg)} {metalText(p.metal, p.purity)} at {formatRupees(p.ratePaisePerGram ?? 0)}/g
                        {p.diamondWeightCents > 0 && p.diamondRatePaisePerCent !== null && (
                          <span className="muted order-item-meta"> · diamonds {(p.diamondWeightCents / 100).toFixed(2)} ct</span>
                        )}
                      </>
                    ) : (
                      <span className="muted">Valued in store</span>
                    )}
                  </td>
                  <td data-label="Exchange value" className="num">
                    {p.valued ? formatRupees(p.exchangeValuePaise) : '—'}
                  </td>
                  <td data-label="Buy-back value" className="num">
                    {p.valued ? formatRupees(p.buybackValuePaise) : '—'}
                  </td>
                  <td data-label="Product name">
                    {p.openRequestId !== null ? (
                      <span className="muted">Request in progress</span>
                    ) : p.valued ? (
                      <div className="buyback-actions">
                        {(['exchange', 'buyback'] as const).map((kind) => (
                          <Form method="post" action={action} key={kind}>
                            <input type="hidden" name="intent" value="exchange" />
                            <input type="hidden" name="lineId" value={p.lineId} />
                            {p.pieceId !== null && <input type="hidden" name="pieceId" value={p.pieceId} />}
                            <input type="hidden" name="kind" value={kind} />
                            <button type="submit" className={`btn btn-sm ${kind === 'exchange' ? 'btn-primary' : 'btn-outline'}`} disabled={submitting}>
                              {kind === 'exchange' ? 'Ask for exchange' : 'Ask to sell back'}
                              <span className="visually-hidden">
                                {' '}
                                {p.productName}
                                {p.huid ? ` (HUID ${p.huid})` : ''}
                              </span>
                            </button>
                          </Form>
                        ))}
                      </div>
                    ) : (
                      <span className="muted">Visit a store</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {quote.requests.length > 0 && (
        <>
          <h3 className="buyback-subtitle">Your requests</h3>
          <ul className="buyback-requests">
            {quote.requests.map((r) => (
              <li key={r.id}>
                <strong>
                  {KIND[r.kind]} of {r.productName}
                  {r.huid ? ` (HUID ${r.huid})` : ''}
                </strong>
                : quoted {formatRupees(r.quotedPaise)} at the rate of {dateText(r.rateDate)} · <span className="buyback-status">{STEP[r.status]}</span>
                {r.status === 'Settled' && r.settledPaise !== null && (
                  <>
                    {' '}
                    ·{' '}
                    {r.kind === 'exchange' ? `${formatRupees(r.settledPaise)} added to your store credit` : `${formatRupees(r.settledPaise)} paid to your bank`}
                  </>
                )}
                {r.status === 'Refused' && r.refusedReason && <> · {r.refusedReason}</>}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
