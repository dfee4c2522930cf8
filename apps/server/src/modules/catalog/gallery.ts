/**
 * The product page's gallery (issue 40), from what the detail statement read: the pictures in staff's order with what
 * each shows and its alt text (the main picture first, as every listing shows it), the frames of the piece's 360° turn
 * (the one staff uploaded, else the demo drawings'), and its film with a poster (the uploaded one, else the first view).
 */
import { artSpinFrames } from '@milli/db';
import { PRODUCT_VIDEO_TYPES, PRODUCT_VIEWS, viewAlt, type ProductView, type ProductVideoType } from '@milli/contracts';
import type { ProductDetail } from '@milli/contracts/schemas';
import type { VideoCell, ViewCell } from './repository.ts';

const isView = (v: string | null): v is ProductView => v !== null && (PRODUCT_VIEWS as readonly string[]).includes(v);
const isVideoType = (v: string): v is ProductVideoType => (PRODUCT_VIDEO_TYPES as readonly string[]).includes(v);

export function galleryOf(product: {
  name: string;
  image: string;
  views: ViewCell[];
  spinFrames: number;
  /** The frames of a turn staff uploaded (decision 066), or null. */
  spin: string[] | null;
  video: VideoCell | null;
}): Pick<ProductDetail, 'product_images' | 'product_views' | 'product_spin' | 'product_video'> {
  const rows = product.views.map(([src, view, alt, width, height]) => ({ src, view: isView(view) ? view : null, alt, width, height }));
  // The main picture leads: it is the first upload (the desk keeps them so) or, for a piece without uploads, its drawing.
  if (!rows.some((r) => r.src === product.image)) rows.unshift({ src: product.image, view: 'front', alt: '', width: null, height: null });
  else rows.sort((a, b) => Number(b.src === product.image) - Number(a.src === product.image));
  const seen = new Set<string>();
  const views = rows.filter((r) => !seen.has(r.src) && seen.add(r.src)).map((r, i) => ({ ...r, alt: viewAlt(product.name, r.alt, r.view, i) }));
  const [videoPath, videoType, poster] = product.video ?? [];
  return {
    product_images: views.map((v) => v.src),
    product_views: views,
    // Staff's photographed turn wins; else the demo turn, drawn from whichever of the piece's pictures is a drawing
    // (reordering the views keeps it).
    product_spin:
      product.spin && product.spin.length > 0
        ? product.spin
        : product.spinFrames > 0
          ? (views.map((v) => artSpinFrames(v.src, product.spinFrames)).find((f) => f.length > 0) ?? [])
          : [],
    product_video: videoPath && videoType && isVideoType(videoType) ? { src: videoPath, type: videoType, poster: poster ?? product.image } : null,
  };
}
