import { toAdminPage, type AdminReview, type AdminReviewHide, type AdminReviewListQuery } from '@milli/contracts/schemas';
import type { Db } from '@milli/db';
import { DomainError } from '../../domain-error.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { adminReviewsRepository } from './repository.ts';
import { photoOf } from '../reviews/storage.ts';
import { reviewerName } from '../catalog/service.ts';

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof adminReviewsRepository>['byId']>>>;
type PhotoRow = Awaited<ReturnType<ReturnType<typeof adminReviewsRepository>['photos']>>[number];

const answer = (r: Row, photos: PhotoRow[] = []): AdminReview => ({
  id: r.id,
  product: { id: r.productId, name: r.productName },
  // Named as the storefront names the reviewer: moderating a review needs neither the e-mail nor the full name.
  customer: { id: r.customerId, name: reviewerName(r.firstName, r.lastName) },
  rating: r.rating,
  title: r.title,
  text: r.text,
  hidden: r.hidden,
  hiddenBy: r.hidden ? r.hiddenBy : null,
  hiddenAt: r.hiddenAt?.toISOString() ?? null,
  hiddenReason: r.hiddenReason,
  createdAt: r.createdAt.toISOString(),
  verified: r.orderLineId !== null,
  orderNumber: r.orderNumber,
  editedAt: r.editedAt?.toISOString() ?? null,
  photos: photos.filter((p) => p.reviewId === r.id).map(photoOf),
});

/**
 * The review desk (issue 19, permission 'catalogue'): every review, searched and filtered; hide with a reason or
 * restore, audited. A hidden review is kept but neither shown nor counted (the catalogue reads `not hidden`);
 * the routes forget the read cache after each write, so product pages show it at once.
 */
export function createAdminReviewsService(db: Db) {
  async function change(actor: AuditActor, id: number, hide: AdminReviewHide | null) {
    return db.transaction(async (tx) => {
      const repo = adminReviewsRepository(tx);
      const found = await repo.byId(id, { lock: true });
      if (!found) throw new DomainError('NOT_FOUND', 'There is no such review.');
      if (hide && found.hidden) throw new DomainError('CONFLICT', 'This review is already hidden.');
      if (!hide && !found.hidden) throw new DomainError('CONFLICT', 'This review is not hidden.');
      await repo.setHidden(id, hide ? { by: actor.staffId, at: new Date(), reason: hide.reason } : null);
      const photos = await repo.photos([id]);
      const after = answer((await repo.byId(id))!, photos);
      await recordAudit(tx, actor, {
        action: hide ? 'hide' : 'restore',
        entity: 'review',
        entityId: id,
        before: answer(found, photos),
        after: hide ? { ...after, reason: hide.reason } : after,
      });
      return after;
    });
  }

  return {
    async list(query: AdminReviewListQuery) {
      const repo = adminReviewsRepository(db);
      const { rows, total } = await repo.list(query);
      const photos = await repo.photos(rows.map((r) => r.id));
      return toAdminPage(
        rows.map((r) => answer(r, photos)),
        total,
        query,
      );
    },
    hide: (actor: AuditActor, id: number, input: AdminReviewHide) => change(actor, id, input),
    restore: (actor: AuditActor, id: number) => change(actor, id, null),
  };
}
