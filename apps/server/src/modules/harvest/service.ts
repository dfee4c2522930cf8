import { HARVEST_LIMIT_DAYS, type HarvestEnrol, type HarvestPlan } from '@milli/contracts/schemas';
import type { Db } from '@milli/db';
import { formatRupees, harvestBreakdown, harvestSchedule, indianDate, monthlyAmountProblem, startOfIndianDate } from '@milli/pricing';
import { DomainError } from '../../domain-error.ts';
import { queueMail } from '../mail/service.ts';
import { planName, queuePlanMessage } from './messages.ts';
import type { PaymentPurposeHandler, PaymentService } from '../payments/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { enrolledMail, instalmentPaidMail } from './mail.ts';
import { harvestRepository, type InstalmentRecord, type PlanRecord } from './repository.ts';

const DAY = 86_400_000;

/** The moment a plan stops being redeemable: 365 days after its first payment (its enrolment when none is recorded). */
export function redeemableUntil(plan: Pick<PlanRecord, 'startedAt'>, rows: Pick<InstalmentRecord, 'status' | 'paidAt'>[]): Date {
  const paid = rows.filter((i) => i.status === 'Paid' && i.paidAt).map((i) => i.paidAt!.getTime());
  return new Date((paid.length ? Math.min(...paid) : plan.startedAt.getTime()) + HARVEST_LIMIT_DAYS * DAY);
}

function toPlan(plan: PlanRecord, rows: InstalmentRecord[], now: Date = new Date()): HarvestPlan {
  const sums = harvestBreakdown(plan.monthlyAmountPaise);
  const next = plan.status === 'Active' ? rows.find((i) => i.status === 'Due') : undefined;
  const anyPaid = rows.some((i) => i.status === 'Paid');
  const until = redeemableUntil(plan, rows);
  const holdsMoney = plan.status === 'Active' ? anyPaid : plan.status === 'Matured' && plan.redeemableBalancePaise > 0;
  return {
    id: plan.id,
    status: plan.status,
    monthlyAmountPaise: plan.monthlyAmountPaise,
    email: plan.email,
    startedAt: plan.startedAt.toISOString(),
    maturityDate: indianDate(plan.maturesAt),
    paidPaise: rows.filter((i) => i.status === 'Paid').reduce((n, i) => n + i.amountPaise - i.discountPaise, 0),
    youPayPaise: sums.youPayPaise,
    storeAddsPaise: sums.storeAddsPaise,
    redeemablePaise: sums.redeemablePaise,
    balancePaise: plan.status === 'Matured' ? plan.redeemableBalancePaise : 0,
    nextDueId: next?.id ?? null,
    // The last day counted in India's calendar: the day before the moment it stops.
    redeemBy: anyPaid ? indianDate(new Date(until.getTime() - 1)) : null,
    pastLimit: anyPaid && holdsMoney && now >= until,
    closeReason: plan.closeReason,
    refundedPaise: plan.refundedPaise,
    instalments: rows.map((i) => ({
      id: i.id,
      number: i.number,
      dueDate: i.dueDate,
      amountPaise: i.amountPaise,
      discountPaise: i.discountPaise,
      payablePaise: i.amountPaise - i.discountPaise,
      status: i.status,
      paidAt: i.paidAt ? i.paidAt.toISOString() : null,
    })),
  };
}

/** Why an instalment cannot be paid now, or nothing (checked when its payment starts and again when it settles). */
function checkPayable(plan: PlanRecord, instalment: InstalmentRecord, instalments: InstalmentRecord[], at: Date) {
  if (instalment.status === 'Paid') throw new DomainError('ALREADY_PAID', `Instalment ${instalment.number} is already paid.`);
  if (instalment.status === 'Free') throw new DomainError('FREE_INSTALMENT', 'The 11th instalment is on us: there is nothing to pay.');
  if (plan.status !== 'Active') throw new DomainError('PLAN_CLOSED', 'This plan is no longer taking payments.');
  if (at >= plan.maturesAt) throw new DomainError('PLAN_AT_MATURITY', 'This plan has reached its maturity date. Please call us about the instalments left.');
  const next = instalments.find((i) => i.status === 'Due');
  if (next && next.id !== instalment.id) throw new DomainError('OUT_OF_ORDER', `Please pay instalment ${next.number} first.`);
}

/**
 * What an instalment's captured payment settles: the instalment becomes Paid (the plan matures when its
 * ten are paid), with a mail. An instalment paid meanwhile, or a plan closed or past maturity, cannot take
 * it: the payment goes back in full. Everything is read on the payment's transaction (a single-connection
 * database would wait for itself otherwise).
 */
export function instalmentPaymentHandler(settings: Pick<SettingsService, 'brand'>): PaymentPurposeHandler {
  return {
    async receipt(_tx, payment) {
      return `harvest-${payment.harvestPlanId}-${payment.harvestInstalmentId}`;
    },
    async settle(tx, payment, at) {
      const t = harvestRepository(tx);
      const found = await t.lockInstalment(payment.customerId, payment.harvestInstalmentId ?? 0);
      if (!found) return { ok: false, reason: 'The instalment this payment was for no longer exists.' };
      try {
        checkPayable(found.plan, found.instalment, found.instalments, at);
      } catch (error) {
        if (error instanceof DomainError) return { ok: false, reason: error.message };
        throw error;
      }
      const paid = await t.markPaid(payment.customerId, found.instalment.id, payment.id, at);
      if (!paid) return { ok: false, reason: `Instalment ${found.instalment.number} was already paid.` };
      const matured = await t.matureDue(payment.customerId, at);
      const plan = (await t.plans(payment.customerId)).find((p) => p.plan.id === paid.planId)!;
      await queuePlanMessage(tx, paid.planId, 'harvest_instalment_received', { plan: planName(paid.planId), amount: formatRupees(payment.amountPaise) });
      for (const planId of matured) await queuePlanMessage(tx, planId, 'harvest_plan_matured', { plan: planName(planId) });
      // The brand is read on the payment's own transaction: on the embedded database (one connection) a read
      // outside it would wait for this transaction to end, forever.
      await queueMail(
        tx,
        instalmentPaidMail(await settings.brand(tx), toPlan(plan.plan, plan.instalments), paid.number, payment.amountPaise, payment.method ?? 'online'),
      );
      return { ok: true };
    },
  };
}

export function createHarvestService(db: Db, payments: PaymentService, settings: SettingsService, now: () => Date = () => new Date()) {
  const repo = harvestRepository(db);

  async function plans(customerId: number): Promise<HarvestPlan[]> {
    const at = now();
    await repo.matureDue(customerId, at);
    return (await repo.plans(customerId)).map((p) => toPlan(p.plan, p.instalments, at));
  }

  async function planById(customerId: number, planId: number): Promise<HarvestPlan> {
    const plan = (await plans(customerId)).find((p) => p.id === planId);
    if (!plan) throw new DomainError('PLAN_NOT_FOUND', 'No such plan.');
    return plan;
  }

  return {
    plans,

    /** 'Start Now': one Active plan at a time; ten instalments from today, the store's 11th, and a welcome mail. */
    async enrol(customerId: number, input: HarvestEnrol): Promise<HarvestPlan> {
      const problem = monthlyAmountProblem(input.monthlyAmount);
      if (problem) throw new DomainError('INVALID_AMOUNT', problem);
      const monthlyPaise = input.monthlyAmount * 100;
      const start = now();
      const { rows, maturityDate } = harvestSchedule(indianDate(start), monthlyPaise);
      const brand = await settings.brand();
      return db.transaction(async (tx) => {
        const t = harvestRepository(tx);
        if (await t.hasActivePlan(customerId)) {
          throw new DomainError('PLAN_EXISTS', 'You already have a Milli Harvest plan running. You can start another once it matures.');
        }
        const made = await t.createPlan(
          customerId,
          { monthlyAmountPaise: monthlyPaise, email: input.email, startedAt: start, maturesAt: startOfIndianDate(maturityDate) },
          rows,
        );
        const plan = (await t.plans(customerId)).find((p) => p.plan.id === made.id)!;
        const answer = toPlan(plan.plan, plan.instalments);
        await queueMail(tx, enrolledMail(brand, answer));
        return answer;
      });
    },

    /**
     * Starts paying one instalment through the gateway: only the plan's next due one, only by the plan's owner,
     * only while the plan runs (payments stop at the maturity date, so no money is held past it). Answers the
     * gateway order to pay in its checkout; the payment's settling (verify, webhook) marks the instalment Paid.
     */
    async pay(customerId: number, instalmentId: number) {
      const payment = await db.transaction(async (tx) => {
        const found = await harvestRepository(tx).lockInstalment(customerId, instalmentId);
        if (!found) throw new DomainError('INSTALMENT_NOT_FOUND', 'No such instalment in your plans.');
        const { plan, instalment, instalments } = found;
        checkPayable(plan, instalment, instalments, now());
        return payments.start(tx, {
          customerId,
          purpose: 'harvest_instalment',
          key: `instalment:${instalment.id}`,
          amountPaise: instalment.amountPaise - instalment.discountPaise,
          harvestPlanId: plan.id,
          harvestInstalmentId: instalment.id,
        });
      });
      const block = await payments.open(payment);
      const plan = await planById(customerId, payment.harvestPlanId ?? 0);
      const number = plan.instalments.find((i) => i.id === instalmentId)?.number ?? 0;
      return { message: `Pay instalment ${number} of 10 in the payment window.`, plan, paymentId: payment.id, payment: block };
    },
  };
}

/** The e-mail of the customer's plans replaced by `email`, inside the transaction that erases their data (issue 38). */
export function forgetPlanEmails(tx: Db, customerId: number, email: string): Promise<void> {
  return harvestRepository(tx).setEmailOf(customerId, email);
}

/**
 * What the customer can spend at checkout: the balance of their matured plans still within 365 days of their
 * first payment, in paise. When the only balance left is in plans past that limit, the checkout is refused
 * with a clear message (the store must close those plans and refund them).
 */
export async function redeemableBalance(db: Db, customerId: number, now: Date = new Date()): Promise<number> {
  const repo = harvestRepository(db);
  await repo.matureDue(customerId, now);
  const usable = await repo.balance(customerId, now);
  if (usable === 0) {
    const expired = await repo.expiredBalance(customerId, now);
    if (expired > 0) {
      throw new DomainError(
        'HARVEST_EXPIRED',
        'Your Milli Harvest balance can no longer be spent: a plan must be redeemed within 365 days of its first payment, and yours has passed that day. Please call us: we will close the plan and refund what you paid. You can place this order without the Harvest balance.',
      );
    }
  }
  return usable;
}

/**
 * Spends `amountPaise` of the matured balance on an order, inside the checkout's transaction (oldest
 * plan first; a plan spent to zero becomes Redeemed), and records what it took from each plan so that
 * `returnBalance` can give it back. Refuses, changing nothing, when the balance is short.
 */
export async function spendBalance(tx: Db, customerId: number, amountPaise: number, orderId: number, now: Date = new Date()): Promise<void> {
  if (!Number.isInteger(amountPaise) || amountPaise <= 0) throw new DomainError('INVALID_AMOUNT', 'The Harvest amount to redeem must be more than zero.');
  const repo = harvestRepository(tx);
  await repo.matureDue(customerId, now);
  const matured = await repo.lockMatured(customerId, now);
  const available = matured.reduce((n, p) => n + p.redeemableBalancePaise, 0);
  if (available < amountPaise) {
    throw new DomainError('HARVEST_BALANCE_SHORT', 'Your Milli Harvest balance is not enough for this order.');
  }
  let left = amountPaise;
  for (const plan of matured) {
    if (left === 0) break;
    const take = Math.min(left, plan.redeemableBalancePaise);
    if (take === 0) continue;
    await repo.setBalance(customerId, plan.id, plan.redeemableBalancePaise - take);
    await repo.recordRedemption({ planId: plan.id, customerId, orderId, amountPaise: take, spentAt: now });
    left -= take;
  }
}

/**
 * Gives an order's Harvest credit back to the plans it was spent from, inside the reversal's
 * transaction; answers the paise returned. Each amount goes back once (the ledger row is marked), so a
 * second reversal of the same order returns nothing. `creditPaise` is what the order records: any part
 * the ledger does not account for (orders placed before it existed) goes to the plan spent from last.
 */
export async function returnBalance(tx: Db, customerId: number, orderId: number, creditPaise: number, now: Date = new Date()): Promise<number> {
  if (creditPaise <= 0) return 0;
  const repo = harvestRepository(tx);
  await repo.lockSpendable(customerId);
  const recorded = await repo.lockRedemptions(customerId, orderId);
  if (recorded.length === 0) {
    const plan = await repo.lastSpentPlan(customerId);
    if (!plan) throw new Error(`order ${orderId} spent a Harvest balance of a customer without a matured plan`);
    await repo.recordRedemption({ planId: plan.id, customerId, orderId, amountPaise: creditPaise, spentAt: now });
    recorded.push(...(await repo.lockRedemptions(customerId, orderId)));
  }
  const open = recorded.filter((r) => r.returnedAt === null);
  let returned = 0;
  for (const r of open) {
    if (!(await repo.addBalance(customerId, r.planId, r.amountPaise))) throw new Error(`harvest plan ${r.planId} cannot take its balance back`);
    returned += r.amountPaise;
  }
  await repo.markReturned(
    customerId,
    open.map((r) => r.id),
    now,
  );
  return returned;
}
