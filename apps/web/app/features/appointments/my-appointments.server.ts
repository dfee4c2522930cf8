import type { Appointment } from '@milli/contracts/schemas';
import type { ApiClient } from '../../lib/api.ts';
import { apiFailure } from '../../lib/api.ts';
import { CANCEL_APPOINTMENT_INTENT, type CancelAppointmentResult } from './my-appointments.tsx';

/** The customer's appointments, or null when they cannot be read just now (the page still shows). */
export async function loadAppointments(api: ApiClient): Promise<Appointment[] | null> {
  return api.get('/api/appointments').then(
    (a) => a.data,
    () => null,
  );
}

export async function cancelAppointment(api: ApiClient, form: FormData): Promise<CancelAppointmentResult> {
  const id = String(form.get('appointmentId') ?? '');
  if (!/^\d{1,10}$/.test(id)) return { intent: CANCEL_APPOINTMENT_INTENT, ok: false, message: 'Choose an appointment to cancel.' };
  try {
    await api.post(`/api/appointments/${id}/cancel`);
    return { intent: CANCEL_APPOINTMENT_INTENT, ok: true, message: 'Your appointment is cancelled. We have sent you a mail.' };
  } catch (error) {
    return { intent: CANCEL_APPOINTMENT_INTENT, ok: false, message: apiFailure(error, 'We could not cancel it just now. Please call us.').message };
  }
}
