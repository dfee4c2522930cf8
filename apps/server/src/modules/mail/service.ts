import type { Db } from '@milli/db';
import { insertOutgoingMail, type OutgoingMail } from './repository.ts';

export type { OutgoingMail };

/**
 * Puts a mail in the outbox (decision 006). Call it with the transaction of the change that causes the mail:
 * the mail is sent if and only if that change commits; the mailer (sender.ts) delivers it afterwards.
 */
export async function queueMail(tx: Db, mail: OutgoingMail): Promise<void> {
  await insertOutgoingMail(tx, mail);
}
