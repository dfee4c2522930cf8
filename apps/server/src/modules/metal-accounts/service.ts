import type {
  AdminMetalAccount,
  AdminMetalAssay,
  AdminMetalAssayAnswer,
  AdminMetalSearch,
  MetalAccount,
  MetalBuyBack,
  MetalBuyBackAnswer,
  MetalCredit as MetalCreditView,
  MetalEntry,
} from '@milli/contracts/schemas';
import type { Db } from '@milli/db';
import type { MetalCredit } from '@milli/db/schema';
import { assayFineMg, fineGoldBuyBack, formatGrams, formatRupees, indianDate, metalCreditExpiry, purityPerMilleOf } from '@milli/pricing';
import { DomainError } from '../../domain-error.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { createPublicRates } from '../catalog/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { moveStoreCredit } from '../store-credit/service.ts';
import { metalAccountRepository } from './repository.ts';

/** The last day (India's calendar) a credit may be used: the day of the moment before it expires. */
const lastDayOf = (expiresAt: Date) => indianDate(new Date(expiresAt.getTime() - 1));
/** '30 November 2027', as messages write a day. */
const dayWords = (isoDay: string) =>
  new Date(`${isoDay}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const leftIn = (c: MetalCredit) => c.fineMg - c.usedMg - c.soldMg - c.expiredMg;

function creditView(c: MetalCredit, at: Date): MetalCreditView {
  const expired = c.expiresAt <= at;
  return {
    id: c.id,
    grossMg: c.grossMg,
    purityPerMille: c.purityPerMille,
    meltingLossPerMille: c.meltingLossPerMille,
    fineMg: c.fineMg,
    leftMg: expired ? 0 : leftIn(c),
    madeAt: c.madeAt.toISOString(),
    expiresAt: c.expiresAt.toISOString(),
    lastDay: lastDayOf(c.expiresAt),
    expired,
    note: c.note,
  };
}

const perMille = (n: number) => `${(n / 10).toLocaleString('en-IN', { maximumFractionDigits: 1 })} %`;

/** The account as its owner (and the desk) reads it: balance, credits, statement newest first, today's buy-back. */
async function accountOf(db: Db, customerId: number, at: Date, buyBack: MetalAccount['buyBack']): Promise<MetalAccount> {
  const repo = metalAccountRepository(db);
  const [credits, debits] = await Promise.all([repo.credits(customerId), repo.debits(customerId)]);
  const entries: MetalEntry[] = credits.map((c) => ({
    at: c.madeAt.toISOString(),
    kind: 'credit',
    mg: c.fineMg,
    paise: 0,
    creditId: c.id,
    orderNumber: null,
    text: `Old gold assayed: ${formatGrams(c.grossMg)} at ${c.purityPerMille} per mille, less ${perMille(c.meltingLossPerMille)} melting loss. Usable until ${dayWords(lastDayOf(c.expiresAt))}.`,
  }));
  for (const { debit: d, orderNumber } of debits) {
    const base = { creditId: d.creditId, orderNumber, paise: d.paise };
    if (d.kind === 'use') {
      entries.push({
        ...base,
        at: d.createdAt.toISOString(),
        kind: 'use',
        mg: -d.mg,
        text: `Paid the metal of order ${orderNumber ?? ''} (${formatRupees(d.paise)}).`,
      });
      if (d.returnedAt)
        entries.push({
          ...base,
          at: d.returnedAt.toISOString(),
          kind: 'returned',
          mg: d.mg,
          text: `Order ${orderNumber ?? ''} was cancelled: the grams came back.`,
        });
    } else if (d.kind === 'buy_back') {
      entries.push({
        ...base,
        at: d.createdAt.toISOString(),
        kind: 'buy_back',
        mg: -d.mg,
        text: `Sold back to us for ${formatRupees(d.paise)} of store credit.`,
      });
    } else {
      entries.push({ ...base, at: d.createdAt.toISOString(), kind: 'expiry', mg: -d.mg, text: 'Expired: 365 days after the assay.' });
    }
  }
  entries.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  const usable = credits.filter((c) => c.expiresAt > at && leftIn(c) > 0).sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime());
  const first = usable[0];
  return {
    balanceMg: usable.reduce((n, c) => n + leftIn(c), 0),
    credits: credits.map((c) => creditView(c, at)),
    entries,
    nextExpiry: first ? { mg: leftIn(first), lastDay: lastDayOf(first.expiresAt) } : null,
    buyBack,
  };
}

/**
 * Takes `mg` of fine gold from the shopper's usable credits, the one expiring soonest first, each take in one statement
 * that checks what is left; the paise are shared over the takes in proportion (the last take gets the rest). A credit
 * changed since it was read refuses the whole (409), and the caller's transaction writes nothing.
 */
async function takeFifo(
  tx: Db,
  customerId: number,
  credits: MetalCredit[],
  mg: number,
  paise: number,
  kind: 'use' | 'buy_back',
  at: Date,
  orderId: number | null,
) {
  const repo = metalAccountRepository(tx);
  let left = mg;
  let paiseLeft = paise;
  for (const c of credits) {
    if (left === 0) break;
    const take = Math.min(left, leftIn(c));
    if (take <= 0) continue;
    const share = take === left ? paiseLeft : Math.floor((paise * take) / mg);
    if (!(await repo.take(customerId, c.id, take, kind, at)))
      throw new DomainError(
        'METAL_ACCOUNT_CHANGED',
        'Your metal account changed while this was being done (its gold was used elsewhere or has expired). Please look at it again and retry.',
      );
    await repo.insertDebit({ creditId: c.id, customerId, kind, mg: take, paise: share, orderId, createdAt: at });
    left -= take;
    paiseLeft -= share;
  }
  if (left > 0) throw new DomainError('METAL_ACCOUNT_CHANGED', 'Your metal account has less gold than this needed. Please look at it again and retry.');
}

/** The refusal when a shopper asks for grams their account has not: an expired credit named as such. */
async function shortError(db: Db, customerId: number, askedMg: number, balanceMg: number, at: Date): Promise<DomainError> {
  if (balanceMg === 0) {
    const expired = (await metalAccountRepository(db).credits(customerId)).find((c) => c.expiresAt <= at);
    if (expired)
      return new DomainError(
        'METAL_CREDIT_EXPIRED',
        `Your fine gold credit expired on ${dayWords(lastDayOf(expired.expiresAt))} (365 days after the assay), so it can no longer be used or sold back.`,
      );
    return new DomainError('METAL_GRAMS_SHORT', 'Your metal account has no fine gold yet. Bring old gold to a store for an assay to add some.');
  }
  const message = `Your metal account holds ${formatGrams(balanceMg)} of fine gold usable today: less than the ${formatGrams(askedMg)} asked for.`;
  return new DomainError('METAL_GRAMS_SHORT', message, { grams: message });
}

export function createMetalAccountService(db: Db, settings: Pick<SettingsService, 'require'>, now: () => Date = () => new Date()) {
  const rates = createPublicRates(db, now);

  async function buyBackOffer(): Promise<MetalAccount['buyBack']> {
    const [s, rate24] = await Promise.all([settings.require(), rates.inForce('gold', 24)]);
    return {
      rate24PaisePerGram: rate24,
      percent: s.buybackPercent,
      paisePerGram: rate24 === null ? null : fineGoldBuyBack(1000, rate24, s.buybackPercent),
    };
  }

  async function deskAccount(customerId: number): Promise<AdminMetalAccount> {
    const repo = metalAccountRepository(db);
    const customer = await repo.customer(customerId);
    if (!customer) throw new DomainError('CUSTOMER_NOT_FOUND', 'No such customer.');
    const [s, offer, visits] = await Promise.all([settings.require(), buyBackOffer(), repo.assayVisits(customerId)]);
    const account = await accountOf(db, customerId, now(), offer);
    return {
      customer: {
        id: customer.id,
        name: `${customer.firstName} ${customer.lastName}`.trim(),
        email: customer.email,
        mobile: customer.mobile,
        balanceMg: account.balanceMg,
      },
      account,
      meltingLossPerMille: s.metalMeltingLossPerMille,
      maxGrossMg: s.metalAssayMaxMg,
      appointments: visits,
    };
  }

  return {
    /** GET /api/metal-account: the signed-in shopper's own. */
    async account(customerId: number): Promise<MetalAccount> {
      return accountOf(db, customerId, now(), await buyBackOffer());
    },

    /**
     * POST /api/metal-account/buy-back: unused fine gold sold back at today's 24 kt rate × the buy-back percent, paid as
     * store credit, in one transaction under the credits' row locks (then the customer's, as checkout takes them).
     */
    async buyBack(customerId: number, input: MetalBuyBack): Promise<MetalBuyBackAnswer> {
      const mg = Math.round(input.grams * 1000);
      const offer = await buyBackOffer();
      if (offer.rate24PaisePerGram === null)
        throw new DomainError('NO_RATE', 'Today’s gold rate is not published yet, so we cannot price a buy-back. Please try again later.');
      const rate24 = offer.rate24PaisePerGram;
      const at = now();
      const paise = fineGoldBuyBack(mg, rate24, offer.percent);
      if (paise <= 0) {
        const message = 'That weight is too small to sell back: it is worth less than a paisa.';
        throw new DomainError('INVALID_REQUEST', message, { grams: message });
      }
      await db.transaction(async (tx) => {
        const usable = await metalAccountRepository(tx).usable(customerId, at, { lock: true });
        const balance = usable.reduce((n, c) => n + leftIn(c), 0);
        if (mg > balance) throw await shortError(tx, customerId, mg, balance, at);
        await takeFifo(tx, customerId, usable, mg, paise, 'buy_back', at, null);
        await moveStoreCredit(tx, {
          customerId,
          amountPaise: paise,
          kind: 'gold_sold',
          note: `${formatGrams(mg)} of fine gold from your metal account sold back at ${formatRupees(rate24)} a gram × ${offer.percent} %.`,
          at,
        });
      });
      return {
        message: `You sold ${formatGrams(mg)} of fine gold back for ${formatRupees(paise)}, added to your store credit.`,
        mg,
        paise,
        account: await accountOf(db, customerId, now(), offer),
      };
    },

    /** GET /api/admin/metal-accounts?q=: customers found by e-mail or mobile number, with their balances. */
    async search(q: string): Promise<AdminMetalSearch> {
      const repo = metalAccountRepository(db);
      const found = await repo.search(q, 20);
      const balances = await repo.balances(
        found.map((c) => c.id),
        now(),
      );
      return {
        data: found.map((c) => ({
          id: c.id,
          name: `${c.firstName} ${c.lastName}`.trim(),
          email: c.email,
          mobile: c.mobile,
          balanceMg: balances.get(c.id) ?? 0,
        })),
      };
    },

    deskAccount,

    /**
     * POST /api/admin/metal-accounts/{customerId}/credits: old gold assayed at the store credited as fine gold (gross ×
     * purity less the settings' melting loss), expiring in 365 days; bounded by the settings' most per assay, audited.
     */
    async assay(actor: AuditActor, customerId: number, input: AdminMetalAssay): Promise<AdminMetalAssayAnswer> {
      const s = await settings.require();
      const grossMg = Math.round(input.grossGrams * 1000);
      if (grossMg > s.metalAssayMaxMg) {
        const message = `One assay records at most ${formatGrams(s.metalAssayMaxMg)} of old gold (the store’s setting). Please record larger lots as separate assays.`;
        throw new DomainError('ASSAY_TOO_HEAVY', message, { grossGrams: message });
      }
      const purityPerMille = purityPerMilleOf(input.purity);
      if (purityPerMille === null) {
        const message = 'The purity is the karatmeter’s reading in per mille, 1 to 999 (e.g. 916), or karats from 1K to 24K (e.g. 22K).';
        throw new DomainError('INVALID_PURITY', message, { purity: message });
      }
      const fineMg = assayFineMg({ grossMg, purityPerMille, meltingLossPerMille: s.metalMeltingLossPerMille });
      if (fineMg <= 0) {
        const message = 'That old gold holds no fine gold to credit after the melting loss.';
        throw new DomainError('INVALID_PURITY', message, { purity: message });
      }
      const at = now();
      const { credit, replayed } = await db.transaction(async (tx) => {
        const repo = metalAccountRepository(tx);
        if (!(await repo.customer(customerId))) throw new DomainError('CUSTOMER_NOT_FOUND', 'No such customer.');
        // The same form sent again (a double click, a reload of the answer): the assay it credited answers.
        const first = input.requestKey ? await repo.creditByKey(customerId, input.requestKey) : null;
        if (first) return { credit: first, replayed: true };
        if (input.appointmentId !== undefined && !(await repo.assayVisits(customerId)).some((a) => a.id === input.appointmentId))
          throw new DomainError('APPOINTMENT_NOT_FOUND', 'That appointment is not one of this customer’s assay or trade-in visits.', {
            appointmentId: 'Choose one of the customer’s visits, or none.',
          });
        const made = await repo.insertCredit({
          customerId,
          grossMg,
          purityPerMille,
          meltingLossPerMille: s.metalMeltingLossPerMille,
          fineMg,
          madeAt: at,
          expiresAt: metalCreditExpiry(at),
          appointmentId: input.appointmentId ?? null,
          staffId: actor.staffId,
          note: input.note ?? '',
          requestKey: input.requestKey ?? null,
        });
        // Sent twice at once, the second waits for the first's key and inserts nothing: the first's credit answers.
        if (!made) return { credit: (await repo.creditByKey(customerId, input.requestKey!))!, replayed: true };
        await recordAudit(tx, actor, {
          action: 'create',
          entity: 'metal_credit',
          entityId: made.id,
          before: null,
          after: { customerId, grossMg, purityPerMille, meltingLossPerMille: s.metalMeltingLossPerMille, fineMg, appointmentId: made.appointmentId },
        });
        return { credit: made, replayed: false };
      });
      return {
        message: replayed
          ? `This assay was already recorded: ${formatGrams(credit.fineMg)} of fine gold credited once, usable until ${dayWords(lastDayOf(credit.expiresAt))}.`
          : `Credited ${formatGrams(fineMg)} of fine gold, usable until ${dayWords(lastDayOf(credit.expiresAt))}.`,
        credit: creditView(credit, now()),
        account: await deskAccount(customerId),
      };
    },
  };
}

export type MetalAccountService = ReturnType<typeof createMetalAccountService>;

/**
 * A checkout's fine gold (issue 42), in the order's transaction: the shopper's usable credits, their rows locked until
 * commit (after the rate locks', before the customer's), and the balance they hold.
 */
export async function heldMetalCredits(tx: Db, customerId: number, at: Date): Promise<{ credits: MetalCredit[]; balanceMg: number }> {
  const credits = await metalAccountRepository(tx).usable(customerId, at, { lock: true });
  return { credits, balanceMg: credits.reduce((n, c) => n + leftIn(c), 0) };
}

/** The checkout page's balance (no row locks: checkout reads it again under lock). */
export async function metalBalance(db: Db, customerId: number, at: Date): Promise<number> {
  return (await metalAccountRepository(db).usable(customerId, at)).reduce((n, c) => n + leftIn(c), 0);
}

/** Why an order asked to pay with fine gold cannot: nothing usable (expired, or never credited). */
export async function noMetalError(db: Db, customerId: number, at: Date): Promise<DomainError> {
  return shortError(db, customerId, 1, 0, at);
}

/** Takes the order's fine gold from the held credits, soonest to expire first (409 METAL_ACCOUNT_CHANGED if they changed). */
export async function useMetalCredits(tx: Db, customerId: number, orderId: number, credits: MetalCredit[], mg: number, paise: number, at: Date) {
  if (mg > 0) await takeFifo(tx, customerId, credits, mg, paise, 'use', at, orderId);
}

/**
 * An order's fine gold given back, once, in its reversal's transaction (the credits' rows locked before the customer's,
 * as checkout takes them). A credit that expired meanwhile gets its grams back too, and the expiry job takes them.
 */
export async function giveBackMetal(tx: Db, customerId: number, orderId: number, at: Date): Promise<number> {
  const repo = metalAccountRepository(tx);
  const uses = await repo.openUsesOf(customerId, orderId);
  await repo.lockCredits([...new Set(uses.map((u) => u.creditId))]);
  for (const use of uses) await repo.giveBack(customerId, use, at);
  return uses.reduce((n, u) => n + u.mg, 0);
}

/**
 * The metal account's job (issue 42, hourly): each credit past its 365 days with fine gold left expires it into the
 * ledger, in its own transaction under its row lock, so a run twice or two at once expire each once.
 */
export async function expireDueMetal(db: Db, at: Date, log?: { error(obj: object, msg: string): void }): Promise<{ expired: number; mg: number }> {
  const due = await metalAccountRepository(db).dueToExpire(at, 500);
  let expired = 0;
  let mg = 0;
  for (const { id } of due) {
    try {
      const took = await db.transaction((tx) => metalAccountRepository(tx).expire(id, at));
      if (took > 0) {
        expired += 1;
        mg += took;
      }
    } catch (error) {
      log?.error({ metalCreditId: id, err: error instanceof Error ? error.message : error }, 'a metal credit could not be expired');
    }
  }
  return { expired, mg };
}
