/**
 * The order screen's courier (issue 39): with a courier provider configured, the Book courier action at the dispatch
 * step (the provider books the parcel, its pickup and label; the order is dispatched with its AWB and the customer
 * mailed), then the booking (courier, AWB, pickup day, label) and the tracking the provider's webhook reported, with a
 * warning when the parcel is returning to the store. Without a provider it shows nothing: AWBs are typed as before.
 */
import { Form } from 'react-router';
import type { AdminOrderCourier, CourierEventKind } from '@milli/contracts/schemas';
import { Panel } from '../../components/admin/admin-shell.tsx';
import { FormActions, SubmitButton } from '../../components/admin/form-kit.tsx';
import type { AdminRefusal } from '../../lib/admin.server.ts';

/** How the screen names each tracking event the provider reported. */
const EVENT_WORDS: Record<CourierEventKind, string> = {
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery with the courier',
  delivered: 'Delivered',
  rto: 'Returning to the store (RTO)',
};

const PROVIDER_NAME: Record<NonNullable<AdminOrderCourier['provider']>, string> = { shiprocket: 'Shiprocket' };

export function CourierPanel({
  courier,
  refusal,
  shopDateTime,
}: {
  courier: AdminOrderCourier;
  refusal: AdminRefusal | undefined;
  /** The back office's way of writing a time (the shop's day and clock). */
  shopDateTime: (iso: string) => string;
}) {
  if (!courier.provider) return null;
  const provider = PROVIDER_NAME[courier.provider];
  const b = courier.booking;
  if (!courier.canBook && !b) return null;
  return (
    <Panel title={`Courier · ${provider}`} id="courier" tone={b?.rtoAt ? 'warning' : undefined}>
      {b?.rtoAt && (
        <div className="adm-banner adm-banner--warning" role="note">
          <p>
            The courier is returning this parcel to the store (RTO), reported {shopDateTime(b.rtoAt)}. Call the customer, then cancel the order or send it again
            once it is back.
          </p>
        </div>
      )}
      {b?.state === 'booking' && (
        <p className="adm-muted">
          A booking was started but not finished{b.awb ? ` (AWB ${b.awb})` : ''}. Book courier again to go on from where it stopped: no second parcel is booked.
        </p>
      )}
      {b?.state === 'booked' && (
        <dl className="adm-order-dl">
          <dt>Courier</dt>
          <dd>{b.courierName}</dd>
          <dt>AWB</dt>
          <dd>{b.awb}</dd>
          {b.pickupDate && (
            <>
              <dt>Pickup</dt>
              <dd>{b.pickupDate}</dd>
            </>
          )}
          {b.labelUrl && (
            <>
              <dt>Label</dt>
              <dd>
                <a href={b.labelUrl} target="_blank" rel="noopener noreferrer">
                  Shipping label (PDF)<span className="adm-visually-hidden"> (opens in a new tab)</span>
                </a>
              </dd>
            </>
          )}
        </dl>
      )}
      {courier.events.length > 0 && (
        <ol className="adm-order-timeline" aria-label="Tracking">
          {courier.events.map((e, i) => (
            <li key={i}>
              <time dateTime={e.at}>{shopDateTime(e.at)}</time>
              <span>
                {EVENT_WORDS[e.kind]}
                {e.location && <span className="adm-order-sub">{e.location}</span>}
              </span>
            </li>
          ))}
        </ol>
      )}
      {courier.canBook && (
        <Form method="post" className="adm-form" aria-label="Book courier">
          {refusal && (
            <div className="adm-banner adm-banner--error" role="alert">
              <p>{refusal.message}</p>
            </div>
          )}
          <p>
            {provider} books the parcel, its pickup and the shipping label. The AWB is stored on the order, the order is dispatched and the customer is mailed,
            as when an AWB is typed below.
          </p>
          <input type="hidden" name="intent" value="book-courier" />
          <FormActions>
            <SubmitButton pending="Booking…">Book courier</SubmitButton>
          </FormActions>
        </Form>
      )}
    </Panel>
  );
}
