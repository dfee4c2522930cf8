import type { Route } from './+types/me-summary';
import { serverApi } from '../lib/api.server.ts';
import { loadPersonal } from '../lib/personal.server.ts';

/**
 * GET /api/me/summary (decision 032): the personal parts of a storefront page, as JSON, for the browser to
 * fill in once a shared page is painted: `{ user: { userId, userName } | null, cart: { count, lines,
 * subtotalPaise }, wishlistIds }`. A guest's comes from their cookies. Never kept by anyone.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const personal = await loadPersonal(serverApi(context), request.headers.get('cookie'));
  return Response.json(personal, { headers: { 'Cache-Control': 'private, no-store' } });
}
