import { randomBytes } from 'node:crypto';
import type {
  AdminComplaintDetail,
  AdminComplaintNote,
  AdminComplaintPage,
  AdminComplaintReply,
  AdminComplaintRow,
  AdminComplaintsQuery,
  AdminComplaintStatus,
  Complaint,
  ComplaintFiled,
  ComplaintOrderChoices,
  ComplaintSummary,
  FileComplaint,
} from '@milli/contracts/schemas';
import { acknowledgeByOf, complaintTicketNumber, resolveByOf } from '@milli/contracts';
import type { Db } from '@milli/db';
import { indianDate } from '@milli/pricing';
import { DomainError } from '../../domain-error.ts';
import { hashToken } from '../../plugins/session.ts';
import { mailboxOf, mobileOf, type Limit, type RateLimiter } from '../../plugins/rate-limit.ts';
import { customerContactOf } from '../accounts/service.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { queueMail } from '../mail/service.ts';
import { orderChoicesOf, orderContactsOf, ownOrder } from '../orders/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { complaintAcknowledgedMail, complaintReceivedMail, complaintReplyMail, complaintResolvedMail, type ComplaintFacts, type TicketLink } from './mail.ts';
import { complaintsRepository, type ComplaintEvent, type ComplaintRow } from './repository.ts';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * What bounds /help (issue 38), each counted in the database like the store's other limits: per source address before
 * anything is read (so guessing order numbers against an e-mail is bounded too), per account and per complaint in the
 * filing's or the reply's own transaction (a refused request gives its count back), and per recipient (RECIPIENT_LIMITS,
 * shared with the other public forms) for every address or number the acknowledgement goes to.
 */
export const COMPLAINT_LIMITS = {
  ip: {
    name: 'complaint-ip',
    max: 10,
    windowMs: HOUR_MS,
    message: 'Too many complaints have been sent from here. Please try again in an hour, or call us.',
  },
  accountDay: {
    name: 'complaint-account',
    max: 5,
    windowMs: DAY_MS,
    message: 'You have sent several complaints today. Please add to one of them under My Account, or call us.',
  },
  replyIp: {
    name: 'complaint-reply-ip',
    max: 30,
    windowMs: HOUR_MS,
    message: 'Too many messages have been sent from here. Please try again in an hour, or call us.',
  },
  replyDay: {
    name: 'complaint-reply',
    max: 20,
    windowMs: DAY_MS,
    message: 'Many messages have been added to this complaint today. Please call us, giving its ticket number.',
  },
} satisfies Record<string, Limit>;

/** The one answer to an order number a guest cannot be matched with, whether or not such an order exists. */
export const ORDER_NOT_MATCHED_MESSAGE =
  'We could not match this order number with the e-mail address or mobile number you gave. Check both, or leave the order number empty and tell us about the order below.';

export interface ComplaintsDeps {
  /** Where the mails' links point ('https://milli.example'). */
  publicUrl: string;
  limiter: Pick<RateLimiter, 'take' | 'takeRecipient'>;
  settings: Pick<SettingsService, 'brand'>;
  now?: () => Date;
}

/** Who files: a signed-in shopper (their account answers for them) or a guest. */
export type Complainant = { customerId: number } | null;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const asDate = (v: string | Date) => (v instanceof Date ? v : new Date(v));

function summary(r: ComplaintRow): ComplaintSummary {
  return {
    ticketNumber: r.ticketNumber,
    category: r.category,
    subject: r.subject,
    orderNumber: r.orderNumber,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    acknowledgedAt: iso(r.acknowledgedAt),
    resolvedAt: iso(r.resolvedAt),
    acknowledgeBy: r.acknowledgeBy.toISOString(),
    resolveBy: r.resolveBy.toISOString(),
  };
}

/** The desk's row: the timers read at `at`, overdue ones flagged. */
export function deskRow(r: ComplaintRow, at: Date): AdminComplaintRow {
  const last = r.lastWord;
  return {
    ...summary(r),
    complainant: { customerId: r.customerId, name: r.name, email: r.email, phone: r.phone },
    overdue: {
      acknowledge: r.acknowledgedAt === null && r.acknowledgeBy < at,
      resolve: r.status !== 'resolved' && r.resolveBy < at,
    },
    lastFrom: last?.kind === 'reply' ? 'store' : 'customer',
    lastAt: last ? asDate(last.at).toISOString() : r.createdAt.toISOString(),
  };
}

export function createComplaintsService(db: Db, deps: ComplaintsDeps) {
  const now = deps.now ?? (() => new Date());
  const base = deps.publicUrl.replace(/\/+$/, '');
  const accountLink = (ticketNumber: string): TicketLink => ({ label: 'See your complaint', href: `${base}/account/complaints/${ticketNumber}` });
  const guestLink = (token: string): TicketLink => ({ label: 'See your complaint', href: `${base}/help/ticket?key=${token}` });
  /** A later mail's link: a shopper's ticket page; none for a guest, whose link is kept only as a hash. */
  const laterLink = (r: ComplaintRow) => (r.customerId !== null ? accountLink(r.ticketNumber) : null);
  const facts = (r: ComplaintRow): ComplaintFacts => ({
    ticketNumber: r.ticketNumber,
    email: r.email ?? '',
    name: r.name,
    subject: r.subject,
    acknowledgeBy: r.acknowledgeBy,
    resolveBy: r.resolveBy,
  });

  async function view(tx: Db, r: ComplaintRow): Promise<Complaint> {
    const thread = await complaintsRepository(tx).thread(r.id, false);
    return {
      ...summary(r),
      description: r.description,
      resolution: r.resolution,
      thread: thread.map((m) => ({
        id: m.id,
        from: m.kind === 'customer' ? 'you' : 'store',
        body: m.body,
        event: m.event,
        at: m.createdAt.toISOString(),
      })),
    };
  }

  /**
   * The complainant's reply, on the row already found and locked: at most COMPLAINT_LIMITS.replyDay a day on one
   * complaint. A waiting complaint goes back to the desk; a resolved one is reopened, its month counted again from now.
   */
  async function addCustomerReply(tx: Db, found: ComplaintRow, message: string) {
    const at = now();
    const repo = complaintsRepository(tx);
    await deps.limiter.take(COMPLAINT_LIMITS.replyDay, String(found.id), tx);
    await repo.addMessage({ complaintId: found.id, kind: 'customer', body: message, createdAt: at });
    if (found.status === 'waiting') await repo.update(found.id, { status: 'open' }, at);
    if (found.status === 'resolved') {
      await repo.update(found.id, { status: 'open', reopenedAt: at, resolvedAt: null, resolution: null, resolveBy: resolveByOf(at) }, at);
      await repo.addMessage({ complaintId: found.id, kind: 'event', event: 'reopened', createdAt: at });
    }
    return (await repo.byId(found.id))!;
  }

  /** The desk's complaint by its ticket number, locked for a change; 404 when there is none. */
  async function lockedForDesk(tx: Db, ticketNumber: string) {
    const repo = complaintsRepository(tx);
    const seen = await repo.byTicket(ticketNumber);
    if (!seen) throw new DomainError('COMPLAINT_NOT_FOUND', `There is no complaint ${ticketNumber}.`);
    await repo.lock(seen.id);
    return (await repo.byId(seen.id))!;
  }

  const deskAudit = (r: ComplaintRow) => ({
    status: r.status,
    acknowledgedAt: iso(r.acknowledgedAt),
    resolvedAt: iso(r.resolvedAt),
    resolveBy: iso(r.resolveBy),
  });

  async function detail(tx: Db, r: ComplaintRow, at: Date): Promise<AdminComplaintDetail> {
    const thread = await complaintsRepository(tx).thread(r.id, true);
    return {
      ...deskRow(r, at),
      description: r.description,
      resolution: r.resolution,
      reopenedAt: iso(r.reopenedAt),
      thread: thread.map((m) => ({ id: m.id, kind: m.kind, body: m.body, event: m.event, staff: m.staffName, at: m.createdAt.toISOString() })),
      now: at.toISOString(),
    };
  }

  return {
    /**
     * Files a complaint in one transaction: the account's daily allowance, the order named (the shopper's own, or one
     * whose e-mail or phone the guest gave), the recipients' allowances, the year's next ticket number, the complaint,
     * and the acknowledgement mail with the ticket number. A guest's acknowledgement carries the link to their ticket;
     * the link's token is never in the answer, so only the mailbox it went to can open it.
     */
    async file(input: FileComplaint, who: Complainant): Promise<ComplaintFiled> {
      if (!who) {
        const fields: Record<string, string> = {};
        if (!input.name || input.name.length < 2) fields.name = 'Please enter your name.';
        if (!input.email && !input.phone) fields.email = 'Please give an e-mail address or a mobile number, so that we can answer you.';
        if (Object.keys(fields).length > 0) throw new DomainError('INVALID_REQUEST', Object.values(fields).join(' '), fields);
      }
      const at = now();
      const brand = await deps.settings.brand();
      const token = randomBytes(24).toString('base64url');
      const filed = await db.transaction(async (tx) => {
        const repo = complaintsRepository(tx);
        let contact: { name: string | null; email: string | null; phone: string | null };
        let mail = true;
        if (who) {
          await deps.limiter.take(COMPLAINT_LIMITS.accountDay, String(who.customerId), tx);
          const account = await customerContactOf(tx, who.customerId);
          if (!account) throw new DomainError('UNAUTHENTICATED', 'Please log in again.');
          contact = { name: account.name, email: account.email, phone: input.phone ?? account.mobile };
        } else {
          contact = { name: input.name ?? null, email: input.email ?? null, phone: input.phone ?? null };
        }

        let orderId: number | null = null;
        if (input.orderNumber) {
          if (who) {
            const order = await ownOrder(tx, who.customerId, input.orderNumber);
            if (!order) throw new DomainError('ORDER_NOT_MATCHED', 'Please choose one of your own orders.', { orderNumber: 'This is not one of your orders.' });
            orderId = order.id;
          } else {
            // One answer whether the order is missing or belongs to other contacts: a guest learns nothing of orders they cannot name.
            const order = await orderContactsOf(tx, input.orderNumber);
            const emails = order ? [order.email, order.companyEmail].filter((e): e is string => !!e).map(mailboxOf) : [];
            const phones = order ? [order.mobile, ...order.phones].filter((p): p is string => !!p).map(mobileOf) : [];
            const matched =
              order !== null &&
              ((input.email !== undefined && emails.includes(mailboxOf(input.email))) || (input.phone !== undefined && phones.includes(mobileOf(input.phone))));
            if (!matched) throw new DomainError('ORDER_NOT_MATCHED', ORDER_NOT_MATCHED_MESSAGE, { orderNumber: ORDER_NOT_MATCHED_MESSAGE });
            orderId = order.id;
          }
        }

        if (who) {
          // An account's own address: past the recipient's allowance the complaint is still filed (the shopper sees it in
          // My Account), only without the mail, so nobody can keep a shopper from complaining by spending their allowance.
          mail = await deps.limiter.takeRecipient({ email: contact.email }, tx).then(
            () => true,
            () => false,
          );
        } else {
          await deps.limiter.takeRecipient({ email: contact.email, phone: contact.phone }, tx);
        }

        const year = Number(indianDate(at).slice(0, 4));
        const ticketNumber = complaintTicketNumber(year, await repo.nextTicketNumber(year));
        const guestWithMail = !who && contact.email !== null;
        const id = await repo.insert({
          ticketNumber,
          customerId: who?.customerId ?? null,
          orderId,
          category: input.category,
          subject: input.subject,
          description: input.description,
          name: contact.name,
          email: contact.email,
          phone: contact.phone,
          viewTokenHash: guestWithMail ? hashToken(token) : null,
          status: 'open',
          acknowledgeBy: acknowledgeByOf(at),
          resolveBy: resolveByOf(at),
          createdAt: at,
          updatedAt: at,
        });
        const row = (await repo.byId(id))!;
        const mailedTo = contact.email !== null && mail ? contact.email : null;
        if (mailedTo) await queueMail(tx, complaintReceivedMail(brand, facts(row), who ? accountLink(ticketNumber) : guestLink(token)));
        return { row, mailedTo };
      });
      const { row, mailedTo } = filed;
      return {
        ticketNumber: row.ticketNumber,
        status: row.status,
        category: row.category,
        subject: row.subject,
        createdAt: row.createdAt.toISOString(),
        acknowledgeBy: row.acknowledgeBy.toISOString(),
        resolveBy: row.resolveBy.toISOString(),
        mailedTo,
      };
    },

    /** The signed-in shopper's orders to choose from on /help. */
    async orderChoices(customerId: number): Promise<ComplaintOrderChoices> {
      const rows = await orderChoicesOf(db, customerId);
      return { data: rows.map((r) => ({ orderNumber: r.orderNumber, placedAt: r.placedAt.toISOString(), status: r.status })) };
    },

    async mine(customerId: number) {
      return { data: (await complaintsRepository(db).ofCustomer(customerId)).map(summary) };
    },

    async ownTicket(customerId: number, ticketNumber: string) {
      const found = await complaintsRepository(db).ownedBy(ticketNumber, customerId);
      if (!found) throw new DomainError('COMPLAINT_NOT_FOUND', 'There is no such complaint in your account.');
      return view(db, found);
    },

    async byLink(token: string) {
      const found = await complaintsRepository(db).byToken(hashToken(token));
      if (!found) throw new DomainError('COMPLAINT_NOT_FOUND', 'This link does not match a complaint. Please use the link in the mail we sent you.');
      return view(db, found);
    },

    /** The shopper's reply to their own complaint. */
    async replyAsCustomer(customerId: number, ticketNumber: string, message: string) {
      return db.transaction(async (tx) => {
        const repo = complaintsRepository(tx);
        const seen = await repo.ownedBy(ticketNumber, customerId);
        if (!seen) throw new DomainError('COMPLAINT_NOT_FOUND', 'There is no such complaint in your account.');
        await repo.lock(seen.id);
        return view(tx, await addCustomerReply(tx, (await repo.byId(seen.id))!, message));
      });
    },

    /** A guest's reply, by their link's token. */
    async replyByLink(token: string, message: string) {
      return db.transaction(async (tx) => {
        const repo = complaintsRepository(tx);
        const seen = await repo.byToken(hashToken(token));
        if (!seen) throw new DomainError('COMPLAINT_NOT_FOUND', 'This link does not match a complaint. Please use the link in the mail we sent you.');
        await repo.lock(seen.id);
        return view(tx, await addCustomerReply(tx, (await repo.byId(seen.id))!, message));
      });
    },

    // ── The desk (permission `complaints`) ──

    async queue(query: AdminComplaintsQuery): Promise<AdminComplaintPage> {
      const at = now();
      const perPage = 25;
      const repo = complaintsRepository(db);
      const [{ total, rows }, counts] = await Promise.all([repo.queue(query.queue, at, perPage, (query.page - 1) * perPage), repo.counts(at)]);
      return {
        queue: query.queue,
        data: rows.map((r) => deskRow(r, at)),
        counts,
        page: query.page,
        totalPages: Math.max(1, Math.ceil(total / perPage)),
        now: at.toISOString(),
      };
    },

    async deskTicket(ticketNumber: string) {
      const found = await complaintsRepository(db).byTicket(ticketNumber);
      if (!found) throw new DomainError('COMPLAINT_NOT_FOUND', `There is no complaint ${ticketNumber}.`);
      return detail(db, found, now());
    },

    /**
     * The desk's reply, mailed to the complainant: it acknowledges a complaint not yet acknowledged, and with
     * `waitForCustomer` the complaint waits for their answer. Audited.
     */
    async reply(actor: AuditActor, ticketNumber: string, input: AdminComplaintReply) {
      const at = now();
      const brand = await deps.settings.brand();
      return db.transaction(async (tx) => {
        const repo = complaintsRepository(tx);
        const found = await lockedForDesk(tx, ticketNumber);
        if (!found.email) {
          throw new DomainError(
            'COMPLAINT_STEP_NOT_ALLOWED',
            `This complainant gave no e-mail address: call them${found.phone ? ` on ${found.phone}` : ''} and write down what was said as a note.`,
          );
        }
        const waiting = input.waitForCustomer === true;
        if (waiting && found.status === 'resolved') {
          throw new DomainError('COMPLAINT_STEP_NOT_ALLOWED', 'This complaint is resolved: reopen it before waiting for the customer.');
        }
        const event = (e: ComplaintEvent) => repo.addMessage({ complaintId: found.id, kind: 'event', event: e, staffId: actor.staffId, createdAt: at });
        // A reply is a person's acknowledgement, if none was given yet.
        const acknowledging = found.acknowledgedAt === null && found.status !== 'resolved';
        if (acknowledging) await event('acknowledged');
        await repo.addMessage({ complaintId: found.id, kind: 'reply', body: input.message, staffId: actor.staffId, createdAt: at });
        const toWaiting = waiting && found.status === 'open';
        if (toWaiting) await event('waiting');
        await repo.update(found.id, { ...(acknowledging ? { acknowledgedAt: at } : {}), ...(toWaiting ? { status: 'waiting' as const } : {}) }, at);
        const after = (await repo.byId(found.id))!;
        await recordAudit(tx, actor, {
          action: 'reply',
          entity: 'complaint',
          entityId: found.ticketNumber,
          before: deskAudit(found),
          after: { ...deskAudit(after), replied: true },
        });
        await queueMail(tx, complaintReplyMail(brand, facts(after), input.message, after.status === 'waiting', laterLink(after)));
        return detail(tx, after, at);
      });
    },

    /** An internal note: the desk's alone, never shown or mailed to the complainant. Audited. */
    async note(actor: AuditActor, ticketNumber: string, input: AdminComplaintNote) {
      const at = now();
      return db.transaction(async (tx) => {
        const found = await lockedForDesk(tx, ticketNumber);
        await complaintsRepository(tx).addMessage({ complaintId: found.id, kind: 'note', body: input.message, staffId: actor.staffId, createdAt: at });
        await complaintsRepository(tx).update(found.id, {}, at);
        await recordAudit(tx, actor, { action: 'note', entity: 'complaint', entityId: found.ticketNumber, after: { note: true } });
        return detail(tx, (await complaintsRepository(tx).byId(found.id))!, at);
      });
    },

    /**
     * The desk moves a complaint on: acknowledge it (mailed), wait for the customer, resolve it with a summary (mailed;
     * it acknowledges one not yet acknowledged), or reopen a resolved one (its month counted again from now). Audited.
     */
    async setStatus(actor: AuditActor, ticketNumber: string, input: AdminComplaintStatus) {
      const at = now();
      const brand = await deps.settings.brand();
      return db.transaction(async (tx) => {
        const repo = complaintsRepository(tx);
        const found = await lockedForDesk(tx, ticketNumber);
        const refuse = (message: string) => {
          throw new DomainError('COMPLAINT_STEP_NOT_ALLOWED', message);
        };
        const event = (e: ComplaintEvent, body: string | null = null) =>
          repo.addMessage({ complaintId: found.id, kind: 'event', event: e, body, staffId: actor.staffId, createdAt: at });
        const ackNow = found.acknowledgedAt === null ? { acknowledgedAt: at } : {};
        let mail: ((r: ComplaintRow) => ReturnType<typeof complaintAcknowledgedMail>) | null = null;
        switch (input.action) {
          case 'acknowledge':
            if (found.status === 'resolved') refuse('This complaint is resolved.');
            if (found.acknowledgedAt !== null) refuse('This complaint is acknowledged already.');
            await repo.update(found.id, { acknowledgedAt: at }, at);
            await event('acknowledged');
            mail = (r) => complaintAcknowledgedMail(brand, facts(r), laterLink(r));
            break;
          case 'wait':
            if (found.status !== 'open') refuse(found.status === 'waiting' ? 'This complaint waits for the customer already.' : 'This complaint is resolved.');
            if (found.acknowledgedAt === null) await event('acknowledged');
            await repo.update(found.id, { status: 'waiting', ...ackNow }, at);
            await event('waiting');
            break;
          case 'resolve': {
            if (found.status === 'resolved') refuse('This complaint is resolved already.');
            const resolution = input.resolution!;
            if (found.acknowledgedAt === null) await event('acknowledged');
            await repo.update(found.id, { status: 'resolved', resolvedAt: at, resolution, ...ackNow }, at);
            await event('resolved', resolution);
            mail = (r) => complaintResolvedMail(brand, facts(r), resolution, laterLink(r));
            break;
          }
          case 'reopen':
            if (found.status !== 'resolved') refuse('Only a resolved complaint can be reopened.');
            await repo.update(found.id, { status: 'open', reopenedAt: at, resolvedAt: null, resolution: null, resolveBy: resolveByOf(at) }, at);
            await event('reopened');
            break;
        }
        const after = (await repo.byId(found.id))!;
        await recordAudit(tx, actor, {
          action: input.action,
          entity: 'complaint',
          entityId: found.ticketNumber,
          before: deskAudit(found),
          after: input.action === 'resolve' ? { ...deskAudit(after), resolution: input.resolution } : deskAudit(after),
        });
        if (mail && after.email) await queueMail(tx, mail(after));
        return detail(tx, after, at);
      });
    },
  };
}

/** Open and waiting complaints, and how many of them are past a deadline at `at` (the dashboard's). */
export async function complaintCounts(db: Db, at: Date) {
  const counts = await complaintsRepository(db).counts(at);
  return { open: counts.open + counts.waiting, overdue: counts.overdue };
}

export type ComplaintsService = ReturnType<typeof createComplaintsService>;
