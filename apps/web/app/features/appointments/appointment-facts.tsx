import { Link } from 'react-router';
import type { Appointment } from '@milli/contracts/schemas';
import { formatRupees } from '@milli/pricing';
import { PURPOSE_LABELS, clock, longDate } from './labels.ts';

/** An appointment's facts, as its owner sees them (the manage page, My Account). */
export function AppointmentFacts({ a }: { a: Appointment }) {
  return (
    <dl className="appt-facts">
      <dt>What</dt>
      <dd>
        {a.kind === 'video' ? 'Video call' : 'Store visit'}: {PURPOSE_LABELS[a.purpose]}
      </dd>
      <dt>When</dt>
      <dd>
        {longDate(a.date)}, {clock(a.slot)} (India time)
      </dd>
      {a.store && (
        <>
          <dt>Where</dt>
          <dd>
            {a.store.name}, {a.store.address} · {a.store.phone}
          </dd>
        </>
      )}
      {a.product && (
        <>
          <dt>The piece</dt>
          <dd>
            <Link to={`/product-detail/${a.product.id}`}>{a.product.name}</Link>
          </dd>
        </>
      )}
      {a.tradeIn && (
        <>
          <dt>Old gold</dt>
          <dd>
            {a.tradeIn.weightMg / 1000} g of {a.tradeIn.purity}K, estimated at {formatRupees(a.tradeIn.estimatePaise)} (rate of {a.tradeIn.rateDate})
          </dd>
        </>
      )}
      <dt>Name</dt>
      <dd>
        {a.name} · {a.phone} · {a.email}
      </dd>
      <dt>Status</dt>
      <dd>{a.status === 'Unconfirmed' ? 'Waiting for you to confirm' : a.status}</dd>
    </dl>
  );
}
