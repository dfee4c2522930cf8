import { useState } from 'react';
import { data, redirect, useActionData, useSearchParams } from 'react-router';
import type { Route } from './+types/product-detail';
import { SHARED_PAGE, sharedPageHeaders } from '../lib/shared-page.ts';
import type { MyReviewState, PincodeCheck } from '@milli/contracts';
import { ApiError } from '../lib/api.ts';
import { serverApi } from '../lib/api.server.ts';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { useShellData, useStoreShell } from '../components/layout/shell-data.ts';
import { CertBadges } from '../features/catalog/cert-badges.tsx';
import { PincodeBox } from '../features/catalog/pincode-box.tsx';
import { addToCart, addedClearCookie, readAdded, requestSizer, type AddToCartResult } from '../features/catalog/product-actions.server.ts';
import { ProductPurchase } from '../features/catalog/product-purchase.tsx';
import { choiceAsked } from '../features/catalog/price-choice.ts';
import { LENGTH_PARAM } from '../features/catalog/length-weights.tsx';
import { jsonForScript, productJsonLd, productMeta } from '../features/catalog/product-seo.ts';
import { ProductReviews } from '../features/catalog/product-reviews.tsx';
import { ReviewBox, reviewKey, reviewPageHref } from '../features/catalog/review-form.tsx';
import { loadMyReview, reviewTooLarge, submitReview, type ReviewResult } from '../features/catalog/review-actions.server.ts';
import { ProductTabs } from '../features/catalog/product-tabs.tsx';
import { parseProductId } from '../features/catalog/product-id.ts';
import { PLACEHOLDER_IMAGE } from '../features/catalog/product-card.tsx';
import { ProductPicture } from '../components/media/product-picture.tsx';
import { ProductGallery } from '../features/catalog/product-gallery.tsx';
import type { SizerResult } from '../features/catalog/sizer-dialog.tsx';
import '../styles/screens/shells.css';
import '../styles/screens/catalog.css';
import '../styles/screens/gallery.css';
import { SeeInStore } from '../features/appointments/see-in-store.tsx';
import { useMyReview } from '../features/catalog/use-my-review.ts';

export const meta: Route.MetaFunction = ({ data: loaded, error }) => {
  if (error || !loaded?.product) return [{ title: pageTitle(error ? 'Page not found' : 'Product Details') }];
  return productMeta(loaded.product, loaded.origin, loaded.path);
};

async function checkPincode(api: ReturnType<typeof serverApi>, pincode: string): Promise<PincodeCheck> {
  try {
    return await api.get(`/api/stores/pincode/${encodeURIComponent(pincode.slice(0, 20))}`);
  } catch {
    return { ok: false, reason: 'invalid', message: 'We could not check this pincode just now. Please try again.' };
  }
}

/**
 * GET /api/product/find-by-id/{id}, and with ?pincode= the delivery check beside it. An unknown or
 * malformed id is the 404 screen; any other failure leaves an apology in the layout.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = parseProductId(params.id);
  if (id === null) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const api = serverApi(context);
  const pincode = (url.searchParams.get('pincode') ?? '').trim();
  const reviewsPage = /^\d{1,6}$/.test(url.searchParams.get('reviews') ?? '') ? Math.max(1, Number(url.searchParams.get('reviews'))) : 1;
  const [found, pincodeCheck, reviews, myReview] = await Promise.all([
    api.get(`/api/product/find-by-id/${id}`).then(
      (answer) => ({ product: answer?.data ?? null, status: 200 }),
      (error: unknown) => ({ product: null, status: error instanceof ApiError ? error.status : 502 }),
    ),
    pincode ? checkPincode(api, pincode) : Promise.resolve(null),
    // A page without its reviews is still the product's page: a failed call only empties that section.
    api.get(`/api/product/${id}/reviews?page=${reviewsPage}`).catch(() => null),
    // A signed-in shopper's right to review and their review (a guest's page asks nothing: it stays shared).
    loadMyReview(api, request, id),
  ]);
  if (found.status === 404 || found.status === 400) throw data(null, { status: 404 });
  const addedQuantity = readAdded(request.headers.get('cookie'), id);
  const result = {
    product: found.product,
    pincode,
    pincodeCheck,
    reviews,
    myReview,
    search: url.search,
    addedQuantity,
    origin: url.origin,
    path: `/product-detail/${id}`,
  };
  const headers = addedQuantity !== null ? { 'Set-Cookie': addedClearCookie(request) } : undefined;
  return data(result, { status: found.product ? 200 : 503, headers });
}

/** Shared (decision 032): rendered without the visitor's cookies, kept and served to everyone. */
export const handle = SHARED_PAGE;

/** Marked public, so the server and a CDN may keep it (lib/shared-page.ts), unless an action set a cookie. */
export function headers(args: Route.HeadersArgs) {
  return sharedPageHeaders(args);
}

/** Add to Cart, the sizer request and the review: forms of this page, told apart by their intent. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const id = parseProductId(params.id);
  if (id === null) throw data(null, { status: 404 });
  const api = serverApi(context);
  // The review form is multipart with photos: its size is judged before the body is read.
  const tooLarge = reviewTooLarge(request);
  if (tooLarge) return data<AddToCartResult | SizerResult | ReviewResult>(tooLarge, { status: 413 });
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'review') {
    const { result, status } = await submitReview(api, request, id, form);
    return data<AddToCartResult | SizerResult | ReviewResult>(result, { status });
  }
  if (intent === 'add-to-cart') {
    const { result, setCookies, status } = await addToCart(api, request, id, form);
    const headers = new Headers();
    for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
    if (result.ok) {
      // POST, redirect, GET: the header's cart count and every loader read the new cart.
      // The pincode checked and the chain length shown stay on the page the shopper comes back to.
      const asked = new URL(request.url).searchParams;
      const kept = new URLSearchParams();
      for (const name of ['pincode', LENGTH_PARAM]) {
        const value = asked.get(name);
        if (value) kept.set(name, value);
      }
      return redirect(`/product-detail/${id}${kept.size > 0 ? `?${kept.toString()}` : ''}`, { headers });
    }
    return data<AddToCartResult | SizerResult | ReviewResult>(result, { status, headers });
  }
  if (intent === 'sizer') {
    const { result, status } = await requestSizer(api, id, form);
    return data<AddToCartResult | SizerResult | ReviewResult>(result, { status });
  }
  throw data(null, { status: 400 });
}

/**
 * The signed-in shopper's review box: with the heart, the part of the product page that depends on who they are, so
 * the page around it is not rendered again when their summary arrives (decision 035).
 */
function MyReviewBox({ productId, fromServer, result }: { productId: number; fromServer: MyReviewState | null; result: ReviewResult | null }) {
  const { personalKnown, user } = useShellData();
  const state = useMyReview(productId, fromServer, personalKnown, user !== null, result);
  return <ReviewBox key={reviewKey(state)} state={state} reviewPage={reviewPageHref(productId)} result={result} />;
}

export default function ProductDetailScreen({ loaderData }: Route.ComponentProps) {
  const { product, pincode, pincodeCheck, reviews, myReview, search, addedQuantity, origin, path } = loaderData;
  const { settings, cspNonce } = useStoreShell();
  const actionData = useActionData<typeof action>();
  const cartResult: AddToCartResult | null =
    actionData?.intent === 'add-to-cart'
      ? actionData
      : addedQuantity !== null && product
        ? { intent: 'add-to-cart', ok: true, message: `Added to your cart: ${product.product_name} × ${addedQuantity}.` }
        : null;
  const sizerResult = actionData?.intent === 'sizer' ? actionData : null;
  const reviewResult = actionData?.intent === 'review' ? actionData : null;

  // The gold colour chosen on this piece (another piece starts at its own): the drawings exist per colour.
  const [chosen, setChosen] = useState<{ id: number; colour?: string; purity?: number } | null>(null);
  const mine = product && chosen?.id === product.product_id ? chosen : null;
  const [query] = useSearchParams();
  const asked = product ? choiceAsked(product.pricing, query) : null;
  const colour = product ? (mine?.colour ?? asked?.colour ?? product.pricing.defaultColour) : null;
  // The hallmark states the karat chosen (each piece's own HUID is on its order, never one for the product).
  const ownPurity = product?.pricing.metal === 'gold' ? (product.product_purity ?? product.pricing.defaultPurity) : null;
  const goldPurity = ownPurity === null ? null : (mine?.purity ?? asked?.purity ?? ownPurity);

  return (
    <>
      <PageBanner compact title="Product Details" parents={[{ label: 'Products', href: '/alljewellery' }]} crumb={product?.product_name ?? 'Product'} />
      {product && (
        <script
          type="application/ld+json"
          nonce={cspNonce || undefined}
          // The browser hides a nonce from the DOM after parsing, so hydration sees it empty.
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: jsonForScript(productJsonLd(product, origin, path)) }}
        />
      )}
      <div className="section pd-section">
        <div className="container pd">
          <div className="pd-gallery">
            {product ? (
              <ProductGallery product={product} colour={colour} placeholder={PLACEHOLDER_IMAGE} />
            ) : (
              <div className="pd-image">
                <ProductPicture src={PLACEHOLDER_IMAGE} sizes="(min-width: 992px) 640px, 100vw" alt="" width={640} height={640} decoding="async" />
              </div>
            )}
            {product && (
              <CertBadges
                piece={{
                  metal: product.pricing.metal,
                  purity: goldPurity ?? product.product_purity,
                  hallmarked: product.product_hallmarked,
                }}
                stones={product.product_diamond_weight_ct !== null || product.product_stones.length > 0}
                bisRegistration={settings?.bisRegistration ?? ''}
              />
            )}
          </div>

          <div className="pd-info">
            {!product ? (
              <p className="alert-error" role="alert">
                We could not load this piece just now. Please try again in a moment.
              </p>
            ) : (
              <ProductPurchase
                key={product.product_id}
                product={product}
                cartResult={cartResult}
                sizerResult={sizerResult}
                colour={colour}
                onColour={(c) => setChosen({ ...mine, id: product.product_id, colour: c })}
                onPurity={(k) => setChosen({ ...mine, id: product.product_id, purity: k })}
              />
            )}
            <PincodeBox pincode={pincode} check={pincodeCheck} />
            {product && <SeeInStore productId={product.product_id} />}
            <ul className="pd-notes">
              {settings && (
                <>
                  <li>Product will be delivered in {settings.deliveryDays} days</li>
                  <li>{settings.returnWindowDays} day returnable</li>
                </>
              )}
              <li>Life time exchange &amp; buyback</li>
              <li>Certified Jewellery</li>
            </ul>
          </div>
        </div>
        {/* Below the gallery's grid: its sticky picture travels within that grid only, never over the tabs and reviews. */}
        {product && (
          <div className="container pd-below">
            <div className="pd-more">
              <ProductTabs product={product} settings={settings} />
            </div>
            <ProductReviews reviews={reviews} path={path} search={search}>
              <MyReviewBox productId={product.product_id} fromServer={myReview} result={reviewResult} />
            </ProductReviews>
          </div>
        )}
      </div>
    </>
  );
}
