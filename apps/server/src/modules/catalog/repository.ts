import { and, asc, desc, eq, exists, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { schema, type Db } from '@milli/db';

const { categories, diamondRates, metalRates, otherStones, productImages, products, productStones, productTags, storeSettings, tags } = schema;

type Material = (typeof schema.MATERIALS)[number];
type Metal = (typeof schema.METALS)[number];
type MetalColour = (typeof schema.METAL_COLOURS)[number];
type Colour = (typeof schema.COLOUR_FILTERS)[number];

/** What a listing asks for, already checked and normalised by the service. Every field narrows the result. */
export interface ProductCriteria {
  material?: Material;
  /** Screen name ('Rings'), query name ('Fingerring') or slug, any case. */
  category?: string;
  /** Style tag name, any case. */
  tag?: string;
  /** An other_stones name, any case. */
  stone?: string;
  metalColour?: MetalColour;
  colour?: Colour;
  minPaise?: number;
  maxPaise?: number;
  /** True makes maxPaise inclusive (an exact price, or the top of the scale); bands are half-open otherwise. */
  maxInclusive?: boolean;
  onSale?: boolean;
  search?: SearchTerms;
}

export interface SearchTerms {
  /** The shopper's words as typed (trimmed): compared whole with names and SKUs. */
  text: string;
  /** Lower-case ASCII letters and digits only, so they are safe inside to_tsquery's syntax. */
  tokens: string[];
}

export type ProductOrder = 'featured' | 'popularity' | 'latest' | 'rating' | 'priceAsc' | 'priceDesc' | 'relevance';

/**
 * A word counts as a typo when no active product has it (as a prefix, after stemming), and then
 * matches by trigram similarity instead. 0.5 lets one wrong letter through in words of five or
 * more ('brecelet', 'jumka', 'emrald') without letting 'rings' find earrings: such words are in the
 * catalogue, so they match by full-text search only.
 */
const TYPO_SIMILARITY = 0.5;
/** Below this length a 'typo' is another word: 'kad' is not a misspelt 'kada'. */
const TYPO_MIN_LENGTH = 4;

const tagList = sql<string>`coalesce((
  select string_agg(${tags.name}, ', ' order by ${tags.sortOrder}, ${tags.id})
  from ${productTags} join ${tags} on ${tags.id} = ${productTags.tagId}
  where ${productTags.productId} = ${products.id}
), '')`;

const summaryColumns = {
  id: products.id,
  name: products.name,
  category: categories.name,
  material: products.material,
  listPricePaise: products.listPricePaise,
  sku: products.sku,
  tags: tagList,
  image: products.image,
  stock: products.stock,
  ratingTenths: products.ratingTenths,
  onSale: products.onSale,
};

export type ProductSummaryRow = {
  id: number;
  name: string;
  category: string;
  material: string;
  listPricePaise: number;
  sku: string;
  tags: string;
  image: string;
  stock: number;
  ratingTenths: number;
  onSale: boolean;
};

const config = sql.raw(`'${schema.PRODUCT_SEARCH_CONFIG}'::regconfig`);

function prefixQuery(token: string): SQL {
  return sql`to_tsquery(${config}, ${`${token}:*`})`;
}

/** Any of the words, for ranking: stop words drop out by themselves. */
function anyWordQuery(tokens: string[]): SQL {
  return sql`to_tsquery(${config}, ${tokens.map((t) => `${t}:*`).join(' | ')})`;
}

function typoMatch(token: string): SQL {
  return sql`greatest(word_similarity(${token}::text, ${products.name}), word_similarity(${token}::text, ${products.searchText}), word_similarity(${token}::text, ${products.material})) >= ${TYPO_SIMILARITY}`;
}

const known = alias(products, 'known');

/**
 * Every word must be found: by full-text search (as a prefix, so the header can search as the
 * shopper types), or, for a word the catalogue does not contain at all, by similarity to names,
 * search words and materials. Stop words ('for', 'the') ask for nothing. An exact SKU always matches.
 */
function searchCondition(db: Db, search: SearchTerms): SQL {
  const exactSku = sql`upper(${products.sku}) = upper(${search.text})`;
  if (search.tokens.length === 0) return exactSku;
  const perWord = search.tokens.map((token) => {
    const q = prefixQuery(token);
    const fts = sql`${products.searchVector} @@ ${q}`;
    if (token.length < TYPO_MIN_LENGTH || /^\d+$/.test(token)) return sql`(numnode(${q}) = 0 or ${fts})`;
    // Uncorrelated, so PostgreSQL answers it once per query, not once per row.
    const inCatalogue = exists(db.select({ one: sql`1` }).from(known).where(and(eq(known.active, true), sql`${known.searchVector} @@ ${q}`)));
    return sql`(numnode(${q}) = 0 or ${fts} or (not ${inCatalogue} and ${typoMatch(token)}))`;
  });
  return sql`(${exactSku} or (numnode(${anyWordQuery(search.tokens)}) > 0 and ${and(...perWord)}))`;
}

/** Higher is better: words found in the name weigh most (search_vector's weight A), then closeness of the whole text to the name. */
function relevance(search: SearchTerms): SQL {
  const rank = search.tokens.length > 0 ? sql`ts_rank(${products.searchVector}, ${anyWordQuery(search.tokens)})` : sql`0`;
  return sql`(${rank} + word_similarity(${search.text}::text, ${products.name}) + 0.5 * word_similarity(${search.text}::text, ${products.searchText}))`;
}

function where(db: Db, c: ProductCriteria): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(products.active, true)];
  if (c.material === 'Diamond') {
    // The Diamond range, and any other piece set with diamonds (a platinum solitaire).
    conditions.push(sql`(${products.material} = 'Diamond' or ${products.diamondWeightCents} > 0)`);
  } else if (c.material) {
    conditions.push(eq(products.material, c.material));
  }
  if (c.category !== undefined) {
    const name = c.category.toLowerCase();
    conditions.push(
      inArray(
        products.categoryId,
        sql`(select ${categories.id} from ${categories} where lower(${categories.name}) = ${name} or lower(${categories.queryName}) = ${name} or ${categories.slug} = ${name})`,
      ),
    );
  }
  if (c.tag !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${productTags} join ${tags} on ${tags.id} = ${productTags.tagId} where ${productTags.productId} = ${products.id} and lower(${tags.name}) = ${c.tag.toLowerCase()})`,
    );
  }
  if (c.stone !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${productStones} join ${otherStones} on ${otherStones.id} = ${productStones.otherStoneId} where ${productStones.productId} = ${products.id} and lower(${otherStones.name}) = ${c.stone.toLowerCase()})`,
    );
  }
  if (c.metalColour) conditions.push(eq(products.metalColour, c.metalColour));
  if (c.colour) conditions.push(eq(products.colour, c.colour));
  if (c.minPaise !== undefined) conditions.push(gte(products.listPricePaise, c.minPaise));
  if (c.maxPaise !== undefined) conditions.push(c.maxInclusive ? lte(products.listPricePaise, c.maxPaise) : lt(products.listPricePaise, c.maxPaise));
  if (c.onSale) conditions.push(eq(products.onSale, true));
  if (c.search) conditions.push(searchCondition(db, c.search));
  return and(...conditions);
}

function orderBy(order: ProductOrder, search: SearchTerms | undefined): SQL[] {
  // Featured: the shop's picks first, then what sells; sold-out pieces go to the end.
  const featured = [asc(sql`${products.stock} = 0`), sql`${products.featuredRank} asc nulls last`, desc(products.unitsSold)];
  switch (order) {
    case 'relevance':
      if (search) return [desc(sql`upper(${products.sku}) = upper(${search.text})`), desc(relevance(search)), ...featured, asc(products.id)];
      return [...featured, asc(products.id)];
    case 'featured':
      return [...featured, asc(products.id)];
    case 'popularity':
      return [desc(products.unitsSold), asc(products.id)];
    case 'latest':
      return [desc(products.createdAt), desc(products.id)];
    case 'rating':
      return [desc(products.ratingTenths), desc(products.reviewCount), asc(products.id)];
    case 'priceAsc':
      return [asc(products.listPricePaise), asc(products.id)];
    case 'priceDesc':
      return [desc(products.listPricePaise), asc(products.id)];
  }
}

export interface RateRow {
  key: string;
  paise: number;
  date: string;
}

export function createCatalogRepository(db: Db) {
  return {
    /** Category screen names in the shop's display order. */
    categories(): Promise<{ name: string }[]> {
      return db.select({ name: categories.name }).from(categories).orderBy(asc(categories.sortOrder), asc(categories.id));
    },

    /** Styles with their category's screen name, category by category in display order. */
    tags(): Promise<{ category: string; tag: string }[]> {
      return db
        .select({ category: categories.name, tag: tags.name })
        .from(tags)
        .innerJoin(categories, eq(categories.id, tags.categoryId))
        .orderBy(asc(categories.sortOrder), asc(categories.id), asc(tags.sortOrder), asc(tags.id));
    },

    otherStones(): Promise<{ name: string }[]> {
      return db.select({ name: otherStones.name }).from(otherStones).orderBy(asc(otherStones.sortOrder), asc(otherStones.id));
    },

    async countProducts(criteria: ProductCriteria): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products).where(where(db, criteria));
      return Number(row?.n ?? 0);
    },

    findProducts(criteria: ProductCriteria, order: ProductOrder, limit: number, offset: number): Promise<ProductSummaryRow[]> {
      return db
        .select(summaryColumns)
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(where(db, criteria))
        .orderBy(...orderBy(order, criteria.search))
        .limit(limit)
        .offset(offset);
    },

    /** Active products among these ids, in no particular order. */
    productsByIds(ids: number[]): Promise<ProductSummaryRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select(summaryColumns)
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(and(eq(products.active, true), inArray(products.id, ids)));
    },

    /** One active product with everything its page shows, or null. */
    async productDetail(id: number) {
      const [product] = await db
        .select({
          ...summaryColumns,
          description: products.description,
          metal: products.metal,
          metalColour: products.metalColour,
          purity: products.purity,
          metalWeightMg: products.metalWeightMg,
          fixedPricePaise: products.fixedPricePaise,
          makingChargePaise: products.makingChargePaise,
          diamondWeightCents: products.diamondWeightCents,
          diamondQuality: products.diamondQuality,
          stoneValuePaise: products.stoneValuePaise,
          huid: products.huid,
          reviewCount: products.reviewCount,
          listPriceDate: products.listPriceDate,
        })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(and(eq(products.id, id), eq(products.active, true)));
      if (!product) return null;
      // Sequential, not Promise.all: `db` may be a transaction, one connection that runs one query at a time.
      const images = await db
        .select({ path: productImages.path })
        .from(productImages)
        .where(eq(productImages.productId, id))
        .orderBy(asc(productImages.position), asc(productImages.id));
      const stones = await db
        .select({ name: otherStones.name })
        .from(productStones)
        .innerJoin(otherStones, eq(otherStones.id, productStones.otherStoneId))
        .where(eq(productStones.productId, id))
        .orderBy(asc(otherStones.sortOrder), asc(otherStones.id));
      return { ...product, images: images.map((i) => i.path), stones: stones.map((s) => s.name) };
    },

    /** The newest rate of each purity of this metal, and of each diamond quality, dated on or before `day`. */
    async ratesOn(day: string, metal: Metal): Promise<{ metal: RateRow[]; diamond: RateRow[] }> {
      // Sequential: also read inside transactions (see productDetail).
      const metalRows = await db
        .selectDistinctOn([metalRates.purity], { purity: metalRates.purity, paise: metalRates.ratePaisePerGram, date: metalRates.rateDate })
        .from(metalRates)
        .where(and(eq(metalRates.metal, metal), lte(metalRates.rateDate, day)))
        .orderBy(asc(metalRates.purity), desc(metalRates.rateDate));
      const diamondRows = await db
        .selectDistinctOn([diamondRates.quality], { quality: diamondRates.quality, paise: diamondRates.ratePaisePerCarat, date: diamondRates.rateDate })
        .from(diamondRates)
        .where(lte(diamondRates.rateDate, day))
        .orderBy(asc(diamondRates.quality), desc(diamondRates.rateDate));
      return {
        metal: metalRows.map((r) => ({ key: String(r.purity), paise: Number(r.paise), date: r.date })),
        diamond: diamondRows.map((r) => ({ key: r.quality, paise: Number(r.paise), date: r.date })),
      };
    },

    async gstPercent(): Promise<number | null> {
      const [row] = await db.select({ gst: storeSettings.gstPercent }).from(storeSettings).where(eq(storeSettings.id, 1));
      return row ? Number(row.gst) : null;
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
