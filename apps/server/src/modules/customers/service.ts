import { randomInt } from 'node:crypto';
import {
  ERASED_NAME,
  erasedEmail,
  ERASURE_CODE_DIGITS,
  ERASURE_CODE_MINUTES,
  ERASURE_CODE_TRIES,
  MARKETING_CHANNELS,
  ORDER_MESSAGES_NOTE,
  RETAINED_ON_ERASURE,
  RETENTION_YEARS,
  type MarketingChannel,
} from '@milli/contracts';
import type { Consents, ConsentsUpdate, ErasureBlocker, EraseAccount, Nominee, NomineeUpdate, PrivacyExport, PrivacyOverview } from '@milli/contracts/schemas';
import type { Db } from '@milli/db';
import { dateInWords, formatGrams, formatRupees, indianDate } from '@milli/pricing';
import { DomainError } from '../../domain-error.ts';
import { hashToken } from '../../plugins/session.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import { emailChangesOf, eraseAccount, findCustomer, lockCustomer, type AccountsService } from '../accounts/service.ts';
import { forgetAddressBook } from '../addresses/service.ts';
import { anonymiseAppointments } from '../appointments/service.ts';
import { emptyCart } from '../cart/service.ts';
import { forgetPlanEmails } from '../harvest/service.ts';
import { forgetMailTo, queueMail } from '../mail/service.ts';
import { forgetMessagesOf } from '../messages/service.ts';
import { anonymiseOrdersOf } from '../orders/service.ts';
import { forgetRateAlertsOf } from '../rate-alerts/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { anonymiseSizerRequests } from '../stores/service.ts';
import { partnerReference } from '../trade-partners/service.ts';
import { forgetWishlist } from '../wishlist/service.ts';
import { erasedMail, erasureCodeMail, nomineeMail } from './mail.ts';
import { customersRepository, type AddressPeriod } from './repository.ts';
import { PRIVACY_LIMITS, privacySubject } from './limits.ts';

/**
 * What a marketing sender must ask before every message (issue 38, decision 044): whether the customer has given
 * consent on this channel and not withdrawn it since, and has not had their data erased. Nothing in the store sends
 * marketing yet; whatever comes to (a newsletter job, an SMS campaign) calls this for each recipient, at the time of
 * sending, and sends nothing when it answers false. Order, payment and account messages do not ask: they are always sent.
 * Also on `deps.services.consents.mayMarket`.
 */
export function mayMarket(db: Db, customerId: number, channel: MarketingChannel): Promise<boolean> {
  return customersRepository(db).mayMarket(customerId, channel);
}

/**
 * Which address the account had when (issue 38): from its creation, through each e-mail change (and each undo, which
 * puts the old address back), so the export and the desk show the mails sent to the customer's address while it was
 * theirs, and never a mail sent to the same address before or after it belonged to this account.
 */
export function addressPeriods(
  createdAt: Date,
  currentEmail: string,
  changes: readonly { oldEmail: string; newEmail: string; at: Date; undoneAt: Date | null }[],
): AddressPeriod[] {
  const moves = [
    ...changes.map((c) => ({ at: c.at, email: c.newEmail })),
    ...changes.filter((c) => c.undoneAt !== null).map((c) => ({ at: c.undoneAt!, email: c.oldEmail })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  const first = changes[0]?.oldEmail ?? currentEmail;
  const periods: AddressPeriod[] = [{ email: first, from: createdAt, to: null }];
  for (const move of moves) {
    periods[periods.length - 1]!.to = move.at;
    periods.push({ email: move.email, from: move.at, to: null });
  }
  return periods;
}

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/** The consents as My privacy and the desk show them: each channel's latest choice (off until given) and every change. */
export async function consentsOf(db: Db, customerId: number): Promise<Consents> {
  const repo = customersRepository(db);
  const [latest, history] = await Promise.all([repo.latestConsents(customerId), repo.consentHistory(customerId)]);
  return {
    orderMessages: { on: true, switchable: false, note: ORDER_MESSAGES_NOTE },
    marketing: MARKETING_CHANNELS.map((channel) => {
      const last = latest.find((l) => l.channel === channel);
      return { channel, granted: last?.granted ?? false, changedAt: last ? iso(last.at) : null };
    }),
    history: history.map((h) => ({ channel: h.channel, granted: h.granted, at: iso(h.at), source: h.source })),
  };
}

const nomineeOf = (row: Awaited<ReturnType<ReturnType<typeof customersRepository>['nominee']>>): Nominee | null =>
  row ? { name: row.name, relationship: row.relationship, email: row.email, phone: row.phone, updatedAt: iso(row.updatedAt) } : null;

export async function nomineeOfCustomer(db: Db, customerId: number): Promise<Nominee | null> {
  return nomineeOf(await customersRepository(db).nominee(customerId));
}

/**
 * What keeps the customer's data from being erased now, each with its reason (issue 38): the store still owes them
 * a piece, money or an answer, and must be able to reach them until it is settled.
 */
export async function erasureBlockers(db: Db, customerId: number): Promise<ErasureBlocker[]> {
  const found = await customersRepository(db).blockers(customerId);
  const blockers: ErasureBlocker[] = [];
  for (const o of found.orders) {
    blockers.push({
      kind: 'order',
      message:
        o.status === 'Awaiting payment'
          ? `Order ${o.orderNumber} is awaiting payment: pay for it or let it lapse (it lapses by itself when not paid in time) first.`
          : `Order ${o.orderNumber} is ${o.status}: it must be delivered or cancelled first, because we still owe you the piece and must be able to reach you about it.`,
    });
  }
  for (const r of found.returns) {
    blockers.push({ kind: 'return', message: `Your return of order ${r.orderNumber} is ${r.status}: we must finish it and refund you first.` });
  }
  for (const e of found.exchanges) {
    blockers.push({
      kind: 'exchange',
      message: `Your ${e.kind === 'buyback' ? 'buy-back' : 'exchange'} of a piece from order ${e.orderNumber} is ${e.status}: we must settle it with you first.`,
    });
  }
  for (const d of found.designs) {
    blockers.push({
      kind: 'custom-design',
      message: `Your custom design request ${d.id} is ${d.status}: wait until the piece is delivered, or ask us to cancel the request, first.`,
    });
  }
  for (const p of found.plans) {
    blockers.push({
      kind: 'harvest',
      message:
        p.status === 'Matured'
          ? `Your Milli Harvest plan ${p.id} has matured with ${formatRupees(p.balancePaise)} to spend: redeem it, or ask us to close it and refund you, first.`
          : `Your Milli Harvest plan ${p.id} is running (${formatRupees(p.paidPaise)} paid): ask us to close it, and refund you what you paid, first.`,
    });
  }
  if (found.storeCreditPaise > 0) {
    blockers.push({
      kind: 'store-credit',
      message: `You have ${formatRupees(found.storeCreditPaise)} of store credit: spend it at checkout, or ask us about it, first, or erasing would forfeit it.`,
    });
  }
  if (found.metalMg > 0) {
    blockers.push({
      kind: 'metal-account',
      message: `You have ${formatGrams(found.metalMg)} of fine gold in your metal account: use it at checkout or sell it back under My Account first, or erasing would forfeit it.`,
    });
  }
  for (const lock of found.rateLocks) {
    blockers.push({
      kind: 'rate-lock',
      message: `Your rate lock ${lock.id} is live (${formatGrams(lock.lockedMg - lock.usedMg)} left until ${dateInWords(indianDate(lock.endsAt))}): it must end first, so its advance is settled as its terms say.`,
    });
  }
  if (found.refundsPendingPaise > 0) {
    blockers.push({ kind: 'refund', message: `A refund of ${formatRupees(found.refundsPendingPaise)} is still on its way to you: we must finish it first.` });
  }
  return blockers;
}

/** The one message of a refused erasure: why, and each thing that must be settled first. */
export function blockedMessage(blockers: readonly ErasureBlocker[]): string {
  return `Your account cannot be erased yet. ${blockers.map((b) => b.message).join(' ')}`;
}

/** Everything the store holds about the customer, as My privacy's download and the desk's export give it. */
export async function exportOf(db: Db, customerId: number, storeName: string, at: Date): Promise<PrivacyExport> {
  const repo = customersRepository(db);
  const profile = await repo.profile(customerId);
  if (!profile) throw new DomainError('CUSTOMER_NOT_FOUND', 'There is no such customer.');
  const orderRows = await repo.orders(customerId);
  const planRows = await repo.harvestPlans(customerId);
  const [details, instalments, addresses, paymentRows, refundRows, reviews, appointments, designs, credit, wished, consents, nominee, changes] =
    await Promise.all([
      repo.orderDetails(orderRows.map((o) => o.id)),
      repo.harvestInstalments(planRows.map((p) => p.id)),
      repo.addresses(customerId),
      repo.payments(customerId),
      repo.refunds(customerId),
      repo.reviews(customerId),
      repo.appointments(customerId),
      repo.customDesigns(customerId),
      repo.storeCredit(customerId),
      repo.wishlist(customerId),
      consentsOf(db, customerId),
      nomineeOfCustomer(db, customerId),
      emailChangesOf(db, customerId),
    ]);
  // Issue 42: what the newer modules hold of the customer, each read by the customer's id.
  const [redemptions, metal, locks, returned, exchanges, complaints, partners, sizers, cart, messageConsents, phoneMessages] = await Promise.all([
    repo.harvestRedemptions(customerId),
    repo.metalAccount(customerId),
    repo.rateLocks(customerId),
    repo.returns(customerId),
    repo.exchanges(customerId),
    repo.complaints(customerId),
    repo.tradePartnerApplications(customerId),
    repo.sizerRequests(customerId),
    repo.cart(customerId),
    repo.messageConsents(customerId),
    repo.phoneMessages(customerId),
  ]);
  const periods = profile.erasedAt ? [] : addressPeriods(profile.createdAt, profile.email, changes);
  const [messages, alerts] = await Promise.all([repo.messages(periods), repo.rateAlerts(customerId, periods)]);
  const address = (a: {
    firstName: string;
    lastName: string;
    address: string;
    landmark: string | null;
    city: string;
    state: string | null;
    pincode: string;
    country: string;
    phone: string;
  }) => ({
    firstName: a.firstName,
    lastName: a.lastName,
    address: a.address,
    landmark: a.landmark,
    city: a.city,
    state: a.state,
    pincode: a.pincode,
    country: a.country,
    phone: a.phone,
  });
  return {
    exportedAt: iso(at),
    store: storeName,
    note: `Everything ${storeName} holds about you, as of the time above. Amounts are in paise (100 paise = 1 rupee) and weights in milligrams (1,000 mg = 1 gram), as each field's name says. Payments show the payment gateway's references only: card numbers never reach us. Messages list the mails we sent to your address while it was yours (their subjects), and phone messages the SMS and WhatsApp messages we sent you (their kind, never their words), as long as we keep them.`,
    profile: {
      customerId: profile.id,
      username: profile.username,
      email: profile.email,
      firstName: profile.firstName,
      lastName: profile.lastName,
      mobile: profile.mobile,
      phone: profile.phone,
      phoneVerifiedAt: isoOrNull(profile.phoneVerifiedAt),
      createdAt: iso(profile.createdAt),
      erasedAt: isoOrNull(profile.erasedAt),
    },
    emailChanges: changes.map((c) => ({ oldEmail: c.oldEmail, newEmail: c.newEmail, at: iso(c.at), undoneAt: isoOrNull(c.undoneAt) })),
    addresses: addresses.map((a) => ({ ...address(a), isDefault: a.isDefault, createdAt: iso(a.createdAt) })),
    orders: orderRows.map((o) => ({
      orderNumber: o.orderNumber,
      status: o.status,
      placedAt: iso(o.placedAt),
      paymentMethod: o.paymentMethod,
      subtotalPaise: o.subtotalPaise,
      discountPaise: o.discountPaise,
      shippingPaise: o.shippingPaise,
      taxPaise: o.taxPaise,
      totalPaise: o.totalPaise,
      couponCode: o.couponCode,
      companyName: o.companyName,
      companyGstin: o.companyGstin,
      pan: o.pan,
      invoicedAt: isoOrNull(o.invoicedAt),
      deliveredAt: isoOrNull(o.deliveredAt),
      lines: details.lines
        .filter((l) => l.orderId === o.id)
        .map((l) => ({
          productName: l.productName,
          sku: l.sku,
          quantity: l.quantity,
          unitPricePaise: l.unitPricePaise,
          lineTotalPaise: l.lineTotalPaise,
          huid: l.huid,
        })),
      addresses: details.addresses.filter((a) => a.orderId === o.id).map((a) => ({ kind: a.kind, ...address(a) })),
      statusHistory: details.history.filter((h) => h.orderId === o.id).map((h) => ({ status: h.status, at: iso(h.at) })),
    })),
    payments: paymentRows.map((p) => ({
      purpose: p.purpose,
      orderNumber: p.orderNumber,
      amountPaise: p.amountPaise,
      status: p.status,
      method: p.method,
      gateway: p.gateway,
      gatewayOrderId: p.gatewayOrderId,
      gatewayPaymentId: p.gatewayRef,
      refundedPaise: p.refundedPaise,
      createdAt: iso(p.createdAt),
      paidAt: isoOrNull(p.paidAt),
      refunds: refundRows
        .filter((r) => r.paymentId === p.id)
        .map((r) => ({ amountPaise: r.amountPaise, status: r.status, gatewayRefundId: r.gatewayRefundId, createdAt: iso(r.createdAt) })),
    })),
    harvestPlans: planRows.map((p) => ({
      planId: p.id,
      status: p.status,
      monthlyAmountPaise: p.monthlyAmountPaise,
      email: p.email,
      redeemableBalancePaise: p.redeemableBalancePaise,
      startedAt: iso(p.startedAt),
      maturesAt: iso(p.maturesAt),
      closedAt: isoOrNull(p.closedAt),
      instalments: instalments
        .filter((i) => i.planId === p.id)
        .map((i) => ({ number: i.number, dueDate: i.dueDate, amountPaise: i.amountPaise - i.discountPaise, status: i.status, paidAt: isoOrNull(i.paidAt) })),
      redemptions: redemptions
        .filter((r) => r.planId === p.id)
        .map((r) => ({ orderNumber: r.orderNumber, amountPaise: r.amountPaise, spentAt: iso(r.spentAt), returnedAt: isoOrNull(r.returnedAt) })),
    })),
    reviews: reviews.map((r) => ({ ...r, createdAt: iso(r.createdAt), editedAt: isoOrNull(r.editedAt) })),
    appointments: appointments.map((a) => ({ ...a, createdAt: iso(a.createdAt) })),
    customDesigns: designs.map((d) => ({ ...d, createdAt: iso(d.createdAt) })),
    storeCredit: credit.map((c) => ({ ...c, createdAt: iso(c.createdAt) })),
    metalAccount: {
      credits: metal.credits.map((c) => ({
        creditId: c.id,
        grossMg: c.grossMg,
        purityPerMille: c.purityPerMille,
        meltingLossPerMille: c.meltingLossPerMille,
        fineMg: c.fineMg,
        usedMg: c.usedMg,
        soldMg: c.soldMg,
        expiredMg: c.expiredMg,
        leftMg: c.fineMg - c.usedMg - c.soldMg - c.expiredMg,
        note: c.note,
        madeAt: iso(c.madeAt),
        expiresAt: iso(c.expiresAt),
      })),
      debits: metal.debits.map((d) => ({
        creditId: d.creditId,
        kind: d.kind,
        mg: d.mg,
        valuePaise: d.paise,
        orderNumber: d.orderNumber,
        at: iso(d.createdAt),
        returnedAt: isoOrNull(d.returnedAt),
      })),
    },
    rateLocks: locks.locks.map((l) => ({
      lockId: l.id,
      metal: l.metal,
      purity: l.purity,
      lockedMg: l.lockedMg,
      usedMg: l.usedMg,
      leftMg: l.lockedMg - l.usedMg,
      ratePaisePerGram: l.ratePaisePerGram,
      rateDate: l.rateDate,
      advancePercent: l.advancePercent,
      advancePaise: l.advancePaise,
      advanceUsedPaise: l.advanceUsedPaise,
      periodDays: l.periodDays,
      unusedAdvance: l.unusedAdvance,
      status: l.status,
      createdAt: iso(l.createdAt),
      paidAt: isoOrNull(l.paidAt),
      endsAt: isoOrNull(l.endsAt),
      endedAt: isoOrNull(l.endedAt),
      advanceRefundedPaise: l.advanceRefundedPaise,
      advanceKeptPaise: l.advanceKeptPaise,
      uses: locks.uses
        .filter((u) => u.rateLockId === l.id)
        .map((u) => ({
          orderNumber: u.orderNumber,
          usedMg: u.usedMg,
          advancePaise: u.advancePaise,
          at: iso(u.createdAt),
          returnedAt: isoOrNull(u.returnedAt),
        })),
    })),
    rateAlerts: alerts.map((a) => ({
      metal: a.metal,
      purity: a.purity,
      direction: a.direction,
      levelPaisePerGram: a.levelPaisePerGram,
      channel: a.channel,
      email: a.email,
      phone: a.phone,
      status: a.status,
      rateAtRequestPaisePerGram: a.rateAtRequestPaise,
      createdAt: iso(a.createdAt),
      confirmedAt: isoOrNull(a.confirmedAt),
      crossedAt: isoOrNull(a.firedAt),
      crossedRatePaisePerGram: a.firedRatePaise,
      stoppedAt: isoOrNull(a.stoppedAt),
    })),
    returns: returned.rows.map(({ id, createdAt, ...r }) => ({
      ...r,
      createdAt: iso(createdAt),
      lines: returned.lines.filter((l) => l.returnId === id).map(({ returnId: _, ...l }) => l),
      history: returned.steps.filter((e) => e.returnId === id).map((e) => ({ status: e.status, note: e.note, at: iso(e.at) })),
    })),
    exchanges: exchanges.map((e) => ({ ...e, createdAt: iso(e.createdAt), settledAt: isoOrNull(e.settledAt) })),
    complaints: complaints.rows.map(({ id, createdAt, acknowledgeBy, resolveBy, acknowledgedAt, resolvedAt, reopenedAt, ...c }) => ({
      ...c,
      createdAt: iso(createdAt),
      acknowledgeBy: iso(acknowledgeBy),
      resolveBy: iso(resolveBy),
      acknowledgedAt: isoOrNull(acknowledgedAt),
      resolvedAt: isoOrNull(resolvedAt),
      reopenedAt: isoOrNull(reopenedAt),
      thread: complaints.thread.filter((m) => m.complaintId === id).map((m) => ({ kind: m.kind, body: m.body, event: m.event, at: iso(m.at) })),
    })),
    tradePartnerApplications: partners.rows.map((a) => ({
      reference: partnerReference(a.id),
      form: a.form,
      partnerType: a.partnerType,
      status: a.status,
      firstName: a.firstName,
      middleName: a.middleName,
      lastName: a.lastName,
      companyName: a.companyName,
      email: a.email,
      phone: a.phone,
      countryCode: a.countryCode,
      company: {
        type: a.compType,
        typeOther: a.compTypeOther,
        address1: a.compAdd1,
        address2: a.compAdd2,
        city: a.compCity,
        state: a.compState,
        postalCode: a.compPostal,
        pan: a.compPan,
        gstin: a.compGst,
        invoiceName: a.compInvoiceName,
        withEffectFrom: a.compWef,
        bankName: a.compBankName,
        bankAccount: a.compAccount,
        bankBranch: a.compBranch,
        ifsc: a.compIfsc,
        retail: a.compRetail,
        location: a.compLocation,
      },
      showroom: {
        name: a.srName,
        area: a.srArea,
        established: a.srEstDate,
        address1: a.srAdd1,
        address2: a.srAdd2,
        city: a.srCity,
        state: a.srState,
        pincode: a.srPin,
      },
      categoryShares: {
        bangles: a.compBa,
        bracelets: a.compBr,
        earrings: a.compEr,
        fingerRings: a.compFr,
        necklaces: a.compNe,
        nosePins: a.compNo,
        pendants: a.compPe,
      },
      owners: partners.owners
        .filter((o) => o.applicationId === a.id)
        .map((o) => ({ name: o.name, mobile: o.mobile, email: o.email, dob: o.dob, anniversary: o.anniversary })),
      contacts: partners.contacts.filter((c) => c.applicationId === a.id).map((c) => ({ role: c.role, name: c.name, phone: c.phone, email: c.email })),
      createdAt: iso(a.createdAt),
    })),
    sizerRequests: sizers.map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
    cart: cart.map((l) => ({ ...l, options: { ...l.options }, addedAt: iso(l.addedAt) })),
    wishlist: wished.map((w) => ({ productName: w.productName, addedAt: iso(w.addedAt) })),
    consents: { current: consents.marketing, history: consents.history },
    messageConsents: messageConsents.map((c) => ({ ...c, changedAt: iso(c.changedAt) })),
    nominee,
    messages: messages.map((m) => ({ subject: m.subject, kind: m.kind, status: m.status, createdAt: iso(m.createdAt), sentAt: isoOrNull(m.sentAt) })),
    phoneMessages: phoneMessages.map((m) => ({ ...m, createdAt: iso(m.createdAt), sentAt: isoOrNull(m.sentAt) })),
  };
}

/** The file name of an export: the store's name, the customer's id and the day. */
export function exportFileName(customerId: number, at: Date): string {
  return `milli-data-${customerId}-${at.toISOString().slice(0, 10)}.json`;
}

/**
 * Erases the customer's personal data in the caller's transaction, which holds the customer's row (issue 38, decision
 * 044): the confirmation mail goes to the address they had, then each module makes anonymous what it owns
 * (ERASED_ON_ERASURE), consents are withdrawn, and the account becomes a placeholder nobody can log in to. What the
 * tax laws keep (RETAINED_ON_ERASURE) is left as it is. Refuses an account already erased, or one with anything open.
 */
export async function eraseCustomer(tx: Db, customerId: number, brand: Parameters<typeof erasedMail>[0], at: Date): Promise<void> {
  const repo = customersRepository(tx);
  const row = await findCustomer(tx, customerId);
  if (!row) throw new DomainError('CUSTOMER_NOT_FOUND', 'There is no such customer.');
  if (row.erasedAt) throw new DomainError('ALREADY_ERASED', 'This account was erased already.');
  const blockers = await erasureBlockers(tx, customerId);
  if (blockers.length > 0) throw new DomainError('ERASURE_BLOCKED', blockedMessage(blockers));
  const changes = await emailChangesOf(tx, customerId);
  const addresses = [row.email, ...changes.flatMap((c) => [c.oldEmail, c.newEmail])];

  await forgetMailTo(tx, addresses);
  // Issue 41: their SMS and WhatsApp messages (numbers and values) and message preferences go too.
  await forgetMessagesOf(tx, customerId);
  // Issue 42: rate alerts hold an address or a number, and nothing of them is kept for the law.
  await forgetRateAlertsOf(tx, customerId, addresses);
  await queueMail(tx, erasedMail(brand, row.email));
  await anonymiseOrdersOf(tx, customerId, ERASED_NAME);
  await forgetAddressBook(tx, customerId);
  await anonymiseAppointments(tx, customerId, ERASED_NAME, at);
  await anonymiseSizerRequests(tx, customerId, ERASED_NAME);
  await forgetPlanEmails(tx, customerId, erasedEmail(customerId));
  await forgetWishlist(tx, customerId);
  await emptyCart(tx, customerId);
  const consents = await repo.latestConsents(customerId);
  await repo.recordConsents(consents.filter((c) => c.granted).map((c) => ({ customerId, channel: c.channel, granted: false, source: 'erasure' as const, at })));
  await repo.forget(customerId);
  await eraseAccount(tx, customerId, at);
}

export interface CustomersDeps {
  db: Db;
  limiter: RateLimiter;
  settings: Pick<SettingsService, 'brand'>;
  /** The accounts service: the password that confirms an erasure, and the desk's corrections. */
  accounts: Pick<AccountsService, 'confirmPassword' | 'correct'>;
  /** After a transaction that queued mail has committed. */
  mailQueued: () => void;
  /** After a transaction that ended sessions or changed a customer has committed. */
  sessionsChanged: () => void;
  now?: () => Date;
}

/** The shopper's side of their rights (My privacy): consents, the nominee, the export and erasure. */
export function createPrivacyService(deps: CustomersDeps) {
  const { db, limiter } = deps;
  const now = deps.now ?? (() => new Date());
  const repo = customersRepository(db);

  return {
    consents: (customerId: number) => consentsOf(db, customerId),

    /** Records each channel whose choice changed (a new row of the history each); the same choice again records nothing. */
    async setConsents(customerId: number, update: ConsentsUpdate): Promise<Consents> {
      await db.transaction(async (tx) => {
        await limiter.take(PRIVACY_LIMITS.consentsDay, privacySubject(customerId), tx);
        // One change at a time per customer: two tabs saving at once cannot both read the old choice and both record.
        await lockCustomer(tx, customerId);
        const t = customersRepository(tx);
        const latest = await t.latestConsents(customerId);
        const at = now();
        const changed = MARKETING_CHANNELS.filter((channel) => (latest.find((l) => l.channel === channel)?.granted ?? false) !== update[channel]);
        await t.recordConsents(changed.map((channel) => ({ customerId, channel, granted: update[channel], source: 'customer' as const, at })));
      });
      return consentsOf(db, customerId);
    },

    nominee: (customerId: number) => nomineeOfCustomer(db, customerId),

    async setNominee(customerId: number, email: string, input: NomineeUpdate): Promise<Nominee> {
      const brand = await deps.settings.brand();
      const row = await db.transaction(async (tx) => {
        await limiter.take(PRIVACY_LIMITS.nomineeDay, privacySubject(customerId), tx);
        const saved = await customersRepository(tx).setNominee(
          customerId,
          { name: input.name, relationship: input.relationship, email: input.email ?? null, phone: input.phone ?? null },
          now(),
        );
        await queueMail(tx, nomineeMail(brand, email, { name: saved.name, relationship: saved.relationship }));
        return saved;
      });
      deps.mailQueued();
      return nomineeOf(row)!;
    },

    async removeNominee(customerId: number, email: string): Promise<void> {
      const brand = await deps.settings.brand();
      await db.transaction(async (tx) => {
        await limiter.take(PRIVACY_LIMITS.nomineeDay, privacySubject(customerId), tx);
        if (!(await customersRepository(tx).removeNominee(customerId))) throw new DomainError('NOMINEE_NOT_FOUND', 'You have not named a nominee.');
        await queueMail(tx, nomineeMail(brand, email, null));
      });
      deps.mailQueued();
    },

    async overview(customerId: number): Promise<PrivacyOverview> {
      const [nominee, blockers] = await Promise.all([nomineeOfCustomer(db, customerId), erasureBlockers(db, customerId)]);
      return { nominee, erasure: { blockers, retained: RETAINED_ON_ERASURE.map((r) => r.key) } };
    },

    /** The download, counted against the account's allowance for the day (in the database, so every instance shares it). */
    async export(customerId: number) {
      await limiter.take(PRIVACY_LIMITS.exportDay, privacySubject(customerId));
      const at = now();
      const brand = await deps.settings.brand();
      return { file: await exportOf(db, customerId, brand.storeName, at), fileName: exportFileName(customerId, at) };
    },

    /** Mails a code that confirms an erasure (for an account without a password it knows); a few a day per account. */
    async sendErasureCode(customerId: number, email: string) {
      const blockers = await erasureBlockers(db, customerId);
      if (blockers.length > 0) throw new DomainError('ERASURE_BLOCKED', blockedMessage(blockers));
      const code = String(randomInt(0, 10 ** ERASURE_CODE_DIGITS)).padStart(ERASURE_CODE_DIGITS, '0');
      const brand = await deps.settings.brand();
      const at = now();
      await db.transaction(async (tx) => {
        await limiter.take(PRIVACY_LIMITS.erasureCodeDay, privacySubject(customerId), tx);
        await customersRepository(tx).issueCode(
          customerId,
          hashToken(`${customerId}:${code}`),
          new Date(at.getTime() + ERASURE_CODE_MINUTES * 60_000),
          ERASURE_CODE_TRIES,
          at,
        );
        await queueMail(tx, erasureCodeMail(brand, email, code, ERASURE_CODE_MINUTES));
      });
      deps.mailQueued();
      return { message: `We have mailed a ${ERASURE_CODE_DIGITS}-digit code to ${email}. It works for ${ERASURE_CODE_MINUTES} minutes.` };
    },

    /**
     * The customer's own erasure, confirmed by their password or the mailed code. What blocks it is told before the
     * password or code is looked at, so a blocked request spends neither.
     */
    async erase(customerId: number, input: EraseAccount) {
      const early = await erasureBlockers(db, customerId);
      if (early.length > 0) throw new DomainError('ERASURE_BLOCKED', blockedMessage(early));
      if (input.password !== undefined) {
        if (!(await deps.accounts.confirmPassword(customerId, input.password))) {
          const message = 'Your password is not correct.';
          throw new DomainError('INVALID_REQUEST', message, { password: message });
        }
      } else if (!(await repo.spendCode(customerId, hashToken(`${customerId}:${input.code}`), now()))) {
        const message = 'The code is not correct or has expired. Ask for a new code.';
        throw new DomainError('ERASURE_CODE_INVALID', message, { code: message });
      }
      const brand = await deps.settings.brand();
      await db.transaction(async (tx) => {
        await lockCustomer(tx, customerId);
        await eraseCustomer(tx, customerId, brand, now());
      });
      deps.sessionsChanged();
      deps.mailQueued();
      return {
        message: `Your account has been erased and you have been logged out. We keep only what the tax laws require, locked, for ${RETENTION_YEARS} years after the end of the financial year of each sale.`,
      };
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
