import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNotNull, lt, lte, or, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import type { ProductExportQuery, RateKey } from '@milli/contracts/schemas';
import { placeholderValue, preparedQuery, schema, type Db } from '@milli/db';
import { normaliseTerm, planSearch, type SearchPlan, type Vocabulary } from './search-plan.ts';
import { indianDate } from '@milli/pricing';

const {
  categories,
  customers,
  diamondRates,
  metalRates,
  otherStones,
  productImages,
  productVideos,
  productSpins,
  products,
  productStones,
  productTags,
  reviews,
  reviewPhotos,
  saleProducts,
  sales,
  searchSynonyms,
  searchWords,
  storeSettings,
  tags,
} = schema;

type Material = (typeof schema.MATERIALS)[number];
type MetalColour = (typeof schema.METAL_COLOURS)[number];
type Colour = (typeof schema.COLOUR_FILTERS)[number];
type GiftOccasion = (typeof schema.GIFT_OCCASIONS)[number];
type GiftRecipient = (typeof schema.GIFT_RECIPIENTS)[number];

/**
 * What a listing asks for, already checked and normalised by the service. Every field narrows the result; a list
 * takes a piece that is any of its values (issue 40: two categories and a metal chosen together), never empty.
 */
export interface ProductCriteria {
  material?: Material[];
  /** Screen names ('Rings'), query names ('Fingerring') or slugs, any case. */
  category?: string[];
  /** Style tag names, any case. */
  tag?: string[];
  /** other_stones names, any case. With metalColour, the one 'Metal & Stone' group: a piece with either. */
  stone?: string[];
  metalColour?: MetalColour[];
  colour?: Colour[];
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
  /** The words, normalised by search-plan.ts's normaliseWords: any script; only the plan's words reach to_tsquery. */
  tokens: string[];
}

/** Search terms after `lookUpWords`: how each word is matched (decision 026). */
export interface SearchQuery extends SearchTerms {
  plan: SearchPlan;
}

/** Criteria as the service builds them, before the search's words are looked up. */
export type ProductFilters = Omit<ProductCriteria, 'search'> & { search?: SearchTerms };

export type ProductOrder = 'featured' | 'popularity' | 'latest' | 'rating' | 'priceAsc' | 'priceDesc' | 'relevance';

/**
 * The relevance order picks matches in blocks of this many by match tier and the featured order, and orders
 * each block by full relevance (ts_rank, name similarity): see findRelevant. More than the demo store's searches match.
 */
export const RANK_BLOCK = 200;

const tagList = sql<string>`coalesce((
  select string_agg(${tags.name}, ', ' order by ${tags.sortOrder}, ${tags.id})
  from ${productTags} join ${tags} on ${tags.id} = ${productTags.tagId}
  where ${productTags.productId} = ${products.id}
), '')`;

/**
 * The sales running on `day` that the row's product is on, as the `from … where` of a subquery: a sale runs from
 * its first to its last day, both included, in India.
 */
/** An Indian day as text ('2026-11-28'), or a placeholder for it in a statement built once. */
type Day = string | Placeholder;

function runningSalesOn(day: Day): SQL {
  return sql`from ${saleProducts} join ${sales} on ${sales.id} = ${saleProducts.saleId}
    where ${saleProducts.productId} = ${products.id} and ${sales.startsOn} <= ${day}::date and ${sales.endsOn} >= ${day}::date`;
}

/** The best running sale's percent off the making charges of the row's product, or null. */
function salePercentOn(day: Day): SQL<number | null> {
  return sql<number | null>`(select max(${sales.makingDiscountPercent}) ${runningSalesOn(day)})`;
}

/** Only a weighed piece with a making charge has something a sale can take off (a typed price has none). */
const HAS_MAKING = sql`(${products.makingChargePaise} > 0 and ${products.metalWeightMg} is not null)`;

/** A piece a running sale takes something off. */
function onSaleOn(day: Day): SQL {
  return sql`(${HAS_MAKING} and exists (select 1 ${runningSalesOn(day)}))`;
}

/** The sale a piece's price takes: the largest cut of the making, then the one ending first, then the lowest id. */
function bestSaleOn(day: Day): SQL<{ id: number; name: string; makingDiscountPercent: number; endsOn: string } | null> {
  return sql`(select json_build_object('id', ${sales.id}, 'name', ${sales.name}, 'makingDiscountPercent', ${sales.makingDiscountPercent}, 'endsOn', ${sales.endsOn})
    ${runningSalesOn(day)} and ${HAS_MAKING}
    order by ${sales.makingDiscountPercent} desc, ${sales.endsOn}, ${sales.id} limit 1)`;
}

function summaryColumns(day: Day) {
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

function tsQuery(query: string): SQL {
  return sql`to_tsquery(${config}, ${query})`;
}

/**
 * The search's planned full-text query (search-plan.ts: literal words, synonyms, joins, splits and corrections,
 * every part of the query required), or an exact SKU. Both are index conditions: a search never compares a
 * product's text by similarity.
 */
function searchCondition(search: SearchQuery): SQL {
  const exactSku = sql`upper(${products.sku}) = upper(${search.text})`;
  if (search.plan.query === null) return exactSku;
  return sql`(${exactSku} or ${products.searchVector} @@ ${tsQuery(search.plan.query)})`;
}

/**
 * 2 when the product matches the shopper's own words, 1 when it needs synonyms, joins or splits, 0 when it needs
 * a typo corrected: exact and prefix matches always rank above corrected ones.
 */
function matchTier(search: SearchQuery): SQL {
  const { literal, exact, query } = search.plan;
  if (query === null) return sql`0::int`;
  const exactTier = exact === null ? sql`0::int` : exact === query ? sql`1::int` : sql`(${products.searchVector} @@ ${tsQuery(exact)})::int`;
  if (literal === null) return exactTier;
  if (literal === query) return sql`2::int`;
  // One full-text test per row when the rewritten words are the typed ones (a query whose only help is a typo).
  const below = exact === literal ? sql`0` : exactTier;
  return sql`case when ${products.searchVector} @@ ${tsQuery(literal)} then 2 else ${below} end`;
}

/** A listing material by the word a search plan holds for it ('gold' → Gold). */
const MATERIAL_OF_WORD = new Map<string, Material>(schema.MATERIALS.map((m) => [m.toLowerCase(), m]));

/**
 * The listing materials a search names (issue 38): any word of any alternative of any part of the query, so a
 * corrected typo ('glod'), a synonym ('sona', 'सोना') or a Hindi word's English one names its material too.
 */
export function materialsNamed(plan: SearchPlan): Material[] {
  const named = new Set<Material>();
  for (const concept of plan.concepts)
    for (const alternative of concept.alternatives)
      for (const word of alternative.words) {
        const material = MATERIAL_OF_WORD.get(word);
        if (material) named.add(material);
      }
  return schema.MATERIALS.filter((m) => named.has(m));
}

/**
 * 1 for a piece of a material the search names, else 0, or null when it names none: 'gold rign' lists Gold rings
 * before the Diamond range's (set in gold, whose words say 'gold' as often). A piece set with diamonds counts as
 * Diamond, as the Diamond filter takes it. The materials go as one array value, so the statement's text is the same
 * whatever they are (decision 037).
 */
function namedMaterial(search: SearchQuery): SQL | null {
  const named = materialsNamed(search.plan);
  if (named.length === 0) return null;
  const list = sql`${`{${named.join(',')}}`}::text[]`;
  return sql`(${products.material} = any(${list}) or (${products.diamondWeightCents} > 0 and 'Diamond' = any(${list})))::int`;
}

/** Higher is better: words found in the name weigh most (search_vector's weight A), then closeness of the whole text to the name. */
function relevance(search: SearchQuery): SQL {
  const rank = search.plan.rank !== null ? sql`ts_rank(${products.searchVector}, ${tsQuery(search.plan.rank)})` : sql`0::real`;
  return sql`(${rank} + word_similarity(${search.text}::text, ${products.name}) + 0.5 * word_similarity(${search.text}::text, ${products.searchText}))`;
}

/**
 * Values as one text[] parameter (a literal with every element quoted), so a statement's text is the same however
 * many are chosen (decision 037) and a name with a comma or a quote stays one value.
 */
function textArray(values: readonly string[]): SQL {
  const literal = `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
  return sql`${literal}::text[]`;
}

/**
 * A column (or expression) against a group's values: `= value` for one, as the listings' partial indexes and plans
 * were made for (scale-indexes.test.ts), `= any(values)` for several. `lower` compares in lower case.
 */
function matches(column: SQL | AnyColumn, values: readonly string[], lower = false): SQL {
  const wanted = lower ? values.map((v) => v.toLowerCase()) : values;
  return wanted.length === 1 ? sql`${column} = ${wanted[0]}` : sql`${column} = any(${textArray(wanted)})`;
}

function where(c: ProductCriteria, day: string): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(products.active, true)];
  // The Diamond range, and any other piece set with diamonds (a platinum solitaire).
  const diamond = sql`(${products.material} = 'Diamond' or ${products.diamondWeightCents} > 0)`;
  if (c.material?.length === 1) {
    conditions.push(c.material[0] === 'Diamond' ? diamond : eq(products.material, c.material[0]!));
  } else if (c.material?.length) {
    const others = c.material.filter((m) => m !== 'Diamond');
    conditions.push(c.material.includes('Diamond') ? or(diamond, matches(products.material, others)) : matches(products.material, others));
  }
  if (c.category?.length) {
    const names = c.category;
    conditions.push(
      inArray(
        products.categoryId,
        sql`(select ${categories.id} from ${categories} where ${matches(sql`lower(${categories.name})`, names, true)} or ${matches(sql`lower(${categories.queryName})`, names, true)} or ${matches(categories.slug, names, true)})`,
      ),
    );
  }
  if (c.tag?.length) {
    conditions.push(
      sql`exists (select 1 from ${productTags} join ${tags} on ${tags.id} = ${productTags.tagId} where ${productTags.productId} = ${products.id} and ${matches(sql`lower(${tags.name})`, c.tag, true)})`,
    );
  }
  // The 'Metal & Stone' group mixes stones with gold colours (spec §9): a piece with any of the chosen.
  const stoneOrColour: SQL[] = [];
  if (c.stone?.length) {
    stoneOrColour.push(
      sql`exists (select 1 from ${productStones} join ${otherStones} on ${otherStones.id} = ${productStones.otherStoneId} where ${productStones.productId} = ${products.id} and ${matches(sql`lower(${otherStones.name})`, c.stone, true)})`,
    );
  }
  if (c.metalColour?.length) stoneOrColour.push(matches(products.metalColour, c.metalColour));
  if (stoneOrColour.length > 0) conditions.push(stoneOrColour.length === 1 ? stoneOrColour[0] : or(...stoneOrColour));
  if (c.colour?.length) conditions.push(matches(products.colour, c.colour));
  // The price the shopper sees (after the running sale's cut), not the list price before it (issue 38).
  if (c.minPaise !== undefined) conditions.push(gte(products.priceNowPaise, c.minPaise));
  if (c.maxPaise !== undefined) conditions.push(c.maxInclusive ? lte(products.priceNowPaise, c.maxPaise) : lt(products.priceNowPaise, c.maxPaise));
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

function orderBy(order: ProductOrder, search: SearchQuery | undefined): SQL[] {
  const featured = featuredOrder();
  switch (order) {
    case 'relevance':
      if (search) {
        const material = namedMaterial(search);
        return [
          desc(sql`upper(${products.sku}) = upper(${search.text})`),
          desc(matchTier(search)),
          ...(material ? [desc(material)] : []),
          desc(relevance(search)),
          ...featured,
          asc(products.id),
        ];
      }
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
      return [asc(products.priceNowPaise), asc(products.id)];
    case 'priceDesc':
      return [desc(products.priceNowPaise), asc(products.id)];
  }
}

export interface RateRow {
  key: string;
  paise: number;
  date: string;
}

/** A rate as productDetail's statement gives it: purity or grade, paise (a bigint may come as text), its date. */
type RateCell = [key: number | string, paise: number | string, date: string];
/** A gallery picture as the detail statement reads it: [path, view, alt, width, height]. */
export type ViewCell = [path: string, view: string | null, alt: string, width: number | null, height: number | null];
/** A product's film as the detail statement reads it: [path, content type, poster path]. */
export type VideoCell = [path: string, contentType: string, posterPath: string | null];

function rateRow([key, paise, date]: RateCell): RateRow {
  return { key: String(key), paise: Number(paise), date };
}

/**
 * productDetail's statement, built once (decision 038): the cart, checkout and product page run it for every piece.
 * `day` is the day whose rates price the piece, `saleDay` the day whose sales apply.
 */
const productDetailStatement = preparedQuery('catalog_product_detail', (db) => {
  const day = sql.placeholder('day');
  const saleDay = sql.placeholder('saleDay');
  return db
    .select({
      ...summaryColumns(saleDay),
      description: products.description,
      metal: products.metal,
      metalColour: products.metalColour,
      purity: products.purity,
      metalWeightMg: products.metalWeightMg,
      fixedPricePaise: products.fixedPricePaise,
      makingChargePaise: products.makingChargePaise,
      makingChargeKind: products.makingChargeKind,
      makingChargeRate: products.makingChargeRate,
      diamondWeightCents: products.diamondWeightCents,
      diamondQuality: products.diamondQuality,
      stoneValuePaise: products.stoneValuePaise,
      hallmarked: products.hallmarked,
      countryOfOrigin: products.countryOfOrigin,
      reviewCount: products.reviewCount,
      listPriceDate: products.listPriceDate,
      purities: products.purities,
      metalColours: products.metalColours,
      diamondQualities: products.diamondQualities,
      sizeKind: products.sizeKind,
      sizes: products.sizes,
      sizeWeightsMg: products.sizeWeightsMg,
      // Issue 40: the gallery's pictures as [path, view, alt, width, height], in their order.
      views: sql<
        ViewCell[]
      >`(select coalesce(json_agg(json_build_array(${productImages.path}, ${productImages.view}, ${productImages.alt}, ${productImages.width}, ${productImages.height})
        order by ${productImages.position}, ${productImages.id}), '[]') from ${productImages} where ${productImages.productId} = ${products.id})`,
      spinFrames: products.spinFrames,
      spin: sql<string[] | null>`(select ${productSpins.frames} from ${productSpins} where ${productSpins.productId} = ${products.id})`,
      video: sql<VideoCell | null>`(select json_build_array(${productVideos.path}, ${productVideos.contentType}, ${productVideos.posterPath})
        from ${productVideos} where ${productVideos.productId} = ${products.id})`,
      stones: sql<string[]>`coalesce((select array_agg(${otherStones.name} order by ${otherStones.sortOrder}, ${otherStones.id})
        from ${productStones} join ${otherStones} on ${otherStones.id} = ${productStones.otherStoneId}
        where ${productStones.productId} = ${products.id}), '{}')`,
      metalRates: sql<RateCell[]>`(select coalesce(json_agg(json_build_array(r.purity, r.paise, r.day) order by r.purity), '[]')
        from (select distinct on (${metalRates.purity}) ${metalRates.purity} as purity, ${metalRates.ratePaisePerGram} as paise, ${metalRates.rateDate} as day
          from ${metalRates} where ${metalRates.metal} = ${products.metal} and ${metalRates.rateDate} <= ${day}::date
          order by ${metalRates.purity}, ${metalRates.rateDate} desc) r)`,
      diamondRates: sql<RateCell[]>`(select coalesce(json_agg(json_build_array(r.quality, r.paise, r.day) order by r.quality), '[]')
        from (select distinct on (${diamondRates.quality}) ${diamondRates.quality} as quality, ${diamondRates.ratePaisePerCarat} as paise, ${diamondRates.rateDate} as day
          from ${diamondRates} where ${diamondRates.rateDate} <= ${day}::date
          order by ${diamondRates.quality}, ${diamondRates.rateDate} desc) r)`,
      gstPercent: sql<string | null>`(select ${storeSettings.gstPercent} from ${storeSettings} where ${storeSettings.id} = 1)`,
      sale: bestSaleOn(saleDay),
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.id, sql.placeholder('id')), eq(products.active, true)));
});

/**
 * Takes `quantity` of a piece if that many are left, counting them sold: the statement every order placed runs for
 * each of its lines, built once (decision 038).
 */
const takeStockStatement = preparedQuery('catalog_take_stock', (db) =>
  db
    .update(products)
    .set({
      stock: sql`${products.stock} - ${sql.placeholder('quantity')}`,
      unitsSold: sql`${products.unitsSold} + ${sql.placeholder('quantity')}`,
      updatedAt: placeholderValue<Date>('at'),
    })
    .where(and(eq(products.id, sql.placeholder('productId')), sql`${products.stock} >= ${sql.placeholder('quantity')}`))
    .returning({ id: products.id }),
);

// The back office's product writes (issue 17).

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
  sizeWeightsMg: sql`excluded.size_weights_mg`,
  huid: sql`excluded.huid`,
  countryOfOrigin: sql`excluded.country_of_origin`,
  stock: sql`excluded.stock`,
  featuredRank: sql`excluded.featured_rank`,
  gender: sql`excluded.gender`,
  occasion: sql`excluded.occasion`,
  giftOccasions: sql`excluded.gift_occasions`,
  giftRecipients: sql`excluded.gift_recipients`,
  listPricePaise: sql`excluded.list_price_paise`,
  // Written again by the catalogue service's reprice in the same transaction: a piece whose price changed keeps no stale cut.
  saleDiscountPaise: sql`excluded.sale_discount_paise`,
  listPriceDate: sql`excluded.list_price_date`,
  active: sql`excluded.active`,
  searchText: sql`excluded.search_text`,
  updatedAt: sql`now()`,
} as const;

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

/** A rate as the rates screen names it ('gold:22', 'diamond:SI-IJ'), in paise, with the day it was set. */
export interface DatedRate {
  key: RateKey;
  paise: number;
  date: string;
}

type Metal = (typeof schema.METALS)[number];
type Quality = (typeof schema.DIAMOND_QUALITIES)[number];

function datedRates(
  metalRows: readonly { metal: Metal; purity: number; paise: number | string; date: string }[],
  diamondRows: readonly { quality: Quality; paise: number | string; date: string }[],
): DatedRate[] {
  return [
    ...metalRows.map((r) => ({ key: `${r.metal}:${r.purity}` as RateKey, paise: Number(r.paise), date: r.date })),
    ...diamondRows.map((r) => ({ key: `diamond:${r.quality}` as RateKey, paise: Number(r.paise), date: r.date })),
  ];
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The products list's filters, which the CSV export keeps too: SKU or name contains q; category and material by
 * name; low stock is 1 to the store's threshold. The products joined with their category.
 */
function listFilter(filter: Pick<ProductListQuery, 'q' | 'category' | 'material' | 'status' | 'stock'>, lowStock: number): SQL[] {
  const where: SQL[] = [];
  if (filter.q) {
    const like = `%${likeEscape(filter.q)}%`;
    where.push(or(ilike(products.name, like), ilike(products.sku, like))!);
  }
  if (filter.category) where.push(sql`lower(${categories.name}) = lower(${filter.category})`);
  if (filter.material) where.push(sql`lower(${products.material}) = lower(${filter.material})`);
  if (filter.status) where.push(eq(products.active, filter.status === 'active'));
  if (filter.stock === 'out') where.push(eq(products.stock, 0));
  if (filter.stock === 'low') where.push(and(lte(products.stock, lowStock), sql`${products.stock} > 0`)!);
  return where;
}

/**
 * The catalogue's queries, and the only writer of its tables (products, their pictures, tags, stones and sale
 * memberships; categories, tags, stones and search synonyms; the metal and diamond rates): the shop's listings, search
 * and product page, the back office's products, pictures, taxonomy and rates, and the stock other modules take and
 * put back inside their own transaction. today: the Indian day whose sales apply (the service's clock).
 */
export function createCatalogRepository(db: Db, today: () => string = () => indianDate(new Date())) {
  /**
   * The relevance order in two steps (decisions 018, 026). First the matches are taken tier by tier, each in
   * the featured order, up to the depth the page needs: an exact SKU, then the shopper's own words, then
   * synonyms and joins, then corrected typos (a tier's query excludes the tiers above it). Each tier is its own
   * statement, so the planner walks the featured index for a broad tier and stops after `depth` rows, or reads
   * the full-text index for a narrow one; ranking all 16,000 'ring' matches by ts_rank cost 200 ms. Then the
   * full relevance (ts_rank and name similarity) orders each block of RANK_BLOCK rows, within its tier. Up to
   * RANK_BLOCK matches of a tier this is exactly the relevance order; a broad search shows its most relevant
   * among the shop's picks and best sellers first, as the engines' custom ranking does. Blocks do not depend
   * on the page asked for, so pages walk every match once.
   */
  async function findRelevant(criteria: ProductCriteria, search: SearchQuery, limit: number, offset: number): Promise<ProductSummaryRow[]> {
    const depth = Math.ceil((offset + limit) / RANK_BLOCK) * RANK_BLOCK;
    const day = today();
    const base = where(criteria, day);
    const { literal, exact, query } = search.plan;
    const tierQueries: { tier: number; query: string }[] = [];
    for (const [tier, q] of [
      [2, literal],
      [1, exact],
      [0, query],
    ] as const) {
      if (q !== null && !tierQueries.some((t) => t.query === q)) tierQueries.push({ tier, query: q });
    }
    const matches = (q: string) => sql`${products.searchVector} @@ ${tsQuery(q)}`;
    const order = [...featuredOrder(), asc(products.id)];
    const [skuRows, ...tierRows] = await Promise.all([
      db
        .select({ id: products.id })
        .from(products)
        .where(and(base, sql`upper(${products.sku}) = upper(${search.text})`))
        .limit(1),
      ...tierQueries.map((t, i) =>
        db
          .select({ id: products.id })
          .from(products)
          .where(and(base, matches(t.query), ...tierQueries.slice(0, i).map((above) => sql`not (${matches(above.query)})`)))
          .orderBy(...order)
          .limit(depth + 1),
      ),
    ]);
    const chosen: { id: number; tier: number }[] = skuRows.map((r) => ({ id: r.id, tier: 3 }));
    const seen = new Set(chosen.map((r) => r.id));
    tierRows.forEach((rows, i) => {
      for (const r of rows) {
        if (seen.has(r.id)) continue;
        seen.add(r.id);
        chosen.push({ id: r.id, tier: tierQueries[i]!.tier });
      }
    });
    const first = Math.floor(offset / RANK_BLOCK) * RANK_BLOCK;
    const blocks = chosen.slice(0, depth).slice(first, Math.floor((offset + limit - 1) / RANK_BLOCK) * RANK_BLOCK + RANK_BLOCK);
    if (blocks.length === 0 || offset - first >= blocks.length) return [];
    // The blocks' rows in one statement, ordered within each block by tier, then the material the search names, then
    // full relevance, then their place (the featured order). Ids and tiers go as two array values, so the statement's
    // text is the same for every search of as many blocks, and its plan is kept (decision 037).
    const ids = sql`${`{${blocks.map((r) => r.id).join(',')}}`}::int[]`;
    const tiers = sql`${`{${blocks.map((r) => r.tier).join(',')}}`}::int[]`;
    const place = sql`array_position(${ids}, ${products.id})`;
    const material = namedMaterial(search);
    return db
      .select(summaryColumns(day))
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(
        inArray(
          products.id,
          blocks.map((r) => r.id),
        ),
      )
      .orderBy(
        sql`(${place} - 1) / ${sql.raw(String(RANK_BLOCK))}`,
        desc(sql`(${tiers})[${place}]`),
        ...(material ? [desc(material)] : []),
        desc(relevance(search)),
        asc(place),
      )
      .limit(limit)
      .offset(offset - first);
  }

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
     * Issue 38: the sales running on `day` that take something off at least one piece in the shop (active, weighed,
     * with a making charge), with how many: the largest cut first.
     */
    runningSales(day: string) {
      return db
        .select({
          id: sales.id,
          name: sales.name,
          makingDiscountPercent: sales.makingDiscountPercent,
          startsOn: sales.startsOn,
          endsOn: sales.endsOn,
          pieces: sql<number>`count(*)`.mapWith(Number),
        })
        .from(sales)
        .innerJoin(saleProducts, eq(saleProducts.saleId, sales.id))
        .innerJoin(products, eq(products.id, saleProducts.productId))
        .where(and(sql`${sales.startsOn} <= ${day}::date and ${sales.endsOn} >= ${day}::date`, eq(products.active, true), HAS_MAKING))
        .groupBy(sales.id)
        .orderBy(desc(sales.makingDiscountPercent), asc(sales.endsOn), asc(sales.id));
    },

    /** The catalogue's words and the synonym groups: what a search is planned against (a few hundred rows). */
    async searchVocabulary(): Promise<Vocabulary> {
      const words = await db.select({ word: searchWords.word }).from(searchWords);
      const groups = await db.select({ terms: searchSynonyms.terms }).from(searchSynonyms).orderBy(asc(searchSynonyms.id));
      return {
        words: new Set(words.map((w) => w.word)),
        synonyms: groups.map((g) => [...new Set(g.terms.map(normaliseTerm).filter(Boolean))]),
      };
    },

    /**
     * The criteria with the search planned against the vocabulary (loaded when not given): which words match
     * literally, by synonym, joined, split or corrected (search-plan.ts). No product is read.
     */
    async lookUpWords(filters: ProductFilters, vocabulary?: Vocabulary): Promise<ProductCriteria> {
      const { search, ...rest } = filters;
      if (!search) return rest;
      const plan = planSearch(search.tokens, vocabulary ?? (await this.searchVocabulary()));
      return { ...rest, search: { ...search, plan } };
    },

    /**
     * Facet counts (decision 026): per filter group, how many pieces each value gives with every other filter
     * and the search, counted without the group's own filter (choosing a value replaces the chosen one). The groups
     * read from products' own columns share one scan per distinct condition (GROUPING SETS: one scan for all five
     * when none of them is filtered); stones and styles need their link tables, a statement each. Values with no
     * pieces are absent.
     */
    async facetCounts(criteria: ProductCriteria, priceBands: readonly { label: string; min: number; max: number | null }[]) {
      const without = (keys: readonly (keyof ProductCriteria)[]): ProductCriteria => {
        const c = { ...criteria };
        for (const k of keys) delete c[k];
        return c;
      };
      const n = sql<number>`count(*)::int`;
      const band = sql.join(
        [
          sql`case`,
          ...priceBands.map((b, i) =>
            // Numbers written out, not bound: grouping() must see the very expression GROUP BY has.
            b.max === null
              ? sql`when ${products.priceNowPaise} >= ${sql.raw(String(Math.round(b.min * 100)))} then ${sql.raw(String(i))}`
              : sql`when ${products.priceNowPaise} >= ${sql.raw(String(Math.round(b.min * 100)))} and ${products.priceNowPaise} < ${sql.raw(String(Math.round(b.max * 100)))} then ${sql.raw(String(i))}`,
          ),
          sql`end`,
        ],
        sql` `,
      );
      // Each group: the filters it leaves out, and the text it is grouped by ('Gold+' is gold set with diamonds).
      const groups = [
        { name: 'material', own: ['material'], key: sql`${products.material} || case when ${products.diamondWeightCents} > 0 then '+' else '' end` },
        { name: 'category', own: ['category'], key: sql`${categories.name}` },
        { name: 'metalColour', own: ['stone', 'metalColour'], key: sql`${products.metalColour}` },
        { name: 'colour', own: ['colour'], key: sql`${products.colour}` },
        { name: 'price', own: ['minPaise', 'maxPaise', 'maxInclusive'], key: sql`(${band})::text` },
      ] as const;
      const byCondition = new Map<string, (typeof groups)[number][]>();
      for (const g of groups) {
        const active = g.own.filter((k) => criteria[k] !== undefined);
        const key = active.join(',');
        byCondition.set(key, [...(byCondition.get(key) ?? []), g]);
      }
      const scans = [...byCondition.values()].map(async (shared) => {
        const condition = where(without(shared.flatMap((g) => g.own)), today());
        const keys = shared.map((g, i) => sql`${g.key} as ${sql.identifier(`k${i}`)}`);
        const sets = shared.map((g) => sql`(${g.key})`);
        const grouping = sql`grouping(${sql.join(
          shared.map((g) => g.key),
          sql`, `,
        )})`;
        const result = (await db.execute(
          sql`select ${grouping} as g, ${sql.join(keys, sql`, `)}, count(*)::int as n
              from ${products} join ${categories} on ${categories.id} = ${products.categoryId}
              where ${condition} group by grouping sets (${sql.join(sets, sql`, `)})`,
        )) as unknown as { rows: Record<string, unknown>[] };
        const all = (1 << shared.length) - 1;
        return shared.map((g, i) => {
          const mine = all ^ (1 << (shared.length - 1 - i));
          const counts: Record<string, number> = {};
          for (const row of result.rows) {
            const value = row[`k${i}`];
            if (Number(row.g) === mine && value !== null && value !== undefined) counts[String(value)] = Number(row.n);
          }
          return [g.name, counts] as const;
        });
      });
      const stoneCounts = db
        .select({ key: otherStones.name, n })
        .from(products)
        .innerJoin(productStones, eq(productStones.productId, products.id))
        .innerJoin(otherStones, eq(otherStones.id, productStones.otherStoneId))
        .where(where(without(['stone', 'metalColour']), today()))
        .groupBy(otherStones.name);
      const tagCounts =
        criteria.category === undefined
          ? Promise.resolve([])
          : db
              .select({ key: tags.name, n })
              .from(products)
              .innerJoin(productTags, eq(productTags.productId, products.id))
              .innerJoin(tags, eq(tags.id, productTags.tagId))
              .where(where(without(['tag']), today()))
              .groupBy(tags.name);
      const [scanned, stones, tag] = await Promise.all([Promise.all(scans), stoneCounts, tagCounts]);
      const found = Object.fromEntries(scanned.flat()) as Record<(typeof groups)[number]['name'], Record<string, number>>;
      const counted = (rows: { key: string | null; n: number }[]) =>
        Object.fromEntries(rows.filter((r) => r.key !== null && Number(r.n) > 0).map((r) => [r.key!, Number(r.n)]));
      const material: Record<string, number> = {};
      for (const [key, count] of Object.entries(found.material)) {
        const withDiamonds = key.endsWith('+');
        const name = withDiamonds ? key.slice(0, -1) : key;
        material[name] = (material[name] ?? 0) + count;
        // The Diamond filter takes every piece set with diamonds, whatever its material.
        if (withDiamonds && name !== 'Diamond') material.Diamond = (material.Diamond ?? 0) + count;
      }
      return {
        material,
        category: found.category,
        tag: counted(tag),
        stone: { ...counted(stones), ...found.metalColour },
        colour: found.colour,
        price: Object.fromEntries(Object.entries(found.price).map(([i, count]) => [priceBands[Number(i)]!.label, count])),
      };
    },

    async countProducts(criteria: ProductCriteria): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(products)
        .where(where(criteria, today()));
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
        const ids = sql`(with m as materialized (select ${products.id} as id, ${products.priceNowPaise} as price from ${products} where ${condition})
          select m.id from m order by m.price ${direction}, m.id asc limit ${limit} offset ${offset})`;
        return rows.where(inArray(products.id, ids)).orderBy(...keys);
      }
      if (offset === 0)
        return rows
          .where(condition)
          .orderBy(...keys)
          .limit(limit);
      const ids = db
        .select({ id: products.id })
        .from(products)
        .where(condition)
        .orderBy(...keys)
        .limit(limit)
        .offset(offset);
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

    /**
     * One active product with everything its page shows and prices it by, or null: its images and stones, the
     * rates of its metal's purities and of the diamond grades in force on `day` (the newest on or before it), the
     * store's GST rate (null before setup) and the best sale running today on it. One statement: the cart, the
     * checkout and the product page ask for this for every piece, often inside a transaction.
     */
    async productDetail(id: number, day: string) {
      const [row] = await productDetailStatement(db, { id, day, saleDay: today() });
      if (!row) return null;
      const { metalRates: metalCells, diamondRates: diamondCells, gstPercent, ...product } = row;
      return {
        ...product,
        rates: { metal: metalCells.map(rateRow), diamond: diamondCells.map(rateRow) },
        gstPercent: gstPercent === null ? null : Number(gstPercent),
      };
    },

    /** What the list price of weighed products is made of (all of them, or these), for repricing. */
    async weighedProducts(ids?: readonly number[]) {
      const weighed = sql`${products.metalWeightMg} is not null`;
      return db
        .select({
          id: products.id,
          metal: products.metal,
          purity: products.purity,
          metalWeightMg: products.metalWeightMg,
          makingChargePaise: products.makingChargePaise,
          makingChargeKind: products.makingChargeKind,
          makingChargeRate: products.makingChargeRate,
          stoneValuePaise: products.stoneValuePaise,
          diamondWeightCents: products.diamondWeightCents,
          diamondQuality: products.diamondQuality,
          listPricePaise: products.listPricePaise,
          listPriceDate: products.listPriceDate,
          saleDiscountPaise: products.saleDiscountPaise,
          salePercent: salePercentOn(today()),
        })
        .from(products)
        .where(ids ? and(weighed, inArray(products.id, [...ids])) : weighed)
        .orderBy(asc(products.id));
    },

    /**
     * Every metal's and grade's rate in force on `day` (the newest on or before it) and the day it was set: what
     * repricing, the price card and the rates screen read.
     */
    async ratesInForceOn(day: string) {
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
        .selectDistinctOn([diamondRates.quality], { quality: diamondRates.quality, paise: diamondRates.ratePaisePerCarat, date: diamondRates.rateDate })
        .from(diamondRates)
        .where(lte(diamondRates.rateDate, day))
        .orderBy(asc(diamondRates.quality), desc(diamondRates.rateDate));
      return { metal, diamond };
    },

    /** The rates in force on `day`, as the rates screen names them. */
    async datedRatesOn(day: string): Promise<DatedRate[]> {
      const { metal, diamond } = await this.ratesInForceOn(day);
      return datedRates(metal, diamond);
    },

    /** Every rate row dated from `from` to `to` (both included), oldest first. */
    async ratesBetween(from: string, to: string): Promise<DatedRate[]> {
      const metalRows = await db
        .select({ metal: metalRates.metal, purity: metalRates.purity, paise: metalRates.ratePaisePerGram, date: metalRates.rateDate })
        .from(metalRates)
        .where(and(gte(metalRates.rateDate, from), lte(metalRates.rateDate, to)))
        .orderBy(asc(metalRates.rateDate));
      const diamondRows = await db
        .select({ quality: diamondRates.quality, paise: diamondRates.ratePaisePerCarat, date: diamondRates.rateDate })
        .from(diamondRates)
        .where(and(gte(diamondRates.rateDate, from), lte(diamondRates.rateDate, to)))
        .orderBy(asc(diamondRates.rateDate));
      return datedRates(metalRows, diamondRows);
    },

    /** One metal's rates set from `from` to `to` (both included), oldest first (issue 42: /gold-rate's chart). */
    async metalRatesBetween(metal: Metal, purity: number, from: string, to: string): Promise<{ date: string; paise: number }[]> {
      const rows = await db
        .select({ date: metalRates.rateDate, paise: metalRates.ratePaisePerGram })
        .from(metalRates)
        .where(and(eq(metalRates.metal, metal), eq(metalRates.purity, purity), gte(metalRates.rateDate, from), lte(metalRates.rateDate, to)))
        .orderBy(asc(metalRates.rateDate));
      return rows.map((r) => ({ date: r.date, paise: Number(r.paise) }));
    },

    /** Sets a metal's rate of `day` (insert or replace: one row per day, metal and purity). */
    async upsertMetalRate(day: string, metal: Metal, purity: number, paise: number): Promise<void> {
      await db
        .insert(metalRates)
        .values({ rateDate: day, metal, purity, ratePaisePerGram: paise })
        .onConflictDoUpdate({ target: [metalRates.rateDate, metalRates.metal, metalRates.purity], set: { ratePaisePerGram: paise } });
    },

    /** Sets a diamond grade's rate of `day` (insert or replace). */
    async upsertDiamondRate(day: string, quality: Quality, paise: number): Promise<void> {
      await db
        .insert(diamondRates)
        .values({ rateDate: day, quality, ratePaisePerCarat: paise })
        .onConflictDoUpdate({ target: [diamondRates.rateDate, diamondRates.quality], set: { ratePaisePerCarat: paise } });
    },

    /**
     * A few typical weighed pieces to show what a change of rates does: the first in stock of 22 kt gold, 18 kt
     * gold with diamonds, platinum and silver (whichever exist), by id so the same pieces come back each day.
     */
    async rateSampleProductIds(): Promise<number[]> {
      const weighed = and(isNotNull(products.metalWeightMg), eq(products.active, true));
      const kinds = [
        and(weighed, eq(products.metal, 'gold'), eq(products.purity, 22), eq(products.diamondWeightCents, 0)),
        and(weighed, eq(products.metal, 'gold'), sql`${products.diamondWeightCents} > 0`),
        and(weighed, eq(products.metal, 'platinum')),
        and(weighed, eq(products.metal, 'silver')),
      ];
      const ids: number[] = [];
      for (const kind of kinds) {
        const [row] = await db
          .select({ id: products.id })
          .from(products)
          .where(kind)
          .orderBy(desc(sql`${products.stock} > 0`), asc(products.id))
          .limit(1);
        if (row) ids.push(row.id);
      }
      return ids;
    },

    /**
     * Writes new list prices, the making they hold and the running sale's cut of them (so the price shown never
     * lags the list price) in batches of one statement per thousand products.
     */
    async writeListPrices(
      rows: readonly { id: number; listPricePaise: number; makingChargePaise: number; saleDiscountPaise: number }[],
      day: string,
    ): Promise<void> {
      for (const batch of chunks(rows, 1000)) {
        const values = sql.join(
          batch.map((r) => sql`(${r.id}::integer, ${r.listPricePaise}::bigint, ${r.makingChargePaise}::bigint, ${r.saleDiscountPaise}::bigint)`),
          sql`, `,
        );
        await db.execute(sql`update ${products} set list_price_paise = v.price, making_charge_paise = v.making, sale_discount_paise = v.cut,
            list_price_date = ${day}::date, updated_at = now()
          from (values ${values}) as v(id, price, making, cut) where ${products.id} = v.id`);
      }
    },

    /**
     * Issue 38: the pieces whose stored sale cut may be wrong today (all, or these ids): those with a cut, and those a
     * sale running today is on. What the card's price is worked out from: list price, making, the best running cut.
     */
    async saleCutsToCheck(ids?: readonly number[]) {
      const day = today();
      const onRunningSale = sql`${products.id} in (select ${saleProducts.productId} from ${saleProducts} join ${sales} on ${sales.id} = ${saleProducts.saleId}
        where ${sales.startsOn} <= ${day}::date and ${sales.endsOn} >= ${day}::date)`;
      return db
        .select({
          id: products.id,
          listPricePaise: products.listPricePaise,
          makingChargePaise: products.makingChargePaise,
          weighed: sql<boolean>`(${products.metalWeightMg} is not null)`,
          saleDiscountPaise: products.saleDiscountPaise,
          salePercent: salePercentOn(day),
        })
        .from(products)
        .where(and(or(sql`${products.saleDiscountPaise} > 0`, onRunningSale), ids ? inArray(products.id, [...ids]) : undefined))
        .orderBy(asc(products.id));
    },

    /** Writes the sale cuts of these pieces (the list price and updated_at stay: staff changed nothing). */
    async writeSaleCuts(rows: readonly { id: number; saleDiscountPaise: number }[]): Promise<void> {
      for (const batch of chunks(rows, 1000)) {
        const values = sql.join(
          batch.map((r) => sql`(${r.id}::integer, ${r.saleDiscountPaise}::bigint)`),
          sql`, `,
        );
        await db.execute(sql`update ${products} set sale_discount_paise = v.cut from (values ${values}) as v(id, cut) where ${products.id} = v.id`);
      }
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
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(reviews)
        .where(visible);
      const rows = await db
        .select({
          id: reviews.id,
          rating: reviews.rating,
          title: reviews.title,
          text: reviews.text,
          firstName: customers.firstName,
          lastName: customers.lastName,
          createdAt: reviews.createdAt,
          orderLineId: reviews.orderLineId,
          editedAt: reviews.editedAt,
        })
        .from(reviews)
        .innerJoin(customers, eq(customers.id, reviews.customerId))
        .where(visible)
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(limit)
        .offset(offset);
      const photos = rows.length
        ? await db
            .select()
            .from(reviewPhotos)
            .where(
              inArray(
                reviewPhotos.reviewId,
                rows.map((r) => r.id),
              ),
            )
            .orderBy(asc(reviewPhotos.reviewId), asc(reviewPhotos.slot))
        : [];
      return { total: Number(count?.n ?? 0), ratingTenths: product.tenths, rows, photos };
    },

    // Stock, which checkout takes and cancels and returns put back (service.ts: lockStock, takeStock, returnStock)

    /** Locks the pieces' rows in id order, the order every writer of stock takes them in: their name, stock and coloured-stone weight. */
    async lockStock(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: products.id, name: products.name, stock: products.stock, stoneWeightCents: products.stoneWeightCents })
        .from(products)
        .where(inArray(products.id, [...ids]))
        .orderBy(asc(products.id))
        .for('update');
    },

    /** Takes `quantity` of the piece if that many are left (one statement); false when they are not. */
    async takeStock(productId: number, quantity: number, at: Date): Promise<boolean> {
      const rows = await takeStockStatement(db, { productId, quantity, at });
      return rows.length === 1;
    },

    /**
     * Puts pieces back on the shelf, no longer counted sold. The rows are locked in id order first, so two
     * cancellations (or a cancellation and a new order) cannot deadlock.
     */
    async returnStock(lines: readonly { productId: number | null; quantity: number }[]): Promise<void> {
      const byProduct = new Map<number, number>();
      for (const l of lines) if (l.productId !== null) byProduct.set(l.productId, (byProduct.get(l.productId) ?? 0) + l.quantity);
      const ids = [...byProduct.keys()].sort((a, b) => a - b);
      if (ids.length === 0) return;
      await db.select({ id: products.id }).from(products).where(inArray(products.id, ids)).orderBy(asc(products.id)).for('update');
      for (const id of ids) {
        const quantity = byProduct.get(id)!;
        await db
          .update(products)
          .set({ stock: sql`${products.stock} + ${quantity}`, unitsSold: sql`greatest(${products.unitsSold} - ${quantity}, 0)` })
          .where(eq(products.id, id));
      }
    },

    // The back office: the write core's reads and writes (product-write.ts)

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

    // The back office: the products list, pictures, bulk changes and the taxonomy (desk.ts)

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
      const { metal, diamond } = await this.ratesInForceOn(day);
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
      const where = listFilter(query, lowStock);
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

    /** A page of the ids the CSV export holds, in id order, after `afterId`: the products list's filters. */
    async exportIds(filter: ProductExportQuery, afterId: number, limit: number): Promise<number[]> {
      const lowStock = filter.stock === 'low' ? await this.lowStockThreshold() : 0;
      const rows = await db
        .select({ id: products.id })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(and(gt(products.id, afterId), ...listFilter(filter, lowStock)))
        .orderBy(asc(products.id))
        .limit(limit);
      return rows.map((r) => r.id);
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

    async updateImage(id: number, values: { alt?: string; position?: number; view?: string | null }) {
      await db.update(productImages).set(values).where(eq(productImages.id, id));
    },

    async deleteImage(id: number) {
      await db.delete(productImages).where(eq(productImages.id, id));
    },

    // The film (issue 40)

    async video(productId: number): Promise<schema.ProductVideo | null> {
      const [row] = await db.select().from(productVideos).where(eq(productVideos.productId, productId));
      return row ?? null;
    },

    async setVideo(row: Omit<schema.ProductVideo, 'createdAt'>) {
      await db
        .insert(productVideos)
        .values(row)
        .onConflictDoUpdate({
          target: productVideos.productId,
          set: { path: row.path, contentType: row.contentType, bytes: row.bytes, posterPath: row.posterPath, createdAt: new Date() },
        });
    },

    async deleteVideo(productId: number) {
      await db.delete(productVideos).where(eq(productVideos.productId, productId));
    },

    // A turn staff uploaded (issue 40, decision 066)

    async spin(productId: number): Promise<schema.ProductSpin | null> {
      const [row] = await db.select().from(productSpins).where(eq(productSpins.productId, productId));
      return row ?? null;
    },

    /**
     * The turn about to be replaced, with the product's row locked until the transaction ends: two uploads to one piece
     * take turns, so each learns the frames it replaces (and deletes their files) and none is left behind unnamed.
     */
    async spinForChange(productId: number): Promise<schema.ProductSpin | null> {
      await db.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
      const [row] = await db.select().from(productSpins).where(eq(productSpins.productId, productId));
      return row ?? null;
    },

    /** The turn replaced in one statement: the page reads the old frames or the new ones, never a mix. */
    async setSpin(row: Omit<schema.ProductSpin, 'createdAt'>) {
      await db
        .insert(productSpins)
        .values(row)
        .onConflictDoUpdate({
          target: productSpins.productId,
          set: { frames: row.frames, width: row.width, height: row.height, bytes: row.bytes, createdAt: new Date() },
        });
    },

    async deleteSpin(productId: number) {
      await db.delete(productSpins).where(eq(productSpins.productId, productId));
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

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
