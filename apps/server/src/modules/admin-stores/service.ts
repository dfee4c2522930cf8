import {
  AdminStoreFormSchema,
  toAdminPage,
  type AdminPinPosition,
  type AdminStore,
  type AdminStoreForm,
  type AdminStoreListQuery,
} from '@milli/contracts/schemas';
import type { Db } from '@milli/db';
import { DomainError } from '../../domain-error.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { positionOfPincode } from '../stores/service.ts';
import { adminStoresRepository } from './repository.ts';

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof adminStoresRepository>['byId']>>>;

const answer = (r: Row): AdminStore => ({
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
 * The back office's stores: the rows the store locator (/store, modules/stores) lists. Every write is audited in
 * its transaction; the routes drop the read cache after it commits, so the locator shows the change at once.
 */
export function createAdminStoresService(db: Db) {
  return {
    async list(query: AdminStoreListQuery) {
      const { rows, total } = await adminStoresRepository(db).list(query);
      return toAdminPage(rows.map(answer), total, query);
    },

    async get(id: number) {
      const found = await adminStoresRepository(db).byId(id);
      if (!found) throw notFound();
      return answer(found);
    },

    /** `form` as the route's schema (AdminStoreFormSchema) has checked it. */
    async create(actor: AuditActor, form: AdminStoreForm) {
      return db.transaction(async (tx) => {
        const created = await adminStoresRepository(tx).insert(columns(form));
        await recordAudit(tx, actor, { action: 'create', entity: 'store', entityId: created.id, before: null, after: answer(created) });
        return answer(created);
      });
    },

    async update(actor: AuditActor, id: number, patch: Record<string, unknown>) {
      return db.transaction(async (tx) => {
        const repo = adminStoresRepository(tx);
        const before = await repo.byId(id, { lock: true });
        if (!before) throw notFound();
        const known: Record<string, unknown> = answer(before);
        const given = Object.fromEntries(Object.entries(patch).filter(([k]) => k in known && k !== 'id'));
        const form = parseForm({ ...known, ...given });
        const after = await repo.update(id, columns(form));
        await recordAudit(tx, actor, { action: 'update', entity: 'store', entityId: id, before: answer(before), after: answer(after) });
        return answer(after);
      });
    },

    async remove(actor: AuditActor, id: number) {
      await db.transaction(async (tx) => {
        const repo = adminStoresRepository(tx);
        const before = await repo.byId(id, { lock: true });
        if (!before) throw notFound();
        await repo.remove(id);
        await recordAudit(tx, actor, { action: 'delete', entity: 'store', entityId: id, before: answer(before), after: null });
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
