/**
 * How a piece is seen (issue 40): its views, the frames of its 360° turn and its film. Browser-safe (no zod): the
 * storefront's gallery and the back office's picture list read the same words.
 */

/** What a picture shows: the catalogue's first picture is the front; staff may mark each photo. */
export const PRODUCT_VIEWS = ['front', 'side', 'worn', 'closeup'] as const;
export type ProductView = (typeof PRODUCT_VIEWS)[number];

/** The words of a view in the back office's list and in a picture's alt text when staff gave none. */
export const PRODUCT_VIEW_WORDS: Record<ProductView, string> = {
  front: 'front view',
  side: 'side view',
  worn: 'as worn',
  closeup: 'close-up',
};

/** A film's container (checked by its header, never its name): the two every browser plays. */
export const PRODUCT_VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;
export type ProductVideoType = (typeof PRODUCT_VIDEO_TYPES)[number];
/** The largest film staff may upload: a short clip of a piece, not a programme (decision 056). */
export const MAX_PRODUCT_VIDEO_BYTES = 40 * 1024 * 1024;

/**
 * A 360° turn staff upload (issue 40, decision 066): a sequence of photos of the piece turning, in order. Fewer than
 * 8 frames jump rather than turn; 72 (one per 5°) is as smooth as a drag can tell. Each frame is a photo like any
 * other, at most 5 MB; the whole sequence at most 50 MB, which the product's page in the back office can send.
 */
export const MIN_SPIN_FRAMES = 8;
export const MAX_SPIN_FRAMES = 72;
export const MAX_SPIN_FRAME_BYTES = 5 * 1024 * 1024;
export const MAX_SPIN_BYTES = 50 * 1024 * 1024;

/** A picture's alt text: what staff wrote, else the piece's name and what the view shows. */
export function viewAlt(name: string, alt: string, view: ProductView | null, index: number): string {
  if (alt.trim()) return alt.trim();
  return `${name}, ${view ? PRODUCT_VIEW_WORDS[view] : `picture ${index + 1}`}`;
}
