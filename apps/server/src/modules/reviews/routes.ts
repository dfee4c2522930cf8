import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesCan } from '@milli/contracts';
import { ErrorSchema, MyReviewStateSchema, ProductIdParamsSchema, REVIEW_PHOTOS_MAX, ReviewWrittenSchema } from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { forgetAfterWrites } from '../../plugins/read-cache.ts';
import { uploadGuards } from '../../lib/upload-limits.ts';
import { requireCustomer } from '../../plugins/session.ts';
import { MAX_IMAGE_BYTES } from '../../lib/images.ts';
import { createReviewsService } from './service.ts';
import { REVIEW_MEDIA_PREFIX, REVIEW_PHOTO_PATH } from './storage.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 413: ErrorSchema, 415: ErrorSchema };

/** Four photos of 10 MB and the text; a guest is told to log in before a byte of the body is read. */
const uploads = uploadGuards({
  maxBodyBytes: REVIEW_PHOTOS_MAX * MAX_IMAGE_BYTES + 1024 * 1024,
  tooLarge: 'A photo is larger than 10 MB. Please send smaller pictures (at most 10 MB each).',
  tooManyFiles: `Please send at most ${REVIEW_PHOTOS_MAX} photos.`,
  notMultipart: 'Please send the review as JSON, a form or multipart/form-data.',
  whoMay: requireCustomer,
});

/** Every file part of the body, in the order sent (the field is `photo`; one sent alone arrives as a Buffer). */
function photosOf(body: Record<string, unknown>): Buffer[] {
  const out: Buffer[] = [];
  for (const value of Object.values(body)) {
    if (Buffer.isBuffer(value)) out.push(value);
    else if (Array.isArray(value)) for (const v of value) if (Buffer.isBuffer(v)) out.push(v);
  }
  return out;
}

/** Reviews from buyers (issue 20): the shopper's own review of a product they received. */
export const reviewsModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = createReviewsService(deps.database.db, deps.files);
  // A new or edited review changes the product's reviews, stars and count every visitor sees: the cache forgets
  // after a review written (a refused one does not).
  forgetAfterWrites(app, deps.readCache);

  api.get(
    '/product/:id/reviews/mine',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Whether the signed-in shopper may review this product (they received it) and their review',
        params: ProductIdParamsSchema,
        response: { 200: MyReviewStateSchema, ...errors },
      },
    },
    (req) => service.state(requireCustomer(req), req.params.id),
  );

  api.post(
    '/product/:id/reviews',
    {
      config: { access: 'customer', multipartOptions: { limits: { files: REVIEW_PHOTOS_MAX, fileSize: MAX_IMAGE_BYTES } } },
      schema: {
        summary:
          "Writes (201) or edits (200) the shopper's review: rating 1-5, title (optional: the first words of the text), text, up to four `photo` images (multipart); only a customer who received the product (403 REVIEW_NOT_BUYER)",
        params: ProductIdParamsSchema,
        body: z.preprocess((v) => v ?? {}, z.record(z.string(), z.unknown(), { error: 'Please send the review as a JSON object or a form.' })),
        response: { 200: ReviewWrittenSchema, 201: ReviewWrittenSchema, ...errors },
      },
      onRequest: uploads.onRequest,
      errorHandler: uploads.errorHandler,
    },
    async (req, reply) => {
      const { created, review, message } = await service.write(requireCustomer(req), req.params.id, req.body, photosOf(req.body));
      return reply.status(created ? 201 : 200).send({ message, review });
    },
  );
};

/**
 * /media/reviews/{review id}/{name}.webp: the photos of visible reviews, public like the product page they sit on
 * (the catalogue desk also sees a hidden review's). Names are random and never reused.
 */
export function reviewMedia(app: FastifyInstance, deps: ModuleDeps) {
  const service = createReviewsService(deps.database.db, deps.files);
  app.get(`${REVIEW_MEDIA_PREFIX}*`, async (request, reply) => {
    const key = `reviews/${(request.url.split('?')[0] ?? '').slice(REVIEW_MEDIA_PREFIX.length)}`;
    const desk = request.staff !== null && rolesCan(request.staff.roles, 'catalogue') && !request.staff.mustEnrolTwoFactor;
    const allowed = REVIEW_PHOTO_PATH.test(key) && (desk || (await service.photoIsPublic(key)));
    const bytes = allowed ? await deps.files.get(key) : null;
    if (!bytes)
      return reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send('No such picture.');
    return reply
      .type('image/webp')
      .header('cache-control', desk ? 'private, no-store' : 'public, max-age=3600')
      .header('content-security-policy', "default-src 'none'")
      .header('content-disposition', 'inline')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });
}
