import { formatGrams, formatRupees, type OrderTotals } from '@milli/pricing';

/** Subtotal, coupon, shipping and total: the same list on the cart and in checkout's summary (two decimals, spec §9). */
export function TotalsList({
  totals,
  couponCode,
  metalAccountMg = 0,
}: {
  totals: OrderTotals;
  couponCode?: string | null | undefined;
  /** The fine gold the metal account's line settles (checkout), named beside it. */
  metalAccountMg?: number;
}) {
  return (
    <dl className="totals" aria-live="polite">
      <dt>Subtotal</dt>
      <dd data-testid="subtotal">{formatRupees(totals.subtotalPaise)}</dd>
      {totals.discountPaise > 0 && (
        <>
          <dt>Coupon{couponCode ? ` (${couponCode})` : ''}</dt>
          <dd className="totals-discount" data-testid="discount">
            −{formatRupees(totals.discountPaise)}
          </dd>
        </>
      )}
      <dt>Shipping</dt>
      <dd data-testid="shipping">{formatRupees(totals.shippingPaise)}</dd>
      <dt className="totals-grand">Total</dt>
      <dd className="totals-grand" data-testid="total">
        {formatRupees(totals.totalPaise)}
      </dd>
      <dt className="totals-note">GST included</dt>
      <dd className="totals-note">{formatRupees(totals.gstPaise)}</dd>
      {totals.metalAccountPaise > 0 && (
        <>
          <dt>
            Old gold from your metal account
            {metalAccountMg > 0 && (
              <>
                {' '}
                (<span style={{ whiteSpace: 'nowrap' }}>{formatGrams(metalAccountMg)} fine</span>)
              </>
            )}
          </dt>
          <dd className="totals-discount" data-testid="metal-account">
            −{formatRupees(totals.metalAccountPaise)}
          </dd>
        </>
      )}
      {totals.rateLockAdvancePaise > 0 && (
        <>
          <dt>From your rate lock’s advance</dt>
          <dd className="totals-discount" data-testid="rate-lock-advance">
            −{formatRupees(totals.rateLockAdvancePaise)}
          </dd>
        </>
      )}
      {totals.harvestCreditPaise > 0 && (
        <>
          <dt>From your Milli Harvest balance</dt>
          <dd className="totals-discount" data-testid="harvest">
            −{formatRupees(totals.harvestCreditPaise)}
          </dd>
        </>
      )}
      {totals.storeCreditPaise > 0 && (
        <>
          <dt>From your store credit</dt>
          <dd className="totals-discount" data-testid="store-credit">
            −{formatRupees(totals.storeCreditPaise)}
          </dd>
        </>
      )}
      {(totals.harvestCreditPaise > 0 || totals.storeCreditPaise > 0 || totals.rateLockAdvancePaise > 0 || totals.metalAccountPaise > 0) && (
        <>
          <dt className="totals-grand">To pay</dt>
          <dd className="totals-grand" data-testid="payable">
            {formatRupees(totals.payablePaise)}
          </dd>
        </>
      )}
    </dl>
  );
}
