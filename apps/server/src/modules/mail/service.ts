import { isErasedAddress, isNoEmailAddress } from '@milli/contracts';
import type { Db } from '@milli/db';
import { deleteMailTo, insertOutgoingMail, insertOutgoingMailForCustomer, pruneSentMail, type OutgoingMail } from './repository.ts';

export type { OutgoingMail };

/**
 * Puts a mail in the outbox (decision 006). Call it with the transaction of the change that causes the mail:
 * the mail is sent if and only if that change commits; the mailer (sender.ts) delivers it afterwards.
 */
export async function queueMail(tx: Db, mail: OutgoingMail): Promise<void> {
  // An erased customer's address (decision 044), or a mobile account's stand-in (decision 058), reaches nobody.
  if (isErasedAddress(mail.to) || isNoEmailAddress(mail.to)) return;
  await insertOutgoingMail(tx, mail);
}

/** Queues the mail only if the customer exists: same statements either way (the forgotten password, decision 020). */
export async function queueMailForCustomer(tx: Db, customerId: number, mail: OutgoingMail): Promise<void> {
  if (isErasedAddress(mail.to) || isNoEmailAddress(mail.to)) return;
  await insertOutgoingMailForCustomer(tx, customerId, mail);
}

/**
 * Every mail to these addresses goes from the outbox, sent or still waiting (a customer's data erased, issue 38). The
 * caller queues the erasure's own confirmation after it, which is sent and then pruned by housekeeping like any mail.
 */
export function forgetMailTo(tx: Db, addresses: readonly string[]): Promise<number> {
  return deleteMailTo(tx, addresses);
}

/** Housekeeping: sent mail kept past its time goes. */
export function pruneMail(tx: Db, sentBefore: Date): Promise<number> {
  return pruneSentMail(tx, sentBefore);
}
