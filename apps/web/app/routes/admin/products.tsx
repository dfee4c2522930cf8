/**
 * The catalogue's product list (/admin/products, issue 17): search by name or SKU, filter by category,
 * material, status and stock, sort, pages, and bulk actions on the ticked rows.
 */
import { Form, Link, useActionData } from 'react-router';
import { formatRupees, indianDate } from '@milli/pricing';
import type { Route } from './+types/products';
import { PageHeader, StatusBadge } from '../../components/admin/admin-shell.tsx';
import { EmptyState, ListTable, ListToolbar, Pagination } from '../../components/admin/list-kit.tsx';
import { FormError, SavedNotice } from '../../components/admin/form-kit.tsx';
import { adminApi } from '../../lib/admin.server.ts';
import { apiListQuery, readListState, selectedIds, type ListDefaults } from '../../lib/admin-list.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import { MATERIAL_OPTIONS, STATUS_OPTIONS, STOCK_OPTIONS } from '../../features/admin-catalogue/options.ts';
import '../../features/admin-catalogue/catalogue.css';

const FILTERS = ['category', 'material', 'status', 'stock'] as const;
const DEFAULTS: ListDefaults = { sort: 'updated', dir: 'desc', filters: FILTERS };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '24 Nov 2026', the Indian day, the same on the server and in the browser whatever their zones. */
function shortDate(iso: string): string {
  const [y, m, d] = indianDate(new Date(iso)).split('-').map(Number);
  return `${d} ${MONTHS[(m ?? 1) - 1]} ${y}`;
}

export const meta: Route.MetaFunction = () => [{ title: 'Products · Back office' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const api = adminApi(context, request);
  const page = await api.get(`/api/admin/products?${apiListQuery(url, FILTERS)}`);
  const taxonomy = await api.get('/api/admin/taxonomy');
  // The export takes the list's search and filters by the same names (GET /api/admin/products/export.csv).
  const shown = new URLSearchParams();
  for (const name of ['q', ...FILTERS]) {
    const value = url.searchParams.get(name)?.trim();
    if (value) shown.set(name, value);
  }
  const exportHref = `/api/admin/products/export.csv${shown.size > 0 ? `?${shown.toString()}` : ''}`;
  return { page, list: readListState(url, DEFAULTS), categories: taxonomy.categories.map((c) => c.name), exportHref };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const ids = selectedIds(form);
  if (ids.length === 0) return { ok: false as const, message: 'Tick the products to act on first.' };
  const value = String(form.get(intent === 'set-stock' ? 'stockValue' : 'tagValue') ?? '').trim();
  const result = await adminApi(context, request).send('POST', '/api/admin/products/bulk', {
    ids,
    action: intent,
    ...(value ? { value } : {}),
  });
  return result.ok
    ? { ok: true as const, message: result.data.message }
    : { ok: false as const, message: result.refusal.fields?.value ?? result.refusal.message };
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { page, list, categories, exportHref } = loaderData;
  const done = useActionData<typeof action>();
  return (
    <>
      <PageHeader
        title="Products"
        description="Every piece in the catalogue, archived ones included."
        actions={
          <>
            <a href={exportHref} className="adm-button adm-button--secondary" download>
              Export these as CSV
            </a>
            <Link to={ADMIN_PATHS.newProduct} className="adm-button adm-button--primary">
              New product
            </Link>
          </>
        }
      />
      <ListToolbar
        list={list}
        searchLabel="Search products"
        searchPlaceholder="Name or SKU"
        filters={[
          { name: 'category', label: 'Category', options: categories.map((c) => ({ value: c, label: c })) },
          { name: 'material', label: 'Material', options: MATERIAL_OPTIONS },
          { name: 'status', label: 'Status', options: STATUS_OPTIONS },
          { name: 'stock', label: 'Stock', options: STOCK_OPTIONS },
        ]}
      />
      {done && (done.ok ? <SavedNotice message={done.message} /> : <FormError message={done.message} />)}
      <Form method="post">
        <ListTable
          list={list}
          page={page}
          defaults={DEFAULTS}
          rowKey={(p) => p.id}
          caption="Products"
          columns={[
            {
              key: 'image',
              className: 'cat-wide-only',
              label: <span className="adm-visually-hidden">Picture</span>,
              cell: (p) => <img src={p.image} alt="" width={48} height={48} className="cat-thumb" loading="lazy" />,
            },
            {
              key: 'name',
              label: 'Name',
              sort: 'name',
              rowHeader: true,
              className: 'cat-col-name',
              cell: (p) => <Link to={ADMIN_PATHS.product(p.id)}>{p.name}</Link>,
            },
            { key: 'sku', label: 'SKU', sort: 'sku', className: 'cat-nowrap', cell: (p) => p.sku },
            { key: 'category', label: 'Category', cell: (p) => `${p.category} · ${p.material}` },
            { key: 'price', label: 'Price', sort: 'price', align: 'end', className: 'cat-nowrap', cell: (p) => formatRupees(p.listPricePaise) },
            {
              key: 'stock',
              label: 'Stock',
              sort: 'stock',
              align: 'end',
              cell: (p) => (p.stock === 0 ? <StatusBadge tone="danger">Out</StatusBadge> : p.stock),
            },
            {
              key: 'status',
              label: 'Status',
              cell: (p) => (p.active ? <StatusBadge tone="success">Active</StatusBadge> : <StatusBadge>Archived</StatusBadge>),
            },
            { key: 'updated', label: 'Changed', sort: 'updated', className: 'cat-wide-only cat-nowrap', cell: (p) => shortDate(p.updatedAt) },
          ]}
          bulk={{
            label: (p) => `Select ${p.name}`,
            actions: (
              <>
                {/* Archiving is undone by Restore, so it asks no confirmation. */}
                <button type="submit" name="intent" value="archive" className="adm-button adm-button--secondary">
                  Archive
                </button>
                <button type="submit" name="intent" value="restore" className="adm-button adm-button--secondary">
                  Restore
                </button>
                <span className="cat-bulk-value">
                  <label htmlFor="cat-stock-value" className="adm-visually-hidden">
                    Stock to set
                  </label>
                  <input id="cat-stock-value" name="stockValue" type="number" min={0} placeholder="Stock" className="adm-input" />
                  <button type="submit" name="intent" value="set-stock" className="adm-button adm-button--secondary">
                    Set stock
                  </button>
                </span>
                <span className="cat-bulk-value">
                  <label htmlFor="cat-tag-value" className="adm-visually-hidden">
                    Tag
                  </label>
                  <input id="cat-tag-value" name="tagValue" placeholder="Tag" className="adm-input" />
                  <button type="submit" name="intent" value="add-tag" className="adm-button adm-button--secondary">
                    Add tag
                  </button>
                  <button type="submit" name="intent" value="remove-tag" className="adm-button adm-button--secondary">
                    Remove tag
                  </button>
                </span>
              </>
            ),
          }}
          empty={
            <EmptyState
              title="No products match"
              action={
                <Link to={ADMIN_PATHS.newProduct} className="adm-button adm-button--primary">
                  New product
                </Link>
              }
            >
              <p>Try another search or clear the filters.</p>
            </EmptyState>
          }
        />
      </Form>
      <Pagination list={list} page={page} defaults={DEFAULTS} />
    </>
  );
}
