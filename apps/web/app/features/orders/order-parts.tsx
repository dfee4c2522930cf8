import { choicesText, streetLine, type OrderAddress, type OrderDetail, type TrackingStep } from '@milli/contracts';

const dateFormat = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

/** '23 Nov 2026' in India's time, the same on the server and in the browser (no hydration mismatch). */
export const orderDate = (iso: string) => dateFormat.format(new Date(iso));
export const stepTime = (iso: string) => timeFormat.format(new Date(iso));

const TONE: Record<string, string> = {
  'Awaiting payment': 'awaiting',
  'Awaiting confirmation': 'confirm',
  Placed: 'placed',
  'In transit': 'transit',
  Picked: 'transit',
  'Out for Delivery': 'transit',
  Delivered: 'delivered',
  Cancelled: 'cancelled',
};

export function StatusBadge({ status }: { status: string }) {
  return <span className={`order-status order-status--${TONE[status] ?? 'placed'}`}>{status}</span>;
}

/**
 * The four tracking steps as an ordered list: each says whether it is done, and the current one carries
 * aria-current="step", so a screen reader hears where the order is, not just sees coloured dots.
 */
export function TrackingTimeline({ steps, cancelled }: { steps: TrackingStep[]; cancelled: boolean }) {
  return (
    <ol className="timeline order-timeline">
      {steps.map((step, i) => {
        const state = step.current ? 'current' : step.done ? 'done' : 'todo';
        return (
          <li key={step.status} className={`timeline-step timeline-step--${state}`} aria-current={step.current ? 'step' : undefined}>
            <span className="timeline-dot" aria-hidden="true">
              {step.done ? '✓' : i + 1}
            </span>
            <span className="timeline-text">
              <span className="timeline-label">{step.label}</span>
              <span className="visually-hidden">{step.current ? ' (current step)' : step.done ? ' (done)' : cancelled ? ' (not reached)' : ' (to come)'}</span>
              {step.at && (
                <time className="timeline-time" dateTime={step.at}>
                  {stepTime(step.at)}
                </time>
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

export function AddressLines({ address }: { address: OrderAddress | null }) {
  if (!address) return <span className="muted">Same as shipping</span>;
  return (
    <address className="order-address">
      {`${address.firstName} ${address.lastName}`.trim()}
      <br />
      {streetLine(address.address, address.city)}
      <br />
      {address.landmark ? (
        <>
          Landmark: {address.landmark}
          <br />
        </>
      ) : null}
      {address.city}
      {address.state ? `, ${address.state}` : ''} {address.pincode}
      <br />
      {address.country} · +{address.countryCode.replace(/^\+/, '')} {address.phone}
    </address>
  );
}

/** '22 kt · Rose Gold · Size 12' from a line's choices (the text the cart showed). */
export function optionsText(options: OrderDetail['lines'][number]['options']): string {
  return choicesText(options);
}
