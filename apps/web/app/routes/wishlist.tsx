import { Link, data, redirect, useActionData } from 'react-router';
import type { Route } from './+types/wishlist';
import { MESSAGES, parseSharedWishlistIds } from '@milli/contracts';
import { serverApi } from '../lib/api.server.ts';
import { readCookie } from '../lib/cookies.ts';
import { pageTitle } from '../lib/meta.ts';
import { loadSessionUser } from '../lib/session.ts';
import { readWishlistCookie, wishlistSetCookie } from '../lib/wishlist-cookie.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { ADDED_COOKIE, addToCart, addedClearCookie } from '../features/catalog/product-actions.server.ts';
import { shareLinks, sharedWishlistUrl } from '../features/wishlist/share-links.ts';
import { WishlistTable } from '../features/wishlist/wishlist-table.tsx';
import type { WishlistActionResult, WishlistItem } from '../features/wishlist/wishlist-types.ts';
import { changeWishlist, loadCustomerWishlist, loadProductsByIds } from '../features/wishlist/wishlist.server.ts';
import { safeRedirect } from '../lib/safe-redirect.ts';
import '../styles/screens/shells.css';
import '../styles/screens/wishlist.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Wish List') }, { name: 'robots', content: 'noindex' }];

type Mode = 'customer' | 'guest' | 'shared';

interface WishlistData {
  mode: Mode;
  items: WishlistItem[];
  /** The list could not be loaded (spec §8: logged 'Error fetching data'); the person gets a friendly line. */
  loadFailed: boolean;
  /** A shared link whose items= is not a list of product ids. */
  badLink: boolean;
  /** The read-only link to these pieces, for 'Share Your Wishlist' (own list only). */
  shareUrl: string | null;
  shareImage: string | null;
  /** After Add to Cart without JavaScript (POST, redirect, GET): which piece went into the cart. */
  addedProductId: number | null;
}

/** The one-request note of addToCart ('<productId>-<quantity>'), whichever piece it names. */
function addedProduct(cookieHeader: string | null): number | null {
  const match = /^(\d{1,10})-\d+$/.exec(readCookie(cookieHeader, ADDED_COOKIE) ?? '');
  return match ? Number(match[1]) : null;
}

/**
 * Three views of one screen: a logged-in customer's list (GET /api/wishlist/find-by-user-id/{userId}), a
 * guest's (the wishlistItems cookie, priced by get_product_detail), or, with ?items=12,40,7, a shared
 * read-only list that anyone may open (ids validated and capped; only public product data is shown).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(context);
  const url = new URL(request.url);
  const cookieHeader = request.headers.get('cookie');
  const headers = new Headers();
  const addedProductId = addedProduct(cookieHeader);
  if (addedProductId !== null) headers.append('Set-Cookie', addedClearCookie(request));
  const answer = (fields: Pick<WishlistData, 'mode' | 'items'> & Partial<WishlistData>) => {
    const own = fields.mode !== 'shared' && fields.items.length > 0;
    const image = fields.items[0]?.image;
    return data<WishlistData>(
      {
        loadFailed: false,
        badLink: false,
        shareUrl: own
          ? sharedWishlistUrl(
              url.origin,
              fields.items.map((i) => i.productId),
            )
          : null,
        shareImage: own && image ? new URL(image, url.origin).href : null,
        addedProductId,
        ...fields,
      },
      { headers },
    );
  };

  const failed = (error: unknown) => {
    console.error(MESSAGES.wishlistLoadError, error);
    return true;
  };

  if (url.searchParams.has('items')) {
    const ids = parseSharedWishlistIds(url.searchParams.get('items'));
    if (!ids) return answer({ mode: 'shared', items: [], badLink: true });
    try {
      return answer({ mode: 'shared', items: await loadProductsByIds(api, ids) });
    } catch (error) {
      return answer({ mode: 'shared', items: [], loadFailed: failed(error) });
    }
  }

  const user = await loadSessionUser(api);
  if (user) {
    try {
      return answer({ mode: 'customer', items: await loadCustomerWishlist(api, user) });
    } catch (error) {
      return answer({ mode: 'customer', items: [], loadFailed: failed(error) });
    }
  }

  const ids = readWishlistCookie(cookieHeader);
  try {
    const items = await loadProductsByIds(api, ids);
    // Pieces withdrawn since they were saved leave the cookie, so the header's count agrees with the table.
    if (items.length !== ids.length) {
      headers.append(
        'Set-Cookie',
        wishlistSetCookie(
          items.map((i) => i.productId),
          request,
        ),
      );
    }
    return answer({ mode: 'guest', items });
  } catch (error) {
    return answer({ mode: 'guest', items: [], loadFailed: failed(error) });
  }
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const merged = new Headers();
  for (const cookie of [...actionHeaders.getSetCookie(), ...loaderHeaders.getSetCookie()]) merged.append('Set-Cookie', cookie);
  return merged;
}

const INTENTS = ['add', 'remove', 'add-to-cart'] as const;

/** The piece's page with its size field marked (ProductPurchase reads ?choose=size). */
function sizeFirstHref(productId: number): string {
  return `/product-detail/${productId}?choose=size#pd-size`;
}
type Intent = (typeof INTENTS)[number];

/**
 * The one place every heart, remove icon and wish-list Add to Cart posts to. A form without JavaScript
 * sends `redirectTo` and is sent back there after a success (so every loader, the header's counts
 * included, reads the new state); a fetcher leaves it out and gets the result as data. A field may come in
 * the form's body or in its address (`/wishlist?intent=add&productId=…`): a listing's hearts carry theirs in
 * the address, three hidden inputs fewer per card (issue 40).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const api = serverApi(context);
  const body = await request.formData();
  const query = new URL(request.url).searchParams;
  const form = { get: (name: string) => body.get(name) ?? query.get(name) };
  const intent = form.get('intent');
  const rawId = String(form.get('productId') ?? '');
  const productId = /^\d{1,10}$/.test(rawId) && Number(rawId) >= 1 && Number(rawId) <= 2_147_483_647 ? Number(rawId) : null;
  if (!INTENTS.includes(intent as Intent) || productId === null) {
    return data<WishlistActionResult>({ intent: 'add', ok: false, message: 'This request is not valid.', productId: null }, { status: 400 });
  }
  const back = safeRedirect(form.get('redirectTo'));

  let outcome: { result: WishlistActionResult; setCookies: string[]; status: number };
  if (intent === 'add-to-cart') {
    const one = new FormData();
    one.set('quantity', '1');
    const added = await addToCart(api, request, productId, one);
    // Issue 40: a ring, bangle or chain needs its size, which the row cannot know: the shopper is taken to the piece,
    // its size field marked, with or without JavaScript (a fetcher follows the redirect too).
    if (!added.result.ok && added.result.code === 'SIZE_REQUIRED') return redirect(sizeFirstHref(productId));
    outcome = { ...added, result: { intent: 'add-to-cart', ok: added.result.ok, message: added.result.message, productId } };
  } else {
    outcome = await changeWishlist(api, await loadSessionUser(api), request, intent as 'add' | 'remove', productId);
  }

  const headers = new Headers();
  // The 'added' note only travels across a redirect; a fetcher shows the message itself.
  for (const cookie of outcome.setCookies) if (back || !cookie.startsWith(`${ADDED_COOKIE}=`)) headers.append('Set-Cookie', cookie);
  if (back && outcome.result.ok) return redirect(back, { headers });
  return data(outcome.result, { status: outcome.status, headers });
}

const SHARE_TEXT = 'My wish list at Milli';

export default function Wishlist({ loaderData }: Route.ComponentProps) {
  const { mode, items, loadFailed, badLink, shareUrl, shareImage, addedProductId } = loaderData;
  const actionData = useActionData<typeof action>();
  const added = addedProductId !== null ? items.find((i) => i.productId === addedProductId) : undefined;
  const shared = mode === 'shared';
  const links = shareUrl ? shareLinks(shareUrl, SHARE_TEXT, shareImage) : [];

  return (
    <>
      <PageBanner title="Wish List" crumb={shared ? 'Shared wish list' : 'Wish List'} />
      <div className="section">
        <div className="container stack-lg">
          {shared && (
            <div className="wl-intro">
              <h2 className="shell-h2">A wish list shared with you</h2>
              <p className="muted">
                These pieces were picked for you. Add any of them to your cart, or <Link to="/wishlist">open your own wish list</Link>.
              </p>
            </div>
          )}
          {loadFailed && (
            <p className="alert-error" role="alert">
              We could not load {shared ? 'this wish list' : 'your wish list'} just now. Please refresh the page in a moment.
            </p>
          )}
          {badLink && (
            <p className="alert-error" role="alert">
              This wish-list link is not complete. Please ask for the link again.
            </p>
          )}
          {added && (
            <p className="alert-success" role="status">
              {added.name} is in your cart. <Link to="/cart">View cart</Link>
            </p>
          )}
          {actionData && !actionData.ok && (
            <p className="alert-error" role="alert">
              {actionData.message}
            </p>
          )}

          {!badLink && (
            <WishlistTable
              items={items}
              readOnly={shared}
              caption={shared ? 'Shared wish list' : 'Your wish list'}
              empty={
                <div className="empty-state">
                  <p className="empty-state-title">
                    {loadFailed ? 'Nothing to show just now' : shared ? 'These pieces are no longer available' : 'Your wish list is empty'}
                  </p>
                  <p className="muted">Tap the heart on any piece to keep it here for later.</p>
                  <Link to="/alljewellery" className="btn btn-outline btn-sm">
                    Discover jewellery
                  </Link>
                </div>
              }
            />
          )}

          {!shared && (
            <section className="card card-pad wl-share" aria-labelledby="share-title">
              <h2 id="share-title" className="shell-h3">
                Share Your Wishlist
              </h2>
              {shareUrl ? (
                <>
                  <p className="muted">Anyone with this link sees the pieces (not your account) and can add them to their own cart.</p>
                  <ul className="share-list">
                    {links.map((l) => (
                      <li key={l.network}>
                        <a className={`btn btn-outline btn-sm share-${l.network.toLowerCase()}`} href={l.href} target="_blank" rel="noopener noreferrer">
                          {l.network}
                          <span className="visually-hidden"> (share the wish list, opens in a new tab)</span>
                        </a>
                      </li>
                    ))}
                  </ul>
                  <div className="form-field wl-link">
                    <label htmlFor="wl-share-url">Link to your wish list</label>
                    <input id="wl-share-url" type="url" readOnly value={shareUrl} />
                  </div>
                </>
              ) : (
                <p className="muted">Sharing opens once your wish list has pieces in it.</p>
              )}
            </section>
          )}
        </div>
      </div>
    </>
  );
}
