/**
 * /admin/search?q= (issue 39): what the back office header's search box finds, across every desk the member may see:
 * orders by number, phone as pasted, e-mail, name, HUID, AWB, PIN or locality; customers; products by name or SKU;
 * custom design requests by number. A GET form and links only, so it works before (and without) JavaScript; each
 * group is a headed list, reached with Tab, each record a link to its page. The server leaves out the groups the
 * member's role may not see, and the access log never keeps the query.
 */
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { formatRupees } from '@milli/pricing';
import { ADMIN_SEARCH_MAX, ADMIN_SEARCH_MIN, type AdminSearchAnswer } from '@milli/contracts/schemas';
import type { Route } from './+types/search';
import { PageHeader, StatusBadge } from '../../components/admin/admin-shell.tsx';
import { adminApi } from '../../lib/admin.server.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import { ORDER_TONE, shortDateTime } from '../../features/admin-orders/order-desk.ts';
import '../../features/admin-orders/admin-orders.css';

export const meta: Route.MetaFunction = () => [{ title: 'Search · Back office' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, ADMIN_SEARCH_MAX);
  if (q.length < ADMIN_SEARCH_MIN) return { q, answer: null };
  const answer = await adminApi(context, request).get(`/api/admin/search?${new URLSearchParams({ q })}`);
  return { q, answer };
}

const SPACED_PHONE = (digits: string) => `${digits.slice(0, 5)} ${digits.slice(5)}`;

export default function Search({ loaderData: { q, answer } }: Route.ComponentProps) {
  const found = answer ? countOf(answer) : 0;
  return (
    <>
      <PageHeader
        title="Search"
        description="Whatever a caller gives: an order number, a phone number as they say it, an e-mail, a name, a HUID, an AWB, a custom request number (CUS-…), a product or a PIN or locality."
      />
      <Form method="get" action={ADMIN_PATHS.search} className="adm-toolbar" role="search" aria-label="Search the back office">
        <div className="adm-toolbar__search">
          <label htmlFor="adm-search-page-q" className="adm-label">
            Search for
          </label>
          <input id="adm-search-page-q" type="search" name="q" defaultValue={q} maxLength={ADMIN_SEARCH_MAX} className="adm-input" />
        </div>
        <div className="adm-toolbar__actions">
          <button type="submit" className="adm-button adm-button--primary">
            Search
          </button>
        </div>
      </Form>
      {!answer ? (
        <p className="adm-search-hint">{q ? `Type at least ${ADMIN_SEARCH_MIN} characters.` : 'Type what the caller gave and press Enter.'}</p>
      ) : (
        <>
          <p className="adm-search-hint" role="status">
            {found === 0 ? `Nothing found for “${answer.q}”.` : `${found} found for “${answer.q}”.`}
            {answer.phone && ` Read as the phone number ${SPACED_PHONE(answer.phone)}.`}
          </p>
          {answer.orders && (
            <Group title="Orders" count={answer.orders.length}>
              {answer.orders.map((o) => (
                <li key={o.orderNumber}>
                  <Link to={ADMIN_PATHS.order(o.orderNumber)} className="adm-search-hit__title">
                    {o.orderNumber}
                  </Link>
                  <span>{o.customerName}</span>
                  <span>{[o.city, shortDateTime(o.placedAt), formatRupees(o.totalPaise)].filter(Boolean).join(' · ')}</span>
                  <StatusBadge tone={ORDER_TONE[o.status]}>{o.status}</StatusBadge>
                  <Matched by={o.matched} />
                </li>
              ))}
            </Group>
          )}
          {answer.customers && (
            <Group title="Customers" count={answer.customers.length}>
              {answer.customers.map((c) => (
                <li key={c.id}>
                  <Link to={ADMIN_PATHS.customer(c.id)} className="adm-search-hit__title">
                    {c.name}
                  </Link>
                  <span>{[c.email, c.mobile].filter(Boolean).join(' · ')}</span>
                  <Matched by={c.matched} />
                </li>
              ))}
            </Group>
          )}
          {answer.customRequests && (
            <Group title="Custom requests" count={answer.customRequests.length}>
              {answer.customRequests.map((r) => (
                <li key={r.id}>
                  <Link to={ADMIN_PATHS.customRequest(r.id)} className="adm-search-hit__title">
                    {r.requestNumber}
                  </Link>
                  <span>
                    {r.customerName} · {r.category}
                  </span>
                  <StatusBadge>{r.status}</StatusBadge>
                  <Matched by={r.matched} />
                </li>
              ))}
            </Group>
          )}
          {answer.products && (
            <Group title="Products" count={answer.products.length}>
              {answer.products.map((p) => (
                <li key={p.id}>
                  <Link to={ADMIN_PATHS.product(p.id)} className="adm-search-hit__title">
                    {p.name}
                  </Link>
                  <span>{p.sku}</span>
                  {!p.active && <StatusBadge>Hidden</StatusBadge>}
                  <Matched by={p.matched} />
                </li>
              ))}
            </Group>
          )}
        </>
      )}
    </>
  );
}

function countOf(answer: AdminSearchAnswer): number {
  return (answer.orders?.length ?? 0) + (answer.customers?.length ?? 0) + (answer.products?.length ?? 0) + (answer.customRequests?.length ?? 0);
}

function Group({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  const id = `adm-search-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="adm-search-group" aria-labelledby={id}>
      <h2 id={id} className="adm-search-group__title">
        {title} <span className="adm-order-tabs__count">{count}</span>
      </h2>
      {count === 0 ? <p className="adm-search-none">No {title.toLowerCase()} match.</p> : <ul className="adm-search-hits">{children}</ul>}
    </section>
  );
}

function Matched({ by }: { by: string }) {
  return <span className="adm-search-hit__by">by {by}</span>;
}
