import type { ImgHTMLAttributes } from 'react';
import { catalogueSrcSets } from '@milli/contracts';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> & { src: string; sizes: string };

/**
 * A product picture. A photo uploaded in the back office comes in several widths as AVIF and WebP
 * (CATALOGUE_IMAGE_WIDTHS): the browser picks the format it reads and the width the layout needs from `sizes`.
 * The demo drawings (/media/art/…, SVG) are one file and stay a plain img. Width and height always reserve
 * the picture's box, so nothing moves when it arrives.
 */
export function ProductPicture({ src, sizes, alt, ...img }: Props) {
  const sets = catalogueSrcSets(src);
  if (!sets) return <img src={src} alt={alt} {...img} />;
  return (
    <picture className="product-picture">
      <source type="image/avif" srcSet={sets.avif} sizes={sizes} />
      <img src={src} srcSet={sets.webp} sizes={sizes} alt={alt} {...img} />
    </picture>
  );
}
