import { categoryQueryName, type ProductPage } from '@milli/contracts';
import type { ApiClient } from '../../lib/api.ts';
import { LEGAL_LINKS } from '../../components/layout/nav-links.ts';
import { listingHref } from './listing-url.ts';

/** A sitemap holds at most 50,000 addresses; pages of 12 products stop well before that. */
export const SITEMAP_MAX_PAGES = 2_000;

export interface SitemapEntry {
  path: string;
  changefreq?: 'daily' | 'weekly' | 'monthly' | 'yearly';
  priority?: number;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** The XML of a sitemap (sitemaps.org 0.9) for addresses on `origin`. */
export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const seen = new Set<string>();
  const urls: string[] = [];
  for (const entry of entries) {
    const loc = new URL(entry.path, origin).href;
    if (seen.has(loc)) continue;
    seen.add(loc);
    const parts = [`<loc>${escapeXml(loc)}</loc>`];
    if (entry.changefreq) parts.push(`<changefreq>${entry.changefreq}</changefreq>`);
    if (entry.priority !== undefined) parts.push(`<priority>${entry.priority.toFixed(1)}</priority>`);
    urls.push(`  <url>${parts.join('')}</url>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Pages worth finding that are not products or categories. */
export const STATIC_PAGES: SitemapEntry[] = [
  { path: '/', changefreq: 'daily', priority: 1 },
  { path: '/alljewellery', changefreq: 'daily', priority: 0.9 },
  { path: '/about-us', changefreq: 'monthly', priority: 0.5 },
  { path: '/store', changefreq: 'monthly', priority: 0.5 },
  { path: '/book-appointment', changefreq: 'monthly', priority: 0.4 },
  { path: '/gold-rate', changefreq: 'daily', priority: 0.6 },
  { path: '/trade-in', changefreq: 'monthly', priority: 0.4 },
  { path: '/milli-harvest', changefreq: 'monthly', priority: 0.5 },
  { path: '/custom-design', changefreq: 'monthly', priority: 0.5 },
  { path: '/new-manufacturer', changefreq: 'yearly', priority: 0.3 },
  ...LEGAL_LINKS.map((l) => ({ path: l.href, changefreq: 'yearly' as const, priority: 0.2 })),
];

export function categoryEntries(categories: readonly string[]): SitemapEntry[] {
  return categories.map((name) => ({
    path: listingHref({ filter: { category: [categoryQueryName(name)] }, sort: 0, page: 1 }),
    changefreq: 'daily' as const,
    priority: 0.8,
  }));
}

/** Every product id, page by page through productList (featured order). Stops at the first failed page. */
export async function allProductIds(api: ApiClient): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; page <= SITEMAP_MAX_PAGES; page++) {
    let answer: ProductPage;
    try {
      answer = await api.get(`/api/product/productList?sort=0&page=${page}`);
    } catch {
      break;
    }
    if (!answer || !Array.isArray(answer.data) || answer.data.length === 0) break;
    for (const p of answer.data) if (Number.isSafeInteger(p.product_id)) ids.push(p.product_id);
    if (page >= answer.totalPages) break;
  }
  return [...new Set(ids)];
}
