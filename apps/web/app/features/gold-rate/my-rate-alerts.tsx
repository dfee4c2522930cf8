import { Form, Link } from 'react-router';
import { RATE_ALERT_CHANNEL_LABELS } from '@milli/contracts';
import type { RateAlert } from '@milli/contracts/schemas';
import { formatRupees } from '@milli/pricing';
import { FormAlert } from '../../components/forms/form-bits.tsx';

export const STOP_RATE_ALERT_INTENT = 'stop-rate-alert';
export type StopRateAlertResult = { intent: typeof STOP_RATE_ALERT_INTENT; ok: boolean; message: string };

const STATUS_TEXT: Record<RateAlert['status'], string> = {
  pending: 'Waiting for the e-mail to be confirmed',
  live: 'On',
  sent: 'Told you, ended',
  stopped: 'Stopped',
};

/** My Account's rate alerts (issue 42): the live ones with Stop, then the ended ones. */
export function MyRateAlerts({ alerts, result }: { alerts: RateAlert[] | null; result?: StopRateAlertResult | undefined }) {
  return (
    <section className="my-rate-alerts" aria-labelledby="my-rate-alerts-title">
      <h3 id="my-rate-alerts-title">Rate alerts</h3>
      {result && <FormAlert tone={result.ok ? 'success' : 'error'}>{result.message}</FormAlert>}
      {alerts === null ? (
        <p className="muted">We could not load your rate alerts just now.</p>
      ) : alerts.length === 0 ? (
        <p className="muted">
          No rate alerts. <Link to="/gold-rate#rate-alert-title">Ask to be told when the gold rate crosses a level</Link>.
        </p>
      ) : (
        <ul className="my-rate-alerts-list">
          {alerts.map((a) => {
            const what = `${a.label} ${a.direction} ${formatRupees(a.paisePerGram)} a gram`;
            return (
              <li key={a.id}>
                <span>
                  <strong>{what}</strong>
                  <span className="muted">
                    {' '}
                    · {a.channel === 'email' ? `by e-mail to ${a.email}` : `by ${RATE_ALERT_CHANNEL_LABELS[a.channel]} to ${a.phone}`} · {STATUS_TEXT[a.status]}
                    {a.status === 'sent' && a.firedRatePaise !== null && ` at ${formatRupees(a.firedRatePaise)}`}
                  </span>
                </span>
                {(a.status === 'live' || a.status === 'pending') && (
                  <Form method="post">
                    <input type="hidden" name="intent" value={STOP_RATE_ALERT_INTENT} />
                    <input type="hidden" name="alertId" value={a.id} />
                    <button type="submit" className="btn btn-outline btn-sm">
                      Stop<span className="visually-hidden"> the alert for {what}</span>
                    </button>
                  </Form>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
