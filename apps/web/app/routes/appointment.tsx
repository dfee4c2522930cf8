/**
 * /appointment?token= (issue 20): the page the booking mail links to. Whoever holds the link sees the appointment,
 * confirms one booked under an address not yet proven (POST /api/appointments/manage/confirm, issue 35: a button, so
 * a mail scanner opening the link confirms nothing) and can cancel it (POST /api/appointments/manage/cancel);
 * ?booked=1 after booking says it is done.
 */
import { Form, Link } from 'react-router';
import type { Route } from './+types/appointment';
import { serverApi } from '../lib/api.server.ts';
import { apiFailure } from '../lib/api.ts';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { FormAlert, useSubmitting } from '../components/forms/form-bits.tsx';
import { bookingHref } from '../features/appointments/labels.ts';
import { AppointmentFacts } from '../features/appointments/appointment-facts.tsx';
import '../styles/screens/appointments.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Your appointment') }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams;
  const token = q.get('token') ?? '';
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token))
    return { token: '', appointment: null, booked: false, error: 'This link is not complete. Please use the link in your booking mail.' };
  try {
    const appointment = await serverApi(context).get(`/api/appointments/manage?token=${token}`);
    return { token, appointment, booked: q.get('booked') === '1', error: null };
  } catch (error) {
    return { token, appointment: null, booked: false, error: apiFailure(error, 'We could not find this appointment just now.').message };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get('token') ?? '');
  if (form.get('intent') === 'confirm') {
    try {
      await serverApi(context).post('/api/appointments/manage/confirm', { token });
      return { ok: true as const, intent: 'confirm' as const, message: 'Confirmed: your appointment is booked. We look forward to seeing you.' };
    } catch (error) {
      return {
        ok: false as const,
        intent: 'confirm' as const,
        message: apiFailure(error, 'We could not confirm it just now. Please try again, or call us.').message,
      };
    }
  }
  try {
    await serverApi(context).post('/api/appointments/manage/cancel', { token });
    return { ok: true as const, intent: 'cancel' as const, message: 'Your appointment is cancelled. We have sent you a mail.' };
  } catch (error) {
    return { ok: false as const, intent: 'cancel' as const, message: apiFailure(error, 'We could not cancel it just now. Please call us.').message };
  }
}

/** One of the link's two buttons: a post of its token, so the page works without JavaScript. */
function TokenAction({
  token,
  intent,
  label,
  primary = false,
  busy,
}: {
  token: string;
  intent: 'confirm' | 'cancel';
  label: string;
  primary?: boolean;
  busy: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={`btn ${primary ? 'btn-primary' : 'btn-outline'}`} disabled={busy}>
        {label}
      </button>
    </Form>
  );
}

export default function AppointmentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { token, appointment: a, booked, error } = loaderData;
  const submitting = useSubmitting();
  return (
    <>
      <PageBanner title="Your appointment" crumb="Appointment" />
      <section className="section">
        <div className="container appt-page">
          {error && <FormAlert tone="error">{error}</FormAlert>}
          {actionData && <FormAlert tone={actionData.ok ? 'success' : 'error'}>{actionData.message}</FormAlert>}
          {a && (
            <>
              {booked && a.status === 'Booked' && !actionData && (
                <FormAlert tone="success">
                  Booked! We have sent the details to {a.email}. {a.kind === 'video' ? 'We will call you at that time.' : 'We look forward to seeing you.'}
                </FormAlert>
              )}
              {a.status === 'Unconfirmed' && (
                <FormAlert tone="info">
                  This appointment is not booked until you confirm it.{' '}
                  {a.holdUntil && Date.parse(a.holdUntil) > Date.now()
                    ? 'Its time is held for you for a few minutes more.'
                    : 'Its hold has ended: confirm now and it is booked if the time is still free.'}
                </FormAlert>
              )}
              <h2 className="appt-title">{a.kind === 'video' ? 'Video call' : `Visit to ${a.store?.name ?? 'our store'}`}</h2>
              <AppointmentFacts a={a} />
              {a.tradeIn && (
                <p className="muted">
                  The value is an estimate until your gold is tested in store: purity by karat meter, melting only with your consent. Please bring photo ID, and
                  your PAN for large amounts.
                </p>
              )}
              {a.status === 'Unconfirmed' && a.cancellable && (
                <TokenAction token={token} intent="confirm" label="Confirm this appointment" primary busy={submitting} />
              )}
              {a.cancellable && !(actionData?.ok && actionData.intent === 'cancel') && (
                <TokenAction token={token} intent="cancel" label="Cancel this appointment" busy={submitting} />
              )}
              <p>
                <Link to={bookingHref({ kind: a.kind, ...(a.store ? { store: a.store.id } : {}) })}>Book another time</Link>
              </p>
            </>
          )}
        </div>
      </section>
    </>
  );
}
