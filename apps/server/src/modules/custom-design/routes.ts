import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CadApproveAnswerSchema,
  CadRejectSchema,
  CustomDesignBodySchema,
  CustomDesignErrorSchema,
  CustomBalanceAnswerSchema,
  CustomBalanceSchema,
  CustomRequestViewSchema,
  CustomRequestListSchema,
  CustomRequestParamsSchema,
  ErrorSchema,
  formBody,
  MessageSchema,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { orFail } from '../../domain-error.ts';
import { requireCustomer, requireSelf } from '../../plugins/session.ts';
import { rolesCan } from '@milli/contracts';
import { uploadGuards } from '../../lib/upload-limits.ts';
import { MAX_IMAGE_BYTES } from '../../lib/images.ts';
import { PAYMENT_ATTEMPTS_LIMIT } from '../payments/service.ts';
import { cadAdvanceHandler, createCustomDesignService, type CustomDesignService } from './service.ts';
import { createUploadStore, UPLOAD_PATH, UPLOADS_URL_PREFIX, type UploadStore } from './storage.ts';

const errors = { 400: CustomDesignErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 413: ErrorSchema };

/** One upload store and service per app (the API module and the /media route share them). */
const perApp = new WeakMap<object, { store: UploadStore; service: CustomDesignService }>();
function servicesOf(deps: ModuleDeps) {
  let found = perApp.get(deps.database);
  if (!found) {
    const store = createUploadStore(deps.files);
    found = {
      store,
      service: createCustomDesignService(deps.database.db, store, deps.services.settings, {
        mailQueued: () => deps.mailer.kick(),
        payments: deps.payments,
        limiter: deps.limiter,
      }),
    };
    perApp.set(deps.database, found);
  }
  return found;
}

/**
 * Four pictures of 10 MB and the text fields. Before a byte of the body is read a guest is told to log in, and a
 * body declaring more than the form can ever be is refused; the multipart parser's limits in the form's words.
 */
const uploads = uploadGuards({
  maxBodyBytes: 4 * MAX_IMAGE_BYTES + 1024 * 1024,
  tooLarge: 'An image is larger than 10 MB. Please send smaller pictures (at most 10 MB each).',
  tooManyFiles: 'Please send at most four images.',
  notMultipart: 'Please send the form as multipart/form-data.',
  whoMay: requireCustomer,
});

/** Custom design requests (spec §7: the spelt-that-way new-request call) and the customer's list and CAD page. */
export const customDesignModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { service } = servicesOf(deps);
  deps.payments.register('cad_advance', cadAdvanceHandler(deps.services.settings));

  api.post(
    '/admin/cutom-jewelry/new-request',
    {
      schema: {
        summary: "A custom design request with up to four pictures (the specification's path)",
        body: CustomDesignBodySchema,
        response: { 200: MessageSchema, ...errors },
      },
      config: { access: 'customer', multipartOptions: { limits: { files: 4, fileSize: MAX_IMAGE_BYTES } } },
      onRequest: uploads.onRequest,
      errorHandler: uploads.errorHandler,
    },
    async (req) => {
      const customer = requireSelf(req, req.body.userId);
      return { message: orFail(await service.submit(customer, req.body)).message };
    },
  );

  api.get(
    '/custom-design/requests',
    {
      config: { access: 'customer' },
      schema: { summary: "The signed-in customer's custom design requests", response: { 200: CustomRequestListSchema, ...errors } },
    },
    async (req) => ({
      data: await service.list(requireCustomer(req).id),
    }),
  );

  api.get(
    '/custom-design/requests/:id',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'One custom design request with its CAD sheets and balance',
        params: CustomRequestParamsSchema,
        response: { 200: CustomRequestViewSchema, ...errors },
      },
    },
    async (req) => service.detail(requireCustomer(req).id, req.params.id),
  );

  api.post(
    '/custom-design/requests/:id/reject',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Rejects the shared CAD design with a reason; it goes back to the design team',
        params: CustomRequestParamsSchema,
        body: formBody(CadRejectSchema),
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (req) => service.reject(requireCustomer(req), req.params.id, req.body.reason),
  );

  // Approve & pay 30 %: the advance's gateway order; paying it (verify or webhook) approves the design.
  api.post(
    '/custom-design/requests/:id/approve',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Approves the shared CAD design: starts the payment of its advance',
        params: CustomRequestParamsSchema,
        response: { 200: CadApproveAnswerSchema, ...errors, 429: ErrorSchema, 503: ErrorSchema },
      },
    },
    async (req) => {
      const customer = requireCustomer(req);
      await deps.limiter.take(PAYMENT_ATTEMPTS_LIMIT, String(customer.id));
      return service.approve(customer, req.params.id);
    },
  );

  // The made piece's balance: one order (asking again answers the same), paid in the shared checkout.
  api.post(
    '/custom-design/requests/:id/balance',
    {
      config: { access: 'customer' },
      schema: {
        summary: "Starts the payment of a made piece's balance",
        params: CustomRequestParamsSchema,
        body: formBody(CustomBalanceSchema),
        response: { 200: CustomBalanceAnswerSchema, ...errors, 429: ErrorSchema, 503: ErrorSchema },
      },
    },
    async (req) => {
      const customer = requireCustomer(req);
      await deps.limiter.take(PAYMENT_ATTEMPTS_LIMIT, String(customer.id));
      return service.balance(customer, req.params.id, req.body);
    },
  );
};

/**
 * /media/uploads/{path}: a customer's own pictures, only as WebP the store wrote itself. Any other path,
 * someone else's picture, or a guest gets the same 404, so names cannot be probed.
 */
export function customDesignMedia(app: FastifyInstance, deps: ModuleDeps) {
  const { store, service } = servicesOf(deps);
  app.get(`${UPLOADS_URL_PREFIX}*`, async (request, reply) => {
    const notFound = () => reply.status(404).type('text/plain; charset=utf-8').header('x-content-type-options', 'nosniff').send('No such picture.');
    const relative = (request.url.split('?')[0] ?? '').slice(UPLOADS_URL_PREFIX.length);
    const designDesk = request.staff !== null && rolesCan(request.staff.roles, 'design') && !request.staff.mustEnrolTwoFactor;
    if (!UPLOAD_PATH.test(relative) || (!request.customer && !designDesk)) return notFound();
    const owner = await service.ownerOfPath(relative);
    if (owner === null || (owner !== request.customer?.id && !designDesk)) return notFound();
    const bytes = await store.read(relative);
    if (!bytes) return notFound();
    return reply
      .type('image/webp')
      .header('cache-control', 'private, max-age=86400, immutable')
      .header('content-security-policy', "default-src 'none'")
      .header('content-disposition', 'inline')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });
}
