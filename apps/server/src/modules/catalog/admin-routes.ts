import { PassThrough, Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_PRODUCT_VIDEO_BYTES, MAX_SPIN_BYTES, MAX_SPIN_FRAME_BYTES, MAX_SPIN_FRAMES, PRODUCT_VIEWS, type ProductView } from '@milli/contracts';
import {
  AdminProductIdParamsSchema,
  AdminProductImageParamsSchema,
  AdminProductListQuerySchema,
  AdminProductPageSchema,
  AdminProductSchema,
  CategoryBodySchema,
  ErrorSchema,
  formBody,
  IMPORT_MAX_BYTES,
  ImportInvalidSchema,
  ImportReportSchema,
  NDJSON_TYPE,
  ProductExportQuerySchema,
  ProductImportBodySchema,
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
  ProductVideoAnswerSchema,
  ProductSpinAnswerSchema,
  ProductSalesBodySchema,
  StoneBodySchema,
  SynonymBodySchema,
  TagBodySchema,
  TagRenameSchema,
  TaxonomyIdParamsSchema,
  TaxonomyItemAnswerSchema,
  TaxonomySchema,
  type ImportReport,
  type ImportStreamLine,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { forgetAfterWrites } from '../../plugins/read-cache.ts';
import { uploadGuards } from '../../lib/upload-limits.ts';
import type { Limit } from '../../plugins/rate-limit.ts';
import { requirePermission, staffOf } from '../../plugins/staff.ts';
import { actorOf } from '../audit/service.ts';
import { MAX_PRODUCT_IMAGE_BYTES, MAX_PRODUCT_IMAGES_PER_UPLOAD } from './images.ts';
import { DomainError } from '../../domain-error.ts';
import { csvTemplate } from './csv-columns.ts';
import { createCatalogDesk, createRatesDesk, DEFAULT_HISTORY_DAYS } from './desk.ts';
import { createProductCsvService } from './product-csv.ts';
import { createSpinDesk, SPIN_RULES } from './spin.ts';

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
const photoUploads = uploadGuards({
  maxBodyBytes: MAX_PRODUCT_IMAGES_PER_UPLOAD * MAX_PRODUCT_IMAGE_BYTES + 1024 * 1024,
  tooLarge: 'A photo is larger than 15 MB. Please send smaller photos.',
  tooManyFiles: `Please send at most ${MAX_PRODUCT_IMAGES_PER_UPLOAD} photos at once.`,
  notMultipart: 'Please send the photos as multipart/form-data.',
});

/** A film and its poster: who may send them is settled by the staff plugin before the body is read. */
const filmUploads = uploadGuards({
  maxBodyBytes: MAX_PRODUCT_VIDEO_BYTES + MAX_PRODUCT_IMAGE_BYTES + 1024 * 1024,
  tooLarge: `The film is larger than ${MAX_PRODUCT_VIDEO_BYTES / 1024 / 1024} MB (or its poster than 15 MB). Please send a shorter film.`,
  tooManyFiles: 'Please send one film and at most one poster.',
  notMultipart: 'Please send the film as multipart/form-data.',
});

/** A turn's frames: who may send them is settled by the staff plugin before the body is read. */
const spinUploads = uploadGuards({
  maxBodyBytes: MAX_SPIN_BYTES + 1024 * 1024,
  tooLarge: SPIN_RULES.frameTooLarge,
  bodyTooLarge: SPIN_RULES.tooLarge,
  tooManyFiles: SPIN_RULES.tooMany,
  notMultipart: 'Please send the frames as multipart/form-data.',
  codes: { body: 'SPIN_TOO_LARGE', file: 'SPIN_FRAME_TOO_LARGE', files: 'SPIN_TOO_MANY_FRAMES' },
});

const fileOf = (value: unknown): Buffer | null => (Buffer.isBuffer(value) ? value : null);

/** Every file part of a multipart body, whatever its field name, in the order sent. */
function filesOf(body: Record<string, unknown>): Buffer[] {
  const buffers: Buffer[] = [];
  for (const value of Object.values(body)) {
    if (Buffer.isBuffer(value)) buffers.push(value);
    else if (Array.isArray(value)) for (const v of value) if (Buffer.isBuffer(v)) buffers.push(v);
  }
  return buffers;
}

/** The pictures of a multipart body and their descriptions (alt, alt[]) and views (view, view[]). */
function uploadsOf(body: Record<string, unknown>): { bytes: Buffer; alt?: string; view?: ProductView | null }[] {
  const buffers = filesOf(body);
  const altValue = body.alt;
  const alts = (Array.isArray(altValue) ? altValue : [altValue]).map((a) => (typeof a === 'string' ? a : undefined));
  const viewValue = body.view;
  const views = (Array.isArray(viewValue) ? viewValue : [viewValue]).map((v) => (typeof v === 'string' ? v : undefined));
  for (const v of views) {
    if (v !== undefined && v !== '' && !(PRODUCT_VIEWS as readonly string[]).includes(v)) {
      throw new DomainError('INVALID_REQUEST', `A view is one of ${PRODUCT_VIEWS.join(', ')}.`, { view: `A view is one of ${PRODUCT_VIEWS.join(', ')}.` });
    }
  }
  return buffers.map((bytes, i) => ({
    bytes,
    ...(alts[i] !== undefined ? { alt: alts[i] } : {}),
    ...(views[i] ? { view: views[i] as ProductView } : {}),
  }));
}

const csvErrors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 413: ErrorSchema, 429: ErrorSchema };

/** Checks and imports together: a member checking a file a few times and importing it is far inside this. */
export const IMPORT_LIMIT: Limit = {
  name: 'product-import',
  max: 30,
  windowMs: 10 * 60_000,
  message: 'Too many imports in a few minutes. Please wait a little before sending another file.',
};

/**
 * Before a byte of the body is read: who may not import is refused (the multipart parser reads the file in its
 * own preValidation hook, before the staff plugin's), and a body that says it is larger than the form can ever be.
 */
const csvUploads = uploadGuards({
  maxBodyBytes: IMPORT_MAX_BYTES + 64 * 1024,
  tooLarge: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Please split it into smaller files.`,
  tooManyFiles: 'Please send one CSV file at a time.',
  notMultipart: 'Please send the file as multipart/form-data.',
  whoMay: (req) => requirePermission(req, 'catalogue'),
});

const IMPORT_INVALID_MESSAGE = 'Nothing was imported: the file has problems. Fix the rows listed and send it again.';

/** Products, their pictures, the taxonomy and the day's rates. */
const deskRoutes: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = createCatalogDesk(deps.database.db, deps.files, deps.services.catalog);
  const spins = createSpinDesk(deps.database.db, deps.files);
  // Issue 42: a rate set here tells the rate alerts it crosses, in the same transaction.
  const publicUrl = deps.config.publicUrl ?? `http://localhost:${deps.config.port}`;
  const rates = createRatesDesk(deps.database.db, deps.services.catalog, undefined, (tx, set, at) =>
    deps.services.rateAlerts.fire(tx, set, { publicUrl, settings: deps.services.settings, at }),
  );
  // Every write of the desk changes what shoppers see: this instance forgets at once (others hear the database).
  forgetAfterWrites(app, deps.readCache);

  api.get(
    '/admin/products',
    {
      config: staff,
      schema: {
        summary: "The products desk's list: search, filters and page",
        querystring: AdminProductListQuerySchema,
        response: { 200: AdminProductPageSchema, ...errors },
      },
    },
    async (req) => service.list(req.query),
  );

  api.get(
    '/admin/products/price-card',
    { config: staff, schema: { summary: "A draft product's price breakup at today's rates", response: { 200: PriceCardSchema, ...errors } } },
    async () => service.priceCard(),
  );

  api.get(
    '/admin/products/:id',
    {
      config: staff,
      schema: { summary: 'One product as the desk edits it', params: AdminProductIdParamsSchema, response: { 200: AdminProductSchema, ...errors } },
    },
    async (req) => service.detail(req.params.id),
  );

  api.post(
    '/admin/products',
    { config: staff, schema: { summary: 'Creates a product', body: formBody(ProductFormBodySchema), response: { 201: AdminProductSchema, ...errors } } },
    async (req, reply) => reply.status(201).send(await service.create(actorOf(req), req.body)),
  );

  api.patch(
    '/admin/products/:id',
    {
      config: staff,
      schema: {
        summary: 'Changes a product',
        params: AdminProductIdParamsSchema,
        body: formBody(ProductFormBodySchema),
        response: { 200: AdminProductSchema, ...errors },
      },
    },
    async (req) => service.patch(actorOf(req), req.params.id, req.body),
  );

  api.post(
    '/admin/products/:id/duplicate',
    {
      config: staff,
      schema: {
        summary: 'Makes a copy of a product as a draft',
        params: AdminProductIdParamsSchema,
        body: formBody(ProductDuplicateSchema),
        response: { 201: AdminProductSchema, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await service.duplicate(actorOf(req), req.params.id, req.body)),
  );

  api.post(
    '/admin/products/:id/archive',
    { config: staff, schema: { summary: 'Takes a product off sale', params: AdminProductIdParamsSchema, response: { 200: AdminProductSchema, ...errors } } },
    async (req) => service.setActive(actorOf(req), req.params.id, false),
  );
  api.post(
    '/admin/products/:id/restore',
    {
      config: staff,
      schema: { summary: 'Puts an archived product back on sale', params: AdminProductIdParamsSchema, response: { 200: AdminProductSchema, ...errors } },
    },
    async (req) => service.setActive(actorOf(req), req.params.id, true),
  );

  api.put(
    '/admin/products/:id/sales',
    {
      config: staff,
      schema: {
        summary: 'Sets which sales a product is on',
        params: AdminProductIdParamsSchema,
        body: formBody(ProductSalesBodySchema),
        response: { 200: AdminProductSchema, ...errors },
      },
    },
    async (req) => service.setSales(actorOf(req), req.params.id, req.body.saleIds),
  );

  api.post(
    '/admin/products/bulk',
    {
      config: staff,
      schema: {
        summary: 'One action on many products: archive, restore, set the stock, add or remove a tag',
        body: formBody(ProductBulkSchema),
        response: { 200: ProductBulkAnswerSchema, ...errors },
      },
    },
    async (req) => service.bulk(actorOf(req), req.body),
  );

  // Pictures

  api.post(
    '/admin/products/:id/images',
    {
      config: { ...staff, multipartOptions: { limits: { files: MAX_PRODUCT_IMAGES_PER_UPLOAD, fileSize: MAX_PRODUCT_IMAGE_BYTES } } },
      schema: {
        summary: 'Adds pictures to a product',
        params: AdminProductIdParamsSchema,
        body: z
          .preprocess((v) => v ?? {}, z.record(z.string(), z.unknown(), { error: 'Please send the photos as a multipart form.' }))
          .describe('multipart/form-data: one or more photo files (JPEG, PNG, WebP or AVIF, at most 15 MB each), and optionally alt (one per photo).'),
        response: { 201: ProductImagesAnswerSchema, ...errors },
      },
      onRequest: photoUploads.onRequest,
      errorHandler: photoUploads.errorHandler,
    },
    async (req, reply) => reply.status(201).send(await service.addImages(actorOf(req), req.params.id, uploadsOf(req.body))),
  );

  api.patch(
    '/admin/products/:id/images/:imageId',
    {
      config: staff,
      schema: {
        summary: "Changes a picture's description or position",
        params: AdminProductImageParamsSchema,
        body: formBody(ImageChangeSchema),
        response: { 200: ProductImagesAnswerSchema, ...errors },
      },
    },
    async (req) => service.changeImage(actorOf(req), req.params.id, req.params.imageId, req.body),
  );

  api.put(
    '/admin/products/:id/images/order',
    {
      config: staff,
      schema: {
        summary: "Sets the order of a product's pictures",
        params: AdminProductIdParamsSchema,
        body: formBody(ImageOrderSchema),
        response: { 200: ProductImagesAnswerSchema, ...errors },
      },
    },
    async (req) => service.orderImages(actorOf(req), req.params.id, req.body.ids),
  );

  api.delete(
    '/admin/products/:id/images/:imageId',
    {
      config: staff,
      schema: { summary: 'Removes a picture of a product', params: AdminProductImageParamsSchema, response: { 200: ProductImagesAnswerSchema, ...errors } },
    },
    async (req) => service.deleteImage(actorOf(req), req.params.id, req.params.imageId),
  );

  // The film (issue 40)

  api.post(
    '/admin/products/:id/video',
    {
      config: { ...staff, multipartOptions: { limits: { files: 2, fileSize: MAX_PRODUCT_VIDEO_BYTES } } },
      schema: {
        summary: "Sets a product's film (replacing any before it)",
        params: AdminProductIdParamsSchema,
        body: z
          .preprocess((v) => v ?? {}, z.record(z.string(), z.unknown(), { error: 'Please send the film as a multipart form.' }))
          .describe(
            `multipart/form-data: video, an MP4 or WebM file (checked by its container, at most ${MAX_PRODUCT_VIDEO_BYTES / 1024 / 1024} MB); optionally poster, a JPEG, PNG, WebP or AVIF picture (else the first view is the poster).`,
          ),
        response: { 201: ProductVideoAnswerSchema, ...errors },
      },
      onRequest: filmUploads.onRequest,
      errorHandler: filmUploads.errorHandler,
    },
    async (req, reply) =>
      reply.status(201).send(await service.setVideo(actorOf(req), req.params.id, { video: fileOf(req.body.video), poster: fileOf(req.body.poster) })),
  );

  api.delete(
    '/admin/products/:id/video',
    {
      config: staff,
      schema: { summary: "Removes a product's film", params: AdminProductIdParamsSchema, response: { 200: ProductVideoAnswerSchema, ...errors } },
    },
    async (req) => service.deleteVideo(actorOf(req), req.params.id),
  );

  // The 360° turn staff upload (issue 40, decision 066)

  api.post(
    '/admin/products/:id/spin',
    {
      config: { ...staff, multipartOptions: { limits: { files: MAX_SPIN_FRAMES, fileSize: MAX_SPIN_FRAME_BYTES } } },
      schema: {
        summary: "Sets a product's 360° turn from photographed frames (replacing any before it)",
        params: AdminProductIdParamsSchema,
        body: z
          .preprocess((v) => v ?? {}, z.record(z.string(), z.unknown(), { error: 'Please send the frames as a multipart form.' }))
          .describe(
            `multipart/form-data: frames, 8 to ${MAX_SPIN_FRAMES} photo files (JPEG, PNG, WebP or AVIF, one shape, at most ${MAX_SPIN_FRAME_BYTES / 1024 / 1024} MB each and ${MAX_SPIN_BYTES / 1024 / 1024} MB together) in the order the piece turns.`,
          ),
        response: { 201: ProductSpinAnswerSchema, ...errors },
      },
      onRequest: spinUploads.onRequest,
      errorHandler: spinUploads.errorHandler,
    },
    async (req, reply) => reply.status(201).send(await spins.set(actorOf(req), req.params.id, filesOf(req.body))),
  );

  api.delete(
    '/admin/products/:id/spin',
    {
      config: staff,
      schema: { summary: "Removes a product's uploaded 360° turn", params: AdminProductIdParamsSchema, response: { 200: ProductSpinAnswerSchema, ...errors } },
    },
    async (req) => spins.remove(actorOf(req), req.params.id),
  );

  // Taxonomy (not /api/admin/tags nor /api/admin/other-stones: those are the spec's public lists)

  api.get(
    '/admin/taxonomy',
    { config: staff, schema: { summary: 'Categories, tags, stones and search synonyms, with their use', response: { 200: TaxonomySchema, ...errors } } },
    async () => service.taxonomy(),
  );

  const item = { 200: TaxonomyItemAnswerSchema, 201: TaxonomyItemAnswerSchema, ...errors };
  const params = TaxonomyIdParamsSchema;

  api.post(
    '/admin/taxonomy/categories',
    { config: staff, schema: { summary: 'Adds a category', body: formBody(CategoryBodySchema), response: item } },
    async (req, reply) => reply.status(201).send(await service.createCategory(actorOf(req), req.body)),
  );
  api.patch(
    '/admin/taxonomy/categories/:id',
    { config: staff, schema: { summary: 'Changes a category', params, body: formBody(CategoryBodySchema), response: item } },
    async (req) => service.renameCategory(actorOf(req), req.params.id, req.body),
  );
  api.delete('/admin/taxonomy/categories/:id', { config: staff, schema: { summary: 'Removes an unused category', params, response: item } }, async (req) =>
    service.deleteCategory(actorOf(req), req.params.id),
  );

  api.post('/admin/taxonomy/tags', { config: staff, schema: { summary: 'Adds a tag', body: formBody(TagBodySchema), response: item } }, async (req, reply) =>
    reply.status(201).send(await service.createTag(actorOf(req), req.body)),
  );
  api.patch(
    '/admin/taxonomy/tags/:id',
    { config: staff, schema: { summary: 'Changes a tag', params, body: formBody(TagRenameSchema), response: item } },
    async (req) => service.renameTag(actorOf(req), req.params.id, req.body),
  );
  api.delete('/admin/taxonomy/tags/:id', { config: staff, schema: { summary: 'Removes a tag', params, response: item } }, async (req) =>
    service.deleteTag(actorOf(req), req.params.id),
  );

  api.post(
    '/admin/taxonomy/stones',
    { config: staff, schema: { summary: 'Adds a coloured stone', body: formBody(StoneBodySchema), response: item } },
    async (req, reply) => reply.status(201).send(await service.createStone(actorOf(req), req.body)),
  );
  api.patch(
    '/admin/taxonomy/stones/:id',
    { config: staff, schema: { summary: 'Changes a coloured stone', params, body: formBody(StoneBodySchema), response: item } },
    async (req) => service.renameStone(actorOf(req), req.params.id, req.body),
  );
  api.delete('/admin/taxonomy/stones/:id', { config: staff, schema: { summary: 'Removes an unused coloured stone', params, response: item } }, async (req) =>
    service.deleteStone(actorOf(req), req.params.id),
  );

  api.post(
    '/admin/taxonomy/synonyms',
    { config: staff, schema: { summary: 'Adds a search synonym', body: formBody(SynonymBodySchema), response: item } },
    async (req, reply) => reply.status(201).send(await service.createSynonym(actorOf(req), req.body.terms)),
  );
  api.patch(
    '/admin/taxonomy/synonyms/:id',
    { config: staff, schema: { summary: 'Changes a search synonym', params, body: formBody(SynonymBodySchema), response: item } },
    async (req) => service.updateSynonym(actorOf(req), req.params.id, req.body.terms),
  );
  api.delete('/admin/taxonomy/synonyms/:id', { config: staff, schema: { summary: 'Removes a search synonym', params, response: item } }, async (req) =>
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
    async (req) => {
      const answer = await rates.update(actorOf(req), req.body);
      // The rate alerts it crossed queued their mails in its transaction: send them now.
      deps.mailer.kick();
      return answer;
    },
  );
};

/** Products as CSV (issue 17): the template, the export, and the import with its dry run. */
const productCsvRoutes: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = createProductCsvService(deps.database.db, deps.services.catalog);

  // The CSV answers have no JSON schema; failures go through the error handler as usual.
  api.get('/admin/products/csv-template', { schema: { summary: "The product CSV's template, with one example row" }, config: staff }, async (_req, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="milli-products-template.csv"')
      .header('cache-control', 'private, no-store')
      .send(csvTemplate()),
  );

  api.get(
    '/admin/products/export.csv',
    { config: staff, schema: { summary: "The products, filtered as the desk's list, as a CSV", querystring: ProductExportQuerySchema } },
    async (req, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="milli-products-${day}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(Readable.from(service.exportCsv(req.query)));
    },
  );

  api.post(
    '/admin/products/import',
    {
      config: { ...staff, multipartOptions: { limits: { files: 1, fileSize: IMPORT_MAX_BYTES } } },
      onRequest: csvUploads.onRequest,
      errorHandler: csvUploads.errorHandler,
      schema: {
        summary: 'Imports products from a CSV: a dry run checks, a real run creates and updates',
        description:
          'Checks (dryRun true, the default) or imports a product CSV. Answers the report as JSON, or, with Accept: application/x-ndjson, ' +
          'streams {"type":"progress",...} lines and ends with a {"type":"report"} or {"type":"error"} line (the status is then 200 whatever the outcome).',
        body: ProductImportBodySchema,
        response: { 200: ImportReportSchema, 422: ImportInvalidSchema, ...csvErrors },
      },
    },
    async (req, reply) => {
      const member = staffOf(req);
      await deps.limiter.take(IMPORT_LIMIT, String(member.id));
      const dryRun = req.body.dryRun === 'true';
      const actor = actorOf(req);
      const finished = (report: ImportReport) => {
        if (report.written) deps.readCache.invalidate();
      };
      if ((req.headers.accept ?? '').includes(NDJSON_TYPE)) {
        const out = new PassThrough();
        const line = (value: ImportStreamLine) => out.write(`${JSON.stringify(value)}\n`);
        void reply
          .type(NDJSON_TYPE)
          .header('cache-control', 'no-store')
          .header('x-accel-buffering', 'no')
          .send(out as never);
        void (async () => {
          try {
            const report = await service.run(req.body.file, { dryRun, actor, progress: line });
            finished(report);
            if (!dryRun && !report.written) line({ type: 'error', code: 'IMPORT_INVALID', message: IMPORT_INVALID_MESSAGE, report });
            else line({ type: 'report', report });
          } catch (error) {
            req.log.error(error);
            line({ type: 'error', code: 'INTERNAL', message: 'The import failed on our side; nothing was written. Please try again.' });
          } finally {
            out.end();
          }
        })();
        return reply;
      }
      const report = await service.run(req.body.file, { dryRun, actor });
      finished(report);
      if (!dryRun && !report.written) return reply.code(422).send({ message: IMPORT_INVALID_MESSAGE, code: 'IMPORT_INVALID' as const, report });
      return report;
    },
  );
};

/**
 * The catalogue desk's API under /api/admin (permission 'catalogue'). The CSV's routes are a context of their own:
 * every other write of the desk empties the read cache on its answer, the import only once it has written.
 */
export const catalogAdminModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  await app.register(productCsvRoutes, deps);
  await app.register(deskRoutes, deps);
};
