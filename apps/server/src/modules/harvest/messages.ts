import type { MessageKind } from '@milli/contracts';
import type { Db } from '@milli/db';
import { queueForCustomer } from '../messages/service.ts';
import { harvestRepository } from './repository.ts';

/** A plan's name in its messages, as the customer's plan page shows it. */
export const planName = (planId: number) => `#${planId}`;

/**
 * A Harvest plan's SMS or WhatsApp message (issue 41, decision 057), queued beside its mail in the same transaction, to
 * the plan's customer's mobile number on the channels they consented to. No number, or an erased customer: none.
 */
export async function queuePlanMessage(tx: Db, planId: number, kind: MessageKind, params: Record<string, string>): Promise<void> {
  const contact = await harvestRepository(tx).planContact(planId);
  if (!contact) return;
  await queueForCustomer(tx, { customerId: contact.customerId, phone: contact.phone }, kind, params);
}
