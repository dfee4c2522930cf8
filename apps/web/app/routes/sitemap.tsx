import type { Route } from './+types/sitemap';
import { serverApi } from '../lib/api.server.ts';
import { SHARED_PAGE } from '../lib/shared-page.ts';
import { STATIC_PAGES, allProductIds, categoryEntries, sitemapXml } from '../features/catalog/sitemap.ts';

/**
 * Shared (decision 032): the same for everyone, so it is rendered without the visitor's cookies and kept (its own
 * Cache-Control is public) until the catalogue changes; the server keeps only shared pages, and a sitemap lists
 * every product, so it is worth keeping. Its answer is XML, so it sets its own headers.
 */
export const handle = SHARED_PAGE;

/** /sitemap.xml: the storefront's pages, every category's listing and every product, for search engines. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(context);
  const origin = new URL(request.url).origin;
  const [categories, ids] = await Promise.all([
    api.get('/api/category').then(
      (rows) => (Array.isArray(rows) ? rows.map((r) => r.pr_cat_name).filter((n) => typeof n === 'string' && n !== '') : []),
      () => [] as string[],
    ),
    allProductIds(api),
  ]);
  const xml = sitemapXml(origin, [
    ...STATIC_PAGES,
    ...categoryEntries(categories.map((n) => (n === 'Fingerring' ? 'Rings' : n))),
    ...ids.map((id) => ({ path: `/product-detail/${id}`, changefreq: 'weekly' as const, priority: 0.7 })),
  ]);
  return new Response(xml, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  });
}
