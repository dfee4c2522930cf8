import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminReturnDetailSchema,
  AdminReturnListQuerySchema,
  AdminReturnPageSchema,
  AdminRefundsDueSchema,
  ErrorSchema,
  formBody,
  OrderNumberParamsSchema,
  ReturnCheckSchema,
  ReturnCreatedSchema,
  ReturnParamsSchema,
  ReturnPickupSchema,
  ReturnRefuseSchema,
  ReturnRefundSchema,
  ReturnRequestSchema,
  ReturnStepAnswerSchema,
  ReturnStepNoteSchema,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { forgetAfterWrites } from '../../plugins/read-cache.ts';
import { uploadGuards } from '../../lib/upload-limits.ts';
import { requireCustomer } from '../../plugins/session.ts';
import { actorOf } from '../audit/service.ts';
import { MAX_IMAGE_BYTES } from '../../lib/images.ts';
import { createReturnsService, MAX_RETURN_PHOTOS } from './service.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 413: ErrorSchema, 415: ErrorSchema };
const desk = { access: 'staff', permission: 'orders' } as const;
const accounts = { access: 'staff', permission: 'accounts' } as const;

/** Four photos of 10 MB and the fields; a guest is told to log in before a byte of the body is read. */
const uploads = uploadGuards({
  maxBodyBytes: MAX_RETURN_PHOTOS * MAX_IMAGE_BYTES + 1024 * 1024,
  tooLarge: 'A photo is larger than 10 MB. Please send smaller pictures (at most 10 MB each).',
  tooManyFiles: `Please send at most ${MAX_RETURN_PHOTOS} photos.`,
  notMultipart: 'Please send the return as JSON or multipart/form-data.',
  whoMay: requireCustomer,
});

/** The `photo` file parts of a multipart body (one sent alone arrives as a Buffer). */
function photosOf(body: Record<string, unknown>): Buffer[] {
  const v = body['photo'];
  if (Buffer.isBuffer(v)) return [v];
  if (Array.isArray(v)) return v.filter((x): x is Buffer => Buffer.isBuffer(x));
  return [];
}

const PhotoParams = z.object({
  id: ReturnParamsSchema.shape.id,
  photo: z.string().regex(/^\d{1,10}(?:-thumb)?\.webp$/, 'No such photo.'),
});
const CustomerPhotoParams = PhotoParams.extend({ orderNumber: OrderNumberParamsSchema.shape.orderNumber });

/**
 * Returns within the window (issue 20; docs/back-office.md, "Returns desk"): the customer's request on their own
 * order (JSON or multipart with photos) and its photos; the desk's queue, one return, and its steps (permission
 * 'orders'; the refund 'accounts').
 */
export const returnsModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const returns = createReturnsService({
    db: deps.database.db,
    settings: deps.services.settings,
    payments: deps.payments,
    files: deps.files,
    mailQueued: () => deps.mailer.kick(),
  });
  // A restocked return puts pieces back on sale: a step taken empties the cache (a refused one does not).
  forgetAfterWrites(app, deps.readCache);

  api.post(
    '/orders/:orderNumber/returns',
    {
      config: { access: 'customer', multipartOptions: { limits: { files: MAX_RETURN_PHOTOS, fileSize: MAX_IMAGE_BYTES } } },
      schema: {
        summary:
          'Asks to return pieces of a delivered order within the return window: lines and quantities, a reason, the refund method, up to four photos (multipart `photo`)',
        params: OrderNumberParamsSchema,
        body: formBody(ReturnRequestSchema.loose()),
        response: { 201: ReturnCreatedSchema, ...errors },
      },
      onRequest: uploads.onRequest,
      errorHandler: uploads.errorHandler,
    },
    async (req, reply) =>
      reply.status(201).send(await returns.request(requireCustomer(req).id, req.params.orderNumber, req.body, photosOf(req.body as Record<string, unknown>))),
  );

  api.get(
    '/orders/:orderNumber/returns/:id/photos/:photo',
    { config: { access: 'customer' }, schema: { summary: "A photo of the customer's own return", params: CustomerPhotoParams } },
    async (req, reply) => {
      const [photoId, thumb] = photoOf(req.params.photo);
      const bytes = await returns.customerPhoto(requireCustomer(req).id, req.params.orderNumber, req.params.id, photoId, thumb);
      return reply
        .type('image/webp')
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(bytes);
    },
  );

  api.get(
    '/admin/returns',
    {
      config: desk,
      schema: {
        summary: 'Returns by status, with each status’s count',
        querystring: AdminReturnListQuerySchema,
        response: { 200: AdminReturnPageSchema, ...errors },
      },
    },
    (req) => returns.list(req.query),
  );

  api.get(
    '/admin/refunds-due',
    {
      config: accounts,
      schema: { summary: 'Checked returns waiting for their refund, oldest first (permission accounts)', response: { 200: AdminRefundsDueSchema, ...errors } },
    },
    () => returns.refundsDue(),
  );

  api.get(
    '/admin/returns/:id',
    {
      config: desk,
      schema: {
        summary: 'One return: order, customer, lines, photos, steps with staff names, how a refund would go back, the steps allowed now',
        params: ReturnParamsSchema,
        response: { 200: AdminReturnDetailSchema, ...errors },
      },
    },
    (req) => returns.detail(req.params.id),
  );

  api.get(
    '/admin/returns/:id/photos/:photo',
    { config: desk, schema: { summary: 'A photo of a return, for the orders desk', params: PhotoParams } },
    async (req, reply) => {
      const [photoId, thumb] = photoOf(req.params.photo);
      const bytes = await returns.photoBytes(req.params.id, photoId, thumb);
      return reply
        .type('image/webp')
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(bytes);
    },
  );

  const answer = { 200: ReturnStepAnswerSchema, ...errors };
  api.post(
    '/admin/returns/:id/approve',
    { config: desk, schema: { summary: 'Requested → Approved', params: ReturnParamsSchema, body: formBody(ReturnStepNoteSchema), response: answer } },
    (req) => returns.approve(actorOf(req), req.params.id, req.body.note),
  );
  api.post(
    '/admin/returns/:id/schedule-pickup',
    {
      config: desk,
      schema: { summary: 'Approved → Pickup scheduled (or a new date)', params: ReturnParamsSchema, body: formBody(ReturnPickupSchema), response: answer },
    },
    (req) => returns.schedulePickup(actorOf(req), req.params.id, req.body),
  );
  api.post(
    '/admin/returns/:id/receive',
    { config: desk, schema: { summary: 'The pieces arrived: → Received', params: ReturnParamsSchema, body: formBody(ReturnStepNoteSchema), response: answer } },
    (req) => returns.receive(actorOf(req), req.params.id, req.body.note),
  );
  api.post(
    '/admin/returns/:id/check',
    {
      config: desk,
      schema: {
        summary: 'Received → Checked: what the check found, restock or write off, and the refund (at most the amount)',
        params: ReturnParamsSchema,
        body: formBody(ReturnCheckSchema),
        response: answer,
      },
    },
    (req) => returns.check(actorOf(req), req.params.id, req.body),
  );
  api.post(
    '/admin/returns/:id/refund',
    {
      config: accounts,
      schema: {
        summary: 'Checked → Refunded: through the gateway or as store credit, with a credit note when invoiced (permission accounts)',
        description:
          'Body `{ "amountPaise": 8649700 }` (optional; the back office always sends it): the refund as the member confirmed it. When given and not the refund due now, 409 CONFLICT and nothing moves.',
        params: ReturnParamsSchema,
        body: formBody(ReturnRefundSchema),
        response: answer,
      },
    },
    (req) => returns.refund(actorOf(req), req.params.id, req.body?.amountPaise),
  );
  api.post(
    '/admin/returns/:id/refuse',
    {
      config: desk,
      schema: {
        summary: 'Refuses a return before it is checked, with the reason the customer reads',
        params: ReturnParamsSchema,
        body: formBody(ReturnRefuseSchema),
        response: answer,
      },
    },
    (req) => returns.refuse(actorOf(req), req.params.id, req.body.reason),
  );
};

function photoOf(name: string): [number, boolean] {
  return [Number(name.split(/[-.]/)[0]), name.includes('-thumb')];
}
