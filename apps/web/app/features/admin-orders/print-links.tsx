/**
 * Printing from the orders desk (issue 39, decision 051): an order's packing slip (A4), shipping label (4 x 6 in) and
 * jewellery tags (barbell tag stock, one a packed piece), and on the orders list the tax invoices of the orders
 * dispatched between two dates, as one PDF. Each is a plain link or GET form to the API's PDF, which the browser
 * downloads with the staff session's cookie: no JavaScript needed.
 */
import type { AdminOrderDetail } from '@milli/contracts/schemas';
import { INVOICE_BATCH_MAX } from '@milli/contracts';
import { Panel } from '../../components/admin/admin-shell.tsx';

/** Orders that are packed or shipped: confirmed and not cancelled. */
const PRINTABLE: readonly AdminOrderDetail['status'][] = ['Placed', 'Picked', 'Out for Delivery', 'Delivered'];

const pdf = (orderNumber: string, file: string) => `/api/admin/orders/${encodeURIComponent(orderNumber)}/${file}`;

export function PrintPanel({ o }: { o: AdminOrderDetail }) {
  if (!PRINTABLE.includes(o.status)) return null;
  const packed = o.pieces.length;
  return (
    <Panel title="Print" id="print">
      <ul className="adm-print-links">
        <li>
          <a className="adm-button adm-button--secondary" href={pdf(o.orderNumber, 'packing-slip.pdf')} download>
            Packing slip <span className="adm-muted">(A4 PDF)</span>
          </a>
        </li>
        <li>
          <a className="adm-button adm-button--secondary" href={pdf(o.orderNumber, 'label.pdf')} download>
            Shipping label <span className="adm-muted">(4 × 6 in PDF)</span>
          </a>
        </li>
        <li>
          {packed > 0 ? (
            <a className="adm-button adm-button--secondary" href={pdf(o.orderNumber, 'tags.pdf')} download>
              Jewellery tags, {packed} {packed === 1 ? 'piece' : 'pieces'} <span className="adm-muted">(2.2 × 0.5 in PDF)</span>
            </a>
          ) : (
            <span className="adm-muted">Jewellery tags print once the pieces are packed.</span>
          )}
        </li>
      </ul>
    </Panel>
  );
}

/** Today in India, as a date field wants it. */
const indianToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

export function InvoiceBatchForm() {
  const today = indianToday();
  return (
    <form method="get" action="/api/admin/invoices/batch.pdf" className="adm-print-batch" aria-label="Print invoices">
      <span className="adm-print-batch__title">Invoices dispatched</span>
      <label className="adm-label" htmlFor="invoices-from">
        from
      </label>
      <input id="invoices-from" className="adm-input" type="date" name="from" defaultValue={today} required />
      <label className="adm-label" htmlFor="invoices-to">
        to
      </label>
      <input id="invoices-to" className="adm-input" type="date" name="to" defaultValue={today} required />
      <button type="submit" className="adm-button adm-button--secondary">
        Print invoices (PDF)
      </button>
      <span className="adm-muted">At most {INVOICE_BATCH_MAX} at once.</span>
    </form>
  );
}
