/**
 * The back office's list kit (issue 17: every list searches, filters, sorts and pages the same way). The list's
 * state is its URL (lib/admin-list.ts), so everything here is a GET form or a link and works without JavaScript:
 *
 *   const { page, list } = useLoaderData<typeof loader>();   // list = readListState(url, DEFAULTS)
 *   <ListToolbar list={list} searchLabel="Search products" filters={[{ name: 'status', label: 'Status', options: STATUS_OPTIONS }]} />
 *   <Form method="post">                                       // only when the list has bulk actions
 *     <ListTable list={list} page={page} rowKey={(p) => p.id} caption="Products"
 *       columns={[
 *         { key: 'name', label: 'Name', sort: 'name', cell: (p) => <Link to={ADMIN_PATHS.product(p.id)}>{p.name}</Link> },
 *         { key: 'stock', label: 'Stock', sort: 'stock', align: 'end', cell: (p) => p.stock },
 *       ]}
 *       bulk={{ label: (p) => `Select ${p.name}`, actions: <ConfirmAction intent="archive" … /> }}
 *       empty={<EmptyState title="No products match" />} />
 *   </Form>
 *   <Pagination list={list} page={page} />
 *
 * The bulk column posts the ticked rows as `ids` (read them with `selectedIds(form)`); the bar above the table
 * holds the bulk buttons and, with JavaScript, says how many rows are ticked and ticks all of a page at once.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Form, Link } from 'react-router';
import type { AdminListPage } from '@milli/contracts/schemas';
import { PAGE_SIZES, listHref, sortHref, type ListDefaults, type ListState } from '../../lib/admin-list.ts';
import type { SelectOption } from './form-kit.tsx';

export interface ListFilter {
  /** The query's name for it (as the API's list takes it). */
  name: string;
  label: string;
  options: readonly SelectOption[];
  /** The first choice, meaning no filter. */
  allLabel?: string;
}

/** The search box, the list's filters and rows per page: one GET form (Enter or "Apply" submits it). */
export function ListToolbar({
  list,
  searchLabel = 'Search',
  searchPlaceholder,
  filters = [],
  fields,
  children,
}: {
  list: ListState;
  searchLabel?: string;
  searchPlaceholder?: string;
  filters?: readonly ListFilter[];
  /** Filters that are not a choice from a list (the orders desk's days), placed after the selects. */
  fields?: ReactNode;
  /** More controls at the end of the bar. */
  children?: ReactNode;
}) {
  const active = list.q !== '' || Object.values(list.filters).some((v) => v !== '');
  const clear = listHref({ ...list, q: '', filters: Object.fromEntries(Object.keys(list.filters).map((k) => [k, ''])) }, { page: 1 });
  return (
    <Form method="get" action={list.path} className="adm-toolbar" role="search" aria-label={searchLabel}>
      <div className="adm-toolbar__search">
        <label htmlFor="adm-list-q" className="adm-label">
          {searchLabel}
        </label>
        <input id="adm-list-q" type="search" name="q" defaultValue={list.q} maxLength={100} placeholder={searchPlaceholder} className="adm-input" />
      </div>
      {filters.map((f) => (
        <div key={f.name} className="adm-toolbar__filter">
          <label htmlFor={`adm-list-${f.name}`} className="adm-label">
            {f.label}
          </label>
          <select id={`adm-list-${f.name}`} name={f.name} defaultValue={list.filters[f.name] ?? ''} className="adm-input adm-select">
            <option value="">{f.allLabel ?? 'All'}</option>
            {f.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      ))}
      {fields}
      <div className="adm-toolbar__filter">
        <label htmlFor="adm-list-perPage" className="adm-label">
          Rows per page
        </label>
        <select id="adm-list-perPage" name="perPage" defaultValue={String(list.perPage)} className="adm-input adm-select">
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <input type="hidden" name="sort" value={list.sort} />
      <input type="hidden" name="dir" value={list.dir} />
      <div className="adm-toolbar__actions">
        <button type="submit" className="adm-button adm-button--secondary">
          Apply
        </button>
        {active && (
          <Link to={clear} className="adm-link">
            Clear
          </Link>
        )}
        {children}
      </div>
    </Form>
  );
}

export interface ListColumn<T> {
  key: string;
  label: ReactNode;
  /** The API's sort key for this column; a sortable column's header is a link that sorts by it. */
  sort?: string;
  cell: (row: T) => ReactNode;
  align?: 'start' | 'end' | 'center';
  /** Row headers (the row's name) are read before each cell by screen readers. */
  rowHeader?: boolean;
  className?: string;
}

export interface ListBulk<T> {
  /** The checkbox's accessible name for a row ('Select Lotus Ring'). */
  label: (row: T) => string;
  /** The bulk buttons (submit buttons or ConfirmActions posting an `intent`), shown in the bar above the table. */
  actions: ReactNode;
  /** The checkboxes' name (`ids`). */
  name?: string;
}

function SortHeader({ list, sort, label, defaults }: { list: ListState; sort: string; label: ReactNode; defaults?: ListDefaults | undefined }) {
  const current = list.sort === sort;
  const next = current && list.dir === 'asc' ? 'descending' : 'ascending';
  return (
    <Link to={sortHref(list, sort, defaults)} className="adm-sort" aria-label={undefined} title={`Sort ${next}`}>
      {label}
      <span className={`adm-sort__mark${current ? ' adm-sort__mark--on' : ''}`} aria-hidden="true">
        {current ? (list.dir === 'asc' ? '▲' : '▼') : '↕'}
      </span>
    </Link>
  );
}

/** The list's table: sortable headers (aria-sort), an optional bulk-selection column and bar, the empty state. */
export function ListTable<T>({
  list,
  page,
  columns,
  rowKey,
  caption,
  bulk,
  empty,
  defaults,
}: {
  list: ListState;
  page: AdminListPage<T>;
  columns: readonly ListColumn<T>[];
  rowKey: (row: T) => string | number;
  /** The table's name for screen readers (visually hidden). */
  caption: string;
  bulk?: ListBulk<T>;
  empty?: ReactNode;
  defaults?: ListDefaults;
}) {
  const name = bulk?.name ?? 'ids';
  const table = useRef<HTMLTableElement>(null);
  const [ticked, setTicked] = useState(0);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const boxes = () => [...(table.current?.querySelectorAll<HTMLInputElement>(`input[type="checkbox"][name="${name}"]`) ?? [])];
  const recount = () => setTicked(boxes().filter((b) => b.checked).length);

  if (page.data.length === 0) return <>{empty ?? <EmptyState title="Nothing to show" />}</>;

  const all = ticked > 0 && ticked === page.data.length;
  return (
    <div className="adm-list">
      {bulk && (
        <div className="adm-bulkbar" role="group" aria-label="Bulk actions">
          <span className="adm-bulkbar__count" aria-live="polite">
            {hydrated ? (ticked === 0 ? 'Tick rows to act on several at once.' : `${ticked} selected`) : 'Tick rows, then:'}
          </span>
          {bulk.actions}
        </div>
      )}
      <div className="adm-table-wrap">
        <table ref={table} className="adm-table">
          <caption className="adm-visually-hidden">
            {caption}
            {list.sort ? `, sorted by ${list.sort} ${list.dir === 'asc' ? 'ascending' : 'descending'}` : ''}
          </caption>
          <thead>
            <tr>
              {bulk && (
                <th scope="col" className="adm-table__check">
                  {hydrated ? (
                    <input
                      type="checkbox"
                      aria-label="Select every row on this page"
                      checked={all}
                      onChange={(e) => {
                        for (const b of boxes()) b.checked = e.currentTarget.checked;
                        recount();
                      }}
                    />
                  ) : (
                    <span className="adm-visually-hidden">Select</span>
                  )}
                </th>
              )}
              {columns.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  className={[c.align ? `adm-align-${c.align}` : '', c.className ?? ''].join(' ').trim() || undefined}
                  aria-sort={c.sort ? (list.sort === c.sort ? (list.dir === 'asc' ? 'ascending' : 'descending') : 'none') : undefined}
                >
                  {c.sort ? <SortHeader list={list} sort={c.sort} label={c.label} defaults={defaults} /> : c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {page.data.map((row) => (
              <tr key={rowKey(row)}>
                {bulk && (
                  <td className="adm-table__check">
                    <input type="checkbox" name={name} value={String(rowKey(row))} aria-label={bulk.label(row)} onChange={recount} />
                  </td>
                )}
                {columns.map((c) => {
                  const cls = [c.align ? `adm-align-${c.align}` : '', c.className ?? ''].join(' ').trim() || undefined;
                  return c.rowHeader ? (
                    <th key={c.key} scope="row" className={cls}>
                      {c.cell(row)}
                    </th>
                  ) : (
                    <td key={c.key} className={cls}>
                      {c.cell(row)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** "Showing 26–50 of 312", previous/next and a few page numbers, all links. */
export function Pagination({ list, page, defaults }: { list: ListState; page: AdminListPage<unknown>; defaults?: ListDefaults }) {
  if (page.total === 0) return null;
  const from = (page.page - 1) * page.perPage + 1;
  const to = Math.min(page.total, page.page * page.perPage);
  const pages = pageWindow(page.page, page.totalPages);
  return (
    <nav className="adm-pagination" aria-label="Pages">
      <p className="adm-pagination__summary">
        Showing {from.toLocaleString('en-IN')}–{to.toLocaleString('en-IN')} of {page.total.toLocaleString('en-IN')}
      </p>
      <ul className="adm-pagination__pages">
        <li>
          {page.page > 1 ? (
            <Link to={listHref(list, { page: page.page - 1 }, defaults)} rel="prev">
              ‹ Previous
            </Link>
          ) : (
            <span className="adm-pagination__off">‹ Previous</span>
          )}
        </li>
        {pages.map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page.page ? (
                <span aria-current="page" className="adm-pagination__current">
                  <span className="adm-visually-hidden">Page </span>
                  {n}
                </span>
              ) : (
                <Link to={listHref(list, { page: n }, defaults)}>
                  <span className="adm-visually-hidden">Page </span>
                  {n}
                </Link>
              )}
            </li>
          ),
        )}
        <li>
          {page.page < page.totalPages ? (
            <Link to={listHref(list, { page: page.page + 1 }, defaults)} rel="next">
              Next ›
            </Link>
          ) : (
            <span className="adm-pagination__off">Next ›</span>
          )}
        </li>
      </ul>
    </nav>
  );
}

/** The page numbers to show: the first, the last, and two either side of the current one (null for a gap). */
export function pageWindow(current: number, total: number): (number | null)[] {
  const shown = new Set([1, total, current - 2, current - 1, current, current + 1, current + 2].filter((n) => n >= 1 && n <= total));
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const n of sorted) {
    const last = out[out.length - 1];
    if (typeof last === 'number' && n - last > 1) out.push(null);
    out.push(n);
  }
  return out;
}

/** What a list shows when it has no rows: a title, a line of help, and an action (a "New product" link). */
export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="adm-empty" role="status">
      <p className="adm-empty__title">{title}</p>
      {children && <div className="adm-empty__body">{children}</div>}
      {action && <div className="adm-empty__action">{action}</div>}
    </div>
  );
}
