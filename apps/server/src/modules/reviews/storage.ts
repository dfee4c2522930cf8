import { randomBytes } from 'node:crypto';
import type { ReviewPhoto } from '@milli/contracts';
import type { ReviewPhotoRow } from './repository.ts';
import type { FileStore } from '../../lib/storage.ts';

/** What the store names review photos: reviews/{review id}/{32 hex}[-thumb].webp. Nothing else is served. */
export const REVIEW_PHOTO_PATH = /^reviews\/\d{1,10}\/[0-9a-f]{32}(?:-thumb)?\.webp$/;
export const REVIEW_MEDIA_PREFIX = '/media/reviews/';
export const reviewPhotoUrl = (key: string) => `${REVIEW_MEDIA_PREFIX}${key.slice('reviews/'.length)}`;

/** Writes one photo pair (already sniffed, sized and re-encoded to WebP by lib/images.ts). */
export async function writeReviewPhoto(files: FileStore, reviewId: number, main: Buffer, thumb: Buffer) {
  const name = randomBytes(16).toString('hex');
  const path = `reviews/${reviewId}/${name}.webp`;
  const thumbPath = `reviews/${reviewId}/${name}-thumb.webp`;
  await files.put(path, main, 'image/webp');
  await files.put(thumbPath, thumb, 'image/webp');
  return { path, thumbPath };
}

/** A stored photo as the screens show it (the product page, the shopper's form, the review desk). */
export const photoOf = (p: ReviewPhotoRow): ReviewPhoto => ({
  url: reviewPhotoUrl(p.path),
  thumbUrl: reviewPhotoUrl(p.thumbPath ?? p.path),
  width: p.width,
  height: p.height,
});
