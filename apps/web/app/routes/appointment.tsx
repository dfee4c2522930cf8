/**
 * /appointment?token= (issue 20): the page the booking mail links to. Whoever holds the link sees the appointment
 * and can cancel it (POST /api/appointments/manage/cancel); ?booked=1 after booking says it is done.
 */
import { Form, Link } from 'react-router';
import type { Appointment } from '@milli/contracts/schemas';
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
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { token: '', appointment: null, booked: false, error: 'This link is not complete. Please use the link in your booking mail.' };
  try {
    const appointment = await serverApi(context).get<Appointment>(`/api/appointments/manage?token=${token}`);
    return { token, appointment, booked: q.get('booked') === '1', error: null };
  } catch (error) {
    return { token, appointment: null, booked: false, error: apiFailure(error, 'We could not find this appointment just now.').message };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = String((await request.formData()).get('token') ?? '');
  try {
    await serverApi(context).post<Appointment>('/api/appointments/manage/cancel', { token });
    return { ok: true as const, message: 'Your appointment is cancelled. We have sent you a mail.' };
  } catch (error) {
    return { ok: false as const, message: apiFailure(error, 'We could not cancel it just now. Please call us.').message };
  }
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
              <h2 className="appt-title">{a.kind === 'video' ? 'Video call' : `Visit to ${a.store?.name ?? 'our store'}`}</h2>
              <AppointmentFacts a={a} />
              {a.tradeIn && (
                <p className="muted">
                  The value is an estimate until your gold is tested in store: purity by karat meter, melting only with your consent. Please bring photo ID, and your PAN for large amounts.
                </p>
              )}
              {a.cancellable && !actionData?.ok && (
                <Form method="post">
                  <input type="hidden" name="token" value={token} />
                  <button type="submit" className="btn btn-outline" disabled={submitting}>
                    Cancel this appointment
                  </button>
                </Form>
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
