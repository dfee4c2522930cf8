import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CartListQuerySchema,
  CategorySchema,
  ErrorSchema,
  OtherStoneSchema,
  PageNumberSchema,
  PriceRangeParamsSchema,
  ProductDetailSchema,
  ProductIdSchema,
  ProductListQuerySchema,
  ProductPageSchema,
  ProductSummarySchema,
  SuggestQuerySchema,
  TagSchema,
} from '@milli/contracts/schemas';
import type { AppDeps } from '../../app.ts';
import { createCatalogService } from './service.ts';

/** The spec's catalogue calls (section 7), paths exactly as DECISIONS §1 names them. */
export const catalogModule: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const catalog = createCatalogService(deps.database.db);
  const page = { 200: ProductPageSchema, 400: ErrorSchema };

  api.get('/category', { schema: { response: { 200: z.array(CategorySchema) } } }, () => catalog.categories());
  api.get('/admin/tags', { schema: { response: { 200: z.array(TagSchema) } } }, () => catalog.tags());
  api.get('/admin/other-stones', { schema: { response: { 200: z.array(OtherStoneSchema) } } }, () => catalog.otherStones());

  api.get('/product/get_product_detail', { schema: { response: page } }, () => catalog.list({ sort: 0, page: 1 }));
  api.get(
    '/product/get_product_detail/:page',
    { schema: { params: z.object({ page: PageNumberSchema }), response: page } },
    (req) => catalog.list({ sort: 0, page: req.params.page }),
  );
  api.get(
    '/product/get_product_by_price/:min/:max',
    {
      schema: {
        params: PriceRangeParamsSchema,
        querystring: z.object({ page: PageNumberSchema.optional() }),
        response: page,
      },
    },
    (req) => catalog.list({ minPrice: req.params.min, maxPrice: req.params.max, sort: 0, page: req.query.page ?? 1 }),
  );
  api.get('/product/productList', { schema: { querystring: ProductListQuerySchema, response: page } }, (req) =>
    catalog.list(req.query),
  );
  api.get(
    '/product/suggest',
    { schema: { querystring: SuggestQuerySchema, response: { 200: z.object({ data: z.array(ProductSummarySchema) }) } } },
    async (req) => ({ data: await catalog.suggest(req.query.q) }),
  );
  api.get(
    '/product/find-by-id/:id',
    {
      schema: {
        params: z.object({ id: ProductIdSchema }),
        response: { 200: z.object({ data: ProductDetailSchema }), 404: ErrorSchema },
      },
    },
    async (req, reply) => {
      const product = await catalog.detail(req.params.id);
      if (!product) return reply.status(404).send({ message: 'This product does not exist.', code: 'PRODUCT_NOT_FOUND' });
      return { data: product };
    },
  );
  // Guest carts: prices of the products in the cartItems cookie.
  api.post(
    '/product/get_product_detail',
    { schema: { querystring: CartListQuerySchema, response: { 200: z.array(ProductSummarySchema) } } },
    (req) => catalog.byIds(req.query.cartList),
  );
};
