/**
 * The search as shoppers use it (decision 026), through the API on the demo store: each class of query the issue
 * names, "Did you mean", the header's suggestions, facet counts, synonyms as data, and a query set of shopper
 * queries with what they should find, whose score is printed. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_BANDS, type ProductFacets, type ProductPage, type SuggestAnswer } from '@milli/contracts';
import { schema } from '@milli/db';
import { createTestApp, type TestApp } from '../../testing.ts';

const { products } = schema;

interface Row {
  name: string;
  category: string;
  tags: string;
  searchText: string;
  material: string;
  metal: string;
  purity: number | null;
}

let t: TestApp;
let rows: Map<number, Row>;

async function get<T>(url: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}

const search = (q: string, more = '') => get<ProductPage>(`/api/product/productList?q=${encodeURIComponent(q)}${more}`);

beforeAll(async () => {
  t = await createTestApp();
  const loaded = await t.database.db.execute(sql`select p.id, p.name, c.name as category, p.search_text, p.material, p.metal, p.purity,
      coalesce((select string_agg(tg.name, ', ') from product_tags pt join tags tg on tg.id = pt.tag_id where pt.product_id = p.id), '') as tags
    from ${products} p join categories c on c.id = p.category_id`);
  rows = new Map(
    (loaded as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => [
      Number(r.id),
      {
        name: String(r.name),
        category: String(r.category),
        tags: String(r.tags),
        searchText: String(r.search_text),
        material: String(r.material),
        metal: String(r.metal),
        purity: r.purity === null ? null : Number(r.purity),
      },
    ]),
  );
});
afterAll(async () => {
  await t?.close();
});

const text = (r: Row) => `${r.name} ${r.searchText}`;
const is = {
  category: (c: string) => (r: Row) => r.category === c,
  named: (re: RegExp) => (r: Row) => re.test(text(r)),
  purity: (p: number) => (r: Row) => r.metal === 'gold' && r.purity === p,
  metal: (m: string) => (r: Row) => r.metal === m,
  ring: (r: Row) => r.category === 'Rings' || /\bring\b/i.test(r.name),
  bangle: (r: Row) => r.category === 'Bangles',
  necklace: (r: Row) => r.category === 'Necklaces',
  chain: (r: Row) => r.category === 'Chains' || /chain/i.test(r.name),
  jhumka: (r: Row) => /jhumka/i.test(text(r)),
  earrings: (r: Row) => r.category === 'Earrings' || /earring/i.test(r.name),
};
const all =
  (...tests: ((r: Row) => boolean)[]) =>
  (r: Row) =>
    tests.every((f) => f(r));

/** A query set of our own: what a shopper types, and what every piece on the first page must be. */
const QUERY_SET: { q: string; want: ((r: Row) => boolean) | { didYouMean: string } }[] = [
  { q: 'necklace', want: is.necklace },
  { q: 'neckalce', want: is.necklace },
  { q: 'neckless', want: is.necklace },
  { q: 'gold rign', want: is.ring },
  { q: 'chian', want: is.chain },
  { q: 'gold chian', want: all(is.chain, is.metal('gold')) },
  { q: 'jhumka', want: is.jhumka },
  { q: 'jhumki', want: is.jhumka },
  { q: 'jhumkha', want: is.jhumka },
  { q: 'jumka', want: is.jhumka },
  { q: 'jhumkas', want: is.jhumka },
  { q: 'mangal sutra', want: is.named(/mangalsutra/i) },
  { q: 'mangalsutra', want: is.named(/mangalsutra/i) },
  { q: 'nose pin', want: is.category('Nose Pins') },
  { q: 'nosepin', want: is.category('Nose Pins') },
  { q: 'ear rings', want: is.earrings },
  { q: 'earings', want: is.earrings },
  { q: 'perl earrings', want: all(is.named(/pearl/i), is.earrings) },
  { q: 'kundan choker', want: (r) => /\bkundan\b/i.test(r.tags) && /\bchokers\b/i.test(r.tags) },
  { q: 'kundan mangalsutra', want: { didYouMean: 'kundan' } },
  { q: '916 gold ring', want: all(is.ring, is.purity(22)) },
  { q: '22 carat', want: is.purity(22) },
  { q: '22k gold bangle', want: all(is.bangle, is.purity(22)) },
  { q: '18k', want: is.purity(18) },
  { q: '750 gold', want: is.purity(18) },
  { q: '14kt', want: is.purity(14) },
  { q: 'silver 925', want: is.metal('silver') },
  { q: 'sterling silver', want: is.metal('silver') },
  { q: 'platinum 950', want: is.metal('platinum') },
  { q: 'हार', want: is.necklace },
  { q: 'अंगूठी', want: is.ring },
  { q: 'झुमका', want: is.jhumka },
  { q: 'चूड़ी', want: is.bangle },
  { q: 'மோதிரம்', want: is.ring },
  { q: 'வளையல்', want: is.bangle },
  { q: 'सोने की चूड़ी', want: all(is.bangle, is.metal('gold')) },
  { q: 'हीरे की अंगूठी', want: all(is.ring, (r) => r.material === 'Diamond' || /diamond/i.test(r.name)) },
  { q: 'kada', want: is.named(/kada/i) },
  { q: 'kara', want: is.named(/kada/i) },
  { q: 'haar', want: is.necklace },
  { q: 'navratna', want: is.named(/navaratna/i) },
  { q: 'panna ring', want: all(is.ring, is.named(/emerald/i)) },
  { q: 'neelam', want: is.named(/sapphire/i) },
  { q: 'manik', want: is.named(/ruby/i) },
  { q: "men's chain", want: all(is.chain, is.named(/\bmen\b/i)) },
  { q: 'mens bracelet', want: all(is.named(/bracelet/i), is.named(/\bmen\b/i)) },
  { q: 'bangel', want: is.bangle },
  { q: 'braclet', want: is.named(/bracelet/i) },
  { q: 'solitare ring', want: all(is.ring, is.named(/solitaire/i)) },
  { q: 'platnum', want: is.metal('platinum') },
  { q: 'locket', want: (r) => r.category === 'Pendants' || /pendant/i.test(r.name) },
  { q: 'chudi', want: is.bangle },
  { q: 'kemp', want: is.named(/temple/i) },
  { q: 'rose gold pendant', want: all(is.named(/rose gold/i), is.named(/pendant/i)) },
];

describe('the shopper query set', () => {
  it(`finds what ${QUERY_SET.length} shopper queries should find`, async () => {
    const misses: string[] = [];
    for (const { q, want } of QUERY_SET) {
      const body = await search(q);
      if (typeof want === 'function') {
        const wrong = body.data.filter((p) => !want(rows.get(p.product_id)!));
        if (body.totalResults === 0) misses.push(`${q}: nothing${body.didYouMean ? ` (did you mean '${body.didYouMean}')` : ''}`);
        else if (wrong.length > 0)
          misses.push(
            `${q}: ${wrong.length} of ${body.data.length} wrong (${wrong
              .map((p) => p.product_name)
              .slice(0, 3)
              .join(', ')})`,
          );
      } else if (body.totalResults !== 0 || body.didYouMean !== want.didYouMean) {
        misses.push(`${q}: ${body.totalResults} results, did you mean '${body.didYouMean ?? ''}' (want '${want.didYouMean}')`);
      }
    }
    const score = (QUERY_SET.length - misses.length) / QUERY_SET.length;
    console.log(
      `query set: ${QUERY_SET.length - misses.length} / ${QUERY_SET.length} right (${(score * 100).toFixed(0)} %)${misses.length ? `\n  ${misses.join('\n  ')}` : ''}`,
    );
    expect(misses).toEqual([]);
  });
});

describe('classes of query', () => {
  const ids = (p: ProductPage) => p.data.map((x) => x.product_id);

  it('counts a swap of two letters as one typo, in every word of a query', async () => {
    const right = await search('gold chain');
    const wrong = await search('glod chian');
    expect(right.totalResults).toBeGreaterThan(0);
    expect(wrong.totalResults).toBe(right.totalResults);
  });

  it('allows no typo on the first letter of a short word', async () => {
    expect((await search('tuby')).totalResults).toBe(0);
    expect((await search('irng')).totalResults).toBe(0);
    // A swap away from the first letter is allowed even at four letters.
    expect((await search('rnig')).totalResults).toBe((await search('ring')).totalResults);
  });

  it('finds split, joined and plural words alike', async () => {
    expect(ids(await search('mangal sutra')).sort()).toEqual(ids(await search('mangalsutra')).sort());
    expect((await search('nosepin')).totalResults).toBe((await search('nose pin')).totalResults);
    expect((await search('ear rings')).totalResults).toBe((await search('earrings')).totalResults);
    expect((await search("men's rings")).totalResults).toBe((await search('mens rings')).totalResults);
    expect((await search('mens rings')).totalResults).toBeGreaterThan(0);
  });

  it('reads hallmark numbers and purity words as the purity', async () => {
    const kt = await search('22kt gold');
    for (const q of ['916 gold', '22 carat gold', '22k gold', '22 kt gold']) expect((await search(q)).totalResults, q).toBe(kt.totalResults);
  });

  it('finds the same pieces for a Hindi or Tamil word as for its English one', async () => {
    const bangles = await search('bangle');
    for (const q of ['चूड़ी', 'வளையல்', 'chudi']) expect((await search(q)).totalResults, q).toBe(bangles.totalResults);
  });

  it('ranks the shopper’s own word above its synonyms', async () => {
    const haar = await search('haar');
    const literal = haar.data.map((p) => /haar/i.test(p.product_name));
    expect(literal[0]).toBe(true);
    // Once the pieces named 'haar' end, no more come.
    expect(literal.slice(literal.indexOf(false) === -1 ? literal.length : literal.indexOf(false))).not.toContain(true);
    expect(haar.totalResults).toBeGreaterThan(literal.filter(Boolean).length);
  });

  it('says which query a corrected search shows results for (issue 40)', async () => {
    const typo = await search('neckalce');
    expect(typo.totalResults).toBeGreaterThan(0);
    expect(typo.correctedQuery).toBe('necklace');
    const right = await search('necklace');
    expect(right.correctedQuery).toBeUndefined();
    expect(right.totalResults).toBe(typo.totalResults);
  });

  it('answers a search that finds nothing with "Did you mean" and suggestions', async () => {
    const none = await search('kundan mangalsutra');
    expect(none.totalResults).toBe(0);
    expect(none.didYouMean).toBe('kundan');
    expect(none.suggestions).toContain('mangalsutra');
    expect((await search(none.didYouMean!)).totalResults).toBeGreaterThan(0);
    const far = await search('zzqxw');
    expect(far.didYouMean).toBeUndefined();
    // Filters stay: the suggestion must find something with them.
    const filtered = await search('kundan mangalsutra', '&material=Silver');
    if (filtered.didYouMean) expect((await search(filtered.didYouMean, '&material=Silver')).totalResults).toBeGreaterThan(0);
  });

  it('gives the header the same engine: corrections, and the pieces of "Did you mean" when nothing matches', async () => {
    const typo = await get<SuggestAnswer>('/api/product/suggest?q=neckalce');
    expect(typo.data.length).toBeGreaterThan(0);
    expect(typo.data.every((p) => p.product_category === 'Necklaces')).toBe(true);
    const hindi = await get<SuggestAnswer>(`/api/product/suggest?q=${encodeURIComponent('झुमका')}`);
    expect(hindi.data[0]!.product_name).toMatch(/jhumka/i);
    const none = await get<SuggestAnswer>('/api/product/suggest?q=kundan%20mangalsutra');
    expect(none.didYouMean).toBe('kundan');
    expect(none.data.length).toBeGreaterThan(0);
    expect(none.data.every((p) => /kundan/i.test(p.product_tags) || /kundan/i.test(p.product_name))).toBe(true);
  });

  it('counts each filter value for the current query and filters, leaving out values that give none', async () => {
    const facets = await get<ProductFacets>('/api/product/facets?q=gold&category=Rings');
    console.log('facets of q=gold&category=Rings:', JSON.stringify(facets));
    // Each category's count is what choosing it would list.
    for (const [category, n] of Object.entries(facets.category)) {
      expect((await search('gold', `&category=${encodeURIComponent(category)}`)).totalResults, category).toBe(n);
    }
    expect(Object.keys(facets.category).length).toBeGreaterThan(3);
    for (const [material, n] of Object.entries(facets.material)) {
      expect((await search('gold', `&category=Rings&material=${material}`)).totalResults, material).toBe(n);
    }
    const rings = await search('gold', '&category=Rings');
    const bands = PRICE_BANDS.reduce((sum, b) => sum + (facets.price[b.label] ?? 0), 0);
    expect(bands).toBe(rings.totalResults);
    for (const [stone, n] of Object.entries(facets.stone)) {
      expect((await search('gold', `&category=Rings&stone=${encodeURIComponent(stone)}`)).totalResults, stone).toBe(n);
    }
    expect(Object.keys(facets.tag).length).toBeGreaterThan(0);
    expect(
      Object.values({ ...facets.material, ...facets.category, ...facets.stone, ...facets.colour, ...facets.price, ...facets.tag }).every((n) => n > 0),
    ).toBe(true);
    // Without filters, one scan counts every group: each adds up to the catalogue (a piece has one category).
    const everything = await get<ProductFacets>('/api/product/facets');
    const total = (await get<ProductPage>('/api/product/productList')).totalResults;
    expect(Object.values(everything.category).reduce((a, b) => a + b, 0)).toBe(total);
    expect(Object.values(everything.price).reduce((a, b) => a + b, 0)).toBe(total);
    expect(everything.material.Gold! + everything.material.Platinum! + everything.material.Silver!).toBeLessThanOrEqual(total);
    expect(everything.tag).toEqual({});
    // Silver rings have no 18 kt gold: the metal colours of gold leave the silver listing.
    const silver = await get<ProductFacets>('/api/product/facets?material=Silver');
    expect(silver.stone['Rose Gold']).toBeUndefined();
  });

  it("lists the pieces of the material a query names first: every Gold ring before the first Diamond one for 'gold rign'", async () => {
    /** Every card of a search, page by page, in its order. */
    const every = async (q: string) => {
      const first = await search(q);
      const cards = [...first.data];
      for (let page = 2; page <= first.totalPages; page++) cards.push(...(await search(q, `&page=${page}`)).data);
      return cards;
    };
    for (const q of ['gold rign', 'gold ring']) {
      const materials = (await every(q)).map((c) => c.product_material);
      expect(materials, q).toContain('Gold');
      expect(materials, q).toContain('Diamond');
      expect(materials.indexOf('Diamond'), q).toBeGreaterThan(materials.lastIndexOf('Gold'));
    }
    // The header's dropdown ranks as the listing does.
    const header = await get<SuggestAnswer>('/api/product/suggest?q=gold%20rign');
    expect(header.data.map((c) => c.product_material)).toEqual((await search('gold rign')).data.slice(0, header.data.length).map((c) => c.product_material));
    expect(header.data[0]!.product_material).toBe('Gold');
  });

  it("finds the demo store's kundan chokers for 'kundan choker', in the listing and the header", async () => {
    const found = await search('kundan choker');
    expect(found.totalResults).toBeGreaterThanOrEqual(3);
    for (const c of found.data) expect(c.product_tags, c.product_name).toMatch(/Kundan.*Chokers|Chokers.*Kundan/);
    expect(new Set(found.data.map((c) => c.product_material))).toEqual(new Set(['Gold', 'Silver']));
    const header = await get<SuggestAnswer>('/api/product/suggest?q=kundan%20choker');
    expect(header.didYouMean).toBeUndefined();
    expect(header.data.map((c) => c.product_id).sort()).toEqual(found.data.map((c) => c.product_id).sort());
  });

  it('takes synonyms from the table, so the back office can add one', async () => {
    expect((await search('bichhua')).totalResults).toBe(0);
    await t.database.db.insert(schema.searchSynonyms).values({ terms: ['Bichhua', 'chain'] });
    await t.app.readCache.caughtUp();
    const after = await search('bichhua');
    expect(after.totalResults).toBe((await search('chain')).totalResults);
  });
});
