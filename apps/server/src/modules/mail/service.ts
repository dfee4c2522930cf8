import type { Db } from '@milli/db';
import { insertOutgoingMail, insertOutgoingMailForCustomer, pruneSentMail, type OutgoingMail } from './repository.ts';

export type { OutgoingMail };

/**
 * Puts a mail in the outbox (decision 006). Call it with the transaction of the change that causes the mail:
 * the mail is sent if and only if that change commits; the mailer (sender.ts) delivers it afterwards.
 */
export async function queueMail(tx: Db, mail: OutgoingMail): Promise<void> {
  await insertOutgoingMail(tx, mail);
}

/** Queues the mail only if the customer exists: same statements either way (the forgotten password, decision 020). */
export async function queueMailForCustomer(tx: Db, customerId: number, mail: OutgoingMail): Promise<void> {
  await insertOutgoingMailForCustomer(tx, customerId, mail);
}

/** Housekeeping: sent mail kept past its time goes. */
export function pruneMail(tx: Db, sentBefore: Date): Promise<number> {
  return pruneSentMail(tx, sentBefore);
}
