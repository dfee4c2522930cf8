/**
 * Product photos uploaded in the back office (issue 17) are stored re-encoded at these widths, as AVIF and
 * WebP, under /media/catalogue/products/{id}/{name}-{width}.{avif|webp}. The widths follow the storefront's
 * pictures: the product page's thumbnails (120 px, 240 at 2×), the listing tile (480 px, 960 at 2×) and the
 * product page's main picture (640 px, 1280 at 2×). Browser-safe: the storefront builds srcset from it.
 */
export const CATALOGUE_IMAGE_WIDTHS = [240, 480, 640, 960, 1280] as const;
export const CATALOGUE_IMAGE_FORMATS = ['avif', 'webp'] as const;
export const CATALOGUE_MEDIA_PREFIX = '/media/catalogue/';
/** The rendition products.image and product_images.path name (the WebP at the main picture's width). */
export const CATALOGUE_MAIN_WIDTH = 640;

/**
 * A staff-uploaded 360° turn's frames (decision 066) fill the product page's stage only (640 px, 100vw on a phone),
 * so they are stored at the stage's widths as WebP alone: a turn fetches every frame, and AVIF's encoding of up to
 * 72 frames at five widths would keep the upload waiting for minutes. The frame's address is its 640 px WebP.
 */
export const CATALOGUE_SPIN_WIDTHS = [640, 960, 1280] as const;

const UPLOADED = /^\/media\/catalogue\/(products\/[0-9]+\/[a-f0-9]{16})-[0-9]+\.(?:avif|webp)$/;

/** For a stored upload's path: srcset of each format ('…-240.avif 240w, …'), or null for anything else (demo art). */
export function catalogueSrcSets(path: string | null | undefined): { avif: string; webp: string } | null {
  const m = path ? UPLOADED.exec(path) : null;
  if (!m) return null;
  const base = `${CATALOGUE_MEDIA_PREFIX}${m[1]}`;
  const set = (format: string) => CATALOGUE_IMAGE_WIDTHS.map((w) => `${base}-${w}.${format} ${w}w`).join(', ');
  return { avif: set('avif'), webp: set('webp') };
}

/** The path of one rendition of an upload (e.g. the 240 px thumbnail), or the path itself for anything else. */
export function catalogueRendition(path: string, width: number, format: 'avif' | 'webp' = 'webp'): string {
  const m = UPLOADED.exec(path);
  return m ? `${CATALOGUE_MEDIA_PREFIX}${m[1]}-${width}.${format}` : path;
}

/** For an uploaded turn's frame: its WebP srcset at the stage's widths, or null for anything else (a drawn frame). */
export function catalogueSpinSrcSet(path: string): string | null {
  const m = UPLOADED.exec(path);
  return m ? CATALOGUE_SPIN_WIDTHS.map((w) => `${CATALOGUE_MEDIA_PREFIX}${m[1]}-${w}.webp ${w}w`).join(', ') : null;
}
