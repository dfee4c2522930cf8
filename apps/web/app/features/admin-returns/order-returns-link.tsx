import { Link } from 'react-router';
import { formatRupees } from '@milli/pricing';
import type { AdminReturnPage } from '@milli/contracts/schemas';
import { Panel, StatusBadge } from '../../components/admin/admin-shell.tsx';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import { RETURN_TONE } from './return-desk.ts';

/** The admin order page's links to the order's returns (issue 20), when it has any. */
export function OrderReturnsLinks({ returns }: { returns: AdminReturnPage['data'] }) {
  if (returns.length === 0) return null;
  return (
    <Panel title="Returns">
      <ul className="adm-order-timeline">
        {returns.map((r) => (
          <li key={r.id}>
            <StatusBadge tone={RETURN_TONE[r.status]}>{r.status}</StatusBadge>
            <span>
              <Link to={ADMIN_PATHS.returnCase(r.id)}>Return {r.id}</Link> · {r.pieces} {r.pieces === 1 ? 'piece' : 'pieces'} · {formatRupees(r.amountPaise)}
            </span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
