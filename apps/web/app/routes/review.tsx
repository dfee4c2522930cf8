/**
 * /review/{productId}: the buyer's own review of one piece (issue 21). The product page is shared (decision 032):
 * its HTML is the same for everyone, so without JavaScript its review box cannot know who is reading it and
 * only links here. This page is rendered for the person who asks, with their session: their review to edit, or
 * the form to write one, or the reason they may not (never received the piece). Its form is the product page's
 * own (multipart with photos, the same submitReview), so it works with and without JavaScript; after a review is
 * sent it says so and leads back to the piece's reviews. A guest is sent to log in first; an unknown piece is 404.
 */
import { Link, data } from 'react-router';
import type { MyReviewState } from '@milli/contracts';
import type { Route } from './+types/review';
import { ApiError } from '../lib/api.ts';
import { replyTo, serverApi } from '../lib/api.server.ts';
import { pageTitle } from '../lib/meta.ts';
import { loginRedirect } from '../lib/safe-redirect.ts';
import { loadSessionUser } from '../lib/session.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { ProductPicture } from '../components/media/product-picture.tsx';
import { PLACEHOLDER_IMAGE } from '../features/catalog/product-card.tsx';
import { parseProductId } from '../features/catalog/product-id.ts';
import { ReviewBox, reviewKey, reviewPageHref } from '../features/catalog/review-form.tsx';
import { reviewTooLarge, submitReview, type ReviewResult } from '../features/catalog/review-actions.server.ts';
import '../styles/screens/shells.css';
import '../styles/screens/catalog.css';

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: pageTitle(loaded ? `Your review: ${loaded.productName}` : 'Page not found') },
  { name: 'robots', content: 'noindex' },
];

type Mine = { state: MyReviewState; failed: false } | { state: null; failed: boolean; ended?: boolean };

/** GET /api/product/{id}/reviews/mine: the right to review and the review; `ended` when the session has gone (401). */
async function loadMine(api: ReturnType<typeof serverApi>, id: number): Promise<Mine> {
  const reply = await replyTo(api, 'GET', `/api/product/${id}/reviews/mine`);
  if (reply?.status === 401) return { state: null, failed: false, ended: true };
  return reply?.ok ? { state: reply.data, failed: false } : { state: null, failed: true };
}

/** The piece's name and picture (GET /api/product/find-by-id/{id}), who is here, then their review of it. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = parseProductId(params.productId);
  if (id === null) throw data(null, { status: 404 });
  const api = serverApi(context);
  const [found, user] = await Promise.all([
    api.get(`/api/product/find-by-id/${id}`).then(
      (answer) => ({ product: answer?.data ?? null, status: 200 }),
      (error: unknown) => ({ product: null, status: error instanceof ApiError ? error.status : 502 }),
    ),
    loadSessionUser(api),
  ]);
  if (found.status === 404 || found.status === 400) throw data(null, { status: 404 });
  if (!user) throw loginRedirect(request);
  if (!found.product) throw data(null, { status: 503 });
  const mine = await loadMine(api, id);
  if (mine.state === null && mine.ended) throw loginRedirect(request);
  return { productId: id, productName: found.product.product_name, picture: found.product.product_parent_image, myReview: mine.state, failed: mine.failed };
}

/** The review form, as on the product page: its size judged before the body is read, then POST /api/product/{id}/reviews. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const id = parseProductId(params.productId);
  if (id === null) throw data(null, { status: 404 });
  const tooLarge = reviewTooLarge(request);
  if (tooLarge) return data<ReviewResult>(tooLarge, { status: 413 });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data<ReviewResult>({ intent: 'review', ok: false, message: 'We could not read your review. Please try again.' }, { status: 400 });
  }
  const { result, status } = await submitReview(serverApi(context), request, id, form);
  return data<ReviewResult>(result, { status });
}

export default function ReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { productId, productName, picture, myReview, failed } = loaderData;
  const result = actionData ?? null;
  const productPage = `/product-detail/${productId}`;
  return (
    <>
      <PageBanner
        title="Your review"
        parents={[
          { label: 'Products', href: '/alljewellery' },
          { label: productName, href: productPage },
        ]}
        crumb="Your review"
      />
      <section className="section">
        <div className="container narrow review-page">
          <header className="review-page-piece">
            <ProductPicture src={picture || PLACEHOLDER_IMAGE} sizes="96px" alt="" width={96} height={96} decoding="async" />
            <h2 className="shell-h2">
              Your review: <Link to={productPage}>{productName}</Link>
            </h2>
          </header>
          {failed ? (
            <p className="alert-error" role="alert">
              We could not load your review just now. Please try again in a moment.
            </p>
          ) : (
            <ReviewBox key={reviewKey(myReview)} state={myReview} reviewPage={reviewPageHref(productId)} result={result} />
          )}
          <p className="review-page-back">
            <Link to={`${productPage}#reviews`} className={result?.ok ? 'btn btn-primary' : undefined}>
              {result?.ok ? 'See your review on the piece’s page' : `Back to ${productName}`}
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
