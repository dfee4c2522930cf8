import { galleryOf } from './gallery.ts';
import {
  carriesHuid,
  COLOUR_FILTERS,
  DIAMOND_QUALITIES,
  GIFT_OCCASION_NAMES,
  GIFT_RECIPIENT_NAMES,
  MATERIALS,
  METAL_COLOURS,
  PAGE_SIZE,
  REVIEWS_PAGE_SIZE,
  PRICE_BANDS,
  type Category,
  type OtherStone,
  type PricingContext,
  type ProductDetail,
  type ProductFacets,
  type ProductFilter,
  type ProductPage,
  type ProductReviews,
  type RunningSales,
  type ProductSummary,
  type SuggestAnswer,
  type Tag,
} from '@milli/contracts';
import type { Db } from '@milli/db';
import { listedSale, priceChoice, rupeesToPaise, indianDate } from '@milli/pricing';
import type { ReadCache } from '../../plugins/read-cache.ts';
import { MAX_SEARCH_WORDS, correctedText, nearestWord, normaliseWords, type Vocabulary } from './search-plan.ts';
import {
  createCatalogRepository,
  type ProductCriteria,
  type ProductFilters,
  type ProductOrder,
  type ProductSummaryRow,
  type SearchTerms,
} from './repository.ts';
import type { SettingsService } from '../settings/service.ts';
import { photoOf, reviewerName } from '../reviews/service.ts';

/** A listing request: the productList query, or the part of it the other listing routes fill in. */
export type ListRequest = Partial<ProductFilter> & { sort: number; page: number };

/** How many pieces the header's as-you-type dropdown shows. */
export const SUGGESTION_LIMIT = 8;
/** The largest price the filters accept (rupees): a max at this value means "no upper end". */
const TOP_PRICE_RUPEES = 1_00_00_00_000;
/** Default purity when a piece does not name one: 22 kt is India's everyday gold. */
const DEFAULT_PURITY = { gold: 22, platinum: 950, silver: 925 } as const;
/** GST on jewellery in India when the settings row is missing. */
const DEFAULT_GST_PERCENT = 3;
/** Queries a search that found nothing tries before giving up on "Did you mean": each is one count. */
const MAX_ALTERNATIVES = 5;

const SORTS: Record<number, ProductOrder> = { 0: 'featured', 1: 'popularity', 2: 'latest', 4: 'rating', 8: 'priceAsc', 16: 'priceDesc' };

function oneOf<T extends string>(list: readonly T[], value: string): T | null {
  const wanted = value.trim().toLowerCase();
  return list.find((v) => v.toLowerCase() === wanted) ?? null;
}

/** The values of a list the store knows, in its own spelling, each once. */
function known<T extends string>(list: readonly T[], values: readonly string[]): T[] {
  return [...new Set(values.map((v) => oneOf(list, v)).filter((v): v is T => v !== null))];
}

/** The shopper's words, reduced to what full-text search can take safely. */
export function searchTerms(text: string): SearchTerms {
  const trimmed = text.trim();
  return { text: trimmed, tokens: [...new Set(normaliseWords(trimmed))].slice(0, MAX_SEARCH_WORDS) };
}

/** The filters as the repository takes them, or null when they cannot match anything (an unknown material or colour). */
function criteriaOf(f: Partial<ProductFilter>): ProductFilters | null {
  const c: ProductFilters = {};
  // A group's values are alternatives (issue 40): one the store does not know matches nothing, so it drops out; a
  // group of nothing but unknown values matches nothing at all.
  if (f.material?.length) {
    const materials = known(MATERIALS, f.material);
    if (materials.length === 0) return null;
    c.material = materials;
  }
  if (f.category?.length) c.category = f.category;
  if (f.tag?.length) c.tag = f.tag;
  if (f.stone?.length) {
    // The 'Shop by Metal & Stone' list mixes stones with gold colours (spec §9).
    const metalColours = known(METAL_COLOURS, f.stone);
    const stones = f.stone.filter((s) => oneOf(METAL_COLOURS, s) === null);
    if (metalColours.length > 0) c.metalColour = metalColours;
    if (stones.length > 0) c.stone = stones;
  }
  if (f.colour?.length) {
    const colours = known(COLOUR_FILTERS, f.colour);
    if (colours.length === 0) return null;
    c.colour = colours;
  }
  if (f.minPrice !== undefined && f.minPrice > 0) c.minPaise = rupeesToPaise(f.minPrice);
  if (f.maxPrice !== undefined && f.maxPrice < TOP_PRICE_RUPEES) {
    c.maxPaise = rupeesToPaise(f.maxPrice);
    // Bands are half-open (a Rs. 20,000 piece is in 20K-30K, not 10K-20K); a range of one price means that price.
    c.maxInclusive = f.minPrice !== undefined && f.minPrice >= f.maxPrice;
  }
  if (f.notMaterial) {
    const material = oneOf(MATERIALS, f.notMaterial);
    if (material) c.notMaterial = material;
  }
  if (f.occasion) {
    const occasion = oneOf(GIFT_OCCASION_NAMES, f.occasion);
    if (!occasion) return null;
    c.giftOccasion = occasion;
  }
  if (f.recipient) {
    const recipient = oneOf(GIFT_RECIPIENT_NAMES, f.recipient);
    if (!recipient) return null;
    c.giftRecipient = recipient;
  }
  if (f.onSale) c.onSale = true;
  if (f.q) {
    const terms = searchTerms(f.q);
    if (terms.text) c.search = terms;
  }
  return c;
}

/**
 * A listing's card: the price now and, on a running sale, the price before and the percentage off, by the
 * pricing package's listedSale on the list price (the product page gets the same figures from the weights; the
 * stored price listings filter and sort by is made by listedSale too: applySales).
 */
function summary(row: ProductSummaryRow, gstPercent: number, beforePaise = row.listPricePaise): ProductSummary {
  const sale = listedSale({ listPricePaise: beforePaise, makingChargePaise: row.makingChargePaise, weighed: row.weighed }, row.salePercent, gstPercent);
  const discounted = sale !== null;
  const pricePaise = discounted ? sale.nowPaise : beforePaise;
  return {
    product_id: row.id,
    product_name: row.name,
    product_category: row.category,
    product_material: row.material,
    product_price: pricePaise / 100,
    product_price_paise: pricePaise,
    product_sku: row.sku,
    product_tags: row.tags,
    product_parent_image: row.image,
    product_stock_status: row.stock > 0 ? 'In Stock' : 'Out of Stock',
    product_rating: row.ratingTenths / 10,
    product_on_sale: discounted,
    product_price_before_paise: discounted ? beforePaise : null,
    product_discount_percent: discounted ? sale.percentOff : null,
  };
}

// Stock, for the modules that sell pieces and take them back (checkout; cancels and returns): each runs inside the
// caller's transaction, so an order and its pieces change together or not at all.

/** Locks the pieces' rows in id order (the order every writer of stock takes them in): their name, stock and coloured-stone weight. */
export function lockStock(tx: Db, productIds: readonly number[]) {
  return createCatalogRepository(tx).lockStock(productIds);
}

/** Takes `quantity` of a piece if that many are left, counting them sold; false when they are not. One statement (decision 038). */
export function takeStock(tx: Db, productId: number, quantity: number, at: Date = new Date()): Promise<boolean> {
  return createCatalogRepository(tx).takeStock(productId, quantity, at);
}

/** Puts pieces back on the shelf, no longer counted sold (a cancel, a return); lines without a product are passed over. */
export function returnStock(tx: Db, lines: readonly { productId: number | null; quantity: number }[]): Promise<void> {
  return createCatalogRepository(tx).returnStock(lines);
}

/**
 * The catalogue as the shop and the other modules read it. Built once, by the composition root (services.ts); the
 * reads and writes that must belong to the caller's transaction take it as `tx` (`detail`, `reprice`).
 *
 * `read` is where the shop's reads go (listings, search, facets, categories, the product page and its reviews, guest
 * carts' cards): the read replica when there is one (issue 37), which may lag the primary by a moment; `db` (the
 * primary) otherwise. Writes, and reads through a `tx`, go where they are told.
 */
export function createCatalogService(db: Db, settings: SettingsService, now: () => Date = () => new Date(), cache?: ReadCache, read: Db = db) {
  const today = () => indianDate(now());
  const repo = createCatalogRepository(read, today);
  const primary = read === db ? repo : createCatalogRepository(db, today);
  const on = (tx?: Db) => (tx ? createCatalogRepository(tx, today) : primary);
  /** GST for the cards of these rows: only read when one of them is on a sale. */
  const gstFor = async (rows: ProductSummaryRow[]) =>
    rows.some((r) => r.salePercent !== null) ? ((await settings.gstPercent()) ?? DEFAULT_GST_PERCENT) : DEFAULT_GST_PERCENT;
  const cards = async (rows: ProductSummaryRow[]) => {
    const gst = await gstFor(rows);
    return rows.map((r) => summary(r, gst));
  };

  /**
   * The search's vocabulary, kept in the read cache when there is one: it changes only with the catalogue or the
   * synonyms, whose changes flush that cache (migration 0006 adds the synonyms to what announces a change).
   */
  function vocabulary(): Promise<Vocabulary> {
    if (!cache) return repo.searchVocabulary();
    return cache.get(
      'search:vocabulary',
      () => repo.searchVocabulary(),
      (v) => 64 * (v.words.size + v.synonyms.flat().length),
    );
  }

  async function plan(filters: ProductFilters): Promise<ProductCriteria> {
    return repo.lookUpWords(filters, filters.search ? await vocabulary() : undefined);
  }

  /**
   * For a search that found nothing: other queries, closest first, that find something with the same filters. The
   * words that matched nothing replaced by the nearest catalogue or synonym word (looser than a typo), then the
   * query with one part left out, from the last (as the engines drop words), at most MAX_ALTERNATIVES tried.
   */
  async function alternativesOf(filters: ProductFilters & { search: SearchTerms }): Promise<{ text: string; total: number }[]> {
    const words = await vocabulary();
    const criteria = await repo.lookUpWords(filters, words);
    const concepts = criteria.search!.plan.concepts;
    const candidates: string[] = [];
    const unmatched = new Set(criteria.search!.plan.unmatched);
    if (unmatched.size > 0) {
      const replaced = concepts.map((c) => {
        const text = c.tokens.join(' ');
        return unmatched.has(text) && c.tokens.length === 1 ? (nearestWord(text, words) ?? '') : text;
      });
      if (replaced.every(Boolean)) candidates.push(replaced.join(' '));
      candidates.push(
        concepts
          .filter((c) => !unmatched.has(c.tokens.join(' ')))
          .map((c) => c.tokens.join(' '))
          .join(' '),
      );
    }
    if (concepts.length > 1) {
      for (let i = concepts.length - 1; i >= 0; i--)
        candidates.push(
          concepts
            .filter((_, j) => j !== i)
            .map((c) => c.tokens.join(' '))
            .join(' '),
        );
    }
    const original = criteria.search!.tokens.join(' ');
    const tried = [...new Set(candidates)].filter((text) => text && text !== original).slice(0, MAX_ALTERNATIVES);
    // Side by side: each is one indexed count.
    const totals = await Promise.all(tried.map(async (text) => repo.countProducts(await repo.lookUpWords({ ...filters, search: searchTerms(text) }, words))));
    const found = tried.map((text, i) => ({ text, total: totals[i]! })).filter((a) => a.total > 0);
    return found;
  }

  /**
   * Issue 38: brings each piece's stored sale cut (products.sale_discount_paise, and with it price_now_paise, what
   * listings filter, sort and count price bands by) to what its card shows today: listedSale on its list price at the
   * best sale running today (the service's clock) and the store's GST rate. Called when a piece joins or leaves a
   * sale, after repricing, and by the `catalog.sales` job at each Indian day's start and once at server start, since
   * sales begin and end by date. Only pieces whose cut changes are written. Returns how many.
   */
  async function applySales(ids?: readonly number[], tx?: Db): Promise<number> {
    if (ids && ids.length === 0) return 0;
    const r = on(tx);
    const rows = await r.saleCutsToCheck(ids);
    if (rows.length === 0) return 0;
    const gstPercent = rows.some((row) => row.salePercent !== null) ? ((await settings.gstPercent(tx)) ?? DEFAULT_GST_PERCENT) : DEFAULT_GST_PERCENT;
    const changed = rows
      .map((row) => ({ id: row.id, saleDiscountPaise: listedSale(row, row.salePercent, gstPercent)?.discountPaise ?? 0, was: row.saleDiscountPaise }))
      .filter((row) => row.saleDiscountPaise !== row.was);
    await r.writeSaleCuts(changed);
    return changed.length;
  }

  return {
    async categories(): Promise<Category[]> {
      return (await repo.categories()).map((c) => ({ pr_cat_name: c.name }));
    },

    /** Issue 38: the sales running today that take something off a piece in the shop (GET /api/sales/running). */
    async runningSales(): Promise<RunningSales> {
      return { data: await repo.runningSales(today()) };
    },

    async tags(): Promise<Tag[]> {
      return (await repo.tags()).map((t) => ({ tg_cat: t.category, tg_tag_name: t.tag }));
    },

    async otherStones(): Promise<OtherStone[]> {
      return (await repo.otherStones()).map((s) => ({ ots_name: s.name }));
    },

    /** One page of a listing. A page past the end is empty but keeps the totals, so the pager can lead back. */
    async list(request: ListRequest): Promise<ProductPage> {
      const page = request.page;
      const filters = criteriaOf(request);
      if (!filters) return { data: [], currentPage: page, totalPages: 0, totalResults: 0 };
      const order: ProductOrder = request.sort === 0 && filters.search ? 'relevance' : (SORTS[request.sort] ?? 'featured');
      // Once, before the two queries that follow: how each of the search's words is matched.
      const criteria = await plan(filters);
      const [total, rows] = await Promise.all([repo.countProducts(criteria), repo.findProducts(criteria, order, PAGE_SIZE, (page - 1) * PAGE_SIZE)]);
      const answer: ProductPage = { data: await cards(rows), currentPage: page, totalPages: Math.ceil(total / PAGE_SIZE), totalResults: total };
      const corrected = total > 0 && criteria.search ? correctedText(criteria.search.plan) : null;
      if (corrected) answer.correctedQuery = corrected;
      if (total === 0 && filters.search) {
        const alternatives = await alternativesOf({ ...filters, search: filters.search });
        answer.didYouMean = alternatives[0]?.text;
        answer.suggestions = alternatives.slice(1).map((a) => a.text);
        if (alternatives.length === 0) delete answer.didYouMean;
      }
      return answer;
    },

    /** How many pieces each filter value would give with the listing's query and other filters. */
    async facets(request: Partial<ProductFilter>): Promise<ProductFacets> {
      const filters = criteriaOf(request);
      if (!filters) return { material: {}, category: {}, tag: {}, stone: {}, colour: {}, price: {} };
      return repo.facetCounts(await plan(filters), PRICE_BANDS);
    },

    /**
     * The header's dropdown: the best few matches, ranked as the search listing ranks them; when the words find
     * nothing, the pieces of the query "Did you mean" offers, with that query.
     */
    async suggest(q: string): Promise<SuggestAnswer> {
      const search = searchTerms(q);
      if (!search.text) return { data: [] };
      const rows = await repo.findProducts(await plan({ search }), 'relevance', SUGGESTION_LIMIT, 0);
      if (rows.length > 0) return { data: await cards(rows) };
      const [best] = await alternativesOf({ search });
      if (!best) return { data: [] };
      const instead = await repo.findProducts(await plan({ search: searchTerms(best.text) }), 'relevance', SUGGESTION_LIMIT, 0);
      return { data: await cards(instead), didYouMean: best.text };
    },

    /** Guest carts: the products that still exist, in the order the cookie lists them. */
    async byIds(ids: number[]): Promise<ProductSummary[]> {
      const rows = await repo.productsByIds(ids);
      const gst = await gstFor(rows);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [summary(row, gst)] : [];
      });
    },

    /**
     * Everything the product page shows, priced at today's rates with the rates it needs to price other choices;
     * read through `tx` when the answer must hold until it commits (an order, a login's guest cart), or must be the
     * primary's (a desk showing what staff just wrote passes its `db`); otherwise from `read`.
     */
    async detail(id: number, tx?: Db): Promise<ProductDetail | null> {
      // The product, its rates, the GST rate and its sale in one statement (it runs for every piece a cart holds).
      const product = await (tx ? createCatalogRepository(tx, today) : repo).productDetail(id, indianDate(now()));
      if (!product) return null;
      const { rates, gstPercent: gst, sale } = product;

      const defaultPurity = product.purity ?? DEFAULT_PURITY[product.metal];
      const defaultDiamondQuality = product.diamondQuality ?? (product.diamondWeightCents > 0 ? 'SI-IJ' : null);
      const ratesPaisePerGram = Object.fromEntries(rates.metal.map((r) => [r.key, r.paise]));
      const diamondRatesPaisePerCarat = Object.fromEntries(rates.diamond.map((r) => [r.key, r.paise]));
      const dates = [...rates.metal, ...rates.diamond].map((r) => r.date).sort();
      const pricing: PricingContext = {
        metal: product.metal,
        metalWeightMg: product.metalWeightMg,
        makingChargePaise: product.makingChargePaise,
        makingPercentHundredths: product.makingChargeKind === 'percent' ? product.makingChargeRate : null,
        makingPaisePerGram: product.makingChargeKind === 'per_gram' ? product.makingChargeRate : null,
        sizeWeightsMg: product.sizeKind === 'length' ? Object.fromEntries(product.sizeWeightsMg.map((mg, i) => [product.sizes[i]!, mg])) : {},
        stoneValuePaise: product.stoneValuePaise,
        diamondWeightCents: product.diamondWeightCents,
        fixedPricePaise: product.fixedPricePaise,
        gstPercent: gst ?? DEFAULT_GST_PERCENT,
        defaultPurity,
        defaultDiamondQuality,
        ratesPaisePerGram,
        diamondRatesPaisePerCarat,
        ratesDate: dates.at(-1) ?? product.listPriceDate,
        ...offerOf(product, defaultPurity, defaultDiamondQuality),
        sale,
      };

      // The card's before price is today's price of the default choice, so the page and its card agree.
      const card = summary(
        { ...product, salePercent: sale?.makingDiscountPercent ?? null },
        pricing.gstPercent,
        priceToday({ ...pricing, sale: null }, product.listPricePaise),
      );
      return {
        ...card,
        product_description: product.description,
        product_metal: product.metal,
        product_metal_colour: product.metalColour,
        product_purity: product.purity,
        product_metal_weight_g: product.metalWeightMg === null ? null : product.metalWeightMg / 1000,
        product_diamond_weight_ct: product.diamondWeightCents > 0 ? product.diamondWeightCents / 100 : null,
        product_stones: product.stones,
        product_hallmarked: carriesHuid(product),
        product_country_of_origin: product.countryOfOrigin,
        product_stock: product.stock,
        product_review_count: product.reviewCount,
        ...galleryOf(product),
        pricing,
      };
    },

    /**
     * Brings the stored list price of weighed products (all, or these ids) to today's rates: the price of the
     * default choice without a sale, made by the one price function (priceChoice), and the making charges it
     * holds. Listings sort, filter and show tiles by it, so every rate change and product write calls this in its
     * own transaction; the write announces itself and every instance drops its cached answers and pages.
     * Products whose default choice has no rate published keep their price. Returns how many changed. `tx` is the
     * transaction of the write that called for it (rates, products, the GST rate).
     */
    async reprice(ids?: readonly number[], tx?: Db): Promise<number> {
      if (ids && ids.length === 0) return 0;
      const r = on(tx);
      const day = indianDate(now());
      const rows = await r.weighedProducts(ids);
      if (rows.length === 0) return 0;
      const inForce = await r.ratesInForceOn(day);
      const rates = {
        metal: new Map(inForce.metal.map((r) => [`${r.metal}:${r.purity}`, Number(r.paise)])),
        diamond: new Map(inForce.diamond.map((r) => [r.quality, Number(r.paise)])),
      };
      const gstPercent = (await settings.gstPercent(tx)) ?? DEFAULT_GST_PERCENT;
      const changed: { id: number; listPricePaise: number; makingChargePaise: number; saleDiscountPaise: number }[] = [];
      for (const row of rows) {
        const purity = row.purity ?? DEFAULT_PURITY[row.metal];
        const rate = rates.metal.get(`${row.metal}:${purity}`);
        if (rate === undefined || row.metalWeightMg === null) continue;
        const price = priceChoice({
          metalWeightMg: row.metalWeightMg,
          makingChargePaise: row.makingChargePaise,
          makingPercentHundredths: row.makingChargeKind === 'percent' ? row.makingChargeRate : null,
          makingPaisePerGram: row.makingChargeKind === 'per_gram' ? row.makingChargeRate : null,
          stoneValuePaise: row.stoneValuePaise,
          diamondWeightCents: row.diamondWeightCents,
          fixedPricePaise: null,
          gstPercent,
          defaultPurity: purity,
          defaultDiamondQuality: row.diamondQuality ?? (row.diamondWeightCents > 0 ? 'SI-IJ' : null),
          ratesPaisePerGram: { [String(purity)]: rate },
          diamondRatesPaisePerCarat: Object.fromEntries(rates.diamond),
        });
        if (!price) continue;
        const cut = listedSale({ listPricePaise: price.totalPaise, makingChargePaise: price.makingBeforePaise, weighed: true }, row.salePercent, gstPercent);
        const saleDiscountPaise = cut?.discountPaise ?? 0;
        if (
          price.totalPaise !== row.listPricePaise ||
          price.makingBeforePaise !== row.makingChargePaise ||
          saleDiscountPaise !== row.saleDiscountPaise ||
          row.listPriceDate !== day
        ) {
          changed.push({ id: row.id, listPricePaise: price.totalPaise, makingChargePaise: price.makingBeforePaise, saleDiscountPaise });
        }
      }
      await r.writeListPrices(changed, day);
      // The pieces left at their price (no rate published for them) still follow a new GST rate's sale cut.
      await applySales(ids, tx);
      return changed.length;
    },

    applySales,

    /** A page of the product's visible reviews, newest first; null when the product is not in the shop. */
    async reviews(productId: number, page: number): Promise<ProductReviews | null> {
      const found = await repo.reviewsOf(productId, REVIEWS_PAGE_SIZE, (page - 1) * REVIEWS_PAGE_SIZE);
      if (!found) return null;
      return {
        data: found.rows.map((r) => ({
          review_id: r.id,
          rating: r.rating,
          title: r.title,
          text: r.text,
          author: reviewerName(r.firstName, r.lastName),
          created_at: r.createdAt.toISOString(),
          verified: r.orderLineId !== null,
          edited: r.editedAt !== null,
          photos: found.photos.filter((p) => p.reviewId === r.id).map(photoOf),
        })),
        currentPage: page,
        totalPages: Math.ceil(found.total / REVIEWS_PAGE_SIZE),
        totalResults: found.total,
        averageRating: found.total === 0 ? 0 : found.ratingTenths / 10,
      };
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;

/**
 * What the piece is made in, from its columns; an empty list means its default only (DECISIONS §7). Gold
 * alone has karats and colours to choose; grades only for pieces set with diamonds.
 */
function offerOf(
  product: {
    metal: 'gold' | 'platinum' | 'silver';
    metalColour: string | null;
    diamondWeightCents: number;
    purities: number[];
    metalColours: string[];
    diamondQualities: string[];
    sizeKind: 'ring' | 'bangle' | 'length' | null;
    sizes: string[];
  },
  defaultPurity: number,
  defaultDiamondQuality: string | null,
) {
  const gold = product.metal === 'gold';
  const defaultColour = gold ? product.metalColour : null;
  return {
    defaultColour,
    purities: gold ? (product.purities.length > 0 ? [...product.purities].sort((a, b) => a - b) : [defaultPurity]) : [],
    colours: gold
      ? product.metalColours.length > 0
        ? METAL_COLOURS.filter((c) => product.metalColours.includes(c))
        : defaultColour
          ? [defaultColour]
          : []
      : [],
    diamondQualities:
      product.diamondWeightCents > 0
        ? product.diamondQualities.length > 0
          ? DIAMOND_QUALITIES.filter((q) => product.diamondQualities.includes(q))
          : defaultDiamondQuality
            ? [defaultDiamondQuality]
            : []
        : [],
    sizeKind: product.sizeKind && product.sizes.length > 0 ? product.sizeKind : null,
    sizes: product.sizeKind ? product.sizes : [],
  };
}

/**
 * The price of the default choice at the context's rates: the same function and inputs the page
 * and the cart use. Without a rate for that choice (none published yet) the list price stands.
 */
function priceToday(p: PricingContext, listPricePaise: number): number {
  return priceChoice(p)?.totalPaise ?? listPricePaise;
}

/** Issue 42: the day's rates in public (what /gold-rate and the rate alerts read). */
export { createPublicRates, type PublicRates } from './public-rates.ts';
