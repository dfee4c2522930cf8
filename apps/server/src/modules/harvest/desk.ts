import {
  toAdminPage,
  HARVEST_LIMIT_DAYS,
  type AdminHarvestClose,
  type AdminHarvestListQuery,
  type AdminHarvestPlan,
  type AdminHarvestRow,
} from '@milli/contracts/schemas';
import type { Db } from '@milli/db';
import { dateInWords, formatRupees, indianDate } from '@milli/pricing';
import { DomainError } from '../../domain-error.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { queueMail } from '../mail/service.ts';
import type { PaymentService, RefundRecord } from '../payments/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { closedMail, reminderMail } from './mail.ts';
import { planName, queuePlanMessage } from './messages.ts';
import { harvestRepository, type PlanRow } from './repository.ts';

const DAY = 86_400_000;
/** A reminder goes out this many days before an instalment's date. */
export const REMIND_DAYS_BEFORE = 3;
/** The job reminds of one instalment at most once in this many days. */
export const REMIND_EVERY_DAYS = 7;
/** Staff may send one now unless one went in the last day. */
export const REMIND_NOW_GAP_MS = DAY;

const addDays = (isoDate: string, days: number) => new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);
const nameOf = (r: PlanRow) => `${r.firstName} ${r.lastName}`.trim() || r.username;

/** The last day a plan's balance can be redeemed: 365 days after its first payment (indian date). */
export function limitDateOf(firstPaidAt: Date): string {
  return indianDate(new Date(firstPaidAt.getTime() + HARVEST_LIMIT_DAYS * DAY));
}

function row(r: PlanRow, now: Date): AdminHarvestRow {
  const today = indianDate(now);
  const limitDate = r.hasPayment ? limitDateOf(new Date(r.firstPaidAt)) : null;
  const daysToLimit = limitDate ? daysBetween(today, limitDate) : null;
  const holdsMoney = r.status === 'Active' ? r.paidPaise > 0 : r.status === 'Matured' && r.balancePaise > 0;
  return {
    id: r.id,
    status: r.status,
    customer: { id: r.customerId, name: nameOf(r), email: r.customerEmail },
    email: r.email,
    monthlyAmountPaise: r.monthlyAmountPaise,
    paidCount: r.paidCount,
    paidPaise: r.paidPaise,
    nextDueDate: r.nextDue,
    overdueDays: r.nextDue && r.nextDue < today ? daysBetween(r.nextDue, today) : 0,
    balancePaise: r.balancePaise,
    refundedPaise: r.refundedPaise,
    maturityDate: indianDate(r.maturesAt),
    limitDate,
    daysToLimit,
    mustClose: holdsMoney && daysToLimit !== null && daysToLimit < 0,
    startedAt: r.startedAt.toISOString(),
  };
}

/**
 * What closing a plan gives back, and from which payments (newest first): a running plan, all it took; a
 * matured one, what is left of its balance but never more than the customer paid (the store's additions, the
 * first instalment's half and the 11th, are spent first and are not cash); a redeemed or cancelled one, nothing.
 */
function refundPlan(r: PlanRow, paid: { id: number; amountPaise: number; refundedPaise: number }[], pending: Map<number, number>) {
  const left = paid.map((p) => ({ id: p.id, left: Math.max(0, p.amountPaise - p.refundedPaise - (pending.get(p.id) ?? 0)) }));
  const cash = left.reduce((n, p) => n + p.left, 0);
  const total = r.status === 'Active' ? cash : r.status === 'Matured' ? Math.min(cash, r.balancePaise) : 0;
  let todo = total;
  const parts: { paymentId: number; amountPaise: number }[] = [];
  for (const p of left) {
    if (todo === 0) break;
    const take = Math.min(todo, p.left);
    if (take > 0) parts.push({ paymentId: p.id, amountPaise: take });
    todo -= take;
  }
  return { total, parts };
}

export function createHarvestDesk(db: Db, payments: PaymentService, options: { settings: SettingsService; now?: () => Date; mailQueued?: () => void }) {
  const now = options.now ?? (() => new Date());
  const { settings } = options;

  async function plan(id: number): Promise<AdminHarvestPlan> {
    const repo = harvestRepository(db);
    const found = await repo.byId(id);
    if (!found) throw new DomainError('NOT_FOUND', 'There is no such Harvest plan.');
    const [items, pays, redemptions, reminders, history, closedBy] = await Promise.all([
      repo.instalments(id),
      repo.paymentsWithRefunds(id),
      repo.redemptions(id),
      repo.reminders(id, found.email),
      repo.history(id),
      repo.staffEmail(found.closedBy),
    ]);
    const paid = pays.filter((p) => p.status === 'paid' || p.status === 'refunded');
    const pending = await repo.pendingRefunded(paid.map((p) => p.id));
    return {
      ...row(found, now()),
      closedAt: found.closedAt?.toISOString() ?? null,
      closedBy: closedBy ?? (found.closedAt ? 'system' : null),
      closeReason: found.closeReason,
      refundablePaise: refundPlan(
        found,
        paid.sort((a, b) => b.id - a.id),
        pending,
      ).total,
      instalments: items.map((i) => {
        const p = pays.find((x) => x.id === i.paymentId);
        return {
          id: i.id,
          number: i.number,
          dueDate: i.dueDate,
          payablePaise: i.amountPaise - i.discountPaise,
          status: i.status,
          paidAt: i.paidAt?.toISOString() ?? null,
          remindedAt: i.remindedAt?.toISOString() ?? null,
          payment: p
            ? {
                id: p.id,
                amountPaise: p.amountPaise,
                status: p.status,
                method: p.method,
                refundedPaise: p.refundedPaise,
                refunds: p.refunds.map((f) => ({
                  amountPaise: f.amountPaise,
                  status: f.status,
                  reason: f.reason,
                  createdAt: f.createdAt.toISOString(),
                  processedAt: f.processedAt?.toISOString() ?? null,
                })),
              }
            : null,
        };
      }),
      reminders: reminders.map((m) => ({ subject: m.subject, createdAt: m.createdAt.toISOString(), status: m.status })),
      redemptions: redemptions.map((x) => ({
        orderNumber: x.orderNumber,
        amountPaise: x.amountPaise,
        spentAt: x.spentAt.toISOString(),
        returnedAt: x.returnedAt?.toISOString() ?? null,
      })),
      history: history.map((h) => ({
        action: h.action,
        by: h.staffEmail,
        at: h.at.toISOString(),
        note: (h.after as { reason?: string } | null)?.reason ?? null,
      })),
    };
  }

  return {
    async list(query: AdminHarvestListQuery) {
      const at = now();
      const today = indianDate(at);
      const { rows, total } = await harvestRepository(db).list(query, today, addDays(today, REMIND_DAYS_BEFORE));
      return toAdminPage(
        rows.map((r) => row(r, at)),
        total,
        query,
      );
    },

    plan,

    /** Staff send a reminder now: the plan's next unpaid instalment, whatever its date (a customer may pay ahead); not twice in a day. */
    async remind(actor: AuditActor, id: number) {
      const at = now();
      const today = indianDate(at);
      const brand = await settings.brand();
      await db.transaction(async (tx) => {
        const repo = harvestRepository(tx);
        const found = await repo.byId(id, { lock: true });
        if (!found) throw new DomainError('NOT_FOUND', 'There is no such Harvest plan.');
        if (found.status !== 'Active') throw new DomainError('CONFLICT', `This plan is ${found.status}: it takes no more instalments.`);
        const next = (await repo.instalments(id)).find((i) => i.status === 'Due');
        if (!next || found.maturesAt <= at) throw new DomainError('CONFLICT', 'Nothing is due on this plan: every instalment it can take is paid.');
        if (!(await repo.claimOne(next.id, new Date(at.getTime() - REMIND_NOW_GAP_MS), at))) {
          throw new DomainError('CONFLICT', 'A reminder for this instalment went out in the last 24 hours.');
        }
        const lateDays = Math.max(0, daysBetween(next.dueDate, today));
        await queueMail(
          tx,
          reminderMail(brand, {
            planId: id,
            email: found.email,
            number: next.number,
            dueDate: next.dueDate,
            payablePaise: next.amountPaise - next.discountPaise,
            lateDays,
          }),
        );
        await queuePlanMessage(tx, id, 'harvest_instalment_due', {
          plan: planName(id),
          amount: formatRupees(next.amountPaise - next.discountPaise),
          due: dateInWords(next.dueDate),
        });
        await recordAudit(tx, actor, {
          action: 'remind',
          entity: 'harvest-plan',
          entityId: id,
          before: null,
          after: { instalment: next.number, dueDate: next.dueDate },
        });
      });
      options.mailQueued?.();
      return plan(id);
    },

    /**
     * Closes a plan (Cancelled), audited, the customer mailed; with `refund`, gives back through the gateway what
     * `refundPlan` says, one refund per payment under the key harvest-close-{plan}-{payment}. The plan's row is
     * locked first, so a second close (at once, or later) finds it Cancelled and refunds nothing.
     */
    async close(actor: AuditActor, id: number, input: AdminHarvestClose) {
      const at = now();
      const brand = await settings.brand();
      const queued: (RefundRecord | null)[] = [];
      await db.transaction(async (tx) => {
        const repo = harvestRepository(tx);
        const found = await repo.byId(id, { lock: true });
        if (!found) throw new DomainError('NOT_FOUND', 'There is no such Harvest plan.');
        if (found.status === 'Cancelled') throw new DomainError('CONFLICT', 'This plan is already closed.');
        if (found.status === 'Redeemed') throw new DomainError('CONFLICT', 'This plan is fully redeemed: there is nothing left to close.');
        // An order still on its way that spent from the plan gives that back to the plan if it is cancelled: a
        // closed plan could not take it, so the plan waits until those orders are delivered or cancelled.
        const [open] = await repo.spentOnOpenOrders(id);
        if (open) {
          throw new DomainError(
            'CONFLICT',
            `Order ${open.orderNumber} spent ${formatRupees(open.amountPaise)} of this plan’s balance and is not delivered yet. Close the plan once that order is delivered or cancelled.`,
          );
        }
        const paid = await repo.paidPayments(id, { lock: true });
        const pending = await repo.pendingRefunded(paid.map((p) => p.id));
        const plan = input.refund ? refundPlan(found, paid, pending) : { total: 0, parts: [] };
        for (const part of plan.parts) {
          const payment = paid.find((p) => p.id === part.paymentId)!;
          const made = await payments.queueRefundOf(
            tx,
            payment,
            `Milli Harvest plan ${id} closed: ${input.reason}`,
            `harvest-close-${id}-${payment.id}`,
            part.amountPaise,
          );
          if (!made) throw new DomainError('CONFLICT', 'This plan’s refund was already queued.');
          queued.push(made);
        }
        await repo.close(id, actor.staffId, input.reason, plan.total, at);
        await recordAudit(tx, actor, {
          action: 'close',
          entity: 'harvest-plan',
          entityId: id,
          before: { status: found.status, balancePaise: found.balancePaise },
          after: { status: 'Cancelled', reason: input.reason, refund: input.refund, refundedPaise: plan.total },
        });
        await queueMail(tx, closedMail(brand, { planId: id, email: found.email, refundPaise: plan.total, reason: input.reason }));
      });
      options.mailQueued?.();
      await payments.sendRefunds(queued);
      return plan(id);
    },
  };
}

/**
 * The daily Harvest pass: plans whose date has come mature (with what was paid when instalments are left),
 * then reminders of instalments due within 3 days or late, each at most once a week, claimed atomically.
 */
export async function harvestDailyPass(db: Db, settings: Pick<SettingsService, 'brand'>, at: Date) {
  const brand = await settings.brand();
  const today = indianDate(at);
  return db.transaction(async (tx) => {
    const repo = harvestRepository(tx);
    const complete = await repo.matureDue(null, at);
    const lapsed = await repo.matureLapsed(at);
    for (const planId of [...complete, ...lapsed.maturedIds]) await queuePlanMessage(tx, planId, 'harvest_plan_matured', { plan: planName(planId) });
    const claimed = await repo.claimReminders(addDays(today, REMIND_DAYS_BEFORE), new Date(at.getTime() - REMIND_EVERY_DAYS * DAY), at);
    for (const i of claimed) {
      const email = await repo.planEmail(i.planId);
      if (!email) continue;
      await queueMail(
        tx,
        reminderMail(brand, {
          planId: i.planId,
          email,
          number: i.number,
          dueDate: i.dueDate,
          payablePaise: i.amountPaise - i.discountPaise,
          lateDays: Math.max(0, daysBetween(i.dueDate, today)),
        }),
      );
      await queuePlanMessage(tx, i.planId, 'harvest_instalment_due', {
        plan: planName(i.planId),
        amount: formatRupees(i.amountPaise - i.discountPaise),
        due: dateInWords(i.dueDate),
      });
    }
    return { matured: complete.length + lapsed.matured, closed: lapsed.closed, reminded: claimed.length };
  });
}
