import { and, asc, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';

const { categories, customers, diamondRates, metalRates, otherStones, productImages, products, productStones, productTags, reviews, saleProducts, sales, searchWords, storeSettings, tags } =
  schema;

/** Made once: building a formatter costs far more than using one, and every priced answer asks for the day. */
const INDIAN_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Rates are published, and sales run, per Indian calendar day ('YYYY-MM-DD'). */
export function indianDay(at: Date): string {
  return INDIAN_DAY.format(at);
}

type Material = (typeof schema.MATERIALS)[number];
type Metal = (typeof schema.METALS)[number];
type MetalColour = (typeof schema.METAL_COLOURS)[number];
type Colour = (typeof schema.COLOUR_FILTERS)[number];
type GiftOccasion = (typeof schema.GIFT_OCCASIONS)[number];
type GiftRecipient = (typeof schema.GIFT_RECIPIENTS)[number];

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
  /** Only pieces a sale running today takes something off. */
  onSale?: boolean;
  notMaterial?: Material;
  giftOccasion?: GiftOccasion;
  giftRecipient?: GiftRecipient;
  search?: SearchQuery;
}

export interface SearchTerms {
  /** The shopper's words as typed (trimmed): compared whole with names and SKUs. */
  text: string;
  /** Lower-case ASCII letters and digits only, so they are safe inside to_tsquery's syntax. */
  tokens: string[];
}

/** Search terms after `lookUpWords`: which of the tokens may be typos (no active product has them). */
export interface SearchQuery extends SearchTerms {
  /**
   * Tokens of TYPO_MIN_LENGTH or more, not all digits, that no active product has, each with the catalogue's
   * words (search_words) it is similar to: the token matches the pieces that have one of those instead.
   */
  typos: Typo[];
}

export interface Typo {
  token: string;
  /** Catalogue words within TYPO_SIMILARITY of the token, lower-case letters and digits. */
  like: string[];
}

/** Criteria as the service builds them, before the search's words are looked up. */
export type ProductFilters = Omit<ProductCriteria, 'search'> & { search?: SearchTerms };

export type ProductOrder = 'featured' | 'popularity' | 'latest' | 'rating' | 'priceAsc' | 'priceDesc' | 'relevance';

/**
 * A word counts as a typo when no active product has it (as a prefix, after stemming), and then
 * matches the pieces that have a catalogue word this similar to it (pg_trgm's word_similarity
 * against search_words). 0.5 lets one wrong letter through in words of five or more ('brecelet',
 * 'jumka', 'emrald') without letting 'rings' find earrings: such words are in the catalogue, so
 * they match by full-text search only.
 */
const TYPO_SIMILARITY = 0.5;
/** Below this length a 'typo' is another word: 'kad' is not a misspelt 'kada'. */
const TYPO_MIN_LENGTH = 4;
/**
 * The relevance order ranks matches by ts_rank in blocks of this many, and by full relevance (name
 * similarity too) within each block: see findRelevant. More than the demo store's searches match.
 */
export const RANK_BLOCK = 200;

const tagList = sql<string>`coalesce((
  select string_agg(${tags.name}, ', ' order by ${tags.sortOrder}, ${tags.id})
  from ${productTags} join ${tags} on ${tags.id} = ${productTags.tagId}
  where ${productTags.productId} = ${products.id}
), '')`;

/**
 * The best running sale's percent off the making charges of the row's product, or null: a sale runs from its
 * first to its last day, both included, in India.
 */
function salePercentOn(day: string): SQL<number | null> {
  return sql<number | null>`(select max(${sales.makingDiscountPercent}) from ${saleProducts} join ${sales} on ${sales.id} = ${saleProducts.saleId}
    where ${saleProducts.productId} = ${products.id} and ${sales.startsOn} <= ${day}::date and ${sales.endsOn} >= ${day}::date)`;
}

/** A piece a running sale takes something off: one with a making charge (a typed price has none). */
function onSaleOn(day: string): SQL {
  return sql`(${products.makingChargePaise} > 0 and ${products.metalWeightMg} is not null and exists (select 1 from ${saleProducts} join ${sales} on ${sales.id} = ${saleProducts.saleId}
    where ${saleProducts.productId} = ${products.id} and ${sales.startsOn} <= ${day}::date and ${sales.endsOn} >= ${day}::date))`;
}

function summaryColumns(day: string) {
  return {
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
    makingChargePaise: products.makingChargePaise,
    weighed: sql<boolean>`(${products.metalWeightMg} is not null)`,
    salePercent: salePercentOn(day),
  };
}

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
  makingChargePaise: number;
  /** False for a piece sold at a typed price, which has no making charge a sale could take off. */
  weighed: boolean;
  /** Percent off the making charges of the best sale running today, or null. */
  salePercent: number | null;
};

const config = sql.raw(`'${schema.PRODUCT_SEARCH_CONFIG}'::regconfig`);

function prefixQuery(token: string): SQL {
  return sql`to_tsquery(${config}, ${`${token}:*`})`;
}

/** Any of the words, for ranking: stop words drop out by themselves. */
function anyWordQuery(tokens: string[]): SQL {
  return sql`to_tsquery(${config}, ${tokens.map((t) => `${t}:*`).join(' | ')})`;
}

/**
 * The words a typo stands for, as prefixes in the name, SKU, material and search words (weights A and B: the
 * texts the typo was compared with), or null when it is like no word of the catalogue.
 */
function typoQuery(typo: Typo): string | null {
  const words = typo.like.filter((w) => /^[a-z0-9]+$/.test(w));
  return words.length > 0 ? words.map((w) => `${w}:*AB`).join(' | ') : null;
}

/**
 * Any of the known words, or of the words a typo stands for (the typo itself is in no product): what
 * ts_rank chooses the best matches by.
 */
function rankQuery(search: SearchQuery): SQL {
  const typos = new Set(search.typos.map((t) => t.token));
  const known = search.tokens.filter((t) => !typos.has(t)).map((t) => `${t}:*`);
  const alternatives = search.typos.map(typoQuery).filter((q): q is string => q !== null);
  return sql`to_tsquery(${config}, ${[...known, ...alternatives].join(' | ')})`;
}

/** A word that may be a typo: long enough to be one, and not a number. */
function typoCandidate(token: string): boolean {
  return token.length >= TYPO_MIN_LENGTH && !/^\d+$/.test(token);
}

/**
 * Every word must be found: by full-text search (as a prefix, so the header can search as the
 * shopper types), or, for a word the catalogue does not contain at all (looked up beforehand by
 * lookUpWords), by the catalogue words it is similar to. Stop words ('for', 'the') ask for nothing.
 * An exact SKU always matches.
 *
 * Every branch is a full-text or SKU condition, so a search is answered by those two indexes instead
 * of a scan of every product.
 */
function searchCondition(search: SearchQuery): SQL {
  const exactSku = sql`upper(${products.sku}) = upper(${search.text})`;
  if (search.tokens.length === 0) return exactSku;
  const typos = new Map(search.typos.map((t) => [t.token, t]));
  const perWord = search.tokens.map((token) => {
    const q = prefixQuery(token);
    const fts = sql`${products.searchVector} @@ ${q}`;
    const typo = typos.get(token);
    if (typo) {
      // A word no active product has (a stop word among them: its query is empty, numnode 0).
      const like = typoQuery(typo);
      return like === null ? sql`(numnode(${q}) = 0 or ${fts})` : sql`(numnode(${q}) = 0 or ${fts} or ${products.searchVector} @@ to_tsquery(${config}, ${like}))`;
    }
    if (typoCandidate(token)) return fts;
    return sql`(numnode(${q}) = 0 or ${fts})`;
  });
  return sql`(${exactSku} or (numnode(${anyWordQuery(search.tokens)}) > 0 and ${and(...perWord)}))`;
}

/** Higher is better: words found in the name weigh most (search_vector's weight A), then closeness of the whole text to the name. */
function relevance(search: SearchTerms): SQL {
  const rank = search.tokens.length > 0 ? sql`ts_rank(${products.searchVector}, ${anyWordQuery(search.tokens)})` : sql`0`;
  return sql`(${rank} + word_similarity(${search.text}::text, ${products.name}) + 0.5 * word_similarity(${search.text}::text, ${products.searchText}))`;
}

function where(c: ProductCriteria, day: string): SQL | undefined {
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
  if (c.notMaterial) conditions.push(sql`${products.material} <> ${c.notMaterial}`);
  if (c.giftOccasion) conditions.push(sql`${products.giftOccasions} @> array[${c.giftOccasion}]::text[]`);
  if (c.giftRecipient) conditions.push(sql`${products.giftRecipients} @> array[${c.giftRecipient}]::text[]`);
  if (c.onSale) conditions.push(onSaleOn(day));
  if (c.search) conditions.push(searchCondition(c.search));
  return and(...conditions);
}

/** Featured: the shop's picks first, then what sells; sold-out pieces go to the end. */
function featuredOrder(): SQL[] {
  return [asc(sql`${products.stock} = 0`), sql`${products.featuredRank} asc nulls last`, desc(products.unitsSold)];
}

function orderBy(order: ProductOrder, search: SearchTerms | undefined): SQL[] {
  const featured = featuredOrder();
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

/** today: the Indian day whose sales apply (the service's clock). */
export function createCatalogRepository(db: Db, today: () => string = () => indianDay(new Date())) {
  /**
   * The relevance order in two steps (decision 018): ts_rank, which the full-text match has at hand,
   * picks the best RANK_BLOCK matches (then the next RANK_BLOCK, and so on), and the full relevance with
   * its name similarities orders each block. Up to RANK_BLOCK matches this is exactly the order of
   * `relevance`; beyond, similarity is only worked out for the blocks the page reaches, and pages walk
   * every match once because the blocks do not depend on the page asked for. A typo, in no product's
   * search vector, is ranked by the catalogue words it stands for.
   */
  function findRelevant(criteria: ProductCriteria, search: SearchQuery, limit: number, offset: number): Promise<ProductSummaryRow[]> {
    const day = today();
    const exact = sql`upper(${products.sku}) = upper(${search.text})`;
    const rank = sql`ts_rank(${products.searchVector}, ${rankQuery(search)})`;
    const depth = Math.ceil((offset + limit) / RANK_BLOCK) * RANK_BLOCK;
    const ranked = db
      .select({ id: products.id, exact: sql<boolean>`${exact}`.as('exact'), rank: sql<number>`${rank}`.as('rank') })
      .from(products)
      .where(where(criteria, day))
      .orderBy(desc(exact), desc(rank), ...featuredOrder(), asc(products.id))
      .limit(depth)
      .as('ranked');
    // The block of each of those rows: its place in the same order (worked out over `depth` rows only).
    const position = sql`row_number() over (order by ${ranked.exact} desc, ${ranked.rank} desc, ${sql.join([...featuredOrder(), asc(products.id)], sql`, `)})`;
    const block = sql`(${position} - 1) / ${sql.raw(String(RANK_BLOCK))}`;
    const score = relevance(search);
    // The page's ids with their sort keys, then its columns: the tag list runs for the page's rows, not for those it skips.
    const page = db
      .select({ id: products.id, block: sql<number>`${block}`.as('block'), exact: ranked.exact, score: sql<number>`${score}`.as('score') })
      .from(ranked)
      .innerJoin(products, eq(products.id, ranked.id))
      .orderBy(block, desc(ranked.exact), desc(score), ...featuredOrder(), asc(products.id))
      .limit(limit)
      .offset(offset)
      .as('page');
    return db
      .select(summaryColumns(day))
      .from(page)
      .innerJoin(products, eq(products.id, page.id))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .orderBy(asc(page.block), desc(page.exact), desc(page.score), ...featuredOrder(), asc(products.id));
  }

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

    /**
     * The criteria with the search's words looked up: one indexed query for the words that could be
     * typos, asking which of them no active product has. Only those get the similarity fallback.
     */
    async lookUpWords(filters: ProductFilters): Promise<ProductCriteria> {
      const { search, ...rest } = filters;
      if (!search) return rest;
      const candidates = search.tokens.filter(typoCandidate);
      if (candidates.length === 0) return { ...rest, search: { ...search, typos: [] } };
      // Per word, null when an active product has it, else the catalogue words like it. One exists() per word,
      // each with its own query, so the planner sees the word: a common one is met in the first rows of a
      // scan, a rare one is looked up in the full-text index.
      const checks = sql.join(
        candidates.map(
          (token, i) =>
            sql`case when exists (select 1 from ${products} where ${products.active} and ${products.searchVector} @@ ${prefixQuery(token)}) then null
              else (select coalesce(json_agg(${searchWords.word} order by ${searchWords.word}), '[]'::json) from ${searchWords}
                    where word_similarity(${token}::text, ${searchWords.word}) >= ${TYPO_SIMILARITY}) end as ${sql.identifier(`w${i}`)}`,
        ),
        sql`, `,
      );
      const result = (await db.execute(sql`select ${checks}`)) as unknown as { rows: Record<string, string[] | string | null>[] };
      const row = result.rows[0] ?? {};
      const typos = candidates.flatMap((token, i) => {
        const like = row[`w${i}`] ?? null;
        if (like === null) return [];
        return [{ token, like: typeof like === 'string' ? (JSON.parse(like) as string[]) : like }];
      });
      return { ...rest, search: { ...search, typos } };
    },

    async countProducts(criteria: ProductCriteria): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products).where(where(criteria, today()));
      return Number(row?.n ?? 0);
    },

    /**
     * One page of the listing. The tag list (a subquery per row) is only worked out for the page's own
     * rows: a page past the first chooses its ids first, then reads their columns (decision 018).
     */
    findProducts(criteria: ProductCriteria, order: ProductOrder, limit: number, offset: number): Promise<ProductSummaryRow[]> {
      const search = criteria.search;
      if (order === 'relevance' && search && search.tokens.length > 0) return findRelevant(criteria, search, limit, offset);
      const keys = orderBy(order, search);
      const day = today();
      const condition = where(criteria, day);
      const rows = db.select(summaryColumns(day)).from(products).innerJoin(categories, eq(categories.id, products.categoryId));
      if ((criteria.stone !== undefined || criteria.tag !== undefined) && (order === 'priceAsc' || order === 'priceDesc')) {
        // A stone or a style hides its matches from the planner, which walks the price index hoping to
        // meet them early; a rare one (Polki) is met 30,000 pieces in. Take the matches first, then sort.
        const direction = sql.raw(order === 'priceAsc' ? 'asc' : 'desc');
        const ids = sql`(with m as materialized (select ${products.id} as id, ${products.listPricePaise} as price from ${products} where ${condition})
          select m.id from m order by m.price ${direction}, m.id asc limit ${limit} offset ${offset})`;
        return rows.where(inArray(products.id, ids)).orderBy(...keys);
      }
      if (offset === 0) return rows.where(condition).orderBy(...keys).limit(limit);
      const ids = db.select({ id: products.id }).from(products).where(condition).orderBy(...keys).limit(limit).offset(offset);
      return rows.where(inArray(products.id, ids)).orderBy(...keys);
    },

    /** Active products among these ids, in no particular order. */
    productsByIds(ids: number[]): Promise<ProductSummaryRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select(summaryColumns(today()))
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(and(eq(products.active, true), inArray(products.id, ids)));
    },

    /** One active product with everything its page shows, or null. */
    async productDetail(id: number) {
      const [product] = await db
        .select({
          ...summaryColumns(today()),
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
          purities: products.purities,
          metalColours: products.metalColours,
          diamondQualities: products.diamondQualities,
          sizeKind: products.sizeKind,
          sizes: products.sizes,
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

    /** The best sale running today on this product (the largest cut of the making), or null. */
    async saleOf(productId: number): Promise<{ id: number; name: string; makingDiscountPercent: number; endsOn: string } | null> {
      const day = today();
      const [row] = await db
        .select({ id: sales.id, name: sales.name, makingDiscountPercent: sales.makingDiscountPercent, endsOn: sales.endsOn })
        .from(saleProducts)
        .innerJoin(sales, eq(sales.id, saleProducts.saleId))
        .where(and(eq(saleProducts.productId, productId), lte(sales.startsOn, day), gte(sales.endsOn, day)))
        .orderBy(desc(sales.makingDiscountPercent), asc(sales.endsOn), asc(sales.id))
        .limit(1);
      return row ?? null;
    },

    /**
     * One page of an active product's visible reviews, newest first, with their count; null when the product is
     * not on sale in the shop. Each author is named as the screens show them: first name and the initial of the last.
     */
    async reviewsOf(productId: number, limit: number, offset: number) {
      const [product] = await db
        .select({ tenths: products.ratingTenths })
        .from(products)
        .where(and(eq(products.id, productId), eq(products.active, true)));
      if (!product) return null;
      const visible = and(eq(reviews.productId, productId), eq(reviews.hidden, false));
      // Sequential: may run inside a transaction (see productDetail).
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(reviews).where(visible);
      const rows = await db
        .select({
          id: reviews.id,
          rating: reviews.rating,
          title: reviews.title,
          text: reviews.text,
          firstName: customers.firstName,
          lastName: customers.lastName,
          createdAt: reviews.createdAt,
        })
        .from(reviews)
        .innerJoin(customers, eq(customers.id, reviews.customerId))
        .where(visible)
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(limit)
        .offset(offset);
      return { total: Number(count?.n ?? 0), ratingTenths: product.tenths, rows };
    },

    async gstPercent(): Promise<number | null> {
      const [row] = await db.select({ gst: storeSettings.gstPercent }).from(storeSettings).where(eq(storeSettings.id, 1));
      return row ? Number(row.gst) : null;
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
