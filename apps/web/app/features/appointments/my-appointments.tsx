import { Form, Link } from 'react-router';
import type { Appointment } from '@milli/contracts/schemas';
import { FormAlert } from '../../components/forms/form-bits.tsx';
import { AppointmentFacts } from './appointment-facts.tsx';

export const CANCEL_APPOINTMENT_INTENT = 'cancel-appointment';
export type CancelAppointmentResult = { intent: typeof CANCEL_APPOINTMENT_INTENT; ok: boolean; message: string };

/** My Account's appointments (booked signed in): the coming ones with Cancel, then the rest. */
export function MyAppointments({ appointments, result }: { appointments: Appointment[] | null; result?: CancelAppointmentResult | undefined }) {
  return (
    <section className="my-appointments" aria-labelledby="my-appointments-title">
      <h3 id="my-appointments-title">Appointments</h3>
      {result && <FormAlert tone={result.ok ? 'success' : 'error'}>{result.message}</FormAlert>}
      {appointments === null ? (
        <p className="muted">We could not load your appointments just now.</p>
      ) : appointments.length === 0 ? (
        <p className="muted">
          No appointments yet. <Link to="/book-appointment">Book a store visit or a video call</Link>.
        </p>
      ) : (
        <ul className="my-appointments-list">
          {appointments.map((a) => (
            <li key={a.id} className="card card-pad">
              <AppointmentFacts a={a} />
              {a.cancellable && (
                <Form method="post">
                  <input type="hidden" name="intent" value={CANCEL_APPOINTMENT_INTENT} />
                  <input type="hidden" name="appointmentId" value={a.id} />
                  <button type="submit" className="btn btn-outline btn-sm">
                    Cancel
                    <span className="visually-hidden">
                      {' '}
                      the appointment on {a.date} at {a.slot}
                    </span>
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
