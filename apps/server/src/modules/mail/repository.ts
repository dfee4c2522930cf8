import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { preparedQuery, schema, type Db } from '@milli/db';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the mail is about: 'welcome', 'password-reset', 'order-placed' … */
  kind: string;
}

// Every order paid queues its mail: built once (decision 038).
const insertStatement = preparedQuery('mail_outbox_add', (db) =>
  db.insert(schema.mailOutbox).values({
    toAddress: sql.placeholder('to'),
    subject: sql.placeholder('subject'),
    textBody: sql.placeholder('text'),
    htmlBody: sql.placeholder('html'),
    kind: sql.placeholder('kind'),
  }),
);

/** Writes a mail to the outbox (through mail/service.ts queueMail, in the caller's transaction). */
export async function insertOutgoingMail(db: Db, mail: OutgoingMail): Promise<void> {
  await insertStatement(db, { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, kind: mail.kind });
}

/**
 * Writes a mail to the outbox only if the customer exists, in one statement: the forgotten-password mail costs the
 * same whether or not the address has an account (decision 020), and writes nothing for one that has none.
 */
export async function insertOutgoingMailForCustomer(db: Db, customerId: number, mail: OutgoingMail): Promise<void> {
  const c = schema.customers;
  await db.execute(
    sql`insert into ${schema.mailOutbox} (to_address, subject, text_body, html_body, kind)
        select ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html}, ${mail.kind} from ${c} where ${c.id} = ${customerId}`,
  );
}

/** Sent mail older than `before` goes (housekeeping); failed mail stays for staff to look into. */
export async function pruneSentMail(db: Db, before: Date): Promise<number> {
  const t = schema.mailOutbox;
  const gone = await db
    .delete(t)
    .where(and(eq(t.status, 'sent'), lt(t.sentAt, before)))
    .returning({ id: t.id });
  return gone.length;
}

export function createOutboxRepository(db: Db) {
  const t = schema.mailOutbox;
  return {
    /**
     * Claims up to `limit` due mails by pushing their next attempt into the future, so another server
     * instance polling at the same moment does not send them twice. One statement: the rows are chosen and
     * locked (skipping those another instance is claiming) and pushed on together, oldest first.
     */
    async claimDue(now: Date, limit: number, leaseMs: number) {
      const due = db
        .select({ id: t.id })
        .from(t)
        // The database keeps microseconds and a Date milliseconds: a mail queued in the same millisecond as `now` is due too.
        .where(and(eq(t.status, 'pending'), lt(t.nextAttemptAt, new Date(now.getTime() + 1))))
        .orderBy(asc(t.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(t)
        .set({ nextAttemptAt: new Date(now.getTime() + leaseMs), attempts: sql`${t.attempts} + 1` })
        .where(inArray(t.id, due))
        .returning();
      return claimed.sort((a, b) => a.id - b.id);
    },
    async markSent(id: number, at: Date) {
      await db.update(t).set({ status: 'sent', sentAt: at, lastError: null }).where(eq(t.id, id));
    },
    async markFailed(id: number, error: string, retryAt: Date | null) {
      await db
        .update(t)
        .set(retryAt ? { lastError: error.slice(0, 500), nextAttemptAt: retryAt } : { status: 'failed', lastError: error.slice(0, 500) })
        .where(eq(t.id, id));
    },
  };
}
