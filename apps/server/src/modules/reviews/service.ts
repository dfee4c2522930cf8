import {
  REVIEW_PHOTOS_MAX,
  ReviewWriteSchema,
  toAdminPage,
  type AdminReview,
  type AdminReviewHide,
  type AdminReviewListQuery,
  type MyReview,
  type MyReviewState,
} from '@milli/contracts/schemas';
import type { Db } from '@milli/db';
import { DomainError } from '../../domain-error.ts';
import type { FileStore } from '../../lib/storage.ts';
import type { SessionCustomer } from '../../plugins/session.ts';
import { processImages } from '../../lib/images.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { reviewsRepository, type ReviewPhotoRow } from './repository.ts';
import { photoOf, writeReviewPhoto } from './storage.ts';

/** The catalogue shows the product page's review photos as the review screens do. */
export { photoOf };

/** The words every refusal to a non-buyer uses, on the API and on the product page. */
export const NOT_BUYER_MESSAGE = 'Only customers who received this piece can review it. Reviews here come from verified buyers.';
/** A title taken from the text is at most this long. */
export const DERIVED_TITLE_MAX = 60;

/**
 * A review with no title is titled by its first words: the first line of the text, cut at a word before
 * DERIVED_TITLE_MAX characters with an ellipsis. The reviews table wants a title, and a shopper's first words
 * are a truer heading than a made-up one.
 */
export function reviewTitleFrom(text: string): string {
  const first = text.trim().split(/\r?\n/)[0]!.trim().replace(/\s+/g, ' ');
  if (first.length <= DERIVED_TITLE_MAX) return first;
  const cut = first.slice(0, DERIVED_TITLE_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > 20 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** 'Priya S.': how a review is signed on the storefront; never the e-mail, which is private. */
export function reviewerName(firstName: string, lastName: string): string {
  const first = firstName.trim();
  const initial = lastName.trim().charAt(0).toUpperCase();
  if (!first) return initial ? `${initial}.` : 'A Milli shopper';
  return initial ? `${first} ${initial}.` : first;
}

type ReviewRow = NonNullable<Awaited<ReturnType<ReturnType<typeof reviewsRepository>['mine']>>>;
const mineOf = (r: ReviewRow, photos: ReviewPhotoRow[]): MyReview => ({
  review_id: r.id,
  rating: r.rating,
  title: r.title,
  text: r.text,
  photos: photos.map(photoOf),
  hidden: r.hidden,
  created_at: r.createdAt.toISOString(),
  edited_at: r.editedAt?.toISOString() ?? null,
});

type DeskRow = NonNullable<Awaited<ReturnType<ReturnType<typeof reviewsRepository>['byId']>>>;

const deskAnswer = (r: DeskRow, photos: ReviewPhotoRow[] = []): AdminReview => ({
  id: r.id,
  product: { id: r.productId, name: r.productName },
  // Named as the storefront names the reviewer: moderating a review needs neither the e-mail nor the full name.
  // An erased reviewer (decision 044) is 'Erased customer #id' here, and 'A Milli shopper' on the storefront.
  customer: { id: r.customerId, name: r.erasedAt ? r.username : reviewerName(r.firstName, r.lastName) },
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
 * Reviews from buyers (issue 20). A customer may review a product once they received it (a line of a Delivered
 * order of theirs they did not send back); one review per customer and product, which a second write edits.
 * The review desk (issue 19, permission 'catalogue') lists every review, and hides one with a reason or restores
 * it, audited: a hidden review is kept but neither shown nor counted (the catalogue reads `not hidden`).
 * The routes forget the read cache after each write, so the product page's reviews, count and stars follow at once
 * (the stars and count themselves are kept by the database's trigger on reviews).
 */
export function createReviewsService(db: Db, files: FileStore) {
  const repo = reviewsRepository(db);

  /** Hides (with a reason) or restores a review, audited, in one transaction. */
  async function setHidden(actor: AuditActor, id: number, hide: AdminReviewHide | null) {
    return db.transaction(async (tx) => {
      const r = reviewsRepository(tx);
      const found = await r.byId(id, { lock: true });
      if (!found) throw new DomainError('NOT_FOUND', 'There is no such review.');
      if (hide && found.hidden) throw new DomainError('CONFLICT', 'This review is already hidden.');
      if (!hide && !found.hidden) throw new DomainError('CONFLICT', 'This review is not hidden.');
      await r.setHidden(id, hide ? { by: actor.staffId, at: new Date(), reason: hide.reason } : null);
      const photos = await r.photos([id]);
      const after = deskAnswer((await r.byId(id))!, photos);
      await recordAudit(tx, actor, {
        action: hide ? 'hide' : 'restore',
        entity: 'review',
        entityId: id,
        before: deskAnswer(found, photos),
        after: hide ? { ...after, reason: hide.reason } : after,
      });
      return after;
    });
  }

  return {
    /** GET /api/product/{id}/reviews/mine: may this shopper review it, and their review if any. */
    async state(customer: SessionCustomer, productId: number): Promise<MyReviewState> {
      if (!(await repo.productInShop(productId))) throw new DomainError('PRODUCT_NOT_FOUND', 'This product does not exist.');
      const [line, review] = await Promise.all([repo.keptLine(customer.id, productId), repo.mine(customer.id, productId)]);
      const photos = review ? await repo.photos([review.id]) : [];
      return { canReview: line !== null, reason: line ? null : NOT_BUYER_MESSAGE, review: review ? mineOf(review, photos) : null };
    },

    /**
     * POST /api/product/{id}/reviews: writes the shopper's review, or edits the one they wrote. New photos replace
     * the old ones; `removePhotos` removes them; otherwise they stay.
     */
    async write(customer: SessionCustomer, productId: number, body: Record<string, unknown>, photoFiles: Buffer[]) {
      // Who may write comes first: a non-buyer's text and pictures are never read.
      if (!(await repo.productInShop(productId))) throw new DomainError('PRODUCT_NOT_FOUND', 'This product does not exist.');
      if (!(await repo.keptLine(customer.id, productId))) throw new DomainError('REVIEW_NOT_BUYER', NOT_BUYER_MESSAGE);
      const parsed = ReviewWriteSchema.safeParse(body);
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? 'text')] ??= issue.message;
        throw new DomainError('INVALID_REQUEST', [...new Set(Object.values(fields))].join(' '), fields);
      }
      const input = parsed.data;
      const title = input.title ?? reviewTitleFrom(input.text);
      const images = await processImages(photoFiles, REVIEW_PHOTOS_MAX, { label: 'Photo', plural: 'photos', field: 'photo' });
      const written: string[] = [];
      let removed: ReviewPhotoRow[] = [];
      try {
        const result = await db.transaction(async (tx) => {
          const r = reviewsRepository(tx);
          // Checked again under the transaction: a return asked for meanwhile takes the right away.
          const line = await r.keptLine(customer.id, productId);
          if (!line) throw new DomainError('REVIEW_NOT_BUYER', NOT_BUYER_MESSAGE);
          let review = await r.mine(customer.id, productId, { lock: true });
          let created = false;
          if (!review) {
            review = await r.insert({ productId, customerId: customer.id, rating: input.rating, title, text: input.text, orderLineId: line.id });
            created = review !== null;
            // Two first reviews at once: the other one won; this one edits it.
            review ??= await r.mine(customer.id, productId, { lock: true });
          }
          if (!review) throw new Error('review vanished while being written');
          if (!created) review = await r.update(review.id, { rating: input.rating, title, text: input.text, orderLineId: line.id, editedAt: new Date() });
          if (images.length || input.removePhotos) {
            removed = await r.removePhotos(review.id);
            const rows = [];
            for (const [i, image] of images.entries()) {
              const stored = await writeReviewPhoto(files, review.id, image.main, image.thumb);
              written.push(stored.path, stored.thumbPath);
              rows.push({ reviewId: review.id, slot: i + 1, ...stored, width: image.width, height: image.height });
            }
            await r.insertPhotos(rows);
          }
          return { created, review: mineOf(review, await r.photos([review.id])) };
        });
        // The replaced photos' files go once the new ones are committed.
        await Promise.all(removed.flatMap((p) => [p.path, p.thumbPath ?? p.path]).map((key) => files.delete(key).catch(() => {})));
        return { ...result, message: result.created ? 'Thank you: your review is published.' : 'Your review is updated.' };
      } catch (error) {
        await Promise.all(written.map((key) => files.delete(key).catch(() => {})));
        throw error;
      }
    },

    photoIsPublic: (key: string) => repo.photoIsPublic(key),

    /** GET /api/admin/reviews: every review, hidden ones too, searched and filtered. */
    async list(query: AdminReviewListQuery) {
      const { rows, total } = await repo.list(query);
      const photos = await repo.photos(rows.map((r) => r.id));
      return toAdminPage(
        rows.map((r) => deskAnswer(r, photos)),
        total,
        query,
      );
    },
    hide: (actor: AuditActor, id: number, input: AdminReviewHide) => setHidden(actor, id, input),
    restore: (actor: AuditActor, id: number) => setHidden(actor, id, null),
  };
}
