import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';

const { products, categories, tags, otherStones, productTags, productStones, productImages } = schema;

/** Rows per statement: ~40 columns × 300 rows stays far below PostgreSQL's 65,535 bind parameters. */
const BATCH = 300;
/** Ids per `= any(...)` list. */
const ID_BATCH = 5000;

export type ProductRow = schema.Product;
export type NewProductRow = schema.NewProduct;

/** What a stored product's form is read from: its row, category and the names of its tags and stones. */
export interface StoredProduct {
  row: ProductRow;
  category: string;
  tags: string[];
  stones: string[];
}

export interface CategoryLookup {
  id: number;
  name: string;
  queryName: string;
  /** Tag names of the category, keyed by lower case. */
  tags: Map<string, { id: number; name: string }>;
}

export interface ProductLookups {
  /** Keyed by the lower-case name. */
  categories: Map<string, CategoryLookup>;
  stones: Map<string, { id: number; name: string }>;
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** The columns a create-or-update by SKU rewrites (never the pictures, sales figures, reviews or creation time). */
const UPSERT_SET = {
  name: sql`excluded.name`,
  slug: sql`excluded.slug`,
  description: sql`excluded.description`,
  material: sql`excluded.material`,
  metal: sql`excluded.metal`,
  categoryId: sql`excluded.category_id`,
  metalColour: sql`excluded.metal_colour`,
  purity: sql`excluded.purity`,
  metalWeightMg: sql`excluded.metal_weight_mg`,
  fixedPricePaise: sql`excluded.fixed_price_paise`,
  makingChargePaise: sql`excluded.making_charge_paise`,
  makingChargeKind: sql`excluded.making_charge_kind`,
  makingChargeRate: sql`excluded.making_charge_rate`,
  hallmarked: sql`excluded.hallmarked`,
  diamondWeightCents: sql`excluded.diamond_weight_cents`,
  diamondCount: sql`excluded.diamond_count`,
  diamondQuality: sql`excluded.diamond_quality`,
  stoneValuePaise: sql`excluded.stone_value_paise`,
  stoneWeightCents: sql`excluded.stone_weight_cents`,
  colour: sql`excluded.colour`,
  purities: sql`excluded.purities`,
  metalColours: sql`excluded.metal_colours`,
  diamondQualities: sql`excluded.diamond_qualities`,
  sizeKind: sql`excluded.size_kind`,
  sizes: sql`excluded.sizes`,
  huid: sql`excluded.huid`,
  stock: sql`excluded.stock`,
  featuredRank: sql`excluded.featured_rank`,
  gender: sql`excluded.gender`,
  occasion: sql`excluded.occasion`,
  giftOccasions: sql`excluded.gift_occasions`,
  giftRecipients: sql`excluded.gift_recipients`,
  listPricePaise: sql`excluded.list_price_paise`,
  listPriceDate: sql`excluded.list_price_date`,
  active: sql`excluded.active`,
  searchText: sql`excluded.search_text`,
  updatedAt: sql`now()`,
} as const;

export function createAdminCatalogueRepository(db: Db) {
  async function stored(where: SQL): Promise<StoredProduct[]> {
    const rows = await db
      .select({ row: products, category: categories.name })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .orderBy(asc(products.id));
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.row.id);
    const tagNames = new Map<number, string[]>();
    const stoneNames = new Map<number, string[]>();
    for (const part of chunks(ids, ID_BATCH)) {
      const t = await db
        .select({ productId: productTags.productId, name: tags.name })
        .from(productTags)
        .innerJoin(tags, eq(tags.id, productTags.tagId))
        .where(inArray(productTags.productId, part))
        .orderBy(asc(tags.sortOrder), asc(tags.name));
      for (const r of t) tagNames.set(r.productId, [...(tagNames.get(r.productId) ?? []), r.name]);
      const s = await db
        .select({ productId: productStones.productId, name: otherStones.name })
        .from(productStones)
        .innerJoin(otherStones, eq(otherStones.id, productStones.otherStoneId))
        .where(inArray(productStones.productId, part))
        .orderBy(asc(otherStones.sortOrder), asc(otherStones.name));
      for (const r of s) stoneNames.set(r.productId, [...(stoneNames.get(r.productId) ?? []), r.name]);
    }
    return rows.map((r) => ({ row: r.row, category: r.category, tags: tagNames.get(r.row.id) ?? [], stones: stoneNames.get(r.row.id) ?? [] }));
  }

  return {
    async lookups(): Promise<ProductLookups> {
      const cats = await db.select().from(categories).orderBy(asc(categories.sortOrder));
      const tagRows = await db.select().from(tags).orderBy(asc(tags.sortOrder));
      const stoneRows = await db.select().from(otherStones).orderBy(asc(otherStones.sortOrder));
      const byId = new Map<number, CategoryLookup>();
      const out: ProductLookups = { categories: new Map(), stones: new Map() };
      for (const c of cats) {
        const entry: CategoryLookup = { id: c.id, name: c.name, queryName: c.queryName, tags: new Map() };
        byId.set(c.id, entry);
        out.categories.set(c.name.toLowerCase(), entry);
        // 'Fingerring' names Rings too (spec §9).
        if (c.queryName !== c.name) out.categories.set(c.queryName.toLowerCase(), entry);
      }
      for (const t of tagRows) byId.get(t.categoryId)?.tags.set(t.name.toLowerCase(), { id: t.id, name: t.name });
      for (const s of stoneRows) out.stones.set(s.name.toLowerCase(), { id: s.id, name: s.name });
      return out;
    },

    async storedByIds(ids: readonly number[]): Promise<StoredProduct[]> {
      const out: StoredProduct[] = [];
      for (const part of chunks([...new Set(ids)], ID_BATCH)) out.push(...(await stored(inArray(products.id, part))));
      return out;
    },

    async storedBySkus(skus: readonly string[]): Promise<StoredProduct[]> {
      const out: StoredProduct[] = [];
      for (const part of chunks([...new Set(skus)], ID_BATCH)) out.push(...(await stored(inArray(products.sku, part))));
      return out;
    },

    /** Which of these SKUs other products than the given ones use: sku → id. */
    async skuOwners(skus: readonly string[]): Promise<Map<string, number>> {
      const out = new Map<string, number>();
      for (const part of chunks([...new Set(skus)], ID_BATCH)) {
        const rows = await db.select({ id: products.id, sku: products.sku }).from(products).where(inArray(products.sku, part));
        for (const r of rows) out.set(r.sku, r.id);
      }
      return out;
    },

    /** Slugs in use that are one of `bases` or one of them with a '-2', '-3' … ending: slug → product id. */
    async slugsLike(bases: readonly string[]): Promise<Map<string, number>> {
      const out = new Map<string, number>();
      for (const part of chunks([...new Set(bases)], ID_BATCH)) {
        const list = sql`array[${sql.join(
          part.map((b) => sql`${b}`),
          sql`, `,
        )}]::text[]`;
        const rows = await db
          .select({ id: products.id, slug: products.slug })
          .from(products)
          .where(sql`${products.slug} = any(${list}) or regexp_replace(${products.slug}, '-[0-9]+$', '') = any(${list})`);
        for (const r of rows) out.set(r.slug, r.id);
      }
      return out;
    },

    async setSku(id: number, sku: string): Promise<void> {
      await db.update(products).set({ sku, updatedAt: new Date() }).where(eq(products.id, id));
    },

    /** Creates or rewrites products by SKU, in batches; answers sku → id. */
    async upsert(rows: readonly NewProductRow[]): Promise<Map<string, number>> {
      const out = new Map<string, number>();
      for (const part of chunks(rows, BATCH)) {
        const written = await db
          .insert(products)
          .values(part)
          .onConflictDoUpdate({ target: products.sku, set: UPSERT_SET })
          .returning({ id: products.id, sku: products.sku });
        for (const r of written) out.set(r.sku, r.id);
      }
      return out;
    },

    /** Replaces the tags and stones of these products with the given links. */
    async replaceLinks(ids: readonly number[], tagLinks: readonly { productId: number; tagId: number }[], stoneLinks: readonly { productId: number; otherStoneId: number }[]) {
      for (const part of chunks(ids, ID_BATCH)) {
        await db.delete(productTags).where(inArray(productTags.productId, part));
        await db.delete(productStones).where(inArray(productStones.productId, part));
      }
      for (const part of chunks(tagLinks, 5000)) await db.insert(productTags).values(part).onConflictDoNothing();
      for (const part of chunks(stoneLinks, 5000)) await db.insert(productStones).values(part).onConflictDoNothing();
    },

    async imagesOf(productId: number) {
      return db.select().from(productImages).where(eq(productImages.productId, productId)).orderBy(asc(productImages.position), asc(productImages.id));
    },

    async productExists(id: number): Promise<boolean> {
      const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
      return Boolean(row);
    },

    async categoryImage(categoryId: number): Promise<string | null> {
      const [row] = await db.select({ image: categories.image }).from(categories).where(and(eq(categories.id, categoryId)));
      return row?.image ?? null;
    },
  };
}

export type AdminCatalogueRepository = ReturnType<typeof createAdminCatalogueRepository>;
