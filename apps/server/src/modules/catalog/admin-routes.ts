import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminProductIdParamsSchema,
  AdminProductImageParamsSchema,
  AdminProductListQuerySchema,
  AdminProductRowSchema,
  AdminProductSchema,
  adminListPage,
  CategoryBodySchema,
  ErrorSchema,
  formBody,
  ImageChangeSchema,
  ImageOrderSchema,
  ProductBulkAnswerSchema,
  ProductBulkSchema,
  ProductDuplicateSchema,
  ProductFormBodySchema,
  PriceCardSchema,
  RatesAnswerSchema,
  RatesQuerySchema,
  RatesUpdateAnswerSchema,
  RatesUpdateSchema,
  ProductImagesAnswerSchema,
  ProductSalesBodySchema,
  StoneBodySchema,
  SynonymBodySchema,
  TagBodySchema,
  TagRenameSchema,
  TaxonomyIdParamsSchema,
  TaxonomyItemAnswerSchema,
  TaxonomySchema,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { forgetAfterWrites } from '../../plugins/read-cache.ts';
import { uploadGuards } from '../../lib/upload-limits.ts';
import { actorOf } from '../audit/service.ts';
import { MAX_PRODUCT_IMAGE_BYTES, MAX_PRODUCT_IMAGES_PER_UPLOAD } from './images.ts';
import { createCatalogDesk, createRatesDesk, DEFAULT_HISTORY_DAYS } from './desk.ts';

const errors = {
  400: ErrorSchema,
  401: ErrorSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
  413: ErrorSchema,
  415: ErrorSchema,
  422: ErrorSchema,
};
const staff = { access: 'staff', permission: 'catalogue' } as const;
const rateErrors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 409: ErrorSchema };

/** Photos of a product: who may send them is settled by the staff plugin before the body is read. */
const uploads = uploadGuards({
  maxBodyBytes: MAX_PRODUCT_IMAGES_PER_UPLOAD * MAX_PRODUCT_IMAGE_BYTES + 1024 * 1024,
  tooLarge: 'A photo is larger than 15 MB. Please send smaller photos.',
  tooManyFiles: `Please send at most ${MAX_PRODUCT_IMAGES_PER_UPLOAD} photos at once.`,
  notMultipart: 'Please send the photos as multipart/form-data.',
});

/** The pictures of a multipart body (every file part, whatever its field name) and their descriptions (alt, alt[]). */
function uploadsOf(body: Record<string, unknown>): { bytes: Buffer; alt?: string }[] {
  const buffers: Buffer[] = [];
  for (const value of Object.values(body)) {
    if (Buffer.isBuffer(value)) buffers.push(value);
    else if (Array.isArray(value)) for (const v of value) if (Buffer.isBuffer(v)) buffers.push(v);
  }
  const altValue = body.alt;
  const alts = (Array.isArray(altValue) ? altValue : [altValue]).map((a) => (typeof a === 'string' ? a : undefined));
  return buffers.map((bytes, i) => ({ bytes, ...(alts[i] !== undefined ? { alt: alts[i] } : {}) }));
}

/** The catalogue desk's API under /api/admin (permission 'catalogue'): products, their pictures, the taxonomy, the day's rates. */
export const catalogAdminModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = createCatalogDesk(deps.database.db, deps.files);
  const rates = createRatesDesk(deps.database.db);
  // Every write of the desk changes what shoppers see: this instance forgets at once (others hear the database).
  forgetAfterWrites(app, deps.readCache);

  api.get(
    '/admin/products',
    { config: staff, schema: { querystring: AdminProductListQuerySchema, response: { 200: adminListPage(AdminProductRowSchema), ...errors } } },
    async (req) => service.list(req.query),
  );

  api.get('/admin/products/price-card', { config: staff, schema: { response: { 200: PriceCardSchema, ...errors } } }, async () => service.priceCard());

  api.get(
    '/admin/products/:id',
    { config: staff, schema: { params: AdminProductIdParamsSchema, response: { 200: AdminProductSchema, ...errors } } },
    async (req) => service.detail(req.params.id),
  );

  api.post(
    '/admin/products',
    { config: staff, schema: { body: formBody(ProductFormBodySchema), response: { 201: AdminProductSchema, ...errors } } },
    async (req, reply) => reply.status(201).send(await service.create(actorOf(req), req.body)),
  );

  api.patch(
    '/admin/products/:id',
    { config: staff, schema: { params: AdminProductIdParamsSchema, body: formBody(ProductFormBodySchema), response: { 200: AdminProductSchema, ...errors } } },
    async (req) => service.patch(actorOf(req), req.params.id, req.body),
  );

  api.post(
    '/admin/products/:id/duplicate',
    { config: staff, schema: { params: AdminProductIdParamsSchema, body: formBody(ProductDuplicateSchema), response: { 201: AdminProductSchema, ...errors } } },
    async (req, reply) => reply.status(201).send(await service.duplicate(actorOf(req), req.params.id, req.body)),
  );

  api.post(
    '/admin/products/:id/archive',
    { config: staff, schema: { params: AdminProductIdParamsSchema, response: { 200: AdminProductSchema, ...errors } } },
    async (req) => service.setActive(actorOf(req), req.params.id, false),
  );
  api.post(
    '/admin/products/:id/restore',
    { config: staff, schema: { params: AdminProductIdParamsSchema, response: { 200: AdminProductSchema, ...errors } } },
    async (req) => service.setActive(actorOf(req), req.params.id, true),
  );

  api.put(
    '/admin/products/:id/sales',
    { config: staff, schema: { params: AdminProductIdParamsSchema, body: formBody(ProductSalesBodySchema), response: { 200: AdminProductSchema, ...errors } } },
    async (req) => service.setSales(actorOf(req), req.params.id, req.body.saleIds),
  );

  api.post(
    '/admin/products/bulk',
    { config: staff, schema: { body: formBody(ProductBulkSchema), response: { 200: ProductBulkAnswerSchema, ...errors } } },
    async (req) => service.bulk(actorOf(req), req.body),
  );

  // Pictures

  api.post(
    '/admin/products/:id/images',
    {
      config: { ...staff, multipartOptions: { limits: { files: MAX_PRODUCT_IMAGES_PER_UPLOAD, fileSize: MAX_PRODUCT_IMAGE_BYTES } } },
      schema: {
        params: AdminProductIdParamsSchema,
        body: z
          .preprocess((v) => v ?? {}, z.record(z.string(), z.unknown(), { error: 'Please send the photos as a multipart form.' }))
          .describe('multipart/form-data: one or more photo files (JPEG, PNG, WebP or AVIF, at most 15 MB each), and optionally alt (one per photo).'),
        response: { 201: ProductImagesAnswerSchema, ...errors },
      },
      onRequest: uploads.onRequest,
      errorHandler: uploads.errorHandler,
    },
    async (req, reply) => reply.status(201).send(await service.addImages(actorOf(req), req.params.id, uploadsOf(req.body))),
  );

  api.patch(
    '/admin/products/:id/images/:imageId',
    {
      config: staff,
      schema: { params: AdminProductImageParamsSchema, body: formBody(ImageChangeSchema), response: { 200: ProductImagesAnswerSchema, ...errors } },
    },
    async (req) => service.changeImage(actorOf(req), req.params.id, req.params.imageId, req.body),
  );

  api.put(
    '/admin/products/:id/images/order',
    {
      config: staff,
      schema: { params: AdminProductIdParamsSchema, body: formBody(ImageOrderSchema), response: { 200: ProductImagesAnswerSchema, ...errors } },
    },
    async (req) => service.orderImages(actorOf(req), req.params.id, req.body.ids),
  );

  api.delete(
    '/admin/products/:id/images/:imageId',
    { config: staff, schema: { params: AdminProductImageParamsSchema, response: { 200: ProductImagesAnswerSchema, ...errors } } },
    async (req) => service.deleteImage(actorOf(req), req.params.id, req.params.imageId),
  );

  // Taxonomy (not /api/admin/tags nor /api/admin/other-stones: those are the spec's public lists)

  api.get('/admin/taxonomy', { config: staff, schema: { response: { 200: TaxonomySchema, ...errors } } }, async () => service.taxonomy());

  const item = { 200: TaxonomyItemAnswerSchema, 201: TaxonomyItemAnswerSchema, ...errors };
  const params = TaxonomyIdParamsSchema;

  api.post('/admin/taxonomy/categories', { config: staff, schema: { body: formBody(CategoryBodySchema), response: item } }, async (req, reply) =>
    reply.status(201).send(await service.createCategory(actorOf(req), req.body)),
  );
  api.patch('/admin/taxonomy/categories/:id', { config: staff, schema: { params, body: formBody(CategoryBodySchema), response: item } }, async (req) =>
    service.renameCategory(actorOf(req), req.params.id, req.body),
  );
  api.delete('/admin/taxonomy/categories/:id', { config: staff, schema: { params, response: item } }, async (req) =>
    service.deleteCategory(actorOf(req), req.params.id),
  );

  api.post('/admin/taxonomy/tags', { config: staff, schema: { body: formBody(TagBodySchema), response: item } }, async (req, reply) =>
    reply.status(201).send(await service.createTag(actorOf(req), req.body)),
  );
  api.patch('/admin/taxonomy/tags/:id', { config: staff, schema: { params, body: formBody(TagRenameSchema), response: item } }, async (req) =>
    service.renameTag(actorOf(req), req.params.id, req.body),
  );
  api.delete('/admin/taxonomy/tags/:id', { config: staff, schema: { params, response: item } }, async (req) => service.deleteTag(actorOf(req), req.params.id));

  api.post('/admin/taxonomy/stones', { config: staff, schema: { body: formBody(StoneBodySchema), response: item } }, async (req, reply) =>
    reply.status(201).send(await service.createStone(actorOf(req), req.body)),
  );
  api.patch('/admin/taxonomy/stones/:id', { config: staff, schema: { params, body: formBody(StoneBodySchema), response: item } }, async (req) =>
    service.renameStone(actorOf(req), req.params.id, req.body),
  );
  api.delete('/admin/taxonomy/stones/:id', { config: staff, schema: { params, response: item } }, async (req) =>
    service.deleteStone(actorOf(req), req.params.id),
  );

  api.post('/admin/taxonomy/synonyms', { config: staff, schema: { body: formBody(SynonymBodySchema), response: item } }, async (req, reply) =>
    reply.status(201).send(await service.createSynonym(actorOf(req), req.body.terms)),
  );
  api.patch('/admin/taxonomy/synonyms/:id', { config: staff, schema: { params, body: formBody(SynonymBodySchema), response: item } }, async (req) =>
    service.updateSynonym(actorOf(req), req.params.id, req.body.terms),
  );
  api.delete('/admin/taxonomy/synonyms/:id', { config: staff, schema: { params, response: item } }, async (req) =>
    service.deleteSynonym(actorOf(req), req.params.id),
  );

  // The day's rates (issue 17). A session cookie or an API token (`Authorization: Bearer …`) works, so a daily
  // rates feed can PUT them.

  api.get(
    '/admin/rates',
    {
      config: staff,
      schema: {
        summary: "Today's rates, the rates in force, yesterday's, their history and a few typical pieces",
        querystring: RatesQuerySchema,
        response: { 200: RatesAnswerSchema, ...rateErrors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return rates.overview(req.query.days ?? DEFAULT_HISTORY_DAYS);
    },
  );

  api.put(
    '/admin/rates',
    {
      config: staff,
      schema: {
        summary: "Set today's rates",
        description:
          'Body `{ "rates": [{ "metal": "gold", "purity": 22, "paisePerGram": 1250500 }, { "metal": "diamond", "quality": "SI-IJ", "paisePerCarat": 6500000 }], "confirm": false }`. ' +
          'Metals: gold 14/18/22/24, platinum 950, silver 925 (paise per gram); diamond grades SI-IJ, SI-GH, VVS-GH, VVS-EF (paise per carat). ' +
          'Only the listed rates change. A rate more than 20 % away from the rate in force (and from yesterday’s) answers 409 CONFLICT naming it, unless confirm is true. ' +
          'Every weighed product is repriced in the same transaction, and every cached answer and page is dropped.',
        body: formBody(RatesUpdateSchema),
        response: { 200: RatesUpdateAnswerSchema, ...rateErrors },
      },
    },
    async (req) => rates.update(actorOf(req), req.body),
  );
};
