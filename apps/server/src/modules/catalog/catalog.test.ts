import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE, type ProductDetail, type ProductPage, type ProductSummary } from '@milli/contracts';
import { schema } from '@milli/db';
import { priceJewellery, indianDate } from '@milli/pricing';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createCatalogRepository, RANK_BLOCK, type ProductFilters, type ProductOrder } from './repository.ts';
import { createCatalogService, searchTerms } from './service.ts';
import { createSettingsService } from '../settings/service.ts';

const { diamondRates, metalRates, otherStones, productImages, products, productStones, productTags, tags } = schema;

async function call<T>(t: TestApp, url: string, method: 'GET' | 'POST' = 'GET') {
  const res = await t.app.inject({ method, url });
  return { status: res.statusCode, body: res.json() as T };
}

async function page(t: TestApp, url: string): Promise<ProductPage> {
  const res = await call<ProductPage>(t, url);
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

/** Every page of a productList query, following totalPages. */
async function allPages(t: TestApp, query: string): Promise<{ first: ProductPage; items: ProductSummary[] }> {
  const first = await page(t, `/api/product/productList?${query}&page=1`);
  const items = [...first.data];
  for (let p = 2; p <= first.totalPages; p++) items.push(...(await page(t, `/api/product/productList?${query}&page=${p}`)).data);
  return { first, items };
}

/** What price sorts and filters go by: the price the card shows, after a running sale's cut (decision 047). */
const shownPrice = (p: ProductSummary) => p.product_price_paise;

function expectNonIncreasing(values: number[], what: string) {
  for (let i = 1; i < values.length; i++) expect(values[i]!, `${what} at ${i}`).toBeLessThanOrEqual(values[i - 1]!);
}
function expectNonDecreasing(values: number[], what: string) {
  for (let i = 1; i < values.length; i++) expect(values[i]!, `${what} at ${i}`).toBeGreaterThanOrEqual(values[i - 1]!);
}

describe('catalogue API on the demo store', () => {
  let t: TestApp;
  let activeCount: number;
  beforeAll(async () => {
    t = await createTestApp();
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(eq(products.active, true));
    activeCount = Number(row!.n);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Product rows from the database, by id, to check what the API does not show (dates, sales, stones). */
  async function rowsOf(ids: number[]) {
    const rows = await t.database.db.select().from(products).where(inArray(products.id, ids));
    return new Map(rows.map((r) => [r.id, r]));
  }

  describe('vocabulary', () => {
    it('lists categories in display order, Rings by its screen name', async () => {
      const { status, body } = await call<{ pr_cat_name: string }[]>(t, '/api/category');
      expect(status).toBe(200);
      expect(body.map((c) => c.pr_cat_name)).toEqual([
        'Bangles',
        'Bracelets',
        'Chains',
        'Earrings',
        'Necklaces',
        'Nose Pins',
        'Pendants',
        'Rings',
        'Daily Wears',
      ]);
    });

    it('lists style tags grouped by category screen name', async () => {
      const { status, body } = await call<{ tg_cat: string; tg_tag_name: string }[]>(t, '/api/admin/tags');
      expect(status).toBe(200);
      expect(body.length).toBeGreaterThan(40);
      expect(body).toContainEqual({ tg_cat: 'Earrings', tg_tag_name: 'Jhumkas' });
      expect(body.some((r) => r.tg_cat === 'Rings')).toBe(true);
      expect(body.some((r) => r.tg_cat === 'Fingerring')).toBe(false);
      // Grouped: once a category's tags end, it does not come back.
      const order = body.map((r) => r.tg_cat).filter((c, i, all) => all[i - 1] !== c);
      expect(new Set(order).size).toBe(order.length);
      expect(order[0]).toBe('Bangles');
    });

    it('lists other stones', async () => {
      const { status, body } = await call<{ ots_name: string }[]>(t, '/api/admin/other-stones');
      expect(status).toBe(200);
      expect(body.map((s) => s.ots_name)).toEqual(expect.arrayContaining(['Gem Stone', 'Navaratna', 'Pearl', 'Ruby']));
      expect(body[0]).toEqual({ ots_name: 'Gem Stone' });
    });
  });

  describe('all-jewellery listing and pagination', () => {
    it('answers page 1 with the totals', async () => {
      const body = await page(t, '/api/product/get_product_detail');
      expect(body.data).toHaveLength(PAGE_SIZE);
      expect(body).toMatchObject({ currentPage: 1, totalResults: activeCount, totalPages: Math.ceil(activeCount / PAGE_SIZE) });
      for (const p of body.data) {
        expect(p.product_price).toBe(p.product_price_paise / 100);
        expect(Number.isInteger(p.product_price_paise)).toBe(true);
        expect(p.product_parent_image).toMatch(/^\/media\//);
        expect(['In Stock', 'Out of Stock']).toContain(p.product_stock_status);
        expect(p.product_tags.length).toBeGreaterThan(0);
      }
    });

    it('walks every product exactly once across the pages', async () => {
      const first = await page(t, '/api/product/get_product_detail/1');
      const ids: number[] = [];
      for (let p = 1; p <= first.totalPages; p++) {
        const body = await page(t, `/api/product/get_product_detail/${p}`);
        expect(body.currentPage).toBe(p);
        ids.push(...body.data.map((d) => d.product_id));
      }
      expect(ids).toHaveLength(activeCount);
      expect(new Set(ids).size).toBe(activeCount);
    });

    it('gives the last page the remainder, and a page past the end an empty list with the totals', async () => {
      const totalPages = Math.ceil(activeCount / PAGE_SIZE);
      const last = await page(t, `/api/product/get_product_detail/${totalPages}`);
      expect(last.data).toHaveLength(activeCount - (totalPages - 1) * PAGE_SIZE);
      const past = await page(t, `/api/product/get_product_detail/${totalPages + 1}`);
      expect(past).toEqual({ data: [], currentPage: totalPages + 1, totalPages, totalResults: activeCount });
      const far = await page(t, '/api/product/productList?page=1000000');
      expect(far.data).toEqual([]);
      expect(far.totalResults).toBe(activeCount);
    });

    it('refuses page numbers that are not pages with a 400 and a message', async () => {
      for (const bad of ['0', '-1', '1.5', 'abc', '1000001', '99999999999999999999']) {
        const res = await call<{ message: string }>(t, `/api/product/get_product_detail/${bad}`);
        expect(res.status, bad).toBe(400);
        expect(res.body.message).toMatch(/page/);
        const list = await call<{ message: string }>(t, `/api/product/productList?page=${bad}`);
        expect(list.status, bad).toBe(400);
      }
    });
  });

  describe('listing by price', () => {
    it('keeps a band half-open: min <= price < max', async () => {
      const { first, items } = await allPagesOf('/api/product/get_product_by_price/10000/20000');
      expect(first.totalResults).toBeGreaterThanOrEqual(10);
      for (const p of items) {
        expect(p.product_price).toBeGreaterThanOrEqual(10_000);
        expect(p.product_price).toBeLessThan(20_000);
      }
    });

    it('adds the bands up to the whole catalogue', async () => {
      const bands = [
        [0, 10_000],
        [10_000, 20_000],
        [20_000, 30_000],
        [30_000, 50_000],
        [50_000, 75_000],
        [75_000, 100_000],
      ];
      let sum = 0;
      for (const [min, max] of bands) sum += (await page(t, `/api/product/get_product_by_price/${min}/${max}`)).totalResults;
      sum += (await page(t, '/api/product/productList?minPrice=100000')).totalResults;
      expect(sum).toBe(activeCount);
    });

    it('pages with ?page= and answers past the end with an empty list', async () => {
      const p1 = await page(t, '/api/product/get_product_by_price/0/10000');
      const p2 = await page(t, '/api/product/get_product_by_price/0/10000?page=2');
      expect(p2.currentPage).toBe(2);
      expect(p2.data.map((d) => d.product_id)).not.toEqual(expect.arrayContaining([p1.data[0]!.product_id]));
      const past = await page(t, `/api/product/get_product_by_price/0/10000?page=${p1.totalPages + 5}`);
      expect(past.data).toEqual([]);
      expect(past.totalResults).toBe(p1.totalResults);
    });

    it('refuses a range that is not one', async () => {
      const reversed = await call<{ message: string }>(t, '/api/product/get_product_by_price/50000/10000');
      expect(reversed.status).toBe(400);
      expect(reversed.body.message).toContain('min cannot be more than max');
      const word = await call<{ message: string }>(t, '/api/product/get_product_by_price/abc/10000');
      expect(word.status).toBe(400);
      expect(word.body.message).toContain('min must be a number');
      const negative = await call<{ message: string }>(t, '/api/product/get_product_by_price/-5/10000');
      expect(negative.status).toBe(400);
    });

    async function allPagesOf(base: string) {
      const first = await page(t, base);
      const items = [...first.data];
      for (let p = 2; p <= first.totalPages; p++) items.push(...(await page(t, `${base}?page=${p}`)).data);
      return { first, items };
    }
  });

  describe('filters', () => {
    it('filters by material, whatever its case', async () => {
      const { first, items } = await allPages(t, 'material=gold');
      const [row] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(products)
        .where(and(eq(products.active, true), eq(products.material, 'Gold')));
      expect(first.totalResults).toBe(Number(row!.n));
      expect(items.every((p) => p.product_material === 'Gold')).toBe(true);
      expect((await page(t, '/api/product/productList?material=SILVER')).data.every((p) => p.product_material === 'Silver')).toBe(true);
    });

    it('takes Diamond to mean every piece set with diamonds', async () => {
      const { first, items } = await allPages(t, 'material=Diamond');
      const rows = await rowsOf(items.map((p) => p.product_id));
      for (const p of items) {
        const row = rows.get(p.product_id)!;
        expect(row.material === 'Diamond' || row.diamondWeightCents > 0, p.product_sku).toBe(true);
      }
      expect(items.some((p) => p.product_material === 'Platinum')).toBe(true);
      const [row] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(products)
        .where(sql`${products.active} and (${products.material} = 'Diamond' or ${products.diamondWeightCents} > 0)`);
      expect(first.totalResults).toBe(Number(row!.n));
    });

    it('answers an unknown material, category, tag, stone or colour with an empty list, not an error', async () => {
      for (const q of ['material=Wood', 'category=Tiaras', 'tag=Nonexistent', 'stone=Kryptonite', 'colour=Purple']) {
        expect(await page(t, `/api/product/productList?${q}`), q).toEqual({ data: [], currentPage: 1, totalPages: 0, totalResults: 0 });
      }
    });

    it('takes several values of a group (issue 40): a piece with any of them, and the other groups too', async () => {
      const rings = (await page(t, '/api/product/productList?category=Fingerring&material=Gold')).totalResults;
      const earrings = (await page(t, '/api/product/productList?category=Earrings&material=Gold')).totalResults;
      expect(rings).toBeGreaterThan(0);
      expect(earrings).toBeGreaterThan(0);
      const both = await allPages(t, 'category=Fingerring&category=Earrings&material=Gold');
      expect(both.first.totalResults).toBe(rings + earrings);
      expect(both.items.every((p) => ['Rings', 'Earrings'].includes(p.product_category) && p.product_material === 'Gold')).toBe(true);
      // Gold or Silver, and an unknown value among known ones drops out instead of emptying the list.
      const gold = (await page(t, '/api/product/productList?material=Gold')).totalResults;
      const silver = (await page(t, '/api/product/productList?material=Silver')).totalResults;
      expect((await page(t, '/api/product/productList?material=Gold&material=Silver&material=Wood')).totalResults).toBe(gold + silver);
      // A stone and a gold colour of the one 'Metal & Stone' group: a piece with either.
      const ruby = (await page(t, '/api/product/productList?stone=Ruby')).totalResults;
      const either = (await page(t, '/api/product/productList?stone=Ruby&stone=Rose%20Gold')).totalResults;
      expect(either).toBeGreaterThan(ruby);
      // The counts of the panel follow: each category still counted with the other groups, its own left out.
      const facets = await call<{ category: Record<string, number> }>(t, '/api/product/facets?category=Fingerring&category=Earrings&material=Gold');
      expect(facets.body.category.Rings).toBe(rings);
      const tooMany = await call<{ message: string }>(t, `/api/product/productList?${Array.from({ length: 21 }, (_, i) => `stone=s${i}`).join('&')}`);
      expect(tooMany.status).toBe(400);
    });

    it('finds Rings by its screen name and by Fingerring', async () => {
      const fingerring = await allPages(t, 'category=Fingerring');
      const rings = await page(t, '/api/product/productList?category=Rings');
      const lower = await page(t, '/api/product/productList?category=rings');
      expect(fingerring.first.totalResults).toBeGreaterThan(20);
      expect(rings.totalResults).toBe(fingerring.first.totalResults);
      expect(lower.totalResults).toBe(fingerring.first.totalResults);
      expect(fingerring.items.every((p) => p.product_category === 'Rings')).toBe(true);
    });

    it('filters by style tag', async () => {
      const { first, items } = await allPages(t, 'tag=Jhumkas');
      expect(first.totalResults).toBeGreaterThan(0);
      expect(
        items.every((p) =>
          p.product_tags
            .split(',')
            .map((s) => s.trim())
            .includes('Jhumkas'),
        ),
      ).toBe(true);
    });

    it('filters by stone, including the gem-stone group', async () => {
      for (const stone of ['Pearl', 'Gem Stone', 'Navaratna', 'ruby']) {
        const { first, items } = await allPages(t, `stone=${encodeURIComponent(stone)}`);
        expect(first.totalResults, stone).toBeGreaterThan(0);
        const linked = await t.database.db
          .select({ id: productStones.productId })
          .from(productStones)
          .innerJoin(otherStones, eq(otherStones.id, productStones.otherStoneId))
          .where(sql`lower(${otherStones.name}) = ${stone.toLowerCase()}`);
        expect(new Set(items.map((p) => p.product_id))).toEqual(new Set(linked.map((l) => l.id)));
      }
    });

    it('treats Yellow, Rose and White Gold in the stone filter as metal colours', async () => {
      for (const colour of ['Yellow Gold', 'Rose Gold', 'white gold']) {
        const { first, items } = await allPages(t, `stone=${encodeURIComponent(colour)}`);
        expect(first.totalResults, colour).toBeGreaterThan(0);
        const rows = await rowsOf(items.map((p) => p.product_id));
        for (const p of items) expect(rows.get(p.product_id)!.metalColour?.toLowerCase()).toBe(colour.toLowerCase());
      }
    });

    it('filters by stone colour', async () => {
      for (const colour of ['Red', 'Green', 'Brown', 'Grey', 'orange']) {
        const { first, items } = await allPages(t, `colour=${colour}`);
        expect(first.totalResults, colour).toBeGreaterThan(0);
        const rows = await rowsOf(items.map((p) => p.product_id));
        for (const p of items) expect(rows.get(p.product_id)!.colour?.toLowerCase()).toBe(colour.toLowerCase());
      }
    });

    it('filters pieces on sale, as the home page tabs ask', async () => {
      const body = await page(t, '/api/product/productList?material=Silver&category=Bracelets&onSale=1&page=1');
      expect(body.totalResults).toBeGreaterThanOrEqual(4);
      for (const p of body.data) expect(p).toMatchObject({ product_material: 'Silver', product_category: 'Bracelets', product_on_sale: true });
      for (const p of body.data) expect(p.product_price_before_paise!).toBeGreaterThan(p.product_price_paise);
      const all = await page(t, '/api/product/productList?onSale=true');
      const none = await page(t, '/api/product/productList?onSale=0');
      expect(all.totalResults).toBeLessThan(activeCount);
      expect(none.totalResults).toBe(activeCount);
    });

    it('filters by price in rupees', async () => {
      const { items } = await allPages(t, 'minPrice=30000&maxPrice=50000');
      expect(items.length).toBeGreaterThan(0);
      for (const p of items) expect(shownPrice(p)).toBeGreaterThanOrEqual(30_000_00);
      for (const p of items) expect(shownPrice(p)).toBeLessThan(50_000_00);
      const above = await allPages(t, 'minPrice=100000');
      expect(above.items.every((p) => p.product_price >= 100_000)).toBe(true);
      const below = await allPages(t, 'maxPrice=10000');
      expect(below.items.every((p) => p.product_price < 10_000)).toBe(true);
    });

    it('combines every filter', async () => {
      const { first, items } = await allPages(t, 'material=Gold&category=Earrings&stone=Yellow%20Gold&minPrice=10000&maxPrice=75000&sort=8');
      expect(first.totalResults).toBeGreaterThan(0);
      const rows = await rowsOf(items.map((p) => p.product_id));
      for (const p of items) {
        expect(p).toMatchObject({ product_material: 'Gold', product_category: 'Earrings' });
        expect(rows.get(p.product_id)!.metalColour).toBe('Yellow Gold');
        expect(p.product_price).toBeGreaterThanOrEqual(10_000);
        expect(p.product_price).toBeLessThan(75_000);
      }
      expectNonDecreasing(items.map(shownPrice), 'price');
      const narrowed = await page(t, '/api/product/productList?material=Gold&category=Earrings&tag=Jhumkas&colour=Red&q=jhumka');
      for (const p of narrowed.data) expect(p.product_tags).toContain('Jhumkas');
    });

    it('treats empty parameters as absent', async () => {
      const body = await page(t, '/api/product/productList?material=&category=&tag=&stone=&colour=&minPrice=&maxPrice=&q=&sort=&page=');
      expect(body.totalResults).toBe(activeCount);
    });

    it('refuses filters that are not numbers or not a range with a 400 and a message', async () => {
      const cases: [string, string][] = [
        ['minPrice=abc', 'minPrice must be a number'],
        ['maxPrice=ten', 'maxPrice must be a number'],
        ['minPrice=-1', 'minPrice cannot be negative'],
        ['minPrice=50000&maxPrice=100', 'minPrice cannot be more than maxPrice'],
        ['sort=3', 'sort must be one of'],
        ['sort=abc', 'sort must be one of'],
        [`q=${'a'.repeat(201)}`, 'at most 200'],
      ];
      for (const [query, message] of cases) {
        const res = await call<{ message: string; code: string }>(t, `/api/product/productList?${query}`);
        expect(res.status, query).toBe(400);
        expect(res.body.message, query).toContain(message);
      }
    });
  });

  describe('sorting', () => {
    /** Three pages of a sort, so the order holds across page boundaries. */
    async function firstPages(sort: number, extra = ''): Promise<ProductSummary[]> {
      const out: ProductSummary[] = [];
      for (let p = 1; p <= 3; p++) out.push(...(await page(t, `/api/product/productList?sort=${sort}&page=${p}${extra}`)).data);
      return out;
    }

    it('sorts by price low to high (8) and high to low (16)', async () => {
      const low = await firstPages(8);
      expectNonDecreasing(low.map(shownPrice), 'price ascending');
      const high = await firstPages(16);
      expectNonIncreasing(high.map(shownPrice), 'price descending');
      expect(shownPrice(high[0]!)).toBeGreaterThan(shownPrice(low[0]!));
    });

    it('sorts by popularity (1): most units sold first', async () => {
      const items = await firstPages(1);
      const rows = await rowsOf(items.map((p) => p.product_id));
      expectNonIncreasing(
        items.map((p) => rows.get(p.product_id)!.unitsSold),
        'units sold',
      );
      const [top] = await t.database.db.select({ n: sql<number>`max(${products.unitsSold})` }).from(products);
      expect(rows.get(items[0]!.product_id)!.unitsSold).toBe(Number(top!.n));
    });

    it('sorts by latest (2): newest first', async () => {
      const items = await firstPages(2);
      const rows = await rowsOf(items.map((p) => p.product_id));
      expectNonIncreasing(
        items.map((p) => rows.get(p.product_id)!.createdAt.getTime()),
        'created at',
      );
    });

    it('sorts by rating (4): best rated first', async () => {
      const items = await firstPages(4);
      expectNonIncreasing(
        items.map((p) => p.product_rating),
        'rating',
      );
      expect(items[0]!.product_rating).toBe(5);
    });

    it('sorts by default (0): featured pieces in their rank, sold-out pieces last', async () => {
      const { items } = await allPages(t, 'sort=0');
      const rows = await rowsOf(items.map((p) => p.product_id));
      const inStockFeatured = [...rows.values()].filter((r) => r.featuredRank !== null && r.stock > 0).length;
      const leading = items.slice(0, inStockFeatured).map((p) => rows.get(p.product_id)!.featuredRank);
      expect(leading.every((r) => r !== null)).toBe(true);
      expectNonDecreasing(leading as number[], 'featured rank');
      const soldOut = items.map((p) => p.product_stock_status === 'Out of Stock');
      expect(soldOut.indexOf(true)).toBeGreaterThan(0);
      expect(soldOut.slice(soldOut.indexOf(true)).every(Boolean)).toBe(true);
    });

    it('reads a page past the first as the same rows one long page holds at that place', async () => {
      // Page one is one query; later pages choose their ids first (or, with a stone or style sorted by price,
      // take the matches first): each path must give the rows of the plain query, in its order.
      const repo = createCatalogRepository(t.database.db);
      // The style with the most pieces, so that it has pages to walk.
      const [style] = await t.database.db
        .select({ name: tags.name })
        .from(tags)
        .innerJoin(productTags, eq(productTags.tagId, tags.id))
        .groupBy(tags.id, tags.name)
        .orderBy(sql`count(*) desc`, tags.id)
        .limit(1);
      const cases: [string, ProductFilters, ProductOrder][] = [
        ['everything', {}, 'featured'],
        ['everything', {}, 'rating'],
        ['gold', { material: ['Gold'] }, 'latest'],
        ['pearl', { stone: ['Pearl'] }, 'priceAsc'],
        [style!.name, { tag: [style!.name] }, 'priceDesc'],
        [style!.name, { tag: [style!.name] }, 'popularity'],
        ["search 'gold'", { search: searchTerms('gold') }, 'relevance'],
        ["search 'ring'", { search: searchTerms('ring') }, 'priceAsc'],
      ];
      for (const [what, filters, order] of cases) {
        const criteria = await repo.lookUpWords(filters);
        const whole = (await repo.findProducts(criteria, order, 1000, 0)).map((r) => r.id);
        // Pages of 5, so that a small style has several too.
        const walked: number[] = [];
        for (let offset = 0; offset < whole.length + 5; offset += 5) walked.push(...(await repo.findProducts(criteria, order, 5, offset)).map((r) => r.id));
        console.log(`${what}, ${order}: ${whole.length} rows, ${Math.ceil(whole.length / 5)} pages of 5`);
        expect(whole.length, what).toBeGreaterThan(5);
        expect(walked, `${what}, ${order}`).toEqual(whole);
      }
    });

    it('sorts a stone by price exactly as its pieces’ prices and ids say', async () => {
      for (const [stone, sort] of [
        ['Pearl', 8],
        ['Ruby', 16],
      ] as const) {
        const { items } = await allPages(t, `stone=${stone}&sort=${sort}`);
        const linked = await t.database.db
          .select({ id: products.id, price: products.priceNowPaise })
          .from(products)
          .innerJoin(productStones, eq(productStones.productId, products.id))
          .innerJoin(otherStones, eq(otherStones.id, productStones.otherStoneId))
          .where(and(eq(products.active, true), sql`lower(${otherStones.name}) = ${stone.toLowerCase()}`));
        const sign = sort === 8 ? 1 : -1;
        const expected = linked.sort((a, b) => sign * (a.price - b.price) || a.id - b.id).map((r) => r.id);
        console.log(`stone ${stone}, sort ${sort}: ${expected.length} pieces`);
        expect(
          items.map((p) => p.product_id),
          `${stone} sort ${sort}`,
        ).toEqual(expected);
      }
    });

    it('breaks ties by product id, so every sort pages through each product exactly once', async () => {
      for (const sort of [0, 1, 2, 4, 8, 16]) {
        const { items } = await allPages(t, `sort=${sort}&material=Silver`);
        const ids = items.map((p) => p.product_id);
        expect(new Set(ids).size, `sort ${sort}`).toBe(ids.length);
        const again = await allPages(t, `sort=${sort}&material=Silver`);
        expect(
          again.items.map((p) => p.product_id),
          `sort ${sort} is stable`,
        ).toEqual(ids);
      }
      const { items } = await allPages(t, 'sort=4');
      for (let i = 1; i < items.length; i++) {
        const [a, b] = [items[i - 1]!, items[i]!];
        if (a.product_rating === b.product_rating) {
          const rows = await rowsOf([a.product_id, b.product_id]);
          const [ra, rb] = [rows.get(a.product_id)!, rows.get(b.product_id)!];
          if (ra.reviewCount === rb.reviewCount) expect(a.product_id).toBeLessThan(b.product_id);
        }
      }
    });
  });

  describe('search', () => {
    const names = (body: ProductPage | { data: ProductSummary[] }) => body.data.map((p) => p.product_name);

    it('finds pieces by name and ranks name matches first', async () => {
      const body = await page(t, '/api/product/productList?q=jhumka');
      expect(body.totalResults).toBeGreaterThan(0);
      expect(names(body).every((n) => /jhumka/i.test(n))).toBe(true);
      const ruby = await page(t, '/api/product/productList?q=ruby');
      expect(ruby.data.slice(0, 5).every((p) => /ruby/i.test(p.product_name))).toBe(true);
    });

    it('forgives a typo or two', async () => {
      const right = await allPages(t, 'q=jhumka');
      for (const typo of ['jhumkha', 'jumka', 'jhumkaa']) {
        const wrong = await allPages(t, `q=${typo}`);
        expect(new Set(wrong.items.map((p) => p.product_id)), typo).toEqual(new Set(right.items.map((p) => p.product_id)));
      }
      const bracelets = await allPages(t, 'q=brecelet');
      expect(bracelets.first.totalResults).toBeGreaterThan(10);
      expect(bracelets.items.every((p) => p.product_category === 'Bracelets' || /bracelet/i.test(p.product_name))).toBe(true);
      const necklaces = await page(t, '/api/product/productList?q=neckless');
      expect(necklaces.data.length).toBeGreaterThan(0);
      expect(necklaces.data.every((p) => p.product_category === 'Necklaces')).toBe(true);
      const twoTypos = await page(t, '/api/product/productList?q=platnum%20solitare');
      expect(twoTypos.totalResults).toBeGreaterThan(0);
      expect(names(twoTypos).every((n) => /platinum/i.test(n) && /solitaire/i.test(n))).toBe(true);
    });

    it('does not let a correct word drift to a look-alike', async () => {
      // 'rings' is close to 'earrings' by trigrams; a word the catalogue has matches exactly.
      const { items } = await allPages(t, 'q=rings');
      expect(items.length).toBeGreaterThan(0);
      expect(items.some((p) => p.product_category === 'Earrings')).toBe(false);
    });

    it('searches category, tags, material and stones too, every word required', async () => {
      const necklace = await allPages(t, 'q=necklace');
      expect(necklace.items.every((p) => p.product_category === 'Necklaces' || /necklace/i.test(p.product_name))).toBe(true);
      const temple = await allPages(t, 'q=temple');
      expect(temple.items.every((p) => p.product_tags.includes('Temple'))).toBe(true);
      const platinum = await allPages(t, 'q=platinum%20ring');
      expect(platinum.first.totalResults).toBeGreaterThan(0);
      expect(platinum.items.every((p) => p.product_material === 'Platinum' || /platinum/i.test(p.product_name))).toBe(true);
      const fingerring = await page(t, '/api/product/productList?q=fingerring');
      expect(fingerring.data.every((p) => p.product_category === 'Rings')).toBe(true);
    });

    it('puts an exact SKU first, whatever its case', async () => {
      const [row] = await t.database.db.select({ id: products.id, sku: products.sku }).from(products).where(eq(products.id, 70));
      for (const q of [row!.sku, row!.sku.toLowerCase()]) {
        const body = await page(t, `/api/product/productList?q=${encodeURIComponent(q)}`);
        expect(body.data[0]!.product_id, q).toBe(70);
      }
      const suggest = await call<{ data: ProductSummary[] }>(t, `/api/product/suggest?q=${encodeURIComponent(row!.sku)}`);
      expect(suggest.body.data[0]!.product_id).toBe(70);
    });

    it('honours another sort order when asked', async () => {
      const { items } = await allPages(t, 'q=pendant&sort=8');
      expect(items.length).toBeGreaterThan(PAGE_SIZE);
      expectNonDecreasing(items.map(shownPrice), 'price');
    });

    it('answers nonsense, stop words and query syntax with an empty list, never a 500', async () => {
      for (const q of ['zzqxw', 'for the', '!!!', `'"&|!:*()<->`, 'ring:* & !gold', 'कखगघ', 'a']) {
        const res = await call<ProductPage>(t, `/api/product/productList?q=${encodeURIComponent(q)}`);
        expect(res.status, q).toBe(200);
        if (q !== 'ring:* & !gold') expect(res.body.totalResults, q).toBe(0);
      }
    });

    it('suggests up to eight pieces as the shopper types', async () => {
      const jhu = await call<{ data: ProductSummary[] }>(t, '/api/product/suggest?q=jhu');
      expect(jhu.status).toBe(200);
      expect(jhu.body.data.length).toBeGreaterThan(0);
      expect(jhu.body.data.length).toBeLessThanOrEqual(8);
      expect(jhu.body.data[0]!.product_name).toMatch(/jhumka/i);
      const gold = await call<{ data: ProductSummary[] }>(t, '/api/product/suggest?q=gold');
      expect(gold.body.data).toHaveLength(8);
      const typo = await call<{ data: ProductSummary[] }>(t, '/api/product/suggest?q=brecelet');
      expect(typo.body.data[0]!.product_name).toMatch(/bracelet/i);
      const same = await page(t, '/api/product/productList?q=brecelet');
      expect(typo.body.data.map((p) => p.product_id)).toEqual(same.data.slice(0, 8).map((p) => p.product_id));
      const none = await call<{ data: ProductSummary[] }>(t, '/api/product/suggest?q=zzqxw');
      expect(none.body.data).toEqual([]);
    });

    it('plans the words against the vocabulary in the database: corrections only for the words it lacks', async () => {
      const repo = createCatalogRepository(t.database.db);
      // 'gold' and 'ruby' are catalogue words: matched as they are, never corrected.
      const criteria = await repo.lookUpWords({ material: ['Gold'], search: searchTerms('Gold jhumkha 22 kt ruby') });
      const concepts = criteria.search?.plan.concepts ?? [];
      console.log('plan of "Gold jhumkha 22 kt ruby":', JSON.stringify(concepts));
      expect(criteria.material).toEqual(['Gold']);
      expect(criteria.search?.tokens).toEqual(['gold', 'jhumkha', '22', 'kt', 'ruby']);
      const kinds = (token: string) => concepts.find((c) => c.tokens.includes(token))!.alternatives.map((a) => `${a.kind}:${a.words.join('+')}`);
      expect(kinds('gold').every((k) => !k.startsWith('typo'))).toBe(true);
      expect(kinds('ruby').every((k) => !k.startsWith('typo'))).toBe(true);
      // 'jhumkha' is a spelling in the synonym table (migration 0006): its group, not a correction.
      expect(kinds('jhumkha')).toContain('synonym:jhumka');
      expect(await repo.lookUpWords({ colour: ['Red'] })).toEqual({ colour: ['Red'] });
    });

    it('refuses an empty or over-long suggestion query', async () => {
      for (const q of ['', '%20%20', 'a'.repeat(101)]) {
        const res = await call<{ message: string }>(t, `/api/product/suggest?q=${q}`);
        expect(res.status, q).toBe(400);
        expect(res.body.message).toMatch(/q/);
      }
      expect((await call(t, '/api/product/suggest')).status).toBe(400);
    });
  });

  describe('product detail', () => {
    it('answers everything the product page shows, priced at today’s rates', async () => {
      const [gold] = await t.database.db
        .select()
        .from(products)
        .where(sql`${products.metal} = 'gold' and ${products.diamondWeightCents} > 0 and ${products.metalWeightMg} is not null`)
        .limit(1);
      const { status, body } = await call<{ data: ProductDetail }>(t, `/api/product/find-by-id/${gold!.id}`);
      expect(status).toBe(200);
      const d = body.data;
      expect(d).toMatchObject({
        product_id: gold!.id,
        product_sku: gold!.sku,
        product_name: gold!.name,
        product_metal: 'gold',
        product_purity: gold!.purity,
        product_metal_colour: gold!.metalColour,
        product_hallmarked: true,
        product_stock: gold!.stock,
        product_review_count: gold!.reviewCount,
        product_metal_weight_g: gold!.metalWeightMg! / 1000,
        product_diamond_weight_ct: gold!.diamondWeightCents / 100,
        product_description: gold!.description,
      });
      // Issue 38: no one HUID for a product (each piece has its own, on its order).
      expect(d).not.toHaveProperty('product_huid');
      expect(d.product_images[0]).toBe(gold!.image);

      const p = d.pricing;
      expect(p.ratesDate).toBe(indianDate(new Date()));
      expect(Object.keys(p.ratesPaisePerGram).sort()).toEqual(['14', '18', '22', '24']);
      expect(Object.keys(p.diamondRatesPaisePerCarat).sort()).toEqual(['SI-GH', 'SI-IJ', 'VVS-EF', 'VVS-GH']);
      expect(p).toMatchObject({
        metal: 'gold',
        metalWeightMg: gold!.metalWeightMg,
        gstPercent: 3,
        defaultPurity: gold!.purity,
        defaultDiamondQuality: gold!.diamondQuality,
      });
      const price = priceJewellery({
        metalWeightMg: p.metalWeightMg,
        ratePaisePerGram: p.ratesPaisePerGram[String(p.defaultPurity)]!,
        makingChargePaise: p.makingChargePaise,
        stoneValuePaise: p.stoneValuePaise,
        diamondWeightCents: p.diamondWeightCents,
        diamondRatePaisePerCarat: p.diamondRatesPaisePerCarat[p.defaultDiamondQuality!]!,
        fixedPricePaise: p.fixedPricePaise,
        gstPercent: p.gstPercent,
      });
      expect(d.product_price_paise).toBe(price.totalPaise);
      // Seeded today, so today's price is the list price.
      expect(d.product_price_paise).toBe(gold!.listPricePaise);
      expect(d.product_price).toBe(price.totalPaise / 100);
    });

    it('lists a piece’s stones and gives silver and platinum their one purity', async () => {
      const [ruby] = await t.database.db
        .select({ id: products.id })
        .from(products)
        .innerJoin(productStones, eq(productStones.productId, products.id))
        .innerJoin(otherStones, eq(otherStones.id, productStones.otherStoneId))
        .where(eq(otherStones.name, 'Ruby'))
        .limit(1);
      const r = (await call<{ data: ProductDetail }>(t, `/api/product/find-by-id/${ruby!.id}`)).body.data;
      expect(r.product_stones).toEqual(expect.arrayContaining(['Ruby', 'Gem Stone']));

      const [silver] = await t.database.db
        .select()
        .from(products)
        .where(sql`${products.metal} = 'silver' and ${products.fixedPricePaise} is not null`)
        .limit(1);
      const s = (await call<{ data: ProductDetail }>(t, `/api/product/find-by-id/${silver!.id}`)).body.data;
      expect(s.product_hallmarked).toBe(false);
      expect(s.product_metal_weight_g).toBeNull();
      expect(s.pricing).toMatchObject({
        metal: 'silver',
        defaultPurity: 925,
        fixedPricePaise: silver!.fixedPricePaise,
        ratesPaisePerGram: { '925': expect.any(Number) },
      });
      expect(s.product_price_paise).toBe(silver!.fixedPricePaise);
    });

    it('answers 404 for an unknown product and 400 for an id that is not one', async () => {
      const missing = await call<{ message: string; code: string }>(t, '/api/product/find-by-id/999999');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: 'This product does not exist.', code: 'PRODUCT_NOT_FOUND' });
      for (const bad of ['abc', '0', '-3', '1.5', '99999999999', '1e3x']) {
        const res = await call<{ message: string }>(t, `/api/product/find-by-id/${bad}`);
        expect(res.status, bad).toBe(400);
        expect(res.body.message).toMatch(/product id/);
      }
    });
  });

  describe('guest cart (POST get_product_detail?cartList=)', () => {
    it('answers the products in the order given, skipping unknown ids and repeats', async () => {
      const res = await call<ProductSummary[]>(t, '/api/product/get_product_detail?cartList=5,%203,999999,5', 'POST');
      expect(res.status).toBe(200);
      expect(res.body.map((p) => p.product_id)).toEqual([5, 3]);
      const [row] = await t.database.db.select().from(products).where(eq(products.id, 5));
      expect(res.body[0]).toMatchObject({
        product_name: row!.name,
        product_price_paise: row!.listPricePaise,
        product_price: row!.listPricePaise / 100,
        product_parent_image: row!.image,
      });
    });

    it('answers an empty list when nothing in the cookie exists any more', async () => {
      const res = await call<ProductSummary[]>(t, '/api/product/get_product_detail?cartList=999998,999999', 'POST');
      expect(res).toEqual({ status: 200, body: [] });
    });

    it('refuses a cart list that is not product ids', async () => {
      for (const q of ['cartList=a,b', 'cartList=', 'cartList=1;drop', '']) {
        const res = await call<{ message: string }>(t, `/api/product/get_product_detail?${q}`, 'POST');
        expect(res.status, q).toBe(400);
        expect(res.body.message).toMatch(/cartList/);
      }
    });
  });
});

describe('catalogue API as the catalogue changes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('hides inactive pieces from listings, search, detail and guest carts', async () => {
    const [row] = await t.database.db.select().from(products).where(eq(products.id, 12));
    const before = await page(t, '/api/product/get_product_detail');
    await t.database.db.update(products).set({ active: false }).where(eq(products.id, 12));
    // A change made outside the API (a staff tool, another instance) reaches the read cache by the database's notification.
    await t.app.readCache.caughtUp();
    const after = await page(t, '/api/product/get_product_detail');
    expect(after.totalResults).toBe(before.totalResults - 1);
    expect((await page(t, `/api/product/productList?q=${row!.sku}`)).data.map((p) => p.product_id)).not.toContain(12);
    expect((await call(t, '/api/product/find-by-id/12')).status).toBe(404);
    expect((await call<ProductSummary[]>(t, '/api/product/get_product_detail?cartList=12,13', 'POST')).body.map((p) => p.product_id)).toEqual([13]);
  });

  it('forgives a typo of a word the catalogue only just gained', async () => {
    // The typo fallback compares with search_words, which a trigger on products keeps.
    const before = await page(t, '/api/product/productList?q=kamarbanth');
    expect(before.totalResults).toBe(0);
    await t.database.db.update(products).set({ name: 'Kamarbandh Waist Chain' }).where(eq(products.id, 40));
    await t.app.readCache.caughtUp();
    const after = await page(t, '/api/product/productList?q=kamarbanth');
    console.log(`'kamarbanth' before the rename: ${before.totalResults}, after: ${after.data.map((p) => p.product_name).join(', ')}`);
    expect(after.data.map((p) => p.product_id)).toEqual([40]);
  });

  it('pages a search with more matches than a ranking block through each match exactly once', async () => {
    // Relevance ranks by ts_rank in blocks of RANK_BLOCK, by the full relevance within each: pages must not
    // depend on how deep the page asked for is.
    const [template] = await t.database.db
      .select()
      .from(products)
      .where(sql`${products.name} ilike '%jhumka%'`)
      .limit(1);
    const { id: _id, searchVector: _vector, createdAt: _created, updatedAt: _updated, ...piece } = template!;
    const styles = ['Temple', 'Pearl Drop', 'Peacock', 'Chandbali', 'Meenakari', 'Kundan', 'Tiny', 'Grand'];
    await t.database.db.insert(products).values(
      Array.from({ length: RANK_BLOCK + 40 }, (_, i) => ({
        ...piece,
        sku: `MS-TEST-${String(i).padStart(4, '0')}`,
        slug: `test-jhumka-${i}`,
        name: `${styles[i % styles.length]} Jhumka ${i % 3 === 0 ? 'Earrings' : 'Set'} ${i}`,
        unitsSold: (i * 37) % 101,
        featuredRank: null,
      })),
    );
    await t.app.readCache.caughtUp();
    const { first, items } = await allPages(t, 'q=jhumka');
    const ids = items.map((p) => p.product_id);
    console.log(`'jhumka': ${first.totalResults} matches over ${first.totalPages} pages`);
    expect(first.totalResults).toBeGreaterThan(RANK_BLOCK);
    expect(ids).toHaveLength(first.totalResults);
    expect(new Set(ids).size).toBe(ids.length);
    const suggest = await call<{ data: ProductSummary[] }>(t, '/api/product/suggest?q=jhumka');
    expect(suggest.body.data.map((p) => p.product_id)).toEqual(ids.slice(0, 8));
  });

  it('puts a piece at exactly a band edge in the upper band only, and finds an exact price', async () => {
    await t.database.db.update(products).set({ listPricePaise: 20_000_00 }).where(eq(products.id, 20));
    await t.app.readCache.caughtUp();
    const lower = await allPagesByPrice(t, 10_000, 20_000);
    const upper = await allPagesByPrice(t, 20_000, 30_000);
    expect(lower).not.toContain(20);
    expect(upper).toContain(20);
    expect(await allPagesByPrice(t, 20_000, 20_000)).toEqual([20]);
  });

  it('shows extra pictures after the main one, in their order', async () => {
    // Without the demo piece's drawn views (issue 40), so only these two follow the main picture.
    await t.database.db.delete(productImages).where(eq(productImages.productId, 30));
    await t.database.db.insert(productImages).values([
      { productId: 30, position: 2, path: '/media/uploads/b.webp' },
      { productId: 30, position: 1, path: '/media/uploads/a.webp' },
    ]);
    await t.app.readCache.caughtUp();
    const d = (await call<{ data: ProductDetail }>(t, '/api/product/find-by-id/30')).body.data;
    expect(d.product_images.slice(1)).toEqual(['/media/uploads/a.webp', '/media/uploads/b.webp']);
  });

  it('prices with the newest rates not after today, and tomorrow’s once tomorrow comes', async () => {
    const [gold] = await t.database.db
      .select()
      .from(products)
      .where(and(eq(products.metal, 'gold'), eq(products.purity, 22), sql`${products.metalWeightMg} is not null`))
      .limit(1);
    const today = indianDate(new Date());
    const tomorrowAt = new Date(Date.now() + 86_400_000);
    const tomorrow = indianDate(tomorrowAt);
    const current = await t.database.db.select().from(metalRates).where(eq(metalRates.rateDate, today));
    await t.database.db
      .insert(metalRates)
      .values(current.map((r) => ({ rateDate: tomorrow, metal: r.metal, purity: r.purity, ratePaisePerGram: r.ratePaisePerGram + 100_00 })));
    const diamonds = await t.database.db.select().from(diamondRates).where(eq(diamondRates.rateDate, today));
    await t.database.db.insert(diamondRates).values(diamonds.map((r) => ({ rateDate: tomorrow, quality: r.quality, ratePaisePerCarat: r.ratePaisePerCarat })));
    await t.app.readCache.caughtUp();

    const now = (await call<{ data: ProductDetail }>(t, `/api/product/find-by-id/${gold!.id}`)).body.data;
    expect(now.pricing.ratesDate).toBe(today);
    expect(now.product_price_paise).toBe(gold!.listPricePaise);

    const later = await createCatalogService(t.database.db, createSettingsService(t.database.db), () => tomorrowAt).detail(gold!.id);
    expect(later!.pricing.ratesDate).toBe(tomorrow);
    const rate22 = current.find((r) => r.metal === 'gold' && r.purity === 22)!.ratePaisePerGram;
    expect(later!.pricing.ratesPaisePerGram['22']).toBe(rate22 + 100_00);
    expect(later!.product_price_paise).toBeGreaterThan(gold!.listPricePaise);
    // Listings keep the stored list price until whoever changes rates recomputes it.
    const listed = await createCatalogService(t.database.db, createSettingsService(t.database.db), () => tomorrowAt).byIds([gold!.id]);
    expect(listed[0]!.product_price_paise).toBe(gold!.listPricePaise);
  });
});

async function allPagesByPrice(t: TestApp, min: number, max: number): Promise<number[]> {
  const first = await page(t, `/api/product/get_product_by_price/${min}/${max}`);
  const ids = first.data.map((p) => p.product_id);
  for (let p = 2; p <= first.totalPages; p++)
    ids.push(...(await page(t, `/api/product/get_product_by_price/${min}/${max}?page=${p}`)).data.map((d) => d.product_id));
  return ids;
}
