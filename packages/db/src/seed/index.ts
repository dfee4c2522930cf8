/**
 * The demo store: what a newcomer sees on first start (catalogue, rates, stores, coupons,
 * settings). Deterministic: the same `today` gives the same rows, byte for byte.
 */
import { sql } from 'drizzle-orm';
import { ART_VIEWS, artPath, collectionArtPath, parseArtPath } from '../art.ts';
import { artViewWords } from '../art-views.ts';
import type { Db } from '../client.ts';
import {
  categories,
  coupons,
  customers,
  diamondRates,
  metalRates,
  otherStones,
  products,
  productImages,
  productStones,
  productTags,
  reviews,
  saleProducts,
  sales,
  storeSettings,
  stores,
  tags,
  type NewProduct,
} from '../schema.ts';
import { productSearchText } from '../search.ts';
import { CATEGORY_SPECS, OTHER_STONE_NAMES } from './catalog-data.ts';
import { buildDemoProducts, slugify } from './products.ts';
import { DIAMOND_RATES_RUPEES_PER_CARAT, METAL_RATES_RUPEES_PER_GRAM, demoRateHistory } from './rates.ts';
import { DEMO_REVIEWERS, demoReviews } from './reviews.ts';
import { demoSales } from './sales.ts';
import { DEMO_SETTINGS, demoCoupons } from './settings.ts';
import { DEMO_STORES } from './stores.ts';
import { indianDate, listedSale } from '@milli/pricing';

export { buildDemoProducts, priceBandOf, PRICE_BANDS_RUPEES } from './products.ts';
export { DIAMOND_RATES_RUPEES_PER_CARAT, GST_PERCENT, METAL_RATES_RUPEES_PER_GRAM } from './rates.ts';
export { DEMO_STORES } from './stores.ts';
export { CATEGORY_SPECS } from './catalog-data.ts';
export { DEMO_SETTINGS } from './settings.ts';
/** The days of past rates `npm start`'s demo store comes with (issue 42: /gold-rate's chart). */
export const DEMO_RATE_HISTORY_DAYS = 365;
export { DEMO_REVIEWERS } from './reviews.ts';
export { demoSales } from './sales.ts';

export interface SeedOptions {
  /** The day the store is seeded on: rates are dated that day (in India) and pieces were added in the months before. */
  today?: Date;
  /**
   * Issue 42: also this many days of past rates (demoRateHistory), as `npm start`'s demo store has, so /gold-rate's
   * chart has a year to draw. Tests seed none unless they ask: they set the rates they read.
   */
  rateHistoryDays?: number;
}

export interface SeedSummary {
  /** False when the database already held a store, and nothing was written. */
  seeded: boolean;
  rateDate: string;
  categories: number;
  products: number;
  stores: number;
}

/** Any id will do as long as nothing else uses it: instances starting together seed once. */
const SEED_LOCK_ID = 0x4d494c4c;

/** True once a store exists (settings or catalogue): the seed never writes over real data. */
export async function isSeeded(db: Db): Promise<boolean> {
  const [settings] = await db.select({ id: storeSettings.id }).from(storeSettings).limit(1);
  if (settings) return true;
  const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
  return Boolean(category);
}

/** The demo sale's cut of a piece's list price at the demo GST rate (the catalogue service's applySales, for the seed). */
function saleCut(row: Pick<NewProduct, 'listPricePaise' | 'makingChargePaise' | 'metalWeightMg'>, makingDiscountPercent: number): number {
  const piece = { listPricePaise: row.listPricePaise, makingChargePaise: row.makingChargePaise ?? 0, weighed: row.metalWeightMg != null };
  return listedSale(piece, makingDiscountPercent, Number(DEMO_SETTINGS.gstPercent))?.discountPaise ?? 0;
}

export async function seedDemoStore(db: Db, options: SeedOptions = {}): Promise<SeedSummary> {
  const today = options.today ?? new Date();
  const rateDate = indianDate(today);
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`select pg_advisory_xact_lock(${SEED_LOCK_ID})`));
    if (await isSeeded(tx)) {
      return { seeded: false, rateDate, categories: 0, products: 0, stores: 0 };
    }

    await tx.insert(storeSettings).values({ ...DEMO_SETTINGS, updatedAt: today });

    const categoryRows = await tx
      .insert(categories)
      .values(CATEGORY_SPECS.map((c, i) => ({ name: c.name, queryName: c.queryName, slug: c.slug, sortOrder: i + 1, image: collectionArtPath(c.name) })))
      .returning({ id: categories.id, name: categories.name });
    const categoryId = new Map(categoryRows.map((c) => [c.name, c.id]));

    const tagRows = await tx
      .insert(tags)
      .values(
        CATEGORY_SPECS.flatMap((c) => c.styles.map((s, i) => ({ categoryId: categoryId.get(c.name)!, name: s.tag, slug: slugify(s.tag), sortOrder: i + 1 }))),
      )
      .returning({ id: tags.id, categoryId: tags.categoryId, name: tags.name });
    const tagId = new Map(tagRows.map((t) => [`${t.categoryId}:${t.name}`, t.id]));

    const stoneRows = await tx
      .insert(otherStones)
      .values(OTHER_STONE_NAMES.map((name, i) => ({ name, slug: slugify(name), sortOrder: i + 1 })))
      .returning({ id: otherStones.id, name: otherStones.name });
    const stoneId = new Map(stoneRows.map((s) => [s.name, s.id]));

    await tx
      .insert(metalRates)
      .values(METAL_RATES_RUPEES_PER_GRAM.map((r) => ({ rateDate, metal: r.metal, purity: r.purity, ratePaisePerGram: r.rupees * 100, createdAt: today })));
    if (options.rateHistoryDays) {
      const history = demoRateHistory(rateDate, options.rateHistoryDays);
      for (let i = 0; i < history.length; i += 500) await tx.insert(metalRates).values(history.slice(i, i + 500).map((r) => ({ ...r, createdAt: today })));
    }
    await tx.insert(diamondRates).values(
      Object.entries(DIAMOND_RATES_RUPEES_PER_CARAT).map(([quality, rupees]) => ({
        rateDate,
        quality: quality as keyof typeof DIAMOND_RATES_RUPEES_PER_CARAT,
        ratePaisePerCarat: rupees * 100,
        createdAt: today,
      })),
    );

    const demo = buildDemoProducts({ today, rateDate });
    const specByName = new Map(CATEGORY_SPECS.map((c) => [c.name, c]));
    const sale = demoSales(rateDate);
    const rows: NewProduct[] = demo.map((p) => ({
      ...p.row,
      // What the running sale takes off, as the card shows it: the price the listings filter and sort by (issue 38).
      saleDiscountPaise: p.onSale ? saleCut(p.row, sale.current.makingDiscountPercent) : 0,
      categoryId: categoryId.get(p.category)!,
      searchText: productSearchText({
        category: p.category,
        categoryQueryName: specByName.get(p.category)?.queryName,
        tags: p.tags,
        stones: p.stones,
        metal: p.row.metal,
        metalColour: p.row.metalColour,
        colour: p.row.colour,
        occasion: p.row.occasion,
        gender: p.row.gender,
        purity: p.row.purity,
      }),
    }));
    const productIds = new Map<string, number>();
    // Chunks keep each statement well under PostgreSQL's 65,535 bind parameters.
    for (let i = 0; i < rows.length; i += 100) {
      const inserted = await tx
        .insert(products)
        .values(rows.slice(i, i + 100))
        .returning({ id: products.id, sku: products.sku });
      for (const r of inserted) productIds.set(r.sku, r.id);
    }

    const links = demo.map((p) => ({ p, productId: productIds.get(p.row.sku)!, catId: categoryId.get(p.category)! }));
    await tx.insert(productTags).values(links.flatMap(({ p, productId, catId }) => p.tags.map((t) => ({ productId, tagId: tagId.get(`${catId}:${t}`)! }))));
    const stoneLinks = links.flatMap(({ p, productId }) => p.stones.map((s) => ({ productId, otherStoneId: stoneId.get(s)! })));
    if (stoneLinks.length > 0) await tx.insert(productStones).values(stoneLinks);
    // Each piece's several views (issue 40), drawn from its front: the front, turned, worn and close up, in that order.
    const views = links.flatMap(({ p, productId }) => {
      const ref = parseArtPath(p.row.image);
      if (!ref) return [];
      return ART_VIEWS.map((view, position) => ({
        productId,
        position,
        view,
        path: artPath(ref.kind, ref.metal, ref.variant, view),
        alt: `${p.row.name}, ${artViewWords(ref.kind, view)}`,
        width: 600,
        height: 600,
      }));
    });
    for (let i = 0; i < views.length; i += 500) await tx.insert(productImages).values(views.slice(i, i + 500));

    // The sale runs on the pieces chosen for it; the festive sale that is over had a few of them too.
    const [current] = await tx
      .insert(sales)
      .values({ ...sale.current, createdAt: today })
      .returning({ id: sales.id });
    const [over] = await tx
      .insert(sales)
      .values({ ...sale.over, createdAt: today })
      .returning({ id: sales.id });
    const onSale = links.filter(({ p }) => p.onSale);
    await tx.insert(saleProducts).values(onSale.map(({ productId }) => ({ saleId: current!.id, productId })));
    await tx.insert(saleProducts).values(links.filter((_, i) => i % 9 === 4).map(({ productId }) => ({ saleId: over!.id, productId })));

    const reviewers = await tx
      .insert(customers)
      .values(DEMO_REVIEWERS.map((c) => ({ ...c, createdAt: today, updatedAt: today })))
      .returning({ id: customers.id });
    const reviewed = [
      ...links.filter(({ p }) => p.row.featuredRank !== null && p.row.featuredRank !== undefined && p.row.featuredRank <= 12),
      ...onSale.filter((_, i) => i % 4 === 0),
    ];
    const uniqueReviewed = [...new Map(reviewed.map((l) => [l.productId, l])).values()];
    await tx.insert(reviews).values(
      demoReviews(
        uniqueReviewed.map(({ productId, p }) => ({
          productId,
          createdAt: p.row.createdAt ?? today,
          category: p.category,
          style: p.tags[0] ?? null,
          metal: p.row.metal,
          stones: p.stones,
          diamondWeightCents: p.row.diamondWeightCents ?? 0,
        })),
        reviewers.map((r) => r.id),
        today,
      ),
    );

    await tx.insert(stores).values(DEMO_STORES);
    await tx.insert(coupons).values(demoCoupons(today));

    return { seeded: true, rateDate, categories: categoryRows.length, products: rows.length, stores: DEMO_STORES.length };
  });
}
