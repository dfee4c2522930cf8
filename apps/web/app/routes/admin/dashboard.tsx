/**
 * The back office's dashboard (/admin, issue 17): today's orders and sales (by how they were paid, less the day's
 * credit notes: issue 39), what waits at each step, low stock,
 * the rates in force, and, first of all, a reminder when today's rates are not in yet.
 */
import { Link } from 'react-router';
import { metalText } from '@milli/contracts';
import type { AdminDashboard } from '@milli/contracts/schemas';
import { formatRupees } from '@milli/pricing';
import type { Route } from './+types/dashboard';
import { PageHeader, Panel, StatusBadge } from '../../components/admin/admin-shell.tsx';
import { adminApi } from '../../lib/admin.server.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import { useAdminMe } from '../../lib/admin-me.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard · Back office' }];

export async function loader({ request, context }: Route.LoaderArgs): Promise<AdminDashboard> {
  return adminApi(context, request).get('/api/admin/dashboard');
}

/** '24 Nov 2026' (or '24 Nov' without the year) for an Indian date (YYYY-MM-DD), whatever the server's or browser's zone. */
export function showDate(iso: string, withYear = true): string {
  const [y, m, d] = iso.split('-').map(Number);
  if (!y || !m || !d) return iso;
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
}

/** A rate's day in the table: short when it is this year's. */
const rateDay = (iso: string, today: string) => showDate(iso, iso.slice(0, 4) !== today.slice(0, 4));

/** The day's sales by how they were paid, the credit notes of the day, and what is left (issue 39). */
function SalesToday({ sales }: { sales: AdminDashboard['salesToday'] }) {
  const rows: [string, number][] = [
    ['Paid online', sales.paidBy.onlinePaise],
    ['Pay on delivery', sales.paidBy.onDeliveryPaise],
    ['Store credit', sales.paidBy.storeCreditPaise],
    ['Milli Harvest balance', sales.paidBy.harvestPaise],
    ['Advances paid on designs', sales.paidBy.advancePaise],
  ];
  const rupees = (paise: number) => formatRupees(paise);
  return (
    <table className="adm-mini-table">
      <caption className="adm-visually-hidden">Today’s sales by how they were paid</caption>
      <tbody>
        {rows
          .filter(([, paise]) => paise > 0)
          .map(([label, paise]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td className="adm-align-end adm-nowrap">{rupees(paise)}</td>
            </tr>
          ))}
        <tr>
          <th scope="row">Orders placed today</th>
          <td className="adm-align-end adm-nowrap">{rupees(sales.grossPaise)}</td>
        </tr>
        <tr>
          <th scope="row">
            {sales.creditNotes === 0
              ? 'No credit note issued today'
              : `Less ${sales.creditNotes === 1 ? '1 credit note' : `${sales.creditNotes.toLocaleString('en-IN')} credit notes`} issued today`}
          </th>
          <td className="adm-align-end adm-nowrap">{sales.creditedPaise > 0 ? `− ${rupees(sales.creditedPaise)}` : rupees(0)}</td>
        </tr>
        <tr>
          <th scope="row">Net</th>
          <td className="adm-align-end adm-nowrap">
            <strong>{rupees(sales.netPaise)}</strong>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

function Waiting({ rows, empty }: { rows: AdminDashboard['ordersWaiting']; empty: string }) {
  const total = rows.reduce((sum, r) => sum + r.count, 0);
  if (rows.length === 0) return <p className="adm-muted">{empty}</p>;
  return (
    <>
      <dl className="adm-facts">
        {rows.map((r) => (
          <div key={r.status} style={{ display: 'contents' }}>
            <dt>{r.status}</dt>
            <dd>{r.count.toLocaleString('en-IN')}</dd>
          </div>
        ))}
      </dl>
      {total === 0 && <p className="adm-muted">{empty}</p>}
    </>
  );
}

export default function Dashboard({ loaderData: d }: Route.ComponentProps) {
  const me = useAdminMe();
  const canCatalogue = me?.permissions.includes('catalogue') ?? false;
  const canOrders = me?.permissions.includes('orders') ?? false;
  const canDesign = me?.permissions.includes('design') ?? false;
  const canComplaints = me?.permissions.includes('complaints') ?? false;
  const ordersWaiting = d.ordersWaiting.reduce((s, r) => s + r.count, 0);
  return (
    <>
      <PageHeader title="Dashboard" description={<>Today is {showDate(d.today)}. Figures count the Indian day.</>} />

      {!d.rates.todayIn && (
        <div className="adm-rates-reminder" role="status">
          <p>{d.rates.latestDate ? `Prices are still on the rates of ${showDate(d.rates.latestDate)}.` : 'No rates have ever been entered.'}</p>
          {canCatalogue ? (
            <Link to={ADMIN_PATHS.rates} className="adm-button adm-button--primary">
              Today's rates are not in yet — enter them
            </Link>
          ) : (
            <p>Today’s rates are not in yet: ask a catalogue member or the owner to enter them.</p>
          )}
        </div>
      )}

      <div className="adm-kpis">
        <div className="adm-kpi">
          <p className="adm-stat">
            <span className="adm-stat__value">{d.ordersToday.toLocaleString('en-IN')}</span>
            <span className="adm-stat__label">Orders today</span>
          </p>
        </div>
        <div className="adm-kpi">
          <p className="adm-stat">
            <span className="adm-stat__value">{formatRupees(d.salesToday.netPaise, { decimals: false })}</span>
            <span className="adm-stat__label">Sales today, less credit notes (GST included)</span>
          </p>
        </div>
        <div className="adm-kpi">
          <p className="adm-stat">
            <span className="adm-stat__value">{ordersWaiting.toLocaleString('en-IN')}</span>
            <span className="adm-stat__label">Orders waiting to be delivered</span>
          </p>
        </div>
        <div className="adm-kpi">
          <p className="adm-stat">
            <span className="adm-stat__value">{d.lowStock.count.toLocaleString('en-IN')}</span>
            <span className="adm-stat__label">Products low on stock (≤ {d.lowStock.threshold})</span>
          </p>
        </div>
      </div>

      <div className="adm-cards adm-dash">
        <Panel
          title="Rates in force"
          id="dash-rates"
          {...(d.rates.todayIn ? {} : { tone: 'warning' as const })}
          actions={d.rates.todayIn ? <StatusBadge tone="success">Today’s</StatusBadge> : <StatusBadge tone="warning">Not today’s</StatusBadge>}
        >
          {d.rates.metals.length === 0 && d.rates.diamonds.length === 0 ? (
            <p className="adm-muted">No rates yet.</p>
          ) : (
            <table className="adm-mini-table">
              <caption className="adm-visually-hidden">Rates in force</caption>
              <thead>
                <tr>
                  <th scope="col">Metal or grade</th>
                  <th scope="col" className="adm-align-end">
                    Rate
                  </th>
                  <th scope="col" className="adm-align-end">
                    Set for
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.rates.metals.map((r) => (
                  <tr key={`${r.metal}-${r.purity}`}>
                    <th scope="row">{metalText(r.metal, r.purity)}</th>
                    <td className="adm-align-end adm-nowrap">{formatRupees(r.paisePerGram)}/g</td>
                    <td className="adm-align-end adm-nowrap">{rateDay(r.rateDate, d.today)}</td>
                  </tr>
                ))}
                {d.rates.diamonds.map((r) => (
                  <tr key={r.quality}>
                    <th scope="row" className="adm-nowrap">
                      Diamond {r.quality}
                    </th>
                    <td className="adm-align-end adm-nowrap">{formatRupees(r.paisePerCarat, { decimals: false })}/ct</td>
                    <td className="adm-align-end adm-nowrap">{rateDay(r.rateDate, d.today)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {canCatalogue && (
            <p>
              <Link to={ADMIN_PATHS.rates}>{d.rates.todayIn ? 'Change today’s rates' : 'Enter today’s rates'}</Link>
            </p>
          )}
        </Panel>

        <div className="adm-stack">
          <Panel title="Today’s sales" id="dash-sales">
            <SalesToday sales={d.salesToday} />
          </Panel>
          <Panel title="Orders waiting" id="dash-orders">
            <Waiting rows={d.ordersWaiting} empty="No order is waiting." />
          </Panel>
          <Panel title="Custom designs waiting" id="dash-designs">
            <Waiting rows={d.designRequestsWaiting} empty="No design request is waiting." />
            {canDesign && (
              <p>
                <Link to={ADMIN_PATHS.customRequests}>Open the custom requests</Link>
              </p>
            )}
          </Panel>
          <Panel title="Trade applications waiting" id="dash-trade">
            <Waiting rows={d.tradeApplicationsWaiting} empty="No application is waiting." />
          </Panel>
          <Panel
            title="Complaints"
            id="dash-complaints"
            actions={
              <StatusBadge tone={d.complaints.overdue > 0 ? 'danger' : 'success'}>
                {d.complaints.overdue > 0 ? `${d.complaints.overdue} overdue` : 'On time'}
              </StatusBadge>
            }
          >
            <p>
              {d.complaints.open === 0
                ? 'No complaint is open.'
                : `${d.complaints.open} open or waiting for the customer${d.complaints.overdue > 0 ? `, ${d.complaints.overdue} past a deadline` : ''}.`}
            </p>
            {canComplaints && (
              <p>
                <Link to={ADMIN_PATHS.complaints}>Open the complaints desk</Link>
              </p>
            )}
          </Panel>
          <Panel title="Ring sizers to post" id="dash-sizers">
            <Waiting rows={d.sizerRequestsWaiting} empty="No sizer request is waiting." />
            {canOrders && (
              <p>
                <Link to={`${ADMIN_PATHS.sizerRequests}?status=New`}>Open the sizer requests</Link>
              </p>
            )}
          </Panel>
        </div>

        <Panel title="Low stock" id="dash-stock" actions={<StatusBadge tone={d.lowStock.count > 0 ? 'warning' : 'success'}>{d.lowStock.count}</StatusBadge>}>
          {d.lowStock.products.length === 0 ? (
            <p className="adm-muted">No active product has {d.lowStock.threshold} or fewer pieces.</p>
          ) : (
            <table className="adm-mini-table">
              <caption className="adm-visually-hidden">Products low on stock, the lowest first</caption>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">SKU</th>
                  <th scope="col" className="adm-align-end">
                    Stock
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.lowStock.products.map((p) => (
                  <tr key={p.id}>
                    <th scope="row">{canCatalogue ? <Link to={ADMIN_PATHS.product(p.id)}>{p.name}</Link> : p.name}</th>
                    <td className="adm-nowrap">{p.sku}</td>
                    <td className="adm-align-end">{p.stock === 0 ? <StatusBadge tone="danger">Sold out</StatusBadge> : p.stock}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {d.lowStock.count > d.lowStock.products.length && (
            <p className="adm-muted">
              {d.lowStock.count - d.lowStock.products.length} more not shown
              {canCatalogue && (
                <>
                  {' '}
                  · <Link to={`${ADMIN_PATHS.products}?stock=low`}>see all in Products</Link>
                </>
              )}
            </p>
          )}
        </Panel>
      </div>
    </>
  );
}
