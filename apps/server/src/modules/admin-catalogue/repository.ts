import { and, asc, count, desc, eq, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';

const {
  products,
  categories,
  tags,
  otherStones,
  productTags,
  productStones,
  productImages,
  searchSynonyms,
  storeSettings,
  metalRates,
  diamondRates,
  sales,
  saleProducts,
} = schema;

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
    async replaceLinks(
      ids: readonly number[],
      tagLinks: readonly { productId: number; tagId: number }[],
      stoneLinks: readonly { productId: number; otherStoneId: number }[],
    ) {
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
      const [row] = await db
        .select({ image: categories.image })
        .from(categories)
        .where(and(eq(categories.id, categoryId)));
      return row?.image ?? null;
    },
  };
}

export type AdminCatalogueRepository = ReturnType<typeof createAdminCatalogueRepository>;

export interface ProductListQuery {
  q?: string | undefined;
  category?: string | undefined;
  material?: string | undefined;
  status?: 'active' | 'archived' | undefined;
  stock?: 'low' | 'out' | undefined;
  sort: 'name' | 'sku' | 'price' | 'stock' | 'updated';
  dir: 'asc' | 'desc';
  page: number;
  perPage: number;
}

export type ImageRow = schema.ProductImage;

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The back office's list of products, its pictures, its bulk changes and the taxonomy (issue 17). */
export function createAdminListRepository(db: Db) {
  return {
    /**
     * Holds a SKU for the rest of the transaction (an advisory lock on its text): two requests making a product
     * with one SKU at once take turns, so the second sees the first's product instead of overwriting it through
     * the write core's create-or-update by SKU.
     */
    async holdSku(sku: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`product-sku:${sku}`}))`);
    },
    /** Every metal's and grade's rate in force on `day` (the newest on or before it), and the GST rate. */
    async priceCard(day: string) {
      const metal = await db
        .selectDistinctOn([metalRates.metal, metalRates.purity], {
          metal: metalRates.metal,
          purity: metalRates.purity,
          paise: metalRates.ratePaisePerGram,
          date: metalRates.rateDate,
        })
        .from(metalRates)
        .where(lte(metalRates.rateDate, day))
        .orderBy(asc(metalRates.metal), asc(metalRates.purity), desc(metalRates.rateDate));
      const diamond = await db
        .selectDistinctOn([diamondRates.quality], { quality: diamondRates.quality, paise: diamondRates.ratePaisePerCarat })
        .from(diamondRates)
        .where(lte(diamondRates.rateDate, day))
        .orderBy(asc(diamondRates.quality), desc(diamondRates.rateDate));
      const [settings] = await db.select({ gst: storeSettings.gstPercent }).from(storeSettings).limit(1);
      return { metal, diamond, gstPercent: settings?.gst ?? null };
    },

    /** Sales not over on `day`, and whether the product is in each. */
    async salesFor(productId: number, day: string) {
      return db
        .select({
          id: sales.id,
          name: sales.name,
          makingDiscountPercent: sales.makingDiscountPercent,
          startsOn: sales.startsOn,
          endsOn: sales.endsOn,
          member: sql<boolean>`exists (select 1 from sale_products sp where sp.sale_id = "sales"."id" and sp.product_id = ${productId})`,
        })
        .from(sales)
        .where(sql`${sales.endsOn} >= ${day}::date`)
        .orderBy(asc(sales.startsOn), asc(sales.id));
    },

    async setSales(productId: number, add: readonly number[], remove: readonly number[]) {
      if (remove.length > 0) await db.delete(saleProducts).where(and(eq(saleProducts.productId, productId), inArray(saleProducts.saleId, [...remove])));
      if (add.length > 0)
        await db
          .insert(saleProducts)
          .values(add.map((saleId) => ({ saleId, productId })))
          .onConflictDoNothing();
    },

    async lowStockThreshold(): Promise<number> {
      const [row] = await db.select({ n: storeSettings.lowStockThreshold }).from(storeSettings).limit(1);
      return row?.n ?? 2;
    },

    async listProducts(query: ProductListQuery, lowStock: number) {
      const where: SQL[] = [];
      if (query.q) {
        const like = `%${likeEscape(query.q)}%`;
        where.push(or(ilike(products.name, like), ilike(products.sku, like))!);
      }
      if (query.category) where.push(sql`lower(${categories.name}) = lower(${query.category})`);
      if (query.material) where.push(sql`lower(${products.material}) = lower(${query.material})`);
      if (query.status) where.push(eq(products.active, query.status === 'active'));
      if (query.stock === 'out') where.push(eq(products.stock, 0));
      if (query.stock === 'low') where.push(and(lte(products.stock, lowStock), sql`${products.stock} > 0`)!);
      const condition = where.length > 0 ? and(...where) : undefined;
      const column = { name: products.name, sku: products.sku, price: products.listPricePaise, stock: products.stock, updated: products.updatedAt }[query.sort];
      const order = query.dir === 'desc' ? desc(column) : asc(column);
      const rows = await db
        .select({
          id: products.id,
          sku: products.sku,
          name: products.name,
          category: categories.name,
          material: products.material,
          image: products.image,
          listPricePaise: products.listPricePaise,
          stock: products.stock,
          active: products.active,
          updatedAt: products.updatedAt,
        })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(condition)
        .orderBy(order, asc(products.id))
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      const [total] = await db.select({ n: count() }).from(products).innerJoin(categories, eq(categories.id, products.categoryId)).where(condition);
      return { rows, total: total?.n ?? 0 };
    },

    async existingIds(ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      return (
        await db
          .select({ id: products.id })
          .from(products)
          .where(inArray(products.id, [...ids]))
      ).map((r) => r.id);
    },

    async setActive(ids: readonly number[], active: boolean) {
      return db
        .update(products)
        .set({ active, updatedAt: new Date() })
        .where(and(inArray(products.id, [...ids]), eq(products.active, !active)))
        .returning({ id: products.id });
    },

    async setStock(ids: readonly number[], stock: number) {
      return db
        .update(products)
        .set({ stock, updatedAt: new Date() })
        .where(inArray(products.id, [...ids]))
        .returning({ id: products.id });
    },

    // Pictures

    async images(productId: number): Promise<ImageRow[]> {
      return db.select().from(productImages).where(eq(productImages.productId, productId)).orderBy(asc(productImages.position), asc(productImages.id));
    },

    async addImages(rows: readonly schema.NewProductImage[]): Promise<ImageRow[]> {
      if (rows.length === 0) return [];
      return db
        .insert(productImages)
        .values([...rows])
        .returning();
    },

    async updateImage(id: number, values: { alt?: string; position?: number }) {
      await db.update(productImages).set(values).where(eq(productImages.id, id));
    },

    async deleteImage(id: number) {
      await db.delete(productImages).where(eq(productImages.id, id));
    },

    async setMainImage(productId: number, image: string) {
      await db.update(products).set({ image, updatedAt: new Date() }).where(eq(products.id, productId));
    },

    async productForImages(productId: number) {
      const [row] = await db
        .select({ id: products.id, image: products.image, metal: products.metal, metalColour: products.metalColour, category: categories.name })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(eq(products.id, productId));
      return row ?? null;
    },

    // Taxonomy

    async categoriesWithUse() {
      return db
        .select({
          id: categories.id,
          name: categories.name,
          queryName: categories.queryName,
          slug: categories.slug,
          sortOrder: categories.sortOrder,
          products: sql<number>`(select count(*)::int from products p where p.category_id = "categories"."id")`,
        })
        .from(categories)
        .orderBy(asc(categories.sortOrder), asc(categories.name));
    },

    async tagsWithUse() {
      return db
        .select({
          id: tags.id,
          name: tags.name,
          slug: tags.slug,
          categoryId: tags.categoryId,
          category: categories.name,
          sortOrder: tags.sortOrder,
          products: sql<number>`(select count(*)::int from product_tags pt where pt.tag_id = "tags"."id")`,
        })
        .from(tags)
        .innerJoin(categories, eq(categories.id, tags.categoryId))
        .orderBy(asc(categories.sortOrder), asc(tags.sortOrder), asc(tags.name));
    },

    async stonesWithUse() {
      return db
        .select({
          id: otherStones.id,
          name: otherStones.name,
          slug: otherStones.slug,
          sortOrder: otherStones.sortOrder,
          products: sql<number>`(select count(*)::int from product_stones ps where ps.other_stone_id = "other_stones"."id")`,
        })
        .from(otherStones)
        .orderBy(asc(otherStones.sortOrder), asc(otherStones.name));
    },

    async synonyms() {
      return db.select().from(searchSynonyms).orderBy(asc(searchSynonyms.id));
    },

    async category(id: number) {
      const [row] = await db.select().from(categories).where(eq(categories.id, id));
      return row ?? null;
    },
    async tag(id: number) {
      const [row] = await db.select().from(tags).where(eq(tags.id, id));
      return row ?? null;
    },
    async stone(id: number) {
      const [row] = await db.select().from(otherStones).where(eq(otherStones.id, id));
      return row ?? null;
    },
    async synonym(id: number) {
      const [row] = await db.select().from(searchSynonyms).where(eq(searchSynonyms.id, id));
      return row ?? null;
    },
    async categoryByName(name: string, exceptId?: number) {
      const [row] = await db
        .select({ id: categories.id })
        .from(categories)
        .where(
          and(
            or(sql`lower(${categories.name}) = lower(${name})`, sql`lower(${categories.queryName}) = lower(${name})`, eq(categories.slug, name)),
            exceptId ? sql`${categories.id} <> ${exceptId}` : undefined,
          ),
        );
      return row ?? null;
    },
    async categoryBySlug(slug: string, exceptId?: number) {
      const [row] = await db
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.slug, slug), exceptId ? sql`${categories.id} <> ${exceptId}` : undefined));
      return row ?? null;
    },
    async tagByName(categoryId: number, name: string, exceptId?: number) {
      const [row] = await db
        .select({ id: tags.id })
        .from(tags)
        .where(and(eq(tags.categoryId, categoryId), sql`lower(${tags.name}) = lower(${name})`, exceptId ? sql`${tags.id} <> ${exceptId}` : undefined));
      return row ?? null;
    },
    async stoneByName(name: string, slug: string, exceptId?: number) {
      const [row] = await db
        .select({ id: otherStones.id })
        .from(otherStones)
        .where(
          and(or(sql`lower(${otherStones.name}) = lower(${name})`, eq(otherStones.slug, slug)), exceptId ? sql`${otherStones.id} <> ${exceptId}` : undefined),
        );
      return row ?? null;
    },
    async nextSort(table: 'categories' | 'tags' | 'stones', categoryId?: number): Promise<number> {
      const t = table === 'categories' ? categories : table === 'tags' ? tags : otherStones;
      const where = table === 'tags' && categoryId !== undefined ? eq(tags.categoryId, categoryId) : undefined;
      const [row] = await db
        .select({ n: sql<number>`coalesce(max(${t.sortOrder}), 0)::int` })
        .from(t)
        .where(where);
      return (row?.n ?? 0) + 1;
    },
    async insertCategory(values: schema.NewCategory) {
      const [row] = await db.insert(categories).values(values).returning();
      return row!;
    },
    async updateCategory(id: number, values: Partial<schema.NewCategory>) {
      const [row] = await db.update(categories).set(values).where(eq(categories.id, id)).returning();
      return row!;
    },
    async deleteCategory(id: number) {
      await db.delete(categories).where(eq(categories.id, id));
    },
    async insertTag(values: schema.NewTag) {
      const [row] = await db.insert(tags).values(values).returning();
      return row!;
    },
    async updateTag(id: number, values: Partial<schema.NewTag>) {
      const [row] = await db.update(tags).set(values).where(eq(tags.id, id)).returning();
      return row!;
    },
    async deleteTag(id: number) {
      await db.delete(tags).where(eq(tags.id, id));
    },
    async insertStone(values: schema.NewOtherStone) {
      const [row] = await db.insert(otherStones).values(values).returning();
      return row!;
    },
    async updateStone(id: number, values: Partial<schema.NewOtherStone>) {
      const [row] = await db.update(otherStones).set(values).where(eq(otherStones.id, id)).returning();
      return row!;
    },
    async deleteStone(id: number) {
      await db.delete(otherStones).where(eq(otherStones.id, id));
    },
    async insertSynonym(terms: string[]) {
      const [row] = await db.insert(searchSynonyms).values({ terms }).returning();
      return row!;
    },
    async updateSynonym(id: number, terms: string[]) {
      const [row] = await db.update(searchSynonyms).set({ terms }).where(eq(searchSynonyms.id, id)).returning();
      return row!;
    },
    async deleteSynonym(id: number) {
      await db.delete(searchSynonyms).where(eq(searchSynonyms.id, id));
    },
    /** Products whose search words name a category, tag or stone: rewritten after a rename. */
    async productIdsUsing(kind: 'category' | 'tag' | 'stone', id: number): Promise<number[]> {
      const rows =
        kind === 'category'
          ? await db.select({ id: products.id }).from(products).where(eq(products.categoryId, id))
          : kind === 'tag'
            ? await db.select({ id: productTags.productId }).from(productTags).where(eq(productTags.tagId, id))
            : await db.select({ id: productStones.productId }).from(productStones).where(eq(productStones.otherStoneId, id));
      return rows.map((r) => r.id);
    },
    async setSearchTexts(rows: readonly { id: number; searchText: string }[]) {
      for (const part of chunks(rows, 1000)) {
        const values = sql.join(
          part.map((r) => sql`(${r.id}::integer, ${r.searchText}::text)`),
          sql`, `,
        );
        await db.execute(sql`update ${products} set search_text = v.t from (values ${values}) as v(id, t) where ${products.id} = v.id`);
      }
    },
  };
}

export type AdminListRepository = ReturnType<typeof createAdminListRepository>;
