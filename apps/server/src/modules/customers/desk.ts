import type { AdminCustomer, AdminCustomerCorrection, AdminCustomerListQuery, AdminCustomerRow } from '@milli/contracts/schemas';
import { toAdminPage } from '@milli/contracts/schemas';
import type { Db } from '@milli/db';
import { DomainError } from '../../domain-error.ts';
import { emailChangesOf, lockCustomer } from '../accounts/service.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { addressPeriods, consentsOf, erasureBlockers, eraseCustomer, exportFileName, exportOf, nomineeOfCustomer, type CustomersDeps } from './service.ts';
import { customersRepository } from './repository.ts';

const iso = (d: Date) => d.toISOString();
/** How the desk names a customer: their name, else their username (an erased one's says 'Erased customer #id'). */
const nameOf = (r: { firstName: string; lastName: string; username: string }) => `${r.firstName} ${r.lastName}`.trim() || r.username;
const NOT_FOUND = 'There is no such customer.';

/**
 * The customer desk (issue 38, permission 'customers'): the search, a customer's whole record, corrections, notes, and
 * an export or erasure carried out on the customer's behalf. Every write, the export included, is in the audit log.
 */
export function createCustomerDesk(deps: CustomersDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const repo = customersRepository(db);

  async function detail(id: number, on: Db = db): Promise<AdminCustomer> {
    const r = customersRepository(on);
    const profile = await r.profile(id);
    if (!profile) throw new DomainError('CUSTOMER_NOT_FOUND', NOT_FOUND);
    const [addresses, orders, payments, plans, consents, nominee, notes, counts, changes, blockers] = await Promise.all([
      r.addresses(id),
      r.orders(id, 200),
      r.payments(id, 200),
      r.harvestPlans(id),
      consentsOf(on, id),
      nomineeOfCustomer(on, id),
      r.notes(id),
      r.orderCount(id),
      emailChangesOf(on, id),
      profile.erasedAt ? Promise.resolve([]) : erasureBlockers(on, id),
    ]);
    const messages = profile.erasedAt ? [] : await r.messages(addressPeriods(profile.createdAt, profile.email, changes), 100);
    return {
      profile: {
        id: profile.id,
        name: nameOf(profile),
        username: profile.username,
        email: profile.email,
        mobile: profile.mobile,
        orderCount: counts.count,
        lastOrderAt: counts.lastOrderAt ? iso(counts.lastOrderAt) : null,
        createdAt: iso(profile.createdAt),
        erased: profile.erasedAt !== null,
        firstName: profile.firstName,
        lastName: profile.lastName,
        erasedAt: profile.erasedAt ? iso(profile.erasedAt) : null,
      },
      addresses: addresses.map((a) => ({
        id: a.id,
        name: `${a.firstName} ${a.lastName}`.trim(),
        lines: [a.address, a.landmark, a.city, a.state].filter(Boolean).join(', '),
        pincode: a.pincode,
        phone: a.phone,
        isDefault: a.isDefault,
      })),
      orders: orders.map((o) => ({
        orderNumber: o.orderNumber,
        status: o.status,
        placedAt: iso(o.placedAt),
        totalPaise: o.totalPaise,
        invoiced: o.invoicedAt !== null,
        paymentMethod: o.paymentMethod,
      })),
      payments: payments.map((p) => ({
        id: p.id,
        purpose: p.purpose,
        orderNumber: p.orderNumber,
        amountPaise: p.amountPaise,
        status: p.status,
        method: p.method,
        gatewayPaymentId: p.gatewayRef,
        refundedPaise: p.refundedPaise,
        createdAt: iso(p.createdAt),
      })),
      harvestPlans: plans.map((p) => ({
        id: p.id,
        status: p.status,
        monthlyAmountPaise: p.monthlyAmountPaise,
        balancePaise: p.redeemableBalancePaise,
        startedAt: iso(p.startedAt),
      })),
      consents,
      nominee,
      messages: messages.map((m) => ({ subject: m.subject, kind: m.kind, status: m.status, createdAt: iso(m.createdAt) })),
      notes: notes.map((n) => ({ id: n.id, text: n.text, by: n.by, at: iso(n.at) })),
      erasureBlockers: blockers,
    };
  }

  return {
    async search(query: AdminCustomerListQuery) {
      const { rows, total } = await repo.search(query);
      const data: AdminCustomerRow[] = rows.map((r) => ({
        id: r.id,
        name: nameOf(r),
        username: r.username,
        email: r.email,
        mobile: r.mobile,
        orderCount: r.orderCount,
        lastOrderAt: r.lastOrderAt ? iso(r.lastOrderAt) : null,
        createdAt: iso(r.createdAt),
        erased: r.erasedAt !== null,
      }));
      return toAdminPage(data, total, query);
    },

    detail: (id: number) => detail(id),

    /** A name, mobile or e-mail corrected, with the fields before and after in the audit log. */
    async correct(actor: AuditActor, id: number, input: AdminCustomerCorrection): Promise<AdminCustomer> {
      const { reason, mobile, ...names } = input;
      const changes = { ...names, ...(mobile === undefined ? {} : { mobile: mobile === '' ? null : mobile }) };
      const emailChanged = await db.transaction(async (tx) => {
        const { before, after, emailChanged } = await deps.accounts.correct(tx, id, changes);
        await recordAudit(tx, actor, { action: 'correct', entity: 'customer', entityId: id, before: { ...before, reason }, after });
        return emailChanged;
      });
      deps.sessionsChanged();
      if (emailChanged) deps.mailQueued();
      return detail(id);
    },

    /** A note on the customer's record. The audit log names it, without its words: those go with an erasure. */
    async addNote(actor: AuditActor, id: number, text: string): Promise<AdminCustomer> {
      await db.transaction(async (tx) => {
        await lockCustomer(tx, id);
        const profile = await customersRepository(tx).profile(id);
        if (!profile) throw new DomainError('CUSTOMER_NOT_FOUND', NOT_FOUND);
        if (profile.erasedAt) throw new DomainError('ALREADY_ERASED', 'This customer’s data was erased: no note can be added.');
        const noteId = await customersRepository(tx).addNote({ customerId: id, staffId: actor.staffId, staffEmail: actor.staffEmail, text });
        await recordAudit(tx, actor, { action: 'create', entity: 'customer-note', entityId: noteId, after: { customerId: id } });
      });
      return detail(id);
    },

    /** The customer's export, carried out by staff for them (they hand it over); the audit log records who took it. */
    async export(actor: AuditActor, id: number) {
      const at = now();
      const brand = await deps.settings.brand();
      return db.transaction(async (tx) => {
        const file = await exportOf(tx, id, brand.storeName, at);
        await recordAudit(tx, actor, { action: 'export', entity: 'customer', entityId: id, after: { exportedAt: iso(at) } });
        return { file, fileName: exportFileName(id, at) };
      });
    },

    /**
     * An erasure carried out on the customer's behalf (they asked by phone, letter or mail and staff checked it was
     * them). The audit line keeps how it was asked, and none of the erased data.
     */
    async erase(actor: AuditActor, id: number, reason: string): Promise<AdminCustomer> {
      const brand = await deps.settings.brand();
      await db.transaction(async (tx) => {
        await lockCustomer(tx, id);
        await eraseCustomer(tx, id, brand, now());
        await recordAudit(tx, actor, { action: 'erase', entity: 'customer', entityId: id, after: { erased: true, reason } });
      });
      deps.sessionsChanged();
      deps.mailQueued();
      return detail(id);
    },
  };
}

export type CustomerDesk = ReturnType<typeof createCustomerDesk>;
