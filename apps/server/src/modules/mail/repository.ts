import { and, asc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
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

/** Every mail to one of these addresses (compared in lower case), sent or not. */
export async function deleteMailTo(db: Db, addresses: readonly string[]): Promise<number> {
  if (addresses.length === 0) return 0;
  const t = schema.mailOutbox;
  const lowered = [...new Set(addresses.map((a) => a.toLowerCase()))];
  const gone = await db
    .delete(t)
    .where(inArray(sql`lower(${t.toAddress})`, lowered))
    .returning({ id: t.id });
  return gone.length;
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
  // The database keeps microseconds and a Date milliseconds: a mail queued in the same millisecond as `now` is due too.
  const dueBy = (now: Date) => lt(t.nextAttemptAt, new Date(now.getTime() + 1));
  return {
    /** Pending mails due by `now` (id and kind only), oldest first, after the id `afterId`. */
    async due(now: Date, limit: number, afterId: number) {
      return db
        .select({ id: t.id, kind: t.kind })
        .from(t)
        .where(and(eq(t.status, 'pending'), dueBy(now), gt(t.id, afterId)))
        .orderBy(asc(t.id))
        .limit(limit);
    },
    /**
     * Claims one mail for a send: not sent, and no send under way (its next attempt is due). One statement, so of
     * several runs asking at once (two instances, a job run twice) one gets the row and the others nothing; the claim
     * pushes the next attempt `leaseMs` on, so a send that died half way is tried again after that.
     */
    async claim(id: number, now: Date, leaseMs: number) {
      const [claimed] = await db
        .update(t)
        .set({ nextAttemptAt: new Date(now.getTime() + leaseMs), attempts: sql`${t.attempts} + 1` })
        .where(and(eq(t.id, id), ne(t.status, 'sent'), dueBy(now)))
        .returning();
      return claimed ?? null;
    },
    async markSent(id: number, at: Date) {
      await db.update(t).set({ status: 'sent', sentAt: at, lastError: null }).where(eq(t.id, id));
    },
    /**
     * A send failed: the error is kept, and the mail is due again at once, for its job's next attempt (the engine
     * decides when). `final`: no attempt is left (or the server refused for good), the mail stays failed for staff.
     */
    async markFailed(id: number, error: string, outcome: { final: boolean; at: Date }) {
      await db
        .update(t)
        .set({ lastError: error.slice(0, 500), nextAttemptAt: outcome.at, ...(outcome.final ? { status: 'failed' as const } : {}) })
        .where(eq(t.id, id));
    },
  };
}
