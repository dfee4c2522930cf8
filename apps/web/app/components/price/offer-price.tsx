import { formatRupees } from '@milli/pricing';

/**
 * A price, and on a running sale the price before struck through with the percentage off (DECISIONS §7):
 * the same three figures on the listing, the home page's sale tiles, the product page and the cart.
 */
export function OfferPrice({
  nowPaise,
  beforePaise,
  percentOff,
  className = '',
}: {
  nowPaise: number;
  beforePaise: number | null;
  percentOff: number | null;
  className?: string;
}) {
  const onSale = beforePaise !== null && beforePaise > nowPaise;
  // Without a sale the price is one element, not two: a listing's twelve cards are twelve elements lighter (issue 40).
  if (!onSale) return <span className={`offer offer-now ${className}`.trim()}>{formatRupees(nowPaise)}</span>;
  return (
    <span className={`offer ${className}`.trim()}>
      <span className="offer-now">{formatRupees(nowPaise)}</span>
      <s className="offer-before">
        <span className="visually-hidden">was </span>
        {formatRupees(beforePaise)}
      </s>
      <span className="offer-off">{percentOff ?? 0} % off</span>
    </span>
  );
}
