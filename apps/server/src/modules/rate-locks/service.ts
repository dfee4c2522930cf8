import {
  toAdminPage,
  type AdminRateLockListQuery,
  type AdminRateLockPage,
  type RateLock as RateLockView,
  type RateLockCreate,
  type RateLockPayAnswer,
  type RateLockTerms,
} from '@milli/contracts/schemas';
import { schema, type Db } from '@milli/db';
import type { RateLock, StoreSettings } from '@milli/db/schema';
import { formatGrams, formatRupees, indianDate, metalName, rateLockAdvance, type HeldRateLock, type RateLockUse } from '@milli/pricing';
import { DomainError } from '../../domain-error.ts';
import { lockCustomer } from '../accounts/service.ts';
import { createPublicRates } from '../catalog/service.ts';
import { queueMail } from '../mail/service.ts';
import { GATEWAY_MINIMUM_PAISE, type PaymentJobLog, type PaymentPurposeHandler, type PaymentService, type RefundRecord } from '../payments/service.ts';
import { brandOf, type SettingsService } from '../settings/service.ts';
import { rateLockEndedMail, rateLockedMail } from './mail.ts';
import { rateLockRepository, type Metal } from './repository.ts';

/** Locks one shopper may hold unpaid at once: each is a gateway order waiting, and a rate held for nobody. */
export const MAX_PENDING_RATE_LOCKS = 3;

/** The purities the store sells each metal in (metal_rates' CHECK): a lock of any other is refused. */
const PURITIES: Record<Metal, readonly number[]> = { gold: schema.GOLD_PURITIES, platinum: [schema.PLATINUM_PURITY], silver: [schema.SILVER_PURITY] };

function toView(row: RateLock, uses: { orderNumber: string; usedMg: number; advancePaise: number; createdAt: Date; returnedAt: Date | null }[]): RateLockView {
  return {
    id: row.id,
    metal: row.metal,
    purity: row.purity,
    lockedMg: row.lockedMg,
    usedMg: row.usedMg,
    leftMg: row.status === 'Live' ? row.lockedMg - row.usedMg : 0,
    ratePaisePerGram: row.ratePaisePerGram,
    rateDate: row.rateDate,
    advancePercent: row.advancePercent,
    advancePaise: row.advancePaise,
    advanceUsedPaise: row.advanceUsedPaise,
    advanceLeftPaise: row.status === 'Live' ? row.advancePaise - row.advanceUsedPaise : 0,
    periodDays: row.periodDays,
    unusedAdvance: row.unusedAdvance,
    status: row.status,
    paidAt: row.paidAt?.toISOString() ?? null,
    // The last day counted in India's calendar: the day of the moment before it stops.
    lastDay: row.endsAt ? indianDate(new Date(row.endsAt.getTime() - 1)) : null,
    endedAt: row.endedAt?.toISOString() ?? null,
    advanceRefundedPaise: row.advanceRefundedPaise,
    advanceKeptPaise: row.advanceKeptPaise,
    uses: uses.map((u) => ({
      orderNumber: u.orderNumber,
      usedMg: u.usedMg,
      advancePaise: u.advancePaise,
      at: u.createdAt.toISOString(),
      returned: u.returnedAt !== null,
    })),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Locks as their owner (or the desk) reads them, each with its uses. */
export async function viewsOf(db: Db, rows: RateLock[]): Promise<RateLockView[]> {
  const uses = await rateLockRepository(db).usesOf(rows.map((r) => r.id));
  return rows.map((r) =>
    toView(
      r,
      uses.filter((u) => u.rateLockId === r.id),
    ),
  );
}

/** The back office's page of locks (GET /api/admin/rate-locks), each with its customer and uses. */
export async function rateLockDeskPage(db: Db, query: AdminRateLockListQuery): Promise<AdminRateLockPage> {
  const { rows, total } = await rateLockRepository(db).page(query);
  const views = await viewsOf(
    db,
    rows.map((r) => r.lock),
  );
  const data = views.map((v, i) => {
    const c = rows[i]!.customer;
    return { ...v, customer: { id: c.id, name: `${c.firstName} ${c.lastName}`.trim(), email: c.email } };
  });
  return toAdminPage(data, total, query);
}

/** The terms a lock is taken on, from the settings (the form, the terms page and the check of a new lock read these). */
function termsOf(s: StoreSettings) {
  return {
    advancePercent: s.rateLockAdvancePercent,
    periodsDays: [...s.rateLockPeriodsDays].sort((a, b) => a - b),
    maxMg: s.rateLockMaxMg,
    unusedAdvance: s.rateLockUnusedAdvance,
  };
}

/**
 * What a rate lock's captured advance settles (issue 42): the lock becomes Live from now for its period, with a mail.
 * A lock cancelled meanwhile (its time to pay passed) cannot take it: the payment goes back in full. Read on the
 * payment's transaction, under the lock's row lock.
 */
export function rateLockPaymentHandler(settings: Pick<SettingsService, 'get'>): PaymentPurposeHandler {
  return {
    async receipt(_tx, payment) {
      return `rate-lock-${payment.rateLockId}`;
    },
    async settle(tx, payment, at) {
      const repo = rateLockRepository(tx);
      const row = await repo.byId(payment.customerId, payment.rateLockId ?? 0, { lock: true });
      if (!row) return { ok: false, reason: 'The rate lock this payment was for no longer exists.' };
      if (row.status !== 'Pending payment')
        return { ok: false, reason: 'This rate lock was cancelled before its advance arrived: its time to pay had passed, and the rate may have moved.' };
      const live = await repo.markLive(payment.customerId, row.id, at);
      if (!live) return { ok: false, reason: 'This rate lock was already paid.' };
      const [s, to] = await Promise.all([settings.get(tx), repo.customerEmail(payment.customerId)]);
      if (s && to) await queueMail(tx, rateLockedMail(brandOf(s), to, (await viewsOf(tx, [live]))[0]!));
      return { ok: true };
    },
    /**
     * Pending locks past the store's time to pay (the payment hold of orders): the gateway is asked first (a payment
     * that went through is recorded, never lost); still unpaid, the lock is Cancelled and its payment closed (one that
     * arrives after is refunded in full by settle).
     */
    async lapseOverdue(db: Db, payments: PaymentService, at: Date, log?: PaymentJobLog) {
      const s = await settings.get();
      if (!s) return { lapsed: 0, paid: 0 };
      const overdue = await rateLockRepository(db).overduePending(new Date(at.getTime() - s.paymentHoldMinutes * 60_000), 100);
      let lapsed = 0;
      let paid = 0;
      for (const row of overdue) {
        try {
          const payment = await payments.forRateLock(row.id);
          if (payment?.status === 'created') {
            const asked = await payments.reconcile(payment);
            if (asked === 'settled') {
              paid += 1;
              continue;
            }
            if (asked === 'unreachable') continue;
          }
          const done = await db.transaction(async (tx) => {
            // The payment's lock before the lock's row, as a settle takes them.
            const locked = await payments.forRateLock(row.id, tx, { lock: true });
            if (!(await rateLockRepository(tx).cancelPending(row.customerId, row.id, at))) return false;
            if (locked?.status === 'created') await payments.abandon(tx, locked, 'Not paid in time: the rate lock was cancelled.');
            return true;
          });
          if (done) lapsed += 1;
        } catch (error) {
          log?.error({ rateLockId: row.id, err: error instanceof Error ? error.message : error }, 'an unpaid rate lock could not be cancelled');
        }
      }
      return { lapsed, paid };
    },
  };
}

export function createRateLockService(db: Db, payments: PaymentService, settings: Pick<SettingsService, 'require'>, now: () => Date = () => new Date()) {
  async function one(customerId: number, id: number): Promise<RateLockView> {
    const row = await rateLockRepository(db).byId(customerId, id);
    if (!row) throw new DomainError('RATE_LOCK_NOT_FOUND', 'No such rate lock in your account.');
    return (await viewsOf(db, [row]))[0]!;
  }

  async function opened(
    customerId: number,
    lockId: number,
    payment: Awaited<ReturnType<PaymentService['start']>>,
    message: string,
  ): Promise<RateLockPayAnswer> {
    const block = await payments.open(payment);
    return { message, lock: await one(customerId, lockId), paymentId: payment.id, payment: block };
  }

  const publicRates = createPublicRates(db, now);

  return {
    /** GET /api/rate-locks/terms: the settings a lock is taken on and today's rates of what the store sells. */
    async terms(): Promise<RateLockTerms> {
      const s = await settings.require();
      // Today's rates as /gold-rate reads them (the catalogue's), those of what the store sells and has a rate for.
      const rates = (await publicRates.today()).rates.flatMap((r) =>
        r.paisePerGram !== null && r.setOn !== null && PURITIES[r.metal].includes(r.purity)
          ? [{ metal: r.metal, purity: r.purity, ratePaisePerGram: r.paisePerGram, rateDate: r.setOn }]
          : [],
      );
      return { ...termsOf(s), rates };
    },

    async list(customerId: number): Promise<RateLockView[]> {
      return viewsOf(db, await rateLockRepository(db).mine(customerId));
    },

    /**
     * POST /api/rate-locks: checks the request against the settings and today's rate, then, in one transaction under
     * the customer's row lock (so two requests at once are counted together), the grams they already hold under locks
     * against the cap; the lock is written pending payment with its gateway payment, opened after commit.
     */
    async create(customerId: number, input: RateLockCreate): Promise<RateLockPayAnswer> {
      const at = now();
      const s = await settings.require();
      const terms = termsOf(s);
      const metal = input.metal;
      const sold = PURITIES[metal];
      if (!sold.includes(input.purity)) {
        const message =
          metal === 'gold'
            ? `We sell gold in ${sold.slice(0, -1).join(', ')} and ${sold.at(-1)} kt, not ${input.purity} kt: please choose one of those.`
            : `We sell ${metal} in purity ${sold[0]} only.`;
        throw new DomainError('PURITY_NOT_SOLD', message, { purity: message });
      }
      if (!terms.periodsDays.includes(input.period)) {
        const message = `A rate can be locked for ${terms.periodsDays.join(', ')} days: please choose one of those.`;
        throw new DomainError('INVALID_PERIOD', message, { period: message });
      }
      const lockedMg = Math.round(input.grams * 1000);
      if (lockedMg > terms.maxMg) {
        const message = `A rate lock covers at most ${formatGrams(terms.maxMg)}: please lock ${formatGrams(terms.maxMg)} or less.`;
        throw new DomainError('RATE_LOCK_OVER_CAP', message, { grams: message });
      }
      const today = (await publicRates.today()).rates.find((r) => r.metal === metal && r.purity === input.purity);
      const rate = today?.paisePerGram != null && today.setOn !== null ? { paise: today.paisePerGram, date: today.setOn } : null;
      if (!rate) throw new DomainError('NO_RATE', `Today’s rate for ${metalName(metal, input.purity)} is not published yet. Please try again later.`);
      const advancePaise = rateLockAdvance(lockedMg, rate.paise, terms.advancePercent);
      if (advancePaise < GATEWAY_MINIMUM_PAISE) {
        const message = 'That weight is too small to lock: its advance would be less than Rs. 1.';
        throw new DomainError('RATE_LOCK_TOO_SMALL', message, { grams: message });
      }
      const { lock, payment } = await db.transaction(async (tx) => {
        const repo = rateLockRepository(tx);
        await lockCustomer(tx, customerId);
        if ((await repo.pendingCount(customerId)) >= MAX_PENDING_RATE_LOCKS)
          throw new DomainError(
            'TOO_MANY_PENDING_RATE_LOCKS',
            `You have ${MAX_PENDING_RATE_LOCKS} rate locks waiting for their advance. Please pay one of them (My Account → Rate locks), or let them lapse, before taking another.`,
          );
        // Grams used by an order not yet delivered still count: cancelled, the order gives them back to their lock.
        const inOrders = await repo.openUsedMg(customerId, at);
        const held =
          (await repo.mine(customerId))
            .filter((r) => r.status === 'Pending payment' || (r.status === 'Live' && r.endsAt! > at))
            .reduce((n, r) => n + r.lockedMg - r.usedMg, 0) + inOrders;
        if (held + lockedMg > terms.maxMg) {
          const room = Math.max(0, terms.maxMg - held);
          const counted = inOrders > 0 ? ` (with ${formatGrams(inOrders)} in orders not yet delivered, which a cancel gives back)` : '';
          const message =
            room > 0
              ? `Rate locks cover at most ${formatGrams(terms.maxMg)} at a time. Your locks already hold ${formatGrams(held)}${counted}, so you can lock ${formatGrams(room)} more.`
              : `Rate locks cover at most ${formatGrams(terms.maxMg)} at a time, and your locks already hold that much${counted}.`;
          throw new DomainError('RATE_LOCK_OVER_CAP', message, { grams: message });
        }
        const made = await repo.insert({
          customerId,
          metal,
          purity: input.purity,
          lockedMg,
          ratePaisePerGram: rate.paise,
          rateDate: rate.date,
          advancePercent: terms.advancePercent,
          advancePaise,
          periodDays: input.period,
          unusedAdvance: terms.unusedAdvance,
          createdAt: at,
        });
        const started = await payments.start(tx, {
          customerId,
          purpose: 'rate_lock',
          key: `rate-lock:${made.id}`,
          amountPaise: advancePaise,
          rateLockId: made.id,
        });
        return { lock: made, payment: started };
      });
      return opened(
        customerId,
        lock.id,
        payment,
        `Pay the advance of ${formatRupees(advancePaise)} to lock ${formatGrams(lockedMg)} of ${metalName(metal, input.purity)} at ${formatRupees(rate.paise)} a gram for ${input.period} days.`,
      );
    },

    /** POST /api/rate-locks/{id}/pay: the advance of a lock still pending, in the gateway's checkout again. */
    async pay(customerId: number, id: number): Promise<RateLockPayAnswer> {
      const payment = await db.transaction(async (tx) => {
        const row = await rateLockRepository(tx).byId(customerId, id, { lock: true });
        if (!row) throw new DomainError('RATE_LOCK_NOT_FOUND', 'No such rate lock in your account.');
        if (row.status !== 'Pending payment')
          throw new DomainError(
            'RATE_LOCK_SETTLED',
            row.status === 'Live' ? 'This rate lock is already paid.' : 'This rate lock can no longer be paid. Please take a new one at today’s rate.',
          );
        return (
          (await payments.forRateLock(row.id, tx)) ??
          payments.start(tx, { customerId, purpose: 'rate_lock', key: `rate-lock:${row.id}`, amountPaise: row.advancePaise, rateLockId: row.id })
        );
      });
      return opened(customerId, id, payment, 'Pay the advance in the payment window to lock the rate.');
    },
  };
}

export type RateLockService = ReturnType<typeof createRateLockService>;

/**
 * A checkout's live locks (issue 42), in the order's transaction, their rows locked until commit: the soonest to end
 * first, as rateLockPlan takes them. One checkout of a shopper at a time already holds the cart's lock; the rows' lock
 * keeps the job that ends locks, and a cancel giving grams back, from changing them under the order.
 */
export async function heldRateLocks(tx: Db, customerId: number, at: Date): Promise<HeldRateLock[]> {
  return heldOf(await rateLockRepository(tx).live(customerId, at, { lock: true }));
}

/** The shopper's live locks as the cart shows them (no row locks: checkout reads them again under lock). */
export async function liveRateLocks(db: Db, customerId: number, at: Date): Promise<HeldRateLock[]> {
  return heldOf(await rateLockRepository(db).live(customerId, at));
}

function heldOf(rows: RateLock[]): HeldRateLock[] {
  return rows.map((r) => ({
    id: r.id,
    metal: r.metal,
    purity: r.purity,
    ratePaisePerGram: r.ratePaisePerGram,
    mgLeft: r.lockedMg - r.usedMg,
    advanceLeftPaise: r.advancePaise - r.advanceUsedPaise,
  }));
}

/**
 * Takes the order's uses of the shopper's locks, in the order's transaction: each in one statement that checks what is
 * left, so no two orders can ever use more grams or advance than a lock has; a lock that changed since it was read
 * refuses the whole order (409), and nothing is written.
 */
export async function useRateLocks(tx: Db, customerId: number, orderId: number, uses: readonly RateLockUse[], at: Date): Promise<void> {
  const repo = rateLockRepository(tx);
  for (const use of uses) {
    if (!(await repo.take(customerId, use.lockId, use.usedMg, use.advancePaise, at)))
      throw new DomainError(
        'RATE_LOCK_CHANGED',
        'Your rate lock has changed since you opened checkout (it was used or has ended). Please review your cart and place the order again.',
      );
    await repo.recordUse({ rateLockId: use.lockId, customerId, orderId, usedMg: use.usedMg, advancePaise: use.advancePaise, createdAt: at });
  }
}

/**
 * An order's uses given back, once, in its reversal's transaction: to a lock still live, its grams and advance, to be
 * used again; to a lock that has ended, its advance through the gateway (the grams cannot be bought at that rate any
 * more, and the goods were never supplied). Answers the refunds queued, for the caller to send after commit.
 */
export async function giveBackRateLocks(tx: Db, payments: PaymentService, customerId: number, orderId: number, at: Date): Promise<(RefundRecord | null)[]> {
  const repo = rateLockRepository(tx);
  const refunds: (RefundRecord | null)[] = [];
  for (const use of await repo.openUsesOf(customerId, orderId)) {
    const lock = await repo.lockById(use.rateLockId);
    if (!lock) continue;
    if (lock.status === 'Live') {
      await repo.giveBack(customerId, lock.id, use.usedMg, use.advancePaise);
    } else if (use.advancePaise > 0) {
      const payment = await payments.forRateLock(lock.id, tx);
      if (payment) {
        const refund = await payments.queueRefundOf(
          tx,
          payment,
          'The order that used this rate lock’s advance was cancelled after the lock ended.',
          `rate-lock-use-${use.id}`,
          use.advancePaise,
        );
        if (refund) await repo.refundUsed(lock.id, refund.amountPaise);
        refunds.push(refund);
      }
    }
    await repo.markReturned(use.id, at);
  }
  return refunds;
}

/**
 * The rate locks' job (issue 42, hourly): each live lock whose period is over ends in its own transaction, under its
 * row lock: its unused advance refunded through the gateway (once: the refund's key is the lock's) or kept, as the terms
 * it was taken on said, with a mail. A lock ended already is left alone, so a run twice or two at once end each once.
 */
export async function endDueRateLocks(
  db: Db,
  payments: PaymentService,
  settings: Pick<SettingsService, 'get'>,
  at: Date,
  log?: PaymentJobLog,
): Promise<{ ended: number; refundedPaise: number; keptPaise: number; mailed: number }> {
  const due = await rateLockRepository(db).dueToEnd(at, 200);
  let ended = 0;
  let refundedPaise = 0;
  let keptPaise = 0;
  let mailed = 0;
  for (const row of due) {
    try {
      const queued: (RefundRecord | null)[] = [];
      const done = await db.transaction(async (tx) => {
        const repo = rateLockRepository(tx);
        const payment = await payments.forRateLock(row.id, tx, { lock: true });
        const lock = await repo.lockById(row.id);
        if (!lock || lock.status !== 'Live' || lock.endsAt! > at) return null;
        const unused = lock.advancePaise - lock.advanceUsedPaise - lock.advanceRefundedPaise - lock.advanceKeptPaise;
        let refunded = 0;
        if (unused > 0 && lock.unusedAdvance === 'refund' && payment) {
          const refund = await payments.queueRefundOf(
            tx,
            payment,
            'The rate lock ended: its unused advance is refunded, as its terms said.',
            `rate-lock-end-${lock.id}`,
            unused,
          );
          refunded = refund?.amountPaise ?? 0;
          queued.push(refund);
        }
        const kept = unused - refunded;
        await repo.end(lock.id, at, { refundedPaise: refunded, keptPaise: kept });
        const s = await settings.get(tx);
        const to = await repo.customerEmail(lock.customerId);
        const after = await repo.byId(lock.customerId, lock.id);
        if (s && to && after) await queueMail(tx, rateLockEndedMail(brandOf(s), to, (await viewsOf(tx, [after]))[0]!));
        return { refunded, kept, mailed: Boolean(s && to) };
      });
      await payments.sendRefunds(queued);
      if (done) {
        ended += 1;
        refundedPaise += done.refunded;
        keptPaise += done.kept;
        if (done.mailed) mailed += 1;
      }
    } catch (error) {
      log?.error({ rateLockId: row.id, err: error instanceof Error ? error.message : error }, 'a rate lock could not be ended');
    }
  }
  return { ended, refundedPaise, keptPaise, mailed };
}
