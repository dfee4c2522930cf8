import { redirect } from 'react-router';
import type { Route } from './+types/shop-detail';
import { SHARED_PAGE, sharedPageHeaders } from '../lib/shared-page.ts';

/**
 * /shop-detail is not a screen (DECISIONS §1): old links to it are sent on to the product's page, or to
 * the whole collection when they name no product.
 */
export function loader({ params }: Route.LoaderArgs) {
  const id = params.id?.trim();
  if (id && /^\d{1,10}$/.test(id)) return redirect(`/product-detail/${id}`, 302);
  return redirect('/alljewellery', 302);
}

/** Shared (decision 032): rendered without the visitor's cookies, kept and served to everyone. */
export const handle = SHARED_PAGE;

/** Marked public, so the server and a CDN may keep it (lib/shared-page.ts). */
export function headers(args: Route.HeadersArgs) {
  return sharedPageHeaders(args);
}
