import { categoryQueryName, type ProductSummary, type RunningSales } from '@milli/contracts';
import type { ApiClient } from '../../lib/api.ts';

/**
 * The 'Jewel On Sale' tabs (spec §2) and the productList query behind each. Bracelet leaves out the silver
 * bracelets, which have a tab of their own, so no piece shows under both.
 */
export const SALE_TABS = [
  { id: 'bracelet', label: 'Bracelet', query: { category: 'Bracelets', notMaterial: 'Silver' } },
  { id: 'ring', label: 'Ring', query: { category: categoryQueryName('Rings') } },
  { id: 'silver-bracelet', label: 'Silver Bracelet', query: { material: 'Silver', category: 'Bracelets' } },
  { id: 'pendant', label: 'Pendant', query: { category: 'Pendants' } },
] as const;

export type SaleTabId = (typeof SALE_TABS)[number]['id'];

/** Pendant opens first (spec §2). */
export const DEFAULT_SALE_TAB: SaleTabId = 'pendant';

/** At most two rows of four cards per tab. */
export const SALE_SHELF_SIZE = 8;

/** One tab's products, or the fact that they could not be fetched (the tab then says so, the page lives on). */
export type SaleShelf = { status: 'ok'; products: ProductSummary[] } | { status: 'error' };

export type SaleShelves = Record<SaleTabId, SaleShelf>;

export function saleQueryPath(query: Record<string, string>): `/api/product/productList?${string}` {
  const params = new URLSearchParams({ ...query, onSale: '1', page: '1' });
  return `/api/product/productList?${params.toString()}`;
}

function isProduct(value: unknown): value is ProductSummary {
  if (!value || typeof value !== 'object') return false;
  const p = value as Partial<ProductSummary>;
  return Number.isSafeInteger(p.product_id) && typeof p.product_name === 'string' && Number.isSafeInteger(p.product_price_paise);
}

async function loadShelf(api: ApiClient, query: Record<string, string>): Promise<SaleShelf> {
  try {
    const page = await api.get(saleQueryPath(query));
    if (!page || !Array.isArray(page.data)) return { status: 'error' };
    return { status: 'ok', products: page.data.filter(isProduct).slice(0, SALE_SHELF_SIZE) };
  } catch {
    return { status: 'error' };
  }
}

/** The four shelves in parallel; a failing call empties its own tab only. */
export async function loadSaleShelves(api: ApiClient): Promise<SaleShelves> {
  const shelves = await Promise.all(SALE_TABS.map((tab) => loadShelf(api, tab.query)));
  return Object.fromEntries(SALE_TABS.map((tab, i) => [tab.id, shelves[i] ?? { status: 'error' }])) as SaleShelves;
}

/** The sales running today, as GET /api/sales/running gives them; null when they could not be asked (nothing is claimed then). */
export type RunningSale = RunningSales['data'][number];

export async function loadRunningSales(api: ApiClient): Promise<RunningSale[] | null> {
  try {
    const answer = await api.get('/api/sales/running');
    return Array.isArray(answer?.data) ? answer.data.filter((s) => Number.isSafeInteger(s.makingDiscountPercent) && s.makingDiscountPercent > 0) : null;
  } catch {
    return null;
  }
}

/**
 * The sale strip's eyebrow (issue 38): what the running sale takes off, from the sales themselves: "50 % off making
 * charges", or "Up to 50 % off making charges" when sales with different cuts run at once. Null when no sale is running
 * (or the sales could not be read): the strip then claims none.
 */
export function saleEyebrow(sales: readonly RunningSale[] | null): string | null {
  if (!sales || sales.length === 0) return null;
  const percents = sales.map((s) => s.makingDiscountPercent);
  const most = Math.max(...percents);
  return `${percents.every((p) => p === most) ? '' : 'Up to '}${most} % off making charges`;
}
