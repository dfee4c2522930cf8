import { toAdminPage, type AdminSizerListQuery, type AdminSizerRequest, type AdminSizerStatus } from '@milli/contracts/schemas';
import type { Db } from '@milli/db';
import { DomainError } from '../../domain-error.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { queueMail } from '../mail/service.ts';
import { createSettingsService } from '../settings/service.ts';
import { sizerSentMail } from './mail.ts';
import { adminSizersRepository } from './repository.ts';

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof adminSizersRepository>['byId']>>>;

const answer = (r: Row): AdminSizerRequest => ({
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
export function createAdminSizersService(db: Db) {
  const settings = createSettingsService(db);
  return {
    async list(query: AdminSizerListQuery) {
      const { rows, total } = await adminSizersRepository(db).list(query);
      return toAdminPage(rows.map(answer), total, query);
    },

    /** Moves a request on, audited, in one transaction; marking it Sent queues the shopper's mail in it too. */
    async setStatus(actor: AuditActor, id: number, change: AdminSizerStatus) {
      const brand = await settings.brand();
      return db.transaction(async (tx) => {
        const repo = adminSizersRepository(tx);
        const found = await repo.byId(id, { lock: true });
        if (!found) throw new DomainError('NOT_FOUND', 'There is no such sizer request.');
        const before = answer(found);
        if (!NEXT[before.status].includes(change.status)) {
          const message =
            before.status === change.status
              ? `This request is already ${before.status}.`
              : `This request is ${before.status}: it cannot go back to ${change.status}.`;
          throw new DomainError('CONFLICT', message);
        }
        await repo.setStatus(id, change.status);
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
