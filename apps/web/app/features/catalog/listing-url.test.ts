import { describe, expect, it } from 'vitest';
import {
  facetsPath,
  fromFilterForm,
  hrefWithFilter,
  listingHref,
  pageItems,
  parseFilterJson,
  parseListing,
  productListPath,
  showingRange,
  toggleFilter,
  type ListingState,
} from './listing-url.ts';

const q = (s = '') => new URLSearchParams(s);
const state = (over: Partial<ListingState> = {}): ListingState => ({ filter: {}, sort: 0, page: 1, ...over });

describe('showingRange (spec §4: start = (page-1)*12+1, end = min(start+11, total))', () => {
  it('counts a full first page', () => expect(showingRange(1, 40)).toEqual({ start: 1, end: 12 }));
  it('caps the last page at the total', () => expect(showingRange(4, 40)).toEqual({ start: 37, end: 40 }));
  it('a single short page', () => expect(showingRange(1, 5)).toEqual({ start: 1, end: 5 }));
});

describe('pageItems (first, last, window of 2, ellipses)', () => {
  it('is hidden for one page or none', () => {
    expect(pageItems(1, 1)).toEqual([]);
    expect(pageItems(1, 0)).toEqual([]);
  });
  it('shows every page when they all fit', () => expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]));
  it('puts an ellipsis after the first page when the window is far from it', () => expect(pageItems(10, 10)).toEqual([1, 'gap-start', 8, 9, 10]));
  it('puts ellipses on both sides in the middle', () => expect(pageItems(10, 20)).toEqual([1, 'gap-start', 8, 9, 10, 11, 12, 'gap-end', 20]));
  it('starts at the beginning', () => expect(pageItems(1, 20)).toEqual([1, 2, 3, 'gap-end', 20]));
  it('keeps a page past the end inside the range', () => expect(pageItems(99, 6)).toEqual([1, 'gap-start', 4, 5, 6]));
});

describe('parseListing', () => {
  it('reads the spec filter JSON from the path and page and sort from the query', () => {
    const r = parseListing({ filterType: '{"material":"Gold","category":"Fingerring"}' }, q('page=2&sort=8'));
    expect(r).toEqual({ ok: true, state: { filter: { material: ['Gold'], category: ['Fingerring'] }, sort: 8, page: 2 } });
  });
  it('reads /alljewellery/{page}', () => {
    expect(parseListing({ page: '3' }, q())).toEqual({ ok: true, state: { filter: {}, sort: 0, page: 3 } });
  });
  it('reads a price route and keeps its base', () => {
    const r = parseListing({ min: '10000', max: '20000' }, q(), 'jewellery-by-price1');
    expect(r).toEqual({ ok: true, state: { filter: { minPrice: 10000, maxPrice: 20000 }, sort: 0, page: 1, priceBase: 'jewellery-by-price1' } });
  });
  it('accepts prices written as strings or numbers in the JSON', () => {
    const r = parseFilterJson('{"minPrice":"500","maxPrice":1000}');
    expect(r).toEqual({ ok: true, filter: { minPrice: 500, maxPrice: 1000 } });
  });
  it('lets the query string add a search to a filtered page, and an empty one clear it', () => {
    const r = parseListing({ filterType: '{"material":"Gold","q":"old"}' }, q('q=jhumka'));
    expect(r.ok && r.state.filter).toEqual({ material: ['Gold'], q: 'jhumka' });
    const cleared = parseListing({ filterType: '{"material":"Gold","q":"old"}' }, q('q='));
    expect(cleared.ok && cleared.state.filter).toEqual({ material: ['Gold'] });
  });
  it('ignores unknown keys and falls back to the default sort for an unknown one', () => {
    const r = parseListing({ filterType: '{"material":"Gold","foo":"bar"}' }, q('sort=3'));
    expect(r.ok && r.state).toEqual({ filter: { material: ['Gold'] }, sort: 0, page: 1 });
  });
  it.each([
    ['JSON that does not parse', { filterType: '{material:' }, ''],
    ['a JSON array', { filterType: '[1,2]' }, ''],
    ['an object value', { filterType: '{"material":{"$ne":1}}' }, ''],
    ['a non-numeric price', { filterType: '{"minPrice":"cheap"}' }, ''],
    ['min above max', { filterType: '{"minPrice":5000,"maxPrice":100}' }, ''],
    ['a negative price', { min: '-1', max: '100' }, ''],
    ['a price route with words', { min: 'abc', max: '100' }, ''],
    ['a price route with min above max', { min: '900', max: '100' }, ''],
    ['a non-numeric page', { page: 'two' }, ''],
    ['page zero', {}, 'page=0'],
    ['a huge page', {}, 'page=99999999999'],
    ['a text too long', {}, `q=${'a'.repeat(201)}`],
  ])('refuses %s', (_name, params, search) => {
    expect(parseListing(params, q(search)).ok).toBe(false);
  });
});

describe('listingHref: one address per state', () => {
  it('everything, first page, default sort', () => expect(listingHref(state())).toBe('/alljewellery'));
  it('everything, a later page', () => expect(listingHref(state({ page: 2, sort: 8 }))).toBe('/alljewellery/2?sort=8'));
  it('a search alone stays on /alljewellery', () =>
    expect(listingHref(state({ filter: { q: 'gold ring' }, page: 2 }))).toBe('/alljewellery?q=gold+ring&page=2'));
  it('a filter goes into the productfilter JSON, page and sort into the query string', () => {
    const href = listingHref(state({ filter: { category: ['Fingerring'], material: ['Gold'] }, page: 2, sort: 8 }));
    expect(href).toBe(`/alljewellery/productfilter/${encodeURIComponent('{"material":"Gold","category":"Fingerring"}')}?sort=8&page=2`);
  });
  it('keeps a price route while only the band is chosen', () => {
    const s = state({ filter: { minPrice: 0, maxPrice: 10000 }, priceBase: 'jewellery-by-price', page: 3 });
    expect(listingHref(s)).toBe('/jewellery-by-price/0/10000?page=3');
    expect(hrefWithFilter(s, { ...s.filter, material: ['Gold'] })).toBe(
      `/alljewellery/productfilter/${encodeURIComponent('{"material":"Gold","minPrice":0,"maxPrice":10000}')}`,
    );
  });
  it('round-trips through parseListing', () => {
    const s = state({ filter: { material: ['Diamond'], tag: ['Jhumka'], colour: ['Red'], minPrice: 100, q: 'x y' }, sort: 16, page: 4 });
    const url = new URL(listingHref(s), 'http://x');
    const filterType = decodeURIComponent(url.pathname.split('/').pop() ?? '');
    expect(parseListing({ filterType }, url.searchParams)).toEqual({ ok: true, state: s });
  });
});

describe('toggleFilter', () => {
  it('sets, then removes the same value', () => {
    const on = toggleFilter({}, 'material', 'Gold');
    expect(on).toEqual({ material: ['Gold'] });
    expect(toggleFilter(on, 'material', 'Gold')).toEqual({});
  });
  it('a new category drops the old category’s style tag', () =>
    expect(toggleFilter({ category: ['Earrings'], tag: ['Jhumka'] }, 'category', 'Fingerring')).toEqual({ category: ['Earrings', 'Fingerring'] }));
});

describe('facetsPath', () => {
  it('sends the filters and the query, not the sort or the page (the counts do not depend on them)', () =>
    expect(facetsPath(state({ filter: { category: ['Rings'], q: 'सोने की अंगूठी' }, sort: 8, page: 2 }))).toBe(
      `/api/product/facets?category=Rings&q=${encodeURIComponent('सोने की अंगूठी').replace(/%20/g, '+')}`,
    ));
});

describe('productListPath', () => {
  it('sends every filter, the sort and the page', () =>
    expect(productListPath(state({ filter: { material: ['Gold'], minPrice: 0, maxPrice: 10000 }, sort: 2, page: 3 }))).toBe(
      '/api/product/productList?material=Gold&minPrice=0&maxPrice=10000&sort=2&page=3',
    ));
});

describe('several values of a group (issue 40)', () => {
  it('the JSON takes a list, and a group of one value is written as before (old addresses stay the same listings)', () => {
    const r = parseListing({ filterType: '{"material":"Gold","category":["Fingerring","Earrings"]}' }, q());
    expect(r.ok && r.state.filter).toEqual({ material: ['Gold'], category: ['Fingerring', 'Earrings'] });
    expect(listingHref(state({ filter: { material: ['Gold'], category: ['Fingerring', 'Earrings'] } }))).toBe(
      `/alljewellery/productfilter/${encodeURIComponent('{"material":"Gold","category":["Fingerring","Earrings"]}')}`,
    );
  });
  it('reads the filter panel’s form: repeated keys, a price band, and answers with the one address', () => {
    const form = q('sort=8&material=Gold&category=Fingerring&category=Earrings&price=10000-20000');
    expect(fromFilterForm(form)).toBe(true);
    const r = parseListing({}, form);
    expect(r.ok && listingHref(r.state)).toBe(
      `/alljewellery/productfilter/${encodeURIComponent('{"material":"Gold","category":["Fingerring","Earrings"],"minPrice":10000,"maxPrice":20000}')}?sort=8`,
    );
    const open = parseListing({}, q('price=50000-'));
    expect(open.ok && open.state.filter).toEqual({ minPrice: 50000 });
    expect(fromFilterForm(q('q=ring&sort=8'))).toBe(false);
  });
  it('an empty price and no boxes ticked is everything (Clear, then Apply)', () => {
    const r = parseListing({}, q('price='));
    expect(r.ok && listingHref(r.state)).toBe('/alljewellery');
  });
  it('refuses a group of more values than the server takes, or a value that is not text', () => {
    expect(parseFilterJson(JSON.stringify({ stone: Array.from({ length: 21 }, (_, i) => `s${i}`) })).ok).toBe(false);
    expect(parseFilterJson('{"category":[{"$ne":1}]}').ok).toBe(false);
    expect(parseListing({}, q('price=cheap')).ok).toBe(false);
  });
  it('a toggle adds a value to its group and takes it out again; the last one out removes the group', () => {
    const two = toggleFilter({ category: ['Fingerring'] }, 'category', 'Earrings');
    expect(two).toEqual({ category: ['Fingerring', 'Earrings'] });
    expect(toggleFilter(two, 'category', 'Fingerring')).toEqual({ category: ['Earrings'] });
    expect(toggleFilter({ category: ['Earrings'] }, 'category', 'Earrings')).toEqual({});
  });
  it('sends each value to the API as its own key', () =>
    expect(productListPath(state({ filter: { category: ['Fingerring', 'Earrings'] } }))).toBe(
      '/api/product/productList?category=Fingerring&category=Earrings&sort=0&page=1',
    ));
});
