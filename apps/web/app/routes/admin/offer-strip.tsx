/**
 * /admin/offer-strip (issue 40): the home page's offers strip, its messages in the order the home page shows them,
 * each with whether it shows now and why not. Each opens its form (/admin/offer-strip/:id); at most five.
 */
import { Link } from 'react-router';
import { OFFER_STRIP_STATUS_LABELS, type OfferStripStatus } from '@milli/contracts';
import type { Route } from './+types/offer-strip';
import { PageHeader, StatusBadge } from '../../components/admin/admin-shell.tsx';
import { EmptyState } from '../../components/admin/list-kit.tsx';
import { adminApi } from '../../lib/admin.server.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import { shopDateTime } from '../../features/admin-shop/shop-forms.ts';
import '../../features/admin-shop/admin-shop.css';

export const meta: Route.MetaFunction = () => [{ title: 'Offers strip · Back office' }];

const TONE: Record<OfferStripStatus, 'success' | 'info' | 'neutral' | 'warning'> = {
  showing: 'success',
  scheduled: 'info',
  ended: 'neutral',
  off: 'neutral',
  'coupon-not-live': 'warning',
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const strip = await adminApi(context, request).get('/api/admin/offer-strip');
  return { strip, deleted: new URL(request.url).searchParams.has('deleted') };
}

export default function OfferStripScreen({ loaderData: { strip, deleted } }: Route.ComponentProps) {
  const full = strip.data.length >= strip.max;
  const add = full ? null : (
    <Link to={`${ADMIN_PATHS.offerStrip}/new`} className="adm-button adm-button--primary">
      New message
    </Link>
  );
  return (
    <>
      <PageHeader
        title="Offers strip"
        description={`The band at the top of the home page: up to ${strip.max} messages, shown together in this order. A message that names a coupon shows only while the coupon is live.`}
        actions={add}
      />
      {deleted && (
        <div className="adm-banner adm-banner--success" role="status">
          <p>The message is deleted.</p>
        </div>
      )}
      {full && <p className="adm-hint">The strip is full ({strip.max} messages): delete or change one to say something new.</p>}
      {strip.data.length === 0 ? (
        <EmptyState title="The strip is empty: the home page shows none" action={add} />
      ) : (
        <div className="adm-table-wrap">
          <table className="adm-table">
            <caption className="adm-visually-hidden">Strip messages, in the order the home page shows them</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Message</th>
                <th scope="col">Coupon</th>
                <th scope="col">Dates</th>
                <th scope="col">Home page</th>
              </tr>
            </thead>
            <tbody>
              {strip.data.map((m) => (
                <tr key={m.id}>
                  <td>{m.position}</td>
                  <th scope="row">
                    <Link to={`${ADMIN_PATHS.offerStrip}/${m.id}`}>{m.text}</Link>
                    {m.linkPath && <span className="adm-coupon-note">Links to {m.linkPath}</span>}
                  </th>
                  <td>{m.couponCode ?? <span className="adm-muted">—</span>}</td>
                  <td>
                    {shopDateTime(m.startsAt)}
                    <span className="adm-coupon-from">{m.endsAt ? `to ${shopDateTime(m.endsAt)}` : 'until turned off'}</span>
                  </td>
                  <td>
                    <StatusBadge tone={TONE[m.status]}>{OFFER_STRIP_STATUS_LABELS[m.status]}</StatusBadge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
