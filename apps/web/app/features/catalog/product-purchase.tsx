import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Form, Link, useNavigation, useSearchParams } from 'react-router';
import { SIZE_LABELS, type ProductDetail } from '@milli/contracts';
import { formatRupees } from '@milli/pricing';
import { productPaise, screenCategory } from './catalog-text.ts';
import { PriceBreakup, grams } from './price-breakup.tsx';
import { choiceAsked, hasDiamonds, priceForChoice } from './price-choice.ts';
import { LengthWeights, lengthAsked, weighsByLength } from './length-weights.tsx';
import type { AddToCartResult } from './product-actions.server.ts';
import { inStock } from './product-seo.ts';
import { SizerDialog, SizerTrigger, useSizerDialog, type SizerResult } from './sizer-dialog.tsx';
import { listingHref } from './listing-url.ts';
import { BUY_FORM_ID, StickyBuyBar } from './sticky-buy-bar.tsx';
import { WishlistHeart } from '../../components/wishlist/wishlist-heart.tsx';
import { onCode } from '../../lib/api.ts';

/** The material radio names the piece's metal: a piece is made in one (DECISIONS §7), so it is the only choice. */
const METAL_NAMES = { gold: 'Gold', platinum: 'Platinum', silver: 'Silver' } as const;
const SALE_END = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '24 February 2027': a sale's last day, as the page states it. */
function saleEnd(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : SALE_END.format(date);
}

/** The codes Add to Cart can be refused with (the choice check's and POST /api/cart/add's), and the field each is about. */
type CartRefusal =
  'SIZE_REQUIRED' | 'OPTION_NOT_OFFERED' | 'OUT_OF_STOCK' | 'NOT_ENOUGH_STOCK' | 'PRODUCT_NOT_FOUND' | 'PRODUCT_UNAVAILABLE' | 'NO_RATE' | 'INVALID_REQUEST';
const REFUSED_FIELD = {
  SIZE_REQUIRED: () => 'size',
  OPTION_NOT_OFFERED: () => null,
  OUT_OF_STOCK: () => null,
  NOT_ENOUGH_STOCK: () => null,
  PRODUCT_NOT_FOUND: () => null,
  PRODUCT_UNAVAILABLE: () => null,
  NO_RATE: () => null,
  INVALID_REQUEST: () => null,
} as const satisfies { readonly [K in CartRefusal]: () => 'size' | null };

/** The piece's stars and review count, from its reviews (listed further down the page, #reviews). */
function Stars({ rating, reviews }: { rating: number; reviews: number }) {
  const value = Number.isFinite(rating) ? Math.min(5, Math.max(0, rating)) : 0;
  return (
    <p className="pd-rating">
      <span className="stars" role="img" aria-label={reviews === 0 ? 'Not rated yet' : `Rated ${value.toFixed(1)} out of 5`}>
        <span className="stars-fill" style={{ width: `${(value / 5) * 100}%` }} />
      </span>
      <a href="#reviews">
        {reviews} {reviews === 1 ? 'Review' : 'Reviews'}
      </a>
    </p>
  );
}

function Chips<T extends string | number>({
  name,
  legend,
  options,
  value,
  onChange,
  label = String,
  disabled = false,
  unavailable,
  note,
}: {
  name: string;
  legend: string;
  options: readonly T[];
  value: T | null;
  onChange?: (value: T) => void;
  label?: (value: T) => string;
  disabled?: boolean;
  /** Options that cannot be chosen today (no published rate). */
  unavailable?: (value: T) => boolean;
  note?: ReactNode;
}) {
  return (
    <fieldset className="pd-options" disabled={disabled}>
      <legend>{legend}</legend>
      <div className="chip-row">
        {options.map((o) => (
          <span key={o} className="chip">
            <input id={`pd-${name}-${o}`} type="radio" name={name} value={o} checked={value === o} disabled={unavailable?.(o)} onChange={() => onChange?.(o)} />
            <label htmlFor={`pd-${name}-${o}`}>{label(o)}</label>
          </span>
        ))}
      </div>
      {note && <p className="field-hint">{note}</p>}
    </fieldset>
  );
}

/**
 * Name, price and the buying choices of a product page: only what the piece is made in (its karats, gold
 * colours, diamond grades, and its sizes when it has them; DECISIONS §7). Purity and diamond grade re-price
 * the piece live with the pricing package and the breakup below follows; a colour redraws the picture (the
 * page's gallery listens through onColour). Add to Cart posts to the page's action.
 */
export function ProductPurchase({
  product,
  cartResult,
  sizerResult,
  colour,
  onColour,
  onPurity,
}: {
  product: ProductDetail;
  cartResult: AddToCartResult | null;
  sizerResult: SizerResult | null;
  colour: string | null;
  onColour: (colour: string) => void;
  /** The karat chosen, for the hallmark beside the picture. */
  onPurity?: (purity: number) => void;
}) {
  const { pricing } = product;
  const gold = pricing.metal === 'gold';
  // The address may name the choices (the no-script Update price button sends them, issue 40): the page starts at them.
  const [search] = useSearchParams();
  const asked = choiceAsked(pricing, search);
  const [purity, setPurity] = useState(asked.purity ?? pricing.defaultPurity);
  const [diamondQuality, setDiamondQuality] = useState(asked.diamondQuality ?? pricing.defaultDiamondQuality ?? pricing.diamondQualities[0] ?? null);
  const [quantity, setQuantity] = useState(1);
  // A chain's length prices it (issue 38); the page address may name one (?length=18), so it works without JavaScript.
  const [chosenSize, setChosenSize] = useState(() => lengthAsked(pricing, search) ?? asked.size ?? '');
  const byLength = weighsByLength(pricing);
  const size = pricing.sizeKind ? SIZE_LABELS[pricing.sizeKind] : null;
  const sizeRefused =
    cartResult !== null && !cartResult.ok && onCode<CartRefusal, 'size' | null>(cartResult.code ?? null, REFUSED_FIELD, () => null) === 'size';
  // Sent here from the wish list to choose a size (issue 40): the field is marked and takes focus until one is chosen.
  const sizeAsked = search.get('choose') === 'size' && cartResult === null && chosenSize === '';
  const sizer = useSizerDialog(sizerResult !== null);
  const navigation = useNavigation();
  const adding = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'add-to-cart';
  // After Add to Cart, focus moves to what it said (issue 40): the button is not disabled while adding, which
  // would drop focus to the page's start, and the message (with its View cart link) is read out and reachable.
  const resultRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (cartResult && (active === document.body || active?.matches('.pd-add, .pd-sticky-add'))) resultRef.current?.focus();
  }, [cartResult]);

  const price = priceForChoice(pricing, { purity, diamondQuality, size: byLength && chosenSize ? chosenSize : null });
  const totalPaise = price?.breakup.totalPaise ?? productPaise(product);
  const available = inStock(product);
  const tags = product.product_tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const noRate = (karat: number) => pricing.metalWeightMg !== null && pricing.ratesPaisePerGram[String(karat)] === undefined;
  const noDiamondRate = (quality: string) => pricing.diamondRatesPaisePerCarat[quality] === undefined;

  return (
    <>
      <Link to={listingHref({ filter: { category: [product.product_category] }, sort: 0, page: 1 })} className="section-eyebrow pd-category">
        {screenCategory(product.product_category)}
      </Link>
      <div className="pd-title">
        <h2 className="pd-name">{product.product_name}</h2>
        <WishlistHeart productId={product.product_id} productName={product.product_name} className="pd-wish" size={22} />
      </div>
      <Stars rating={product.product_rating} reviews={product.product_review_count} />
      <p className="pd-price price">
        <output aria-live="polite" aria-label="Price">
          {formatRupees(totalPaise)}
        </output>
        {price && price.breakup.saleDiscountPaise > 0 && (
          <>
            <s className="offer-before">
              <span className="visually-hidden">was </span>
              {formatRupees(price.breakup.beforePaise)}
            </s>
            <span className="offer-off">{price.breakup.salePercentOff} % off</span>
          </>
        )}
        <span className="pd-price-note">incl. GST</span>
      </p>
      {pricing.sale && price && price.breakup.saleDiscountPaise > 0 && (
        <p className="pd-sale-note">
          {pricing.sale.name}: {pricing.sale.makingDiscountPercent} % off the making charges, until {saleEnd(pricing.sale.endsOn)}.
        </p>
      )}
      <dl className="pd-facts">
        <dt>Availability</dt>
        <dd className={available ? 'pd-stock' : 'pd-stock pd-stock--out'}>{available ? 'In Stock' : 'Out of Stock'}</dd>
        <dt>SKU</dt>
        <dd>{product.product_sku}</dd>
        {tags.length > 0 && (
          <>
            <dt>Tags</dt>
            <dd className="pd-tags">
              {tags.map((tag) => (
                <Link key={tag} to={listingHref({ filter: { q: tag }, sort: 0, page: 1 })} className="badge">
                  {tag}
                </Link>
              ))}
            </dd>
          </>
        )}
        {/* Issue 38: the Consumer Protection (E-Commerce) Rules 2020, rule 6(5), ask for the country of origin. */}
        <dt>Country of origin</dt>
        <dd>{product.product_country_of_origin}</dd>
      </dl>

      <Form method="post" className="pd-choose" id={BUY_FORM_ID} preventScrollReset>
        <input type="hidden" name="intent" value="add-to-cart" />
        <input type="hidden" name="productId" value={product.product_id} />
        <Chips name="material" legend="Material" options={[METAL_NAMES[pricing.metal]]} value={METAL_NAMES[pricing.metal]} />
        {gold && pricing.colours.length > 0 && <Chips name="colour" legend="Colour" options={pricing.colours} value={colour} onChange={onColour} />}
        {gold && pricing.purities.length > 0 && (
          <Chips
            name="purity"
            legend="Gold quality"
            options={pricing.purities}
            value={purity}
            onChange={(k) => {
              setPurity(k);
              onPurity?.(k);
            }}
            label={(k) => `${k}kt`}
            unavailable={noRate}
          />
        )}
        {hasDiamonds(pricing) && pricing.diamondQualities.length > 0 && (
          <Chips
            name="diamondQuality"
            legend="Diamond quality"
            options={pricing.diamondQualities}
            value={diamondQuality}
            onChange={setDiamondQuality}
            unavailable={noDiamondRate}
          />
        )}
        <div className="form-grid pd-size-qty">
          {size && (
            <div className="form-field">
              <label htmlFor="pd-size">{size.label}</label>
              <select
                id="pd-size"
                name="size"
                value={chosenSize}
                onChange={(event) => setChosenSize(event.target.value)}
                aria-required="true"
                aria-invalid={sizeRefused || sizeAsked || undefined}
                aria-describedby={sizeRefused ? 'pd-cart-result' : sizeAsked ? 'pd-size-asked' : undefined}
                autoFocus={sizeAsked}
              >
                <option value="">{pricing.sizeKind === 'length' ? 'Choose a length' : 'Choose a size'}</option>
                {pricing.sizes.map((s) => (
                  <option key={s} value={s}>
                    {s}
                    {size.unit}
                  </option>
                ))}
              </select>
              {sizeAsked && (
                <p id="pd-size-asked" className="field-error">
                  Please choose a {size.label.toLowerCase()} to add this piece to your cart.
                </p>
              )}
              {pricing.sizeKind === 'ring' && <SizerTrigger control={sizer} />}
            </div>
          )}
          <div className="form-field">
            <label htmlFor="pd-qty">Quantity</label>
            <div className="stepper">
              <button
                type="button"
                className="stepper-btn"
                aria-label="One less"
                aria-controls="pd-qty"
                disabled={quantity <= 1}
                onClick={() => setQuantity((q) => Math.max(1, q - 1))}
              >
                −
              </button>
              <input
                id="pd-qty"
                name="quantity"
                type="number"
                inputMode="numeric"
                min={1}
                max={99}
                step={1}
                value={quantity}
                onChange={(event) => {
                  const n = Math.floor(Number(event.target.value));
                  setQuantity(Number.isFinite(n) && n >= 1 ? Math.min(99, n) : 1);
                }}
              />
              <button
                type="button"
                className="stepper-btn"
                aria-label="One more"
                aria-controls="pd-qty"
                disabled={quantity >= 99}
                onClick={() => setQuantity((q) => Math.min(99, q + 1))}
              >
                +
              </button>
            </div>
          </div>
        </div>
        {byLength && price && (
          <p className="pd-length-note" role="status">
            {chosenSize ? `${chosenSize} in` : `Shown for ${pricing.sizes[0]} in`}: {price.weightMg !== null && grams(price.weightMg)} of metal,{' '}
            {formatRupees(price.breakup.totalPaise)}.{!chosenSize && ' Each length has its own weight and price (below).'}
          </p>
        )}
        {cartResult && (
          <p
            id="pd-cart-result"
            ref={resultRef}
            tabIndex={-1}
            className={cartResult.ok ? 'alert-success' : 'alert-error'}
            role={cartResult.ok ? 'status' : 'alert'}
          >
            {cartResult.message}
            {cartResult.ok && (
              <>
                {' '}
                <Link to="/cart">View cart</Link>
              </>
            )}
          </p>
        )}
        {!price && (
          <p className="alert-info" role="status">
            Today’s rate for this choice is not published yet. Please choose another gold quality or diamond grade.
          </p>
        )}
        {/*
          Without JavaScript the price above cannot follow a new choice by itself: this button draws the page again
          with the choices in its address (choiceAsked), so the price and its breakup are the chosen options' (issue 40).
        */}
        <noscript>
          <button type="submit" formMethod="get" formAction={`/product-detail/${product.product_id}`} className="btn btn-outline btn-block pd-update-price">
            Update price
          </button>
        </noscript>
        <button
          type="submit"
          className="btn btn-primary btn-block pd-add"
          disabled={!available || !price}
          aria-disabled={adding || undefined}
          onClick={(event) => {
            if (adding) event.preventDefault();
          }}
        >
          {adding ? 'Adding…' : 'Add to Cart'}
        </button>
      </Form>
      <StickyBuyBar name={product.product_name} price={formatRupees(totalPaise)} disabled={!available || !price} adding={adding} />
      {pricing.sizeKind === 'ring' && <SizerDialog productId={product.product_id} fallback={sizerResult} control={sizer} />}

      {byLength && <LengthWeights pricing={pricing} choice={{ purity, diamondQuality }} chosen={chosenSize || null} onChoose={setChosenSize} />}
      {price && <PriceBreakup pricing={pricing} price={price} />}
    </>
  );
}
