/**
 * The stores' two desks in the back office: the store desk (permission 'catalogue'), which keeps the rows the store
 * locator lists, and the sizer desk (permission 'orders'), which posts the ring sizers shoppers ask for.
 */
import {
  AdminStoreFormSchema,
  toAdminPage,
  type AdminPinPosition,
  type AdminSizerListQuery,
  type AdminSizerRequest,
  type AdminSizerStatus,
  type AdminStore,
  type AdminStoreForm,
  type AdminStoreListQuery,
} from '@milli/contracts/schemas';
import type { Db } from '@milli/db';
import { DomainError } from '../../domain-error.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { queueMail } from '../mail/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { sizerSentMail } from './mail.ts';
import { createStoresRepository } from './repository.ts';
import { positionOfPincode } from './service.ts';

type StoreRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createStoresRepository>['storeById']>>>;

const storeAnswer = (r: StoreRow): AdminStore => ({
  id: r.id,
  name: r.name,
  city: r.city,
  address: r.address,
  pincode: r.pincode,
  phone: r.phone,
  hours: r.hours,
  latitude: r.latitude,
  longitude: r.longitude,
  sortOrder: r.sortOrder,
  active: r.active,
});

const columns = (form: AdminStoreForm) => ({
  name: form.name,
  city: form.city,
  address: form.address,
  pincode: form.pincode,
  phone: form.phone,
  hours: form.hours,
  latitude: form.latitude as number,
  longitude: form.longitude as number,
  sortOrder: form.sortOrder,
  active: form.active,
});

function parseForm(input: unknown): AdminStoreForm {
  const parsed = AdminStoreFormSchema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? 'form')] ??= issue.message;
  throw new DomainError('INVALID_REQUEST', [...new Set(Object.values(fields))].join(' '), fields);
}

const notFound = () => new DomainError('NOT_FOUND', 'There is no such store.');

/**
 * The back office's stores: the rows the store locator (/store, routes.ts) lists. Every write is audited in
 * its transaction; the routes drop the read cache after it commits, so the locator shows the change at once.
 */
export function createStoreDesk(db: Db) {
  return {
    async list(query: AdminStoreListQuery) {
      const { rows, total } = await createStoresRepository(db).storePage(query);
      return toAdminPage(rows.map(storeAnswer), total, query);
    },

    async get(id: number) {
      const found = await createStoresRepository(db).storeById(id);
      if (!found) throw notFound();
      return storeAnswer(found);
    },

    /** `form` as the route's schema (AdminStoreFormSchema) has checked it. */
    async create(actor: AuditActor, form: AdminStoreForm) {
      return db.transaction(async (tx) => {
        const created = await createStoresRepository(tx).insertStore(columns(form));
        await recordAudit(tx, actor, { action: 'create', entity: 'store', entityId: created.id, before: null, after: storeAnswer(created) });
        return storeAnswer(created);
      });
    },

    async update(actor: AuditActor, id: number, patch: Record<string, unknown>) {
      return db.transaction(async (tx) => {
        const repo = createStoresRepository(tx);
        const before = await repo.storeById(id, { lock: true });
        if (!before) throw notFound();
        const known: Record<string, unknown> = storeAnswer(before);
        const given = Object.fromEntries(Object.entries(patch).filter(([k]) => k in known && k !== 'id'));
        const form = parseForm({ ...known, ...given });
        const after = await repo.updateStore(id, columns(form));
        await recordAudit(tx, actor, { action: 'update', entity: 'store', entityId: id, before: storeAnswer(before), after: storeAnswer(after) });
        return storeAnswer(after);
      });
    },

    async remove(actor: AuditActor, id: number) {
      await db.transaction(async (tx) => {
        const repo = createStoresRepository(tx);
        const before = await repo.storeById(id, { lock: true });
        if (!before) throw notFound();
        await repo.removeStore(id);
        await recordAudit(tx, actor, { action: 'delete', entity: 'store', entityId: id, before: storeAnswer(before), after: null });
      });
    },

    /** The position the form's 'use this position' fills in: the centre of the city the PIN lies in. */
    position(pincode: string): AdminPinPosition {
      const found = positionOfPincode(pincode);
      if (!found) {
        throw new DomainError('NOT_FOUND', `The store locator knows no city for pincode ${pincode}: please enter the latitude and longitude yourself.`, {
          pincode: 'No known city for this pincode: enter the position yourself.',
        });
      }
      return found;
    },
  };
}

type SizerRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createStoresRepository>['sizerRequestById']>>>;

const sizerAnswer = (r: SizerRow): AdminSizerRequest => ({
  id: r.id,
  name: r.name,
  phone: r.phone,
  email: r.email,
  address: r.address,
  product: r.productId !== null && r.productName !== null ? { id: r.productId, name: r.productName } : null,
  customerId: r.customerId,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
});

/** Where each status may go: forward only (New → Sent → Closed, or New → Closed). */
const NEXT: Record<AdminSizerRequest['status'], readonly AdminSizerStatus['status'][]> = { New: ['Sent', 'Closed'], Sent: ['Closed'], Closed: [] };

/** The sizer desk (permission 'orders'): the queue of 'Get Free Sizer' requests, marked Sent (the shopper is mailed) and Closed. */
export function createSizerDesk(db: Db, settings: Pick<SettingsService, 'brand'>) {
  return {
    async list(query: AdminSizerListQuery) {
      const { rows, total } = await createStoresRepository(db).sizerRequestPage(query);
      return toAdminPage(rows.map(sizerAnswer), total, query);
    },

    /** Moves a request on, audited, in one transaction; marking it Sent queues the shopper's mail in it too. */
    async setStatus(actor: AuditActor, id: number, change: AdminSizerStatus) {
      const brand = await settings.brand();
      return db.transaction(async (tx) => {
        const repo = createStoresRepository(tx);
        const found = await repo.sizerRequestById(id, { lock: true });
        if (!found) throw new DomainError('NOT_FOUND', 'There is no such sizer request.');
        const before = sizerAnswer(found);
        if (!NEXT[before.status].includes(change.status)) {
          const message =
            before.status === change.status
              ? `This request is already ${before.status}.`
              : `This request is ${before.status}: it cannot go back to ${change.status}.`;
          throw new DomainError('CONFLICT', message);
        }
        await repo.setSizerRequestStatus(id, change.status);
        const after = { ...before, status: change.status };
        await recordAudit(tx, actor, {
          action: change.status === 'Sent' ? 'mark-sent' : 'close',
          entity: 'sizer-request',
          entityId: id,
          before,
          after: change.note ? { ...after, note: change.note } : after,
        });
        if (change.status === 'Sent') {
          await queueMail(
            tx,
            sizerSentMail(brand, { name: before.name, email: before.email, address: before.address, productName: before.product?.name ?? null }),
          );
        }
        return after;
      });
    },
  };
}
