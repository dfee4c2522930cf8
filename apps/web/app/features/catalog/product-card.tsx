import { Link } from 'react-router';
import type { ProductSummary } from '@milli/contracts';
import { OfferPrice } from '../../components/price/offer-price.tsx';
import { WishlistHeart } from '../../components/wishlist/wishlist-heart.tsx';
import { ProductPicture } from '../../components/media/product-picture.tsx';
import { productPaise, screenCategory } from './catalog-text.ts';

export const PLACEHOLDER_IMAGE = '/placeholder-jewel.svg';
const IMAGE_SIZE = 480;

/**
 * A product on the listing: picture, category, name (the card's link), price in rupees, an arrow
 * (CSS) and the wish-list heart (its own small form, above the card's link so both can be reached).
 * `eager` for the first row (on screen at once); `priority` for the first card, the page's largest paint on a phone.
 */
export function ProductCard({ product, eager = false, priority = false }: { product: ProductSummary; eager?: boolean; priority?: boolean }) {
  const href = `/product-detail/${product.product_id}`;
  const outOfStock = /out/i.test(product.product_stock_status);
  return (
    <article className="product-card">
      <div className="product-card-media">
        <ProductPicture
          src={product.product_parent_image || PLACEHOLDER_IMAGE}
          sizes="(min-width: 1200px) 280px, (min-width: 768px) 33vw, 50vw"
          alt={product.product_name}
          width={IMAGE_SIZE}
          height={IMAGE_SIZE}
          loading={eager || priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
        />
        {product.product_on_sale && <span className="product-card-badge">{product.product_discount_percent} % off</span>}
        {outOfStock && <span className="product-card-badge product-card-badge--muted">Out of stock</span>}
      </div>
      <WishlistHeart productId={product.product_id} productName={product.product_name} className="product-card-wish" />
      <div className="product-card-body">
        {product.product_category && <span className="product-card-category">{screenCategory(product.product_category)}</span>}
        <h3 className="product-card-name">
          <Link to={href} className="product-card-link" prefetch="intent">
            {product.product_name}
          </Link>
        </h3>
        <p className="product-card-price product-card-foot price">
          <OfferPrice nowPaise={productPaise(product)} beforePaise={product.product_price_before_paise} percentOff={product.product_discount_percent} />
        </p>
      </div>
    </article>
  );
}
