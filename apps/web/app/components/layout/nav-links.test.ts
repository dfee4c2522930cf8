import { describe, expect, it } from 'vitest';
import { PRICE_BANDS } from '@milli/contracts';
import { OPEN_PRICE_MAX, filterHref, priceBandHref, searchHref } from './nav-links.ts';

const decodeFilter = (href: string) => JSON.parse(decodeURIComponent(href.replace('/alljewellery/productfilter/', ''))) as Record<string, string>;

describe('header links', () => {
  it('sends Rings as Fingerring in the filter JSON, other categories unchanged', () => {
    expect(decodeFilter(filterHref({ material: 'Gold', category: 'Rings', tag: 'Solitaire' }))).toEqual({
      material: 'Gold',
      category: 'Fingerring',
      tag: 'Solitaire',
    });
    expect(decodeFilter(filterHref({ material: 'Silver', category: 'Nose Pins', stone: 'Pearl' }))).toEqual({
      material: 'Silver',
      category: 'Nose Pins',
      stone: 'Pearl',
    });
  });

  it('maps the seven price bands to jewellery-by-price, then price1…price6, in order', () => {
    const hrefs = PRICE_BANDS.map((_, i) => priceBandHref(i));
    expect(hrefs).toEqual([
      '/jewellery-by-price/0/10000',
      '/jewellery-by-price1/10000/20000',
      '/jewellery-by-price2/20000/30000',
      '/jewellery-by-price3/30000/50000',
      '/jewellery-by-price4/50000/75000',
      '/jewellery-by-price5/75000/100000',
      `/jewellery-by-price6/100000/${OPEN_PRICE_MAX}`,
    ]);
  });

  it('encodes search text as the q parameter', () => {
    expect(searchHref('rose gold & pearl')).toBe('/alljewellery?q=rose%20gold%20%26%20pearl');
  });
});

describe('gifting links (DECISIONS §7)', () => {
  it('are collections by occasion and recipient, never free-text searches', async () => {
    const { GIFT_OCCASION_NAMES, GIFT_RECIPIENT_NAMES } = await import('@milli/contracts');
    const { GIFT_OCCASIONS, GIFT_RECIPIENTS, WEDDING_GIFTS } = await import('./nav-links.ts');
    for (const gift of [...GIFT_OCCASIONS, WEDDING_GIFTS]) {
      expect(decodeFilter(gift.href), gift.label).toEqual({ occasion: gift.short });
      expect(GIFT_OCCASION_NAMES).toContain(gift.short);
    }
    expect(GIFT_RECIPIENTS.map((r) => decodeFilter(r.href))).toEqual(GIFT_RECIPIENT_NAMES.map((recipient) => ({ recipient })));
  });
});
