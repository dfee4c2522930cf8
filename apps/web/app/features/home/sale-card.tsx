import { Link } from 'react-router';
import type { ProductSummary } from '@milli/contracts';
import { rupeesToPaise } from '@milli/pricing';
import { OfferPrice } from '../../components/price/offer-price.tsx';

const PLACEHOLDER = '/placeholder-jewel.svg';
const IMAGE_SIZE = 480;

/** Stars filled to the product's rating (0-5, from its reviews); a product nobody has reviewed yet says so instead. */
export function RatingStars({ value }: { value: number }) {
  const rating = Number.isFinite(value) ? Math.min(5, Math.max(0, value)) : 0;
  if (rating === 0) return <span className="rating rating--new">No reviews yet</span>;
  const label = `Rated ${rating.toFixed(1)} out of 5`;
  return (
    <span className="rating" role="img" aria-label={label}>
      <span className="rating-stars" aria-hidden="true">
        <span className="rating-fill" style={{ width: `${(rating / 5) * 100}%` }} />
      </span>
      <span className="rating-value" aria-hidden="true">
        {rating.toFixed(1)}
      </span>
    </span>
  );
}

/** A product on sale: picture, name (the card's one link), rating, and the price before, now and the percentage off. */
export function SaleCard({ product }: { product: ProductSummary }) {
  const paise = Number.isSafeInteger(product.product_price_paise) ? product.product_price_paise : rupeesToPaise(product.product_price);
  const href = `/product-detail/${product.product_id}`;
  return (
    <article className="sale-card">
      <div className="sale-card-media">
        <img src={product.product_parent_image || PLACEHOLDER} alt="" width={IMAGE_SIZE} height={IMAGE_SIZE} loading="lazy" decoding="async" />
        {product.product_discount_percent !== null && <span className="sale-card-badge">{product.product_discount_percent} % off</span>}
      </div>
      <div className="sale-card-body">
        {product.product_category && (
          <span className="sale-card-category">{product.product_category === 'Fingerring' ? 'Rings' : product.product_category}</span>
        )}
        <h3 className="sale-card-name">
          <Link to={href} className="sale-card-link">
            {product.product_name}
          </Link>
        </h3>
        <RatingStars value={product.product_rating} />
        <p className="sale-card-price price">
          <OfferPrice nowPaise={paise} beforePaise={product.product_price_before_paise} percentOff={product.product_discount_percent} />
        </p>
      </div>
    </article>
  );
}
