import type { Db } from '@milli/db';
import type { Appointment } from '@milli/contracts/schemas';
import { queueForCustomer } from '../messages/service.ts';
import { clock, longDate } from './mail.ts';

/**
 * An appointment's SMS or WhatsApp message (issue 41, decision 057), queued beside its mail: to the mobile number the
 * booking gave, on the channels the customer consented to (a guest's by SMS, the number they booked with).
 */
export async function queueAppointmentMessage(
  tx: Db,
  row: { customerId: number | null; phone: string },
  a: Appointment,
  kind: 'appointment_booked' | 'appointment_reminder',
): Promise<void> {
  const what = a.kind === 'video' ? 'video call with Milli' : `visit to ${a.store?.name ?? 'our store'}`;
  await queueForCustomer(tx, { customerId: row.customerId, phone: row.phone }, kind, { what, when: `${longDate(a.date)} at ${clock(a.slot)}` });
}
