/**
 * The list kit's URL side (issue 17: every list has the same search, filter, sort and pagination), browser-safe.
 * A list page's state lives in its URL, `?q=&sort=&dir=&page=&perPage=` plus its own filters, exactly the query
 * the API's list takes (packages/contracts/src/admin-list.ts), so a loader passes it on untouched:
 *
 *   export async function loader({ request, context }) {
 *     const url = new URL(request.url);
 *     const page = await adminApi(context, request).get(`/api/admin/products?${apiListQuery(url, ['category', 'status'])}`);
 *     return { page, list: readListState(url, { sort: 'name', filters: ['category', 'status'] }) };
 *   }
 *
 * and the screen builds every link from the state with `listHref(state, { page: 2 })` (components/admin/list-kit.tsx
 * does it for you). Changing the search, a filter, the sort or the rows per page goes back to page 1.
 */
export type { AdminListPage } from '@milli/contracts/schemas';

/**
 * The contracts' ADMIN_PAGE_SIZES and DEFAULT_PAGE_SIZE, repeated here because their module carries zod,
 * which no browser bundle should; admin-list.test.ts fails if the two ever differ.
 */
export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

export type SortDir = 'asc' | 'desc';

export interface ListState {
  /** The list's own path, e.g. '/admin/products'. */
  path: string;
  q: string;
  sort: string;
  dir: SortDir;
  page: number;
  perPage: number;
  /** The list's own filters by name ('' when not set). */
  filters: Record<string, string>;
  /** The list's default sort, which links leave out of the address. */
  defaultSort?: string;
  defaultDir?: SortDir;
}

export interface ListDefaults {
  /** The default sort key (the API's first sort key). */
  sort: string;
  dir?: SortDir;
  /** The names of the list's own filters, as the API's query names them. */
  filters?: readonly string[];
}

const COMMON = ['q', 'sort', 'dir', 'page', 'perPage'] as const;

function whole(value: string | null, fallback: number, min: number, max: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

/** The list state a URL holds; anything missing or malformed falls back to the defaults. */
export function readListState(url: URL, defaults: ListDefaults): ListState {
  const params = url.searchParams;
  const perPage = whole(params.get('perPage'), DEFAULT_PAGE_SIZE, 1, 1000);
  const filters: Record<string, string> = {};
  for (const name of defaults.filters ?? []) filters[name] = params.get(name) ?? '';
  const dir = params.get('dir');
  return {
    path: url.pathname,
    q: (params.get('q') ?? '').trim().slice(0, 100),
    sort: params.get('sort') || defaults.sort,
    dir: dir === 'asc' || dir === 'desc' ? dir : (defaults.dir ?? 'asc'),
    page: whole(params.get('page'), 1, 1, 100_000),
    perPage: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : DEFAULT_PAGE_SIZE,
    filters,
    defaultSort: defaults.sort,
    defaultDir: defaults.dir ?? 'asc',
  };
}

/** The query string for the API: the common keys and the named filters that are set, nothing else from the page's URL. */
export function apiListQuery(url: URL, filters: readonly string[] = []): string {
  const out = new URLSearchParams();
  for (const name of [...COMMON, ...filters]) {
    const value = url.searchParams.get(name);
    if (value !== null && value.trim() !== '') out.set(name, value.trim());
  }
  return out.toString();
}

export interface ListChange {
  q?: string;
  sort?: string;
  dir?: SortDir;
  page?: number;
  perPage?: number;
  filters?: Record<string, string>;
}

/**
 * The address of the list with `change` applied; defaults (page 1, 25 a page, empty search/filters) are left
 * out, so links stay short. Any change but the page's goes back to page 1.
 */
export function listHref(state: ListState, change: ListChange = {}, defaults?: ListDefaults): string {
  const next: ListState = {
    ...state,
    ...change,
    filters: { ...state.filters, ...(change.filters ?? {}) },
    page: change.page ?? (Object.keys(change).length > 0 ? 1 : state.page),
  };
  const params = new URLSearchParams();
  if (next.q) params.set('q', next.q);
  for (const [name, value] of Object.entries(next.filters)) if (value) params.set(name, value);
  const defaultSort = defaults?.sort ?? state.defaultSort;
  const defaultDir = defaults ? (defaults.dir ?? 'asc') : (state.defaultDir ?? 'asc');
  if (defaultSort === undefined || next.sort !== defaultSort || next.dir !== defaultDir) {
    params.set('sort', next.sort);
    params.set('dir', next.dir);
  }
  if (next.page > 1) params.set('page', String(next.page));
  if (next.perPage !== DEFAULT_PAGE_SIZE) params.set('perPage', String(next.perPage));
  const query = params.toString();
  return query ? `${next.path}?${query}` : next.path;
}

/** The link of a sortable column's header: ascending first, and the other way when it is already the sort. */
export function sortHref(state: ListState, key: string, defaults?: ListDefaults): string {
  const dir: SortDir = state.sort === key && state.dir === 'asc' ? 'desc' : 'asc';
  return listHref(state, { sort: key, dir }, defaults);
}

/** The ids a bulk action's form posted (checkboxes named `ids`), as whole numbers, without duplicates. */
export function selectedIds(form: FormData, name = 'ids'): number[] {
  const ids = form
    .getAll(name)
    .map((v) => Number(v))
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  return [...new Set(ids)];
}
