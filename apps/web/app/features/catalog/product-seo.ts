import type { ProductDetail } from '@milli/contracts';
import { pageTitle } from '../../lib/meta.ts';
import { productPaise, screenCategory } from './catalog-text.ts';

/** Search engines show about this many characters of a description. */
const DESCRIPTION_MAX = 160;

export function absoluteUrl(origin: string, path: string): string {
  try {
    return new URL(path || '/placeholder-jewel.svg', origin).href;
  } catch {
    return path;
  }
}

export function inStock(product: Pick<ProductDetail, 'product_stock' | 'product_stock_status'>): boolean {
  return product.product_stock > 0 && !/out/i.test(product.product_stock_status);
}

/** One line about the piece: its own description, shortened at a word, or what it is made of. */
export function productDescription(product: ProductDetail): string {
  const text = product.product_description.replace(/\s+/g, ' ').trim();
  const fallback = `${product.product_name}: ${screenCategory(product.product_category)} in ${product.product_metal} from Milli, certified jewellery delivered across India.`;
  const chosen = text || fallback;
  if (chosen.length <= DESCRIPTION_MAX) return chosen;
  const cut = chosen.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

/**
 * The picture for link previews: messaging apps do not show SVG, so a demo drawing
 * (/media/art/….svg) is named by its PNG rendition (same path, .png, 1200 px square).
 */
export function previewImage(path: string): { path: string; type: string; size?: number } {
  if (/^\/media\/art\/.+\.svg$/.test(path)) return { path: `${path.slice(0, -4)}.png`, type: 'image/png', size: 1200 };
  return { path, type: /\.webp$/.test(path) ? 'image/webp' : /\.png$/.test(path) ? 'image/png' : 'image/jpeg' };
}

/** Title, description and OpenGraph tags of a product page, for React Router's meta export. */
export function productMeta(product: ProductDetail, origin: string, path: string) {
  const description = productDescription(product);
  const preview = previewImage(product.product_parent_image);
  const image = absoluteUrl(origin, preview.path);
  const url = absoluteUrl(origin, path);
  const price = (productPaise(product) / 100).toFixed(2);
  return [
    { title: pageTitle(product.product_name) },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'product' },
    { property: 'og:site_name', content: 'Milli' },
    { property: 'og:title', content: product.product_name },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:type', content: preview.type },
    ...(preview.size
      ? [
          { property: 'og:image:width', content: String(preview.size) },
          { property: 'og:image:height', content: String(preview.size) },
        ]
      : []),
    { property: 'og:image:alt', content: product.product_name },
    { property: 'product:price:amount', content: price },
    { property: 'product:price:currency', content: 'INR' },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
}

/** schema.org Product for search engines' rich results. */
export function productJsonLd(product: ProductDetail, origin: string, path: string): Record<string, unknown> {
  const images = [product.product_parent_image, ...product.product_images].filter(Boolean);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.product_name,
    sku: product.product_sku,
    description: productDescription(product),
    image: [...new Set(images)].map((src) => absoluteUrl(origin, src)),
    category: screenCategory(product.product_category),
    material: product.product_metal.charAt(0).toUpperCase() + product.product_metal.slice(1),
    brand: { '@type': 'Brand', name: 'Milli' },
    offers: {
      '@type': 'Offer',
      url: absoluteUrl(origin, path),
      priceCurrency: 'INR',
      price: (productPaise(product) / 100).toFixed(2),
      availability: inStock(product) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
}

/**
 * JSON for an inline <script type="application/ld+json">: '<' is escaped so no text in a product's
 * name or description can close the script element.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
