import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminProductIdParamsSchema,
  AdminProductImageParamsSchema,
  AdminProductListQuerySchema,
  AdminProductPageSchema,
  AdminProductSchema,
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
import { CATALOGUE_MEDIA_PREFIX } from '@milli/contracts';
import type { ModuleDeps } from '../../deps.ts';
import { forgetAfterWrites } from '../../plugins/read-cache.ts';
import { uploadGuards } from '../../lib/upload-limits.ts';
import { actorOf } from '../audit/service.ts';
import { MAX_PRODUCT_IMAGE_BYTES, MAX_PRODUCT_IMAGES_PER_UPLOAD } from './images.ts';
import { createAdminCatalogueService } from './service.ts';

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

/** The catalogue desk's API under /api/admin (permission 'catalogue'): products, their pictures, the taxonomy. */
export const adminCatalogueModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = createAdminCatalogueService(deps.database.db, deps.files);
  // Every write of the desk changes what shoppers see: this instance forgets at once (others hear the database).
  forgetAfterWrites(app, deps.readCache);

  api.get(
    '/admin/products',
    { config: staff, schema: { querystring: AdminProductListQuerySchema, response: { 200: AdminProductPageSchema, ...errors } } },
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
};

const MEDIA_KEY = /^products\/[0-9]+\/[a-f0-9]{16}-[0-9]+\.(avif|webp)$/;

/**
 * /media/catalogue/{key}: the product photos uploaded in the back office, public (the storefront shows them),
 * read from the file store. Names are random and never reused, so they are kept for a year.
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
    return reply
      .type(m[1] === 'avif' ? 'image/avif' : 'image/webp')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'")
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });
}
