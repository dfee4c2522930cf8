import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';
import type { MessageChannel, MessagePurpose, MessageStatus } from '@milli/contracts';

export interface NewMessage {
  customerId: number | null;
  channel: MessageChannel;
  toPhone: string;
  kind: string;
  params: Record<string, string>;
}

/** Writes a message to the outbox (through service.ts queueMessage, in the caller's transaction); its id. */
export async function insertMessage(db: Db, message: NewMessage): Promise<number> {
  const [row] = await db
    .insert(schema.messages)
    .values({ customerId: message.customerId, channel: message.channel, toPhone: message.toPhone, kind: message.kind, params: message.params })
    .returning({ id: schema.messages.id });
  return row!.id;
}

/** A customer's consent for one channel and purpose: set, and the time it changed (a repeat of the same answer keeps it). */
export async function upsertConsent(db: Db, customerId: number, channel: MessageChannel, purpose: MessagePurpose, granted: boolean): Promise<void> {
  const t = schema.messageConsents;
  await db
    .insert(t)
    .values({ customerId, channel, purpose, granted })
    .onConflictDoUpdate({
      target: [t.customerId, t.channel, t.purpose],
      set: { granted, changedAt: sql`case when ${t.granted} = ${granted} then ${t.changedAt} else now() end` },
    });
}

/** Every consent record of a customer. */
export async function selectConsents(db: Db, customerId: number) {
  const t = schema.messageConsents;
  return db.select({ channel: t.channel, purpose: t.purpose, granted: t.granted, changedAt: t.changedAt }).from(t).where(eq(t.customerId, customerId));
}

/** A customer's messages, newest first. */
export async function selectCustomerMessages(db: Db, customerId: number, limit: number) {
  const t = schema.messages;
  return db
    .select({
      id: t.id,
      channel: t.channel,
      toPhone: t.toPhone,
      kind: t.kind,
      status: t.status,
      provider: t.provider,
      attempts: t.attempts,
      lastError: t.lastError,
      createdAt: t.createdAt,
      sentAt: t.sentAt,
      updatedAt: t.updatedAt,
    })
    .from(t)
    .where(eq(t.customerId, customerId))
    .orderBy(desc(t.id))
    .limit(limit);
}

/** The order a message's status moves in: a receipt never moves it back (a late 'sent' after 'delivered'). */
const RANK: Record<MessageStatus, number> = { queued: 0, sent: 1, delivered: 2, read: 3, failed: 2 };

/**
 * A provider's receipt: the message it names moves to `status` if that is further on (a replayed or late receipt
 * changes nothing). 'failed' after 'sent' is a delivery failure; nothing leaves 'read' or 'failed'. The id moved, or null.
 */
export async function advanceStatus(db: Db, provider: string, providerMessageId: string, status: MessageStatus, error?: string): Promise<number | null> {
  const t = schema.messages;
  const earlier = (Object.keys(RANK) as MessageStatus[]).filter((s) => RANK[s] < RANK[status] && s !== 'failed');
  if (earlier.length === 0) return null;
  const [row] = await db
    .update(t)
    .set({ status, updatedAt: new Date(), ...(status === 'failed' ? { lastError: (error ?? 'not delivered').slice(0, 500) } : {}) })
    .where(and(eq(t.provider, provider), eq(t.providerMessageId, providerMessageId), inArray(t.status, earlier)))
    .returning({ id: t.id });
  return row?.id ?? null;
}

export function createMessageOutbox(db: Db) {
  const t = schema.messages;
  // The database keeps microseconds and a Date milliseconds: a message queued in the same millisecond as `now` is due too.
  const dueBy = (now: Date) => lt(t.nextAttemptAt, new Date(now.getTime() + 1));
  return {
    /** Queued messages due by `now` (id, kind and channel only), oldest first, after the id `afterId`. */
    async due(now: Date, limit: number, afterId: number) {
      return db
        .select({ id: t.id, kind: t.kind, channel: t.channel })
        .from(t)
        .where(and(eq(t.status, 'queued'), dueBy(now), gt(t.id, afterId)))
        .orderBy(asc(t.id))
        .limit(limit);
    },
    /**
     * Claims one message for a send, in one statement: still queued, and no send under way (its next attempt is due).
     * The claim pushes the next attempt `leaseMs` on, so a send that died half way is tried again after that.
     */
    async claim(id: number, now: Date, leaseMs: number) {
      const [claimed] = await db
        .update(t)
        .set({ nextAttemptAt: new Date(now.getTime() + leaseMs), attempts: sql`${t.attempts} + 1` })
        .where(and(eq(t.id, id), eq(t.status, 'queued'), dueBy(now)))
        .returning();
      return claimed ?? null;
    },
    async setOptOutToken(id: number, hash: string) {
      await db.update(t).set({ optOutTokenHash: hash }).where(eq(t.id, id));
    },
    /** The provider took it. `blank`: its params go (a sign-in code is kept nowhere once sent). */
    async markSent(id: number, at: Date, provider: string, providerMessageId: string, blank: boolean) {
      await db
        .update(t)
        .set({ status: 'sent', sentAt: at, updatedAt: at, provider, providerMessageId, lastError: null, ...(blank ? { params: {} } : {}) })
        .where(and(eq(t.id, id), ne(t.status, 'failed')));
    },
    /**
     * A send failed: the error is kept and the message is due again (its job's next attempt: the engine decides when).
     * `final`: no attempt is left, or the provider refused it for good; it stays failed, visible to staff.
     */
    async markFailed(id: number, error: string, outcome: { final: boolean; at: Date; blank: boolean }) {
      await db
        .update(t)
        .set({
          lastError: error.slice(0, 500),
          nextAttemptAt: outcome.at,
          updatedAt: outcome.at,
          ...(outcome.final ? { status: 'failed' as const, ...(outcome.blank ? { params: {} } : {}) } : {}),
        })
        .where(eq(t.id, id));
    },
  };
}

/** A kind's templates at the providers, or null. */
export async function selectTemplate(db: Db, kind: string) {
  const [row] = await db.select().from(schema.messageTemplates).where(eq(schema.messageTemplates.kind, kind));
  return row ?? null;
}

export async function selectTemplates(db: Db) {
  return db.select().from(schema.messageTemplates).orderBy(asc(schema.messageTemplates.kind));
}

export interface TemplateValues {
  msg91TemplateId: string | null;
  dltTemplateId: string | null;
  whatsappTemplate: string | null;
  whatsappLanguage: string;
}

export async function upsertTemplate(db: Db, kind: string, values: TemplateValues): Promise<void> {
  const t = schema.messageTemplates;
  await db
    .insert(t)
    .values({ kind, ...values })
    .onConflictDoUpdate({ target: t.kind, set: { ...values, updatedAt: new Date() } });
}

/** The customers sent messages at this number on this channel (a stop word names only the number). */
export async function selectCustomersMessagedAt(db: Db, channel: MessageChannel, toPhone: string): Promise<number[]> {
  const t = schema.messages;
  const rows = await db
    .selectDistinct({ customerId: t.customerId })
    .from(t)
    .where(and(eq(t.channel, channel), eq(t.toPhone, toPhone), sql`${t.customerId} is not null`));
  return rows.map((r) => r.customerId!);
}

/** The message an opt-out link's token (its SHA-256, hex) belongs to. */
export async function selectMessageByOptOut(db: Db, hash: string) {
  const t = schema.messages;
  const [row] = await db.select({ id: t.id, customerId: t.customerId, channel: t.channel, kind: t.kind }).from(t).where(eq(t.optOutTokenHash, hash));
  return row ?? null;
}

/** Every message to a customer and their message preferences (their data erased, decision 044); the messages gone. */
export async function deleteCustomerMessages(db: Db, customerId: number): Promise<number> {
  await db.delete(schema.messageConsents).where(eq(schema.messageConsents.customerId, customerId));
  const gone = await db.delete(schema.messages).where(eq(schema.messages.customerId, customerId)).returning({ id: schema.messages.id });
  return gone.length;
}

/**
 * Housekeeping (decision 025) of messages the provider took (sent, delivered, read). One sent before `before` goes,
 * unless it carries an opt-out link: that row stays until `linkBefore` so the link in an old SMS still stops the
 * messages, but its values (an order number, a name) are blanked. A failed message stays for staff to look into, and
 * a queued one is still to be sent. The number deleted.
 */
export async function pruneSentMessages(db: Db, before: Date, linkBefore: Date): Promise<number> {
  const t = schema.messages;
  const taken = inArray(t.status, ['sent', 'delivered', 'read']);
  const gone = await db
    .delete(t)
    .where(and(taken, lt(t.sentAt, before), or(isNull(t.optOutTokenHash), lt(t.sentAt, linkBefore))))
    .returning({ id: t.id });
  await db
    .update(t)
    .set({ params: {} })
    .where(and(taken, lt(t.sentAt, before), sql`${t.params} <> '{}'::jsonb`));
  return gone.length;
}
