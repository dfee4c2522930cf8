import { describe, expect, it } from 'vitest';
import { PRICE_BANDS } from '@milli/contracts';
import { OPEN_PRICE_MAX, filterHref, priceBandHref, searchHref } from './nav-links.ts';

const decodeFilter = (href: string) =>
  JSON.parse(decodeURIComponent(href.replace('/alljewellery/productfilter/', ''))) as Record<string, string>;

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
