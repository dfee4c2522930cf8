import { redirect } from 'react-router';
import type { Route } from './+types/shop-detail';
import { sharedPageHeaders } from '../lib/shared-page.ts';

/**
 * /shop-detail is not a screen (DECISIONS §1): old links to it are sent on to the product's page, or to
 * the whole collection when they name no product.
 */
export function loader({ params }: Route.LoaderArgs) {
  const id = params.id?.trim();
  if (id && /^\d{1,10}$/.test(id)) return redirect(`/product-detail/${id}`, 302);
  return redirect('/alljewellery', 302);
}

/** The same page for every visitor without cookies: the server may keep it (decision 017). */
export function headers(args: Route.HeadersArgs) {
  return sharedPageHeaders(args);
}
