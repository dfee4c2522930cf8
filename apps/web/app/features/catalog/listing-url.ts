import { PAGE_SIZE, PAGINATION_WINDOW, SORT_OPTIONS } from '@milli/contracts';

/**
 * The listing's state lives in its address, so a filtered, sorted page can be shared and reloaded:
 *   /alljewellery                           everything (?q=…&sort=…&page=… may follow)
 *   /alljewellery/{page}                    everything, that page
 *   /alljewellery/productfilter/{json}      the spec's JSON filter; page and sort in the query string
 *   /jewellery-by-price{n}/{min}/{max}      a price band
 * Every link the screen draws goes through `listingHref`, so one state has one address.
 */

/** Filter keys, in the order they are written into the JSON (stable addresses for caches and sharing). */
export const FILTER_KEYS = ['material', 'category', 'tag', 'stone', 'colour', 'minPrice', 'maxPrice', 'q', 'occasion', 'recipient'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/**
 * The groups a shopper may choose several values of (issue 40): a piece with any of a group's values, and with
 * the other groups' too. Never an empty list: a group with nothing chosen is absent.
 */
export const CHOICE_KEYS = ['material', 'category', 'tag', 'stone', 'colour'] as const;
export type ChoiceKey = (typeof CHOICE_KEYS)[number];
/** As many values as the server takes for one group (contracts' MAX_FILTER_CHOICES). */
const MAX_CHOICES = 20;

export interface ListingFilter {
  material?: string[];
  category?: string[];
  tag?: string[];
  stone?: string[];
  colour?: string[];
  /** Rupees. */
  minPrice?: number;
  /** Rupees. */
  maxPrice?: number;
  q?: string;
  /** Gifting collections (DECISIONS §7): 'Birthday', 'Self'…; 'Mom', 'Friends'… */
  occasion?: string;
  recipient?: string;
}

export interface ListingState {
  filter: ListingFilter;
  sort: number;
  page: number;
  /** Set on the price-band routes ('jewellery-by-price3'): links that keep only the band keep that address. */
  priceBase?: string;
}

export type ParseResult = { ok: true; state: ListingState } | { ok: false; reason: string };

const TEXT_KEYS = ['q', 'occasion', 'recipient'] as const;
const MAX_TEXT = { material: 100, category: 100, tag: 100, stone: 100, colour: 100, q: 200, occasion: 100, recipient: 100 } as const;
/** What the API accepts as a price (rupees): ten crore is beyond anything sold and keeps numbers sane. */
export const MAX_PRICE_RUPEES = 1_00_00_00_000;
export const MAX_PAGE = 1_000_000;
const SORT_VALUES: readonly number[] = SORT_OPTIONS.map((o) => o.value);

/** A whole page number from a path or query value; null when it is not one. */
export function parsePage(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined || raw === '') return 1;
  if (!/^\d{1,7}$/.test(raw.trim())) return null;
  const page = Number(raw.trim());
  return page >= 1 && page <= MAX_PAGE ? page : null;
}

/** A price in rupees (whole or with paise); null when it is not one. */
export function parsePrice(raw: unknown): number | null {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : null;
  if (text === null || !/^\d{1,10}(\.\d{1,2})?$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) && value <= MAX_PRICE_RUPEES ? value : null;
}

/** An unknown sort value falls back to the default order: a stale link still shows products. */
export function parseSort(raw: string | null | undefined): number {
  if (!raw || !/^\d{1,2}$/.test(raw)) return 0;
  const sort = Number(raw);
  return SORT_VALUES.includes(sort) ? sort : 0;
}

function cleanText(value: unknown, max: number): string | undefined | null {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  if (text === '') return undefined;
  return text.length > max ? null : text;
}

/** A group's values: one (a string) or several (an array of them), each checked, blanks and repeats dropped. */
function cleanChoices(value: unknown, max: number): string[] | undefined | null {
  const list = Array.isArray(value) ? value : [value];
  if (list.length > MAX_CHOICES) return null;
  const values: string[] = [];
  for (const item of list) {
    const text = cleanText(item, max);
    if (text === null) return null;
    if (text !== undefined && !values.includes(text)) values.push(text);
  }
  return values.length > 0 ? values : undefined;
}

/**
 * Reads the filter from its JSON (the productfilter path) or query string values, checks every value
 * and returns a clean filter, or why it cannot be read. Unknown keys are ignored (old links keep working).
 */
export function readFilter(source: Record<string, unknown>): { ok: true; filter: ListingFilter } | { ok: false; reason: string } {
  const filter: ListingFilter = {};
  for (const key of CHOICE_KEYS) {
    const values = cleanChoices(source[key], MAX_TEXT[key]);
    if (values === null) return { ok: false, reason: `The ${key} filter is not valid.` };
    if (values !== undefined) filter[key] = values;
  }
  for (const key of TEXT_KEYS) {
    const value = cleanText(source[key], MAX_TEXT[key]);
    if (value === null) return { ok: false, reason: `The ${key} filter is not valid.` };
    if (value !== undefined) filter[key] = value;
  }
  for (const key of ['minPrice', 'maxPrice'] as const) {
    const raw = source[key];
    if (raw === undefined || raw === null || raw === '') continue;
    const value = parsePrice(raw);
    if (value === null) return { ok: false, reason: `${key === 'minPrice' ? 'The lowest' : 'The highest'} price is not a number.` };
    filter[key] = value;
  }
  if (filter.minPrice !== undefined && filter.maxPrice !== undefined && filter.minPrice > filter.maxPrice) {
    return { ok: false, reason: 'The lowest price is more than the highest price.' };
  }
  return { ok: true, filter };
}

/** The JSON of /alljewellery/productfilter/{filterType}: must be an object. */
export function parseFilterJson(raw: string): { ok: true; filter: ListingFilter } | { ok: false; reason: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { ok: false, reason: 'The filter in this address cannot be read.' };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { ok: false, reason: 'The filter in this address cannot be read.' };
  }
  return readFilter(parsed as Record<string, unknown>);
}

export interface ListingParams {
  page?: string;
  filterType?: string;
  min?: string;
  max?: string;
}

/** The filter panel's price choice ('10000-20000', '50000-' for no upper end) as a range; null when it is not one. */
function priceChoice(raw: string): { minPrice: number; maxPrice?: number } | null {
  const match = /^(\d{1,10})-(\d{1,10})?$/.exec(raw.trim());
  if (!match) return null;
  return match[2] === undefined ? { minPrice: Number(match[1]) } : { minPrice: Number(match[1]), maxPrice: Number(match[2]) };
}

/** The value the filter panel's price radio sends for a band. */
export function priceChoiceValue(band: { min: number; max: number | null }): string {
  return `${band.min}-${band.max ?? ''}`;
}

/**
 * Whether an address carries the filter panel's form (its groups' values and price in the query string): the
 * listing then answers with the one address of that state (a redirect), as the panel does with JavaScript.
 */
export function fromFilterForm(search: URLSearchParams): boolean {
  return search.has('price') || CHOICE_KEYS.some((key) => search.has(key));
}

/**
 * The listing state of a request: route params (already URL-decoded by the router) and the query string.
 * Query-string filter keys refine the path's filter (the sidebar search adds ?q= to a filtered page); a group's key
 * may repeat (the filter panel's form: ?category=Fingerring&category=Earrings), and ?price= is the panel's band
 * ('' for any price).
 */
export function parseListing(params: ListingParams, search: URLSearchParams, priceBase?: string): ParseResult {
  let filter: ListingFilter = {};
  if (params.filterType !== undefined) {
    const read = parseFilterJson(params.filterType);
    if (!read.ok) return read;
    filter = read.filter;
  }
  if (params.min !== undefined || params.max !== undefined) {
    const min = parsePrice(params.min);
    const max = parsePrice(params.max);
    if (min === null || max === null) return { ok: false, reason: 'The price range in this address is not a number.' };
    if (min > max) return { ok: false, reason: 'The lowest price is more than the highest price.' };
    filter = { ...filter, minPrice: min, maxPrice: max };
  }
  const fromQuery: Record<string, string | string[]> = {};
  for (const key of FILTER_KEYS) {
    const values = search.getAll(key);
    if (values.length > 0) fromQuery[key] = (CHOICE_KEYS as readonly string[]).includes(key) ? values : values[0]!;
  }
  const price = search.get('price');
  if (price !== null) {
    filter = withoutKeys(filter, 'minPrice', 'maxPrice');
    if (price.trim() !== '') {
      const range = priceChoice(price);
      if (!range) return { ok: false, reason: 'The price range in this address is not a number.' };
      Object.assign(fromQuery, { minPrice: String(range.minPrice) }, range.maxPrice === undefined ? {} : { maxPrice: String(range.maxPrice) });
    }
  }
  if (Object.keys(fromQuery).length > 0) {
    const read = readFilter({ ...filter, ...fromQuery });
    if (!read.ok) return read;
    filter = read.filter;
  }

  const pathPage = params.page !== undefined ? parsePage(params.page) : 1;
  const queryPage = parsePage(search.get('page'));
  if (pathPage === null || queryPage === null) return { ok: false, reason: 'That page number is not valid.' };
  const page = search.has('page') ? queryPage : pathPage;

  const state: ListingState = { filter, sort: parseSort(search.get('sort')), page };
  if (priceBase) state.priceBase = priceBase;
  return { ok: true, state };
}

function isEmpty(filter: ListingFilter): boolean {
  return FILTER_KEYS.every((k) => filter[k] === undefined);
}

function onlyKeys(filter: ListingFilter, keys: readonly FilterKey[]): boolean {
  return FILTER_KEYS.every((k) => (keys.includes(k) ? filter[k] !== undefined : filter[k] === undefined));
}

/**
 * The filter as the productfilter JSON, keys in a fixed order. A group of one value is written as that value, so
 * the addresses shared before groups took several still are the addresses of the same listings.
 */
export function filterJson(filter: ListingFilter): string {
  const json: Record<string, string | number | string[]> = {};
  for (const key of FILTER_KEYS) {
    const value = filter[key];
    if (value !== undefined) json[key] = Array.isArray(value) && value.length === 1 ? value[0]! : value;
  }
  return JSON.stringify(json);
}

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** The one address of a listing state. Default sort and page 1 are left out. */
export function listingHref(state: ListingState): string {
  const { filter } = state;
  const sort = state.sort === 0 ? undefined : state.sort;
  const page = state.page > 1 ? state.page : undefined;
  if (isEmpty(filter)) {
    return withQuery(page ? `/alljewellery/${page}` : '/alljewellery', { sort });
  }
  if (onlyKeys(filter, ['q'])) return withQuery('/alljewellery', { q: filter.q, sort, page });
  if (state.priceBase && onlyKeys(filter, ['minPrice', 'maxPrice'])) {
    return withQuery(`/${state.priceBase}/${filter.minPrice}/${filter.maxPrice}`, { sort, page });
  }
  return withQuery(`/alljewellery/productfilter/${encodeURIComponent(filterJson(filter))}`, { sort, page });
}

/**
 * A GET form that lands on `href`: its action (the path; a GET form drops the action's own query) and
 * the hidden fields that carry the query string.
 */
export function formTarget(href: string): { action: string; hidden: [string, string][] } {
  const url = new URL(href, 'http://local');
  return { action: url.pathname, hidden: [...url.searchParams.entries()] };
}

/** A new filter starts again at page 1 and keeps the chosen sort. */
export function hrefWithFilter(state: ListingState, filter: ListingFilter): string {
  return listingHref({ ...state, filter, page: 1 });
}

/** Whether a group's value is chosen. */
export function isChosen(filter: ListingFilter, key: ChoiceKey, value: string): boolean {
  return filter[key]?.includes(value) ?? false;
}

/** Adds a value to its group, or takes it out when it is already chosen (a chip's remove, a checkbox). */
export function toggleFilter(filter: ListingFilter, key: ChoiceKey, value: string): ListingFilter {
  const next = { ...filter };
  const values = filter[key] ?? [];
  const toggled = values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
  if (toggled.length > 0) next[key] = toggled;
  else delete next[key];
  // Style tags belong to one category: another choice of categories drops the styles.
  if (key === 'category') delete next.tag;
  return next;
}

export function withoutKeys(filter: ListingFilter, ...keys: FilterKey[]): ListingFilter {
  const next = { ...filter };
  for (const key of keys) delete next[key];
  return next;
}

/** The filter as the API's query string: a group's key once for each of its values. */
function filterParams(filter: ListingFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filter[key];
    if (Array.isArray(value)) for (const v of value) params.append(key, v);
    else if (value !== undefined) params.set(key, String(value));
  }
  return params;
}

/** The productList query of a state: GET /api/product/productList?… */
export function productListPath(state: ListingState): `/api/product/productList?${string}` {
  const params = filterParams(state.filter);
  params.set('sort', String(state.sort));
  params.set('page', String(state.page));
  return `/api/product/productList?${params.toString()}`;
}

/** GET /api/product/facets with the address's filters: the filter panel's counts (decision 026). */
export function facetsPath(state: ListingState): `/api/product/facets?${string}` {
  return `/api/product/facets?${filterParams(state.filter).toString()}`;
}

/** 'Showing X to Y of Z results' (spec §4): start = (page-1)·size+1, end = min(start+size-1, total). */
export function showingRange(page: number, total: number, size: number = PAGE_SIZE): { start: number; end: number } {
  const start = (page - 1) * size + 1;
  return { start, end: Math.min(start + size - 1, total) };
}

export type PageItem = number | 'gap-start' | 'gap-end';

/**
 * Pagination (spec §9): the first and last page, a window of 2 either side of the current one, and an
 * ellipsis for each run of hidden pages. Empty when there is at most one page (the control is hidden).
 */
export function pageItems(current: number, totalPages: number, window: number = PAGINATION_WINDOW): PageItem[] {
  if (totalPages <= 1) return [];
  const page = Math.min(Math.max(1, current), totalPages);
  const from = Math.max(2, page - window);
  const to = Math.min(totalPages - 1, page + window);
  const items: PageItem[] = [1];
  if (from > 2) items.push('gap-start');
  for (let n = from; n <= to; n++) items.push(n);
  if (to < totalPages - 1) items.push('gap-end');
  items.push(totalPages);
  return items;
}
