import { randomBytes } from 'node:crypto';
import type { Db } from '@milli/db';
import type { Order, OrderLine } from '@milli/db/schema';
import type { StoreSettings } from '@milli/db/schema';
import type {
  AdminReturnDetail,
  AdminReturnListQuery,
  AdminReturnPage,
  OrderReturn,
  ReturnCheck,
  ReturnCreated,
  ReturnRequest,
  ReturnStatus,
  ReturnStepAnswer,
  ReturnWindow,
} from '@milli/contracts/schemas';
import { dateInWords, formatRupees, indianDate, returnLineAmount, returnLineValues, returnRefundSplit } from '@milli/pricing';
import type { FileStore } from '../../lib/storage.ts';
import { DomainError } from '../../domain-error.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { queueMail, type OutgoingMail } from '../mail/service.ts';
import type { PaymentRecord, PaymentService, RefundRecord } from '../payments/service.ts';
import { brandOf, type SettingsService } from '../settings/service.ts';
import { notifyDesk } from '../staff/service.ts';
import { processImages } from '../../lib/images.ts';
import { issueCreditNote, orderLinesOf, ownOrder, putBackOnShelf, releasePieces, queueOrderMessage } from '../orders/service.ts';
import { moveStoreCredit } from '../store-credit/service.ts';
import { returnsRepository, type ReturnRow } from './repository.ts';
import {
  returnApprovedMail,
  returnPickupMail,
  returnReceivedMail,
  returnRefundedMail,
  returnRefusedMail,
  returnRequestedMail,
  type ReturnMailFacts,
} from './mail.ts';

export const MAX_RETURN_PHOTOS = 4;
const DAY_MS = 86_400_000;
const NOT_FOUND = 'There is no such return.';
const ORDER_NOT_FOUND = 'We could not find that order.';
/** An order number as it may appear in a path. */
const ORDER_NUMBER = /^[A-Za-z0-9][A-Za-z0-9/_-]{0,39}$/;
export const MADE_TO_ORDER = 'Made to your own design: personalised pieces cannot be returned.';
export const RETURN_PHOTO_PATH = /^returns\/\d{1,10}\/[0-9a-f]{32}(?:-thumb)?\.webp$/;

/** 24 November 2026, as India reads the day. */

/** Which step may follow which (a pickup may be set again before the pieces arrive). */
const STEP_FROM: Record<'approve' | 'schedule-pickup' | 'receive' | 'check' | 'refund' | 'refuse', readonly ReturnStatus[]> = {
  approve: ['Requested'],
  'schedule-pickup': ['Approved', 'Pickup scheduled'],
  receive: ['Approved', 'Pickup scheduled'],
  check: ['Received'],
  refund: ['Checked'],
  refuse: ['Requested', 'Approved', 'Pickup scheduled', 'Received'],
};
type Step = keyof typeof STEP_FROM;
const STEP_WORDS: Record<Step, string> = {
  approve: 'approved',
  'schedule-pickup': 'given a pickup date',
  receive: 'received',
  check: 'checked',
  refund: 'refunded',
  refuse: 'refused',
};

export interface ReturnsDeps {
  db: Db;
  settings: SettingsService;
  payments: PaymentService;
  files: FileStore;
  mailQueued?: () => void;
  now?: () => Date;
}

/**
 * Whether an order's pieces can be returned at `at`: delivered, within `days` of delivery, and per line how many are
 * left (a made-to-order piece never). Pure over what it is given.
 */
export function returnWindowOf(
  order: Pick<Order, 'status' | 'deliveredAt' | 'customDesignRequestId'>,
  lines: readonly Pick<OrderLine, 'id' | 'quantity'>[],
  returned: ReadonlyMap<number, number>,
  days: number,
  at: Date,
): ReturnWindow {
  const closesAt = order.deliveredAt ? new Date(order.deliveredAt.getTime() + days * DAY_MS) : null;
  const custom = order.customDesignRequestId !== null;
  const perLine = lines.map((l) => ({
    lineId: l.id,
    returnable: custom ? 0 : Math.max(l.quantity - (returned.get(l.id) ?? 0), 0),
    reason: custom ? MADE_TO_ORDER : null,
  }));
  let message: string | null = null;
  if (order.status !== 'Delivered' || !closesAt) message = 'Pieces can be returned once the order is delivered.';
  else if (at > closesAt) message = `The return window of ${days} days closed on ${dateInWords(indianDate(closesAt))}.`;
  else if (custom) message = MADE_TO_ORDER;
  else if (perLine.every((l) => l.returnable === 0)) message = 'Every piece of this order is already in a return, an exchange or a buy-back.';
  return { open: message === null, windowDays: days, closesAt: closesAt?.toISOString() ?? null, message, lines: perLine };
}

/** Per line, the pieces in returns plus those asked for or settled in an exchange or buy-back: none of them can be returned. */
function takenBack(returned: ReadonlyMap<number, number>, exchanged: ReadonlyMap<number, number>): Map<number, number> {
  const out = new Map(returned);
  for (const [lineId, n] of exchanged) out.set(lineId, (out.get(lineId) ?? 0) + n);
  return out;
}

type Lines = Awaited<ReturnType<ReturnType<typeof returnsRepository>['linesOf']>>;
type Photos = Awaited<ReturnType<ReturnType<typeof returnsRepository>['photosOf']>>;
type Events = Awaited<ReturnType<ReturnType<typeof returnsRepository>['eventsOf']>>;

function toView(
  r: ReturnRow,
  lines: Lines,
  photos: Photos,
  events: Events,
  credit: number,
  photoUrl: (photoId: number, thumb: boolean) => string,
  staffNames: boolean,
): OrderReturn {
  const refunded = r.status === 'Refunded' ? r.refundedPaise : 0;
  const asCredit = r.status === 'Refunded' ? Math.min(credit, refunded) : 0;
  return {
    id: r.id,
    status: r.status,
    reason: r.reason,
    refundMethod: r.refundMethod,
    amountPaise: r.amountPaise,
    refundedPaise: refunded,
    refundedToPaymentPaise: refunded - asCredit,
    refundedAsStoreCreditPaise: asCredit,
    pickupDate: r.pickupDate,
    checkNote: r.checkNote,
    refusedReason: r.refusedReason,
    creditNoteId: r.creditNoteId,
    createdAt: r.createdAt.toISOString(),
    lines: lines
      .filter((l) => l.returnId === r.id)
      .map((l) => ({ lineId: l.lineId, name: l.name, sku: l.sku, image: l.image, quantity: l.quantity, amountPaise: l.amountPaise })),
    photos: photos
      .filter((p) => p.returnId === r.id)
      .map((p) => ({ id: p.id, url: photoUrl(p.id, false), thumbUrl: p.thumbPath ? photoUrl(p.id, true) : null, width: p.width, height: p.height })),
    // The customer sees the steps, not who on the staff took them.
    steps: events.filter((e) => e.returnId === r.id).map((e) => ({ status: e.status, at: e.at.toISOString(), note: e.note, by: staffNames ? e.by : null })),
  };
}

/** The returns of an order and its window, for the customer's order page (GET /api/orders/{orderNumber}). */
export async function returnsOfOrder(
  db: Db,
  order: Order,
  lines: readonly OrderLine[],
  windowDays: number,
  at: Date,
): Promise<{ returns: OrderReturn[]; returnWindow: ReturnWindow }> {
  const repo = returnsRepository(db);
  const [rows, returned, exchanged] = await Promise.all([repo.ofOrder(order.id), repo.returnedCounts(order.id), repo.exchangedCounts(order.id)]);
  const ids = rows.map((r) => r.id);
  const [rl, photos, events, credit] = await Promise.all([repo.linesOf(ids), repo.photosOf(ids), repo.eventsOf(ids), repo.storeCreditOf(ids)]);
  const base = `/api/orders/${encodeURIComponent(order.orderNumber)}/returns`;
  return {
    returns: rows.map((r) =>
      toView(r, rl, photos, events, credit.get(r.id) ?? 0, (p, thumb) => `${base}/${r.id}/photos/${p}${thumb ? '-thumb' : ''}.webp`, false),
    ),
    returnWindow: returnWindowOf(order, lines, takenBack(returned, exchanged), windowDays, at),
  };
}

/**
 * Returns within the window (issue 20): the customer asks (lines and quantities, a reason, photos, refund to the
 * original payment or as store credit); the desk approves, schedules the pickup, receives, checks (restock or write
 * off, and how much to refund), refunds (permission 'accounts') or refuses. Every step is one transaction, recorded
 * in order_return_events with the staff member, audited, and mailed.
 */
/** How far ahead a pickup may be arranged: a courier books days, not months, ahead. */
const PICKUP_AHEAD_DAYS = 30;

export function createReturnsService(deps: ReturnsDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const settings = () => deps.settings.require();

  const mailFacts = (r: ReturnRow, orderNumber: string, lines: Lines): ReturnMailFacts => ({
    orderNumber,
    returnId: r.id,
    amountPaise: r.amountPaise,
    pieces: lines.filter((l) => l.returnId === r.id).map((l) => ({ name: l.name, quantity: l.quantity })),
  });

  async function deskView(tx: Db, r: ReturnRow): Promise<AdminReturnDetail> {
    const repo = returnsRepository(tx);
    const [order, lines, photos, events, credit, buyer, payment, noteNumber] = await Promise.all([
      repo.order(r.orderId),
      repo.linesOf([r.id]),
      repo.photosOf([r.id]),
      repo.eventsOf([r.id]),
      repo.storeCreditOf([r.id]),
      repo.customer(r.customerId),
      deps.payments.forOrder(r.orderId, tx),
      repo.creditNoteNumber(r.creditNoteId),
    ]);
    const view = toView(
      r,
      lines,
      photos,
      events,
      credit.get(r.id) ?? 0,
      (p, thumb) => `/api/admin/returns/${r.id}/photos/${p}${thumb ? '-thumb' : ''}.webp`,
      true,
    );
    const toRefund = r.status === 'Checked' || r.status === 'Refunded' ? r.refundedPaise : r.amountPaise;
    const plan = planOf(order, payment, r.refundMethod, toRefund);
    const c = buyer ?? { id: r.customerId, firstName: '', lastName: '', username: '', email: '', phone: null };
    return {
      ...view,
      orderNumber: order.orderNumber,
      orderStatus: order.status,
      paymentMethod: order.paymentMethod,
      deliveredAt: order.deliveredAt?.toISOString() ?? null,
      customer: { id: c.id, name: `${c.firstName} ${c.lastName}`.trim() || c.username, email: c.email, phone: c.phone },
      disposition: r.disposition,
      pickupNote: r.pickupNote,
      pickupCourierName: r.pickupCourierName,
      pickupAwb: r.pickupAwb,
      refundDuePaise: toRefund,
      refundPlan: plan,
      nextSteps: (Object.keys(STEP_FROM) as Step[]).filter((k) => STEP_FROM[k].includes(r.status)),
      creditNoteNumber: noteNumber,
    };
  }

  /** How a refund of `amount` would go back now, in words for the desk. */
  function planOf(order: Order, payment: PaymentRecord | null, method: 'original' | 'store_credit', amount: number) {
    if (method === 'store_credit')
      return {
        gatewayPaise: 0,
        storeCreditPaise: amount,
        explanation: `The customer asked for store credit: ${formatRupees(amount)} goes into their store credit.`,
      };
    const left =
      payment && payment.gatewayRef && (payment.status === 'paid' || payment.status === 'refunded') ? payment.amountPaise - payment.refundedPaise : 0;
    const split = returnRefundSplit(
      amount,
      {
        totalPaise: order.totalPaise,
        harvestCreditPaise: order.harvestCreditPaise,
        storeCreditPaise: order.storeCreditPaise,
        online: order.paymentMethod === 'online',
      },
      left,
    );
    const words =
      order.paymentMethod === 'cod'
        ? `A pay-on-delivery order: ${formatRupees(split.storeCreditPaise)} goes back as store credit.`
        : split.storeCreditPaise > 0
          ? `${formatRupees(split.gatewayPaise)} goes back to the card or UPI it was paid with; ${formatRupees(split.storeCreditPaise)} (the part paid with Milli Harvest or store credit, or beyond what the payment has left) goes back as store credit.`
          : `${formatRupees(split.gatewayPaise)} goes back through the gateway to the way it was paid.`;
    return { ...split, explanation: words };
  }

  /**
   * One desk step on a return under its row lock: checked against the status it must come from, recorded as an
   * event with the staff member, audited, mailed. `work` makes the step's own changes and names the mail.
   */
  async function step(
    actor: AuditActor,
    id: number,
    name: Step,
    work: (
      tx: Db,
      r: ReturnRow,
      order: Order,
      lines: Lines,
      s: StoreSettings,
    ) => Promise<{
      patch: Partial<ReturnRow>;
      status: ReturnStatus;
      note: string | null;
      audit: Record<string, unknown>;
      mail: ((to: string, facts: ReturnMailFacts) => OutgoingMail) | null;
      refunds?: (RefundRecord | null)[];
    }>,
  ): Promise<ReturnStepAnswer> {
    const at = now();
    // Read before the transaction: one connection (PGlite) cannot serve a second query while it holds one open.
    const s = await settings();
    let refunds: (RefundRecord | null)[] = [];
    const r = await db.transaction(async (tx) => {
      const repo = returnsRepository(tx);
      const probe = await repo.find(id);
      if (!probe) throw new DomainError('RETURN_NOT_FOUND', NOT_FOUND);
      // The payment's lock, then the order's, then the return's: the order in which settling and cancelling take them.
      if (name === 'refund') await deps.payments.forOrder(probe.orderId, tx, { lock: true });
      const order = await repo.order(probe.orderId, { lock: true });
      const before = (await repo.find(id, { lock: true }))!;
      if (!STEP_FROM[name].includes(before.status)) {
        throw new DomainError(
          'RETURN_STEP_NOT_ALLOWED',
          `This return is ${before.status}: it cannot be ${STEP_WORDS[name]} now${name === 'refuse' && before.status === 'Checked' ? ' (a checked return is refunded for the amount its check set)' : ''}.`,
        );
      }
      const lines = await repo.linesOf([id]);
      const done = await work(tx, before, order, lines, s);
      refunds = done.refunds ?? [];
      const after = await repo.update(id, { ...done.patch, status: done.status, updatedAt: at });
      await repo.insertEvent({ returnId: id, status: done.status, note: done.note, staffId: actor.staffId, at });
      await recordAudit(tx, actor, {
        action: `return-${name}`,
        entity: 'order-return',
        entityId: id,
        before: { status: before.status },
        after: { status: done.status, orderNumber: order.orderNumber, ...done.audit },
      });
      const buyer = await repo.customer(before.customerId);
      if (buyer && done.mail) {
        await queueMail(tx, done.mail(buyer.email, mailFacts(after, order.orderNumber, lines)));
        // Issue 41: the same step by SMS/WhatsApp, and a refund as its own message.
        const to = { id: order.id, customerId: before.customerId };
        await queueOrderMessage(tx, to, 'return_update', { return: `${id} (order ${order.orderNumber})`, status: done.status.toLowerCase() });
        const refunded = (done.audit as { refundPaise?: unknown } | undefined)?.refundPaise;
        if (done.status === 'Refunded' && typeof refunded === 'number' && refunded > 0)
          await queueOrderMessage(tx, to, 'refund_issued', { order: order.orderNumber, amount: formatRupees(refunded) });
      }
      return after;
    });
    deps.mailQueued?.();
    await deps.payments.sendRefunds(refunds);
    const fresh = (await returnsRepository(db).find(r.id))!;
    return { message: `Return ${id} is ${fresh.status}.`, return: await deskView(db, fresh) };
  }

  return {
    /** POST /api/orders/{orderNumber}/returns: the customer asks to return pieces of a delivered order. */
    async request(customerId: number, orderNumber: string, body: ReturnRequest, photoFiles: Buffer[] = []): Promise<ReturnCreated> {
      if (!ORDER_NUMBER.test(orderNumber)) throw new DomainError('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
      const s = await settings();
      // Someone else's order is not found before anything about the photos is said.
      if (!(await ownOrder(db, customerId, orderNumber))) throw new DomainError('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
      const photos = await processImages(photoFiles, MAX_RETURN_PHOTOS, { label: 'Photo', plural: 'photos', field: 'photo' });
      const at = now();
      const written: string[] = [];
      try {
        const made = await db.transaction(async (tx) => {
          const repo = returnsRepository(tx);
          // The order's row lock: two returns of the same order are counted one after the other.
          const order = await ownOrder(tx, customerId, orderNumber, { lock: true });
          if (!order) throw new DomainError('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
          if (order.status !== 'Delivered' || !order.deliveredAt) {
            throw new DomainError('RETURN_NOT_DELIVERED', `Order ${order.orderNumber} is ${order.status}: pieces can be returned once it is delivered.`);
          }
          const closesAt = new Date(order.deliveredAt.getTime() + s.returnWindowDays * DAY_MS);
          if (at > closesAt) {
            throw new DomainError(
              'RETURN_WINDOW_CLOSED',
              `The return window of ${s.returnWindowDays} days closed on ${dateInWords(indianDate(closesAt))}: order ${order.orderNumber} was delivered on ${dateInWords(indianDate(order.deliveredAt))}.`,
            );
          }
          if (order.customDesignRequestId !== null) throw new DomainError('RETURN_NOT_RETURNABLE', MADE_TO_ORDER, { lines: MADE_TO_ORDER });
          const lines = await orderLinesOf(tx, order.id);
          const byId = new Map(lines.map((l) => [l.id, l]));
          const returned = await repo.returnedCounts(order.id);
          // Pieces asked for or settled in an exchange or buy-back (counted under the same order lock as those asks).
          const exchanged = await repo.exchangedCounts(order.id);
          const values = returnLineValues(
            lines.map((l) => ({ lineId: l.id, lineTotalPaise: l.lineTotalPaise, quantity: l.quantity })),
            order.discountPaise,
          );
          // What the line really cost: the weight difference refunded at packing is not refunded again; one charged and paid is.
          const adjusted = await repo.settledAdjustments(order.id);
          for (const [lineId, net] of adjusted) if (values.has(lineId)) values.set(lineId, Math.max(0, values.get(lineId)! + net));
          const rows = [];
          for (const ask of body.lines) {
            const line = byId.get(ask.lineId);
            if (!line)
              throw new DomainError('INVALID_REQUEST', `Line ${ask.lineId} is not a line of order ${order.orderNumber}.`, {
                lines: `Line ${ask.lineId} is not a line of this order.`,
              });
            const before = returned.get(line.id) ?? 0;
            const swapped = exchanged.get(line.id) ?? 0;
            if (before + swapped + ask.quantity > line.quantity) {
              const left = line.quantity - before - swapped;
              const taken = [
                before ? `${before} ${before === 1 ? 'is' : 'are'} already in a return` : null,
                swapped ? `${swapped} ${swapped === 1 ? 'is' : 'are'} in an exchange or buy-back` : null,
              ]
                .filter(Boolean)
                .join(' and ');
              throw new DomainError(
                'RETURN_TOO_MANY',
                `${line.productName}: you bought ${line.quantity}${taken ? ` and ${taken}` : ''}, so ${left <= 0 ? 'none is left' : `at most ${left}`} to return.`,
                { lines: `At most ${Math.max(left, 0)} of ${line.productName} can be returned.` },
              );
            }
            rows.push({ lineId: line.id, quantity: ask.quantity, amountPaise: returnLineAmount(values.get(line.id)!, line.quantity, before, ask.quantity) });
          }
          const amount = rows.reduce((n, x) => n + x.amountPaise, 0);
          if (amount <= 0) throw new DomainError('INVALID_REQUEST', 'These pieces were paid for entirely by the discount: there is nothing to refund.');
          const r = await repo.insert({
            orderId: order.id,
            customerId,
            status: 'Requested',
            reason: body.reason,
            amountPaise: amount,
            refundMethod: body.refundMethod,
            createdAt: at,
            updatedAt: at,
          });
          await repo.insertLines(rows.map((x) => ({ ...x, returnId: r.id })));
          const photoRows = [];
          for (const [i, p] of photos.entries()) {
            const name = randomBytes(16).toString('hex');
            const path = `returns/${r.id}/${name}.webp`;
            const thumbPath = `returns/${r.id}/${name}-thumb.webp`;
            await deps.files.put(path, p.main, 'image/webp');
            written.push(path);
            await deps.files.put(thumbPath, p.thumb, 'image/webp');
            written.push(thumbPath);
            photoRows.push({ returnId: r.id, slot: i + 1, path, thumbPath, width: p.width, height: p.height, createdAt: at });
          }
          await repo.insertPhotos(photoRows);
          await repo.insertEvent({ returnId: r.id, status: 'Requested', note: null, staffId: null, at });
          const buyer = await repo.customer(customerId);
          const facts: ReturnMailFacts = {
            orderNumber: order.orderNumber,
            returnId: r.id,
            amountPaise: amount,
            pieces: rows.map((x) => ({ name: byId.get(x.lineId)!.productName, quantity: x.quantity })),
          };
          if (buyer) await queueMail(tx, returnRequestedMail(brandOf(s), buyer.email, facts, body.refundMethod, body.reason));
          await queueOrderMessage(tx, { id: order.id, customerId }, 'return_update', { return: `${r.id} (order ${order.orderNumber})`, status: 'requested' });
          await notifyDesk(tx, brandOf(s), 'returns', `Return ${r.id} requested for order ${order.orderNumber}`);
          return { order, r };
        });
        deps.mailQueued?.();
        const view = await returnsOfOrder(db, made.order, await orderLinesOf(db, made.order.id), s.returnWindowDays, now());
        const mine = view.returns.find((x) => x.id === made.r.id)!;
        return {
          message: `Your return of ${formatRupees(mine.amountPaise)} is requested. We will arrange a pickup and tell you by mail at each step.`,
          return: mine,
        };
      } catch (error) {
        for (const key of written) await deps.files.delete(key).catch(() => undefined);
        throw error;
      }
    },

    /** A photo of the customer's own return (404 for anyone else's). */
    async customerPhoto(customerId: number, orderNumber: string, returnId: number, photoId: number, thumb: boolean) {
      if (!ORDER_NUMBER.test(orderNumber)) throw new DomainError('NOT_FOUND', 'No such photo.');
      const order = await ownOrder(db, customerId, orderNumber);
      const r = order ? await returnsRepository(db).find(returnId) : null;
      if (!order || !r || r.orderId !== order.id) throw new DomainError('NOT_FOUND', 'No such photo.');
      return this.photoBytes(returnId, photoId, thumb);
    },
    async photoBytes(returnId: number, photoId: number, thumb: boolean) {
      // The path takes up to ten digits: a number beyond the table's integers is simply not a photo.
      if (!Number.isSafeInteger(photoId) || photoId < 1 || photoId > 2_147_483_647) throw new DomainError('NOT_FOUND', 'No such photo.');
      const p = await returnsRepository(db).photo(returnId, photoId);
      const key = p ? (thumb ? (p.thumbPath ?? p.path) : p.path) : null;
      const bytes = key && RETURN_PHOTO_PATH.test(key) ? await deps.files.get(key) : null;
      if (!bytes) throw new DomainError('NOT_FOUND', 'No such photo.');
      return bytes;
    },

    // --- The desk -------------------------------------------------------------------------------------------------

    async list(query: AdminReturnListQuery): Promise<AdminReturnPage> {
      const { rows, counts } = await returnsRepository(db).list(query.status, query.order);
      const statuses = ['Requested', 'Approved', 'Pickup scheduled', 'Received', 'Checked', 'Refunded', 'Refused'] as const;
      return {
        data: rows.map((r) => ({
          id: r.id,
          orderNumber: r.orderNumber,
          customerName: `${r.firstName} ${r.lastName}`.trim() || r.username,
          customerEmail: r.email,
          status: r.status,
          refundMethod: r.refundMethod,
          amountPaise: r.amountPaise,
          pieces: Number(r.pieces),
          createdAt: r.createdAt.toISOString(),
          updatedAt: r.updatedAt.toISOString(),
        })),
        status: query.status ?? null,
        counts: Object.fromEntries(statuses.map((s) => [s, counts.find((c) => c.status === s)?.n ?? 0])) as AdminReturnPage['counts'],
      };
    },

    /** The checked returns waiting for their refund, oldest first, for accounts (who need not hold 'orders'). */
    async refundsDue(): Promise<{ data: AdminReturnDetail[] }> {
      const rows = await returnsRepository(db).inStatus('Checked');
      const data = [];
      for (const r of rows) data.push(await deskView(db, r));
      return { data };
    },

    async detail(id: number): Promise<AdminReturnDetail> {
      const r = await returnsRepository(db).find(id);
      if (!r) throw new DomainError('RETURN_NOT_FOUND', NOT_FOUND);
      return deskView(db, r);
    },

    approve(actor: AuditActor, id: number, note: string | undefined) {
      return step(actor, id, 'approve', async (_tx, _r, _order, _lines, s) => {
        return { patch: {}, status: 'Approved', note: note ?? null, audit: note ? { note } : {}, mail: (to, f) => returnApprovedMail(brandOf(s), to, f) };
      });
    },

    /**
     * Approved → Pickup scheduled (or a new date). `courier`: the reverse pickup the courier module booked with the
     * provider (issue 39), whose courier and AWB the return keeps and the customer is mailed.
     */
    schedulePickup(
      actor: AuditActor,
      id: number,
      body: { pickupDate: string; note?: string | undefined; courier?: { courierName: string; awb: string } | undefined },
    ) {
      return step(actor, id, 'schedule-pickup', async (_tx, _r, _order, _lines, s) => {
        // Today as India reads it (a pickup asked for at 2 a.m. IST is for that day, not the day before in UTC).
        const today = indianDate(now());
        const latest = indianDate(new Date(now().getTime() + PICKUP_AHEAD_DAYS * 86_400_000));
        const parsed = Date.parse(`${body.pickupDate}T00:00:00Z`);
        if (Number.isNaN(parsed) || new Date(parsed).toISOString().slice(0, 10) !== body.pickupDate || body.pickupDate < today || body.pickupDate > latest) {
          const message = `The pickup date is from today to ${PICKUP_AHEAD_DAYS} days ahead (${dateInWords(latest)}).`;
          throw new DomainError('INVALID_REQUEST', message, { pickupDate: message });
        }
        const courier = body.courier ? `${body.courier.courierName}, AWB ${body.courier.awb}` : null;
        const note = [courier ? `Reverse pickup booked with ${courier}` : null, body.note ?? null].filter(Boolean).join('. ') || null;
        return {
          patch: {
            pickupDate: body.pickupDate,
            pickupNote: note,
            ...(body.courier ? { pickupCourierName: body.courier.courierName, pickupAwb: body.courier.awb } : {}),
          },
          status: 'Pickup scheduled',
          note: `Pickup on ${dateInWords(body.pickupDate)}${note ? `: ${note}` : ''}`,
          audit: {
            pickupDate: body.pickupDate,
            ...(note ? { note } : {}),
            ...(body.courier ? { courierName: body.courier.courierName, awb: body.courier.awb } : {}),
          },
          mail: (to, f) => returnPickupMail(brandOf(s), to, f, body.pickupDate, note),
        };
      });
    },

    receive(actor: AuditActor, id: number, note: string | undefined) {
      return step(actor, id, 'receive', async (_tx, _r, _order, _lines, s) => {
        return { patch: {}, status: 'Received', note: note ?? null, audit: note ? { note } : {}, mail: (to, f) => returnReceivedMail(brandOf(s), to, f) };
      });
    },

    /**
     * The check: what was found, restock (stock back, the packed pieces released so their HUIDs may be sold again)
     * or write off (nothing back on the shelf), and how much to refund (all of it, or less when damaged, the note
     * saying why). The amount to refund is kept in refunded_paise until the refund step pays it.
     */
    check(actor: AuditActor, id: number, body: ReturnCheck) {
      return step(actor, id, 'check', async (tx, r, _order, lines) => {
        const refund = body.refundPaise ?? r.amountPaise;
        if (refund > r.amountPaise) {
          throw new DomainError('INVALID_REQUEST', `The refund is at most the return’s ${formatRupees(r.amountPaise)}.`, {
            refundPaise: `At most ${formatRupees(r.amountPaise)}.`,
          });
        }
        const at = now();
        let released = 0;
        if (body.disposition === 'restock')
          await putBackOnShelf(
            tx,
            lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
          );
        // Restocked or written off, the pieces are no longer the customer's: released, so no exchange or buy-back offers them again.
        for (const l of lines) {
          const pieces = await returnsRepository(tx).releasablePieces(l.lineId, l.quantity);
          await releasePieces(tx, pieces, at);
          released += pieces.length;
        }
        const less = refund < r.amountPaise ? ` Refund ${formatRupees(refund)} of ${formatRupees(r.amountPaise)}.` : '';
        return {
          patch: { checkNote: body.note, disposition: body.disposition, refundedPaise: refund },
          status: 'Checked',
          note: `${body.disposition === 'restock' ? 'Restocked' : 'Written off'}: ${body.note}${less}`,
          audit: { disposition: body.disposition, refundPaise: refund, note: body.note, piecesReleased: released },
          // The customer hears at the refund; the check has no mail of its own (the refund mail says what the check found).
          mail: null,
        };
      });
    },

    /**
     * The refund (permission 'accounts'): to the original payment through the gateway, up to what it has left, with
     * what was paid by Milli Harvest or store credit (and all of a pay-on-delivery order) as store credit; or all as
     * store credit when the customer chose it. A credit note when the order was invoiced.
     */
    refund(actor: AuditActor, id: number, confirmedPaise?: number) {
      return step(actor, id, 'refund', async (tx, r, order, _lines, s) => {
        const amount = r.refundedPaise;
        // Issue 39: the member confirmed an amount: it must be the refund due now, read under the return's lock.
        if (confirmedPaise !== undefined && confirmedPaise !== amount)
          throw new DomainError(
            'CONFLICT',
            `The refund due is ${formatRupees(amount)}, not the ${formatRupees(confirmedPaise)} confirmed: nothing was refunded. Look at the return again.`,
          );
        const payment = await deps.payments.forOrder(order.id, tx);
        const refunds: (RefundRecord | null)[] = [];
        let gateway = 0;
        let credit = 0;
        if (amount > 0) {
          const plan = planOf(order, payment, r.refundMethod, amount);
          if (plan.gatewayPaise > 0 && payment) {
            const record = await deps.payments.queueRefundOf(
              tx,
              payment,
              `Return ${r.id} of order ${order.orderNumber}.`,
              `return-refund-${r.id}`,
              plan.gatewayPaise,
            );
            refunds.push(record);
            gateway = record?.amountPaise ?? 0;
          }
          credit = amount - gateway;
          if (credit > 0) {
            await moveStoreCredit(tx, {
              customerId: r.customerId,
              amountPaise: credit,
              kind: 'return',
              note: `Return ${r.id} of order ${order.orderNumber}${r.refundMethod === 'store_credit' ? '' : order.paymentMethod === 'cod' ? ' (paid on delivery)' : ' (the part paid by credit)'}.`,
              orderId: order.id,
              returnId: r.id,
              createdBy: actor.staffId,
            });
          }
        }
        const note =
          order.invoicedAt && amount > 0
            ? await issueCreditNote(tx, order, s, {
                reason: 'returned',
                note: `Return ${r.id}: ${r.reason}`.slice(0, 500),
                amountPaise: amount,
                createdBy: actor.staffId,
              })
            : null;
        const parts = [gateway > 0 ? `${formatRupees(gateway)} to the payment` : null, credit > 0 ? `${formatRupees(credit)} as store credit` : null]
          .filter(Boolean)
          .join(', ');
        return {
          patch: { creditNoteId: note?.id ?? null },
          status: 'Refunded',
          note: `Refunded ${formatRupees(amount)}${parts ? ` (${parts})` : ''}${note ? `; credit note ${note.number}` : ''}`,
          audit: { refundPaise: amount, gatewayPaise: gateway, storeCreditPaise: credit, ...(note ? { creditNote: note.number } : {}) },
          mail: (to, f) => returnRefundedMail(brandOf(s), to, f, { gatewayPaise: gateway, storeCreditPaise: credit }, r.checkNote, note?.number ?? null),
          refunds,
        };
      });
    },

    refuse(actor: AuditActor, id: number, reason: string) {
      return step(actor, id, 'refuse', async (_tx, _r, _order, _lines, s) => {
        return {
          patch: { refusedReason: reason },
          status: 'Refused',
          note: reason,
          audit: { reason },
          mail: (to, f) => returnRefusedMail(brandOf(s), to, f, reason),
        };
      });
    },
  };
}
