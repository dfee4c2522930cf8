import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CartListQuerySchema,
  CategoryListSchema,
  ErrorSchema,
  OtherStoneListSchema,
  PriceRangeParamsSchema,
  PriceRangeQuerySchema,
  ProductDetailAnswerSchema,
  ProductFacetsSchema,
  ProductFilterSchema,
  ProductIdParamsSchema,
  ProductListQuerySchema,
  ProductPageParamsSchema,
  ProductPageSchema,
  ProductReviewsSchema,
  ProductSummaryListSchema,
  RateHistoryQuerySchema,
  RateHistorySchema,
  RatesTodaySchema,
  ReviewsQuerySchema,
  RunningSalesSchema,
  SuggestAnswerSchema,
  SuggestQuerySchema,
  TagListSchema,
} from '@milli/contracts/schemas';
import { parseArtPath, renderArt } from '@milli/db';
import { CATALOGUE_MEDIA_PREFIX } from '@milli/contracts';
import type { ModuleDeps } from '../../deps.ts';
import { imageJob } from '../../lazy-sharp.ts';
import { STATUS_OF } from '../../plugins/errors.ts';
import { keptByAddress, sendKept } from '../../plugins/read-cache.ts';
import type { ListRequest } from './service.ts';
import { createPublicRates } from './public-rates.ts';
import { indianDate } from '@milli/pricing';

/**
 * The spec's catalogue calls (section 7), paths exactly as DECISIONS §1 names them. Every answer here is the
 * same for every visitor, so it is kept in the read cache until the catalogue changes (decision 017).
 */
export const catalogModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { catalog } = deps.services;
  const cache = deps.readCache;
  const page = { 200: ProductPageSchema, 400: ErrorSchema };
  const ok = async (value: Promise<unknown>) => ({ status: 200, value: await value });
  /**
   * A product that does not exist, answered as the error handler would answer its code; kept like any
   * answer, so asking again for a missing product does not reach the database.
   */
  const noSuchProduct = { status: STATUS_OF.PRODUCT_NOT_FOUND, value: { message: 'This product does not exist.', code: 'PRODUCT_NOT_FOUND' } };
  /**
   * A listing, keyed by the checked and normalised query, so spellings of one request share an entry, and by the
   * day: sales start and end with a day in India.
   */
  const listKey = (request: ListRequest) => `list:${indianDate(new Date())}:${JSON.stringify(request)}`;
  const listing = (reply: FastifyReply, request: ListRequest) => sendKept(cache, reply, listKey(request), () => ok(catalog.list(request)));

  /**
   * The most asked of them (a listing with its filters, the filter panel's counts, search suggestions) are found by
   * the address they were asked at, before its query is parsed and checked again (`keptByAddress`).
   */
  const byAddress = keptByAddress(cache, () => indianDate(new Date()));

  // Issue 42: the day's rates in public, kept like the catalogue (a rate set by staff empties the read cache) and by
  // the day, and public for a minute to a browser or a CDN.
  const publicRates = createPublicRates(deps.database.read);
  const RATES_HTTP = { 'cache-control': 'public, max-age=60' };
  api.get(
    '/rates/today',
    {
      schema: {
        summary: "Today's metal rates per gram and per 10 g, with the change since yesterday",
        description:
          'Gold 24, 22, 18 and 14 kt, platinum 950 and silver 925, as staff set them (paise). A rate not yet set today is the last one set, with its day (`setOn`).',
        response: { 200: RatesTodaySchema },
      },
    },
    (_req, reply) => sendKept(cache, reply, `rates-today:${indianDate(new Date())}`, () => ok(publicRates.today()), RATES_HTTP),
  );
  api.get(
    '/rates/history',
    {
      schema: {
        summary: "One metal's rate over the last days (1-366, today included): the rate it opened at and each day one was set",
        querystring: RateHistoryQuerySchema,
        response: { 200: RateHistorySchema, 400: ErrorSchema },
      },
    },
    (req, reply) =>
      sendKept(
        cache,
        reply,
        `rates-history:${indianDate(new Date())}:${req.query.metal}:${req.query.purity}:${req.query.days}`,
        () => ok(publicRates.history(req.query)),
        RATES_HTTP,
      ),
  );

  api.get('/category', { schema: { summary: "The catalogue's categories", response: { 200: CategoryListSchema } } }, (_req, reply) =>
    sendKept(cache, reply, 'categories', () => ok(catalog.categories())),
  );
  // Issue 38: what the home page's sale strip says is on, from the sales themselves; keyed by the day a sale starts and ends on.
  api.get(
    '/sales/running',
    {
      schema: {
        summary: 'The sales running today, with their percent off the making charges',
        description:
          'Sales that take something off at least one piece in the shop today (an Indian day), the largest cut first; `data` is empty when none is running.',
        response: { 200: RunningSalesSchema },
      },
    },
    (_req, reply) => sendKept(cache, reply, `sales-running:${indianDate(new Date())}`, () => ok(catalog.runningSales())),
  );
  api.get('/admin/tags', { schema: { summary: "The catalogue's tags (public: the specification's path)", response: { 200: TagListSchema } } }, (_req, reply) =>
    sendKept(cache, reply, 'tags', () => ok(catalog.tags())),
  );
  api.get(
    '/admin/other-stones',
    { schema: { summary: "The catalogue's coloured stones (public: the specification's path)", response: { 200: OtherStoneListSchema } } },
    (_req, reply) => sendKept(cache, reply, 'other-stones', () => ok(catalog.otherStones())),
  );

  api.get('/product/get_product_detail', { schema: { summary: 'The first page of every product on sale', response: page } }, (_req, reply) =>
    listing(reply, { sort: 0, page: 1 }),
  );
  api.get(
    '/product/get_product_detail/:page',
    { schema: { summary: 'One page of every product on sale', params: ProductPageParamsSchema, response: page } },
    (req, reply) => listing(reply, { sort: 0, page: req.params.page }),
  );
  api.get(
    '/product/get_product_by_price/:min/:max',
    {
      schema: {
        summary: 'Products priced between two amounts in rupees, as the shopper sees them',
        params: PriceRangeParamsSchema,
        querystring: PriceRangeQuerySchema,
        response: page,
      },
    },
    (req, reply) => listing(reply, { minPrice: req.params.min, maxPrice: req.params.max, sort: 0, page: req.query.page ?? 1 }),
  );
  api.get(
    '/product/productList',
    {
      onRequest: byAddress.onRequest,
      schema: {
        summary: 'The listing: filters, search, sort and page; prices filter and sort as shown, after a running sale (decision 047)',
        querystring: ProductListQuerySchema,
        response: page,
      },
    },
    (req, reply) => byAddress.send(req, reply, listKey(req.query), () => ok(catalog.list(req.query))),
  );
  api.get(
    '/product/suggest',
    {
      onRequest: byAddress.onRequest,
      schema: { summary: 'Search suggestions for what is typed so far', querystring: SuggestQuerySchema, response: { 200: SuggestAnswerSchema } },
    },
    (req, reply) => byAddress.send(req, reply, `suggest:${indianDate(new Date())}:${req.query.q}`, () => ok(catalog.suggest(req.query.q))),
  );
  // The listing's filter panel: counts per filter value for the same query and filters as productList (decision 026).
  api.get(
    '/product/facets',
    {
      onRequest: byAddress.onRequest,
      schema: {
        summary: "The listing's filter counts for the filters chosen",
        querystring: ProductFilterSchema,
        response: { 200: ProductFacetsSchema, 400: ErrorSchema },
      },
    },
    (req, reply) => byAddress.send(req, reply, `facets:${indianDate(new Date())}:${JSON.stringify(req.query)}`, () => ok(catalog.facets(req.query))),
  );
  api.get(
    '/product/find-by-id/:id',
    {
      schema: {
        summary: "One product with its price breakup at today's rates, options and pictures",
        params: ProductIdParamsSchema,
        response: { 200: ProductDetailAnswerSchema, 404: ErrorSchema },
      },
    },
    // Priced at the day's rates: the day is part of the key.
    (req, reply) =>
      sendKept(cache, reply, `product:${req.params.id}:${indianDate(new Date())}`, async () => {
        const product = await catalog.detail(req.params.id);
        if (!product) return noSuchProduct;
        return { status: 200, value: { data: product } };
      }),
  );
  api.get(
    '/product/:id/reviews',
    {
      schema: {
        summary: "A product's reviews, newest first, with their photos",
        params: ProductIdParamsSchema,
        querystring: ReviewsQuerySchema,
        response: { 200: ProductReviewsSchema, 404: ErrorSchema },
      },
    },
    (req, reply) =>
      sendKept(cache, reply, `reviews:${req.params.id}:${req.query.page}`, async () => {
        const reviews = await catalog.reviews(req.params.id, req.query.page);
        if (!reviews) return noSuchProduct;
        return { status: 200, value: reviews };
      }),
  );
  // Guest carts: prices of the products in the cartItems cookie.
  api.post(
    '/product/get_product_detail',
    {
      schema: {
        summary: 'Several products by id, as the cart and wish list show them',
        querystring: CartListQuerySchema,
        response: { 200: ProductSummaryListSchema },
      },
    },
    (req) => catalog.byIds(req.query.cartList),
  );
};

/** Link previews (WhatsApp, Facebook, X) do not show SVG: each drawing also comes as a PNG this wide. */
export const PREVIEW_PNG_SIZE = 1200;

/**
 * /media/art/{kind}/{metal}/{variant}.svg: the demo catalogue's drawings, rendered from their path.
 * The same path always draws the same picture, so browsers and CDNs may keep it for a year. The SVG is
 * served with its own strict policy, so even a picture opened on its own could never run a script.
 */
export function mediaRoutes(app: FastifyInstance) {
  const cache = new Map<string, string>();
  const pngCache = new Map<string, Buffer>();
  app.get('/media/art/*', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.endsWith('.png')) {
      const ref = parseArtPath(`${path.slice(0, -4)}.svg`);
      if (!ref) return reply.status(404).type('text/plain; charset=utf-8').send('No such picture.');
      let png = pngCache.get(path);
      if (!png) {
        png = await imageJob((sharp) =>
          sharp(Buffer.from(renderArt(ref)), { density: 300 })
            .resize(PREVIEW_PNG_SIZE, PREVIEW_PNG_SIZE, { fit: 'contain', background: '#fbf6ef' })
            .flatten({ background: '#fbf6ef' })
            .png({ compressionLevel: 9, palette: true })
            .toBuffer(),
        );
        // Previews are fetched rarely (once per share): a small cache is plenty.
        if (pngCache.size >= 100) pngCache.delete(pngCache.keys().next().value!);
        pngCache.set(path, png);
      }
      return reply.type('image/png').header('cache-control', 'public, max-age=31536000, immutable').header('x-content-type-options', 'nosniff').send(png);
    }
    const ref = parseArtPath(path);
    if (!ref) return reply.status(404).type('text/plain; charset=utf-8').send('No such picture.');
    let svg = cache.get(path);
    if (!svg) {
      svg = renderArt(ref);
      if (cache.size < 2000) cache.set(path, svg);
    }
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('x-content-type-options', 'nosniff')
      .send(svg);
  });
}

const MEDIA_KEY = /^products\/[0-9]+\/[a-f0-9]{16}(?:-[0-9]+\.(avif|webp)|\.(mp4|webm))$/;
const MEDIA_TYPES: Record<string, string> = { avif: 'image/avif', webp: 'image/webp', mp4: 'video/mp4', webm: 'video/webm' };

/**
 * One range of `Range: bytes=…` (the only kind a video element asks for), clamped to the file: null for none asked,
 * 'unsatisfiable' for one outside it. Several ranges at once are answered with the whole file, as RFC 9110 allows.
 */
export function byteRange(header: string | undefined, length: number): { start: number; end: number } | 'unsatisfiable' | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, length - suffix), end: length - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? length - 1 : Math.min(Number(m[2]), length - 1);
  if (start >= length || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * /media/catalogue/{key}: the product photos and films uploaded in the back office, public (the storefront shows
 * them), read from the file store. Names are random and never reused, so they are kept for a year. A film answers
 * byte ranges, so a phone can start it, seek in it, and fetch no more than it plays.
 */
export function catalogueMedia(app: FastifyInstance, deps: ModuleDeps) {
  app.get(`${CATALOGUE_MEDIA_PREFIX}*`, async (request, reply) => {
    const key = (request.url.split('?')[0] ?? '').slice(CATALOGUE_MEDIA_PREFIX.length);
    const m = MEDIA_KEY.exec(key);
    const bytes = m ? await deps.files.get(key) : null;
    if (!m || !bytes) {
      return reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send('No such picture.');
    }
    reply
      .type(MEDIA_TYPES[m[1] ?? m[2]!]!)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'")
      .header('x-content-type-options', 'nosniff');
    if (!m[2]) return reply.send(bytes);
    reply.header('accept-ranges', 'bytes');
    const range = byteRange(request.headers.range, bytes.length);
    if (range === 'unsatisfiable') return reply.status(416).header('content-range', `bytes */${bytes.length}`).send('');
    if (!range) return reply.send(bytes);
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${bytes.length}`)
      .send(bytes.subarray(range.start, range.end + 1));
  });
}
