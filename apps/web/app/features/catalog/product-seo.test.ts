import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '@milli/contracts';
import { jsonForScript, productDescription, productJsonLd, productMeta } from './product-seo.ts';
import { categoryEntries, sitemapXml } from './sitemap.ts';
import { goldPricing } from '../../lib/pricing-fixture.ts';

const product = (over: Partial<ProductDetail> = {}): ProductDetail => ({
  product_id: 7,
  product_name: 'Aarna Jhumka',
  product_category: 'Earrings',
  product_material: 'Gold',
  product_price: 42487.5,
  product_price_paise: 42_487_50,
  product_sku: 'G-EAR-007',
  product_tags: 'Jhumka, Festive',
  product_parent_image: '/media/art/jhumka/yellow-gold/1.svg',
  product_stock_status: 'In Stock',
  product_rating: 4.5,
  product_on_sale: false,
  product_price_before_paise: null,
  product_discount_percent: null,
  product_description: 'Temple jhumkas in 22kt gold.',
  product_metal: 'gold',
  product_metal_colour: 'Yellow Gold',
  product_purity: 22,
  product_metal_weight_g: 5.25,
  product_diamond_weight_ct: null,
  product_stones: [],
  product_hallmarked: true,
  product_country_of_origin: 'India',
  product_stock: 3,
  product_review_count: 0,
  product_images: [],
  product_views: [],
  product_spin: [],
  product_video: null,
  pricing: goldPricing({ makingChargePaise: 450000, ratesPaisePerGram: { '22': 700000 }, diamondRatesPaisePerCarat: {}, purities: [22] }),
  ...over,
});

describe('product SEO', () => {
  it('titles the page with the store and the product, and gives OpenGraph an absolute image', () => {
    const tags = productMeta(product(), 'https://milli.example', '/product-detail/7');
    expect(tags).toContainEqual({ title: 'Milli | Aarna Jhumka' });
    expect(tags).toContainEqual({ property: 'og:type', content: 'product' });
    // Messaging apps show no SVG in link previews: the drawing's PNG rendition is named instead.
    expect(tags).toContainEqual({ property: 'og:image', content: 'https://milli.example/media/art/jhumka/yellow-gold/1.png' });
    expect(tags).toContainEqual({ property: 'og:image:type', content: 'image/png' });
    expect(tags).toContainEqual({ property: 'og:image:width', content: '1200' });
    expect(tags).toContainEqual({ name: 'description', content: 'Temple jhumkas in 22kt gold.' });
  });

  it('describes the schema.org Product with its offer in rupees', () => {
    const ld = productJsonLd(product(), 'https://milli.example', '/product-detail/7');
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: 'Aarna Jhumka',
      sku: 'G-EAR-007',
      image: ['https://milli.example/media/art/jhumka/yellow-gold/1.svg'],
      offers: { priceCurrency: 'INR', price: '42487.50', availability: 'https://schema.org/InStock' },
    });
    const out = productJsonLd(product({ product_stock: 0, product_stock_status: 'Out of Stock' }), 'https://m.example', '/p');
    expect((out.offers as { availability: string }).availability).toBe('https://schema.org/OutOfStock');
  });

  it('cannot be broken out of its script element', () => {
    const text = jsonForScript({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('</script');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });

  it('shortens a long description at a word', () => {
    const long = product({ product_description: 'word '.repeat(80) });
    const d = productDescription(long);
    expect(d.length).toBeLessThanOrEqual(160);
    expect(d.endsWith('word…')).toBe(true);
  });
});

describe('sitemap', () => {
  it('lists absolute, escaped, de-duplicated addresses', () => {
    const xml = sitemapXml('https://milli.example', [
      { path: '/', priority: 1 },
      { path: '/product-detail/7', changefreq: 'weekly' },
      { path: '/product-detail/7' },
      ...categoryEntries(['Rings']),
    ]);
    expect(xml).toContain('<loc>https://milli.example/</loc><priority>1.0</priority>');
    expect(xml.match(/product-detail\/7/g)).toHaveLength(1);
    expect(xml).toContain(`https://milli.example/alljewellery/productfilter/${encodeURIComponent('{"category":"Fingerring"}')}`);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });
});
