import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorSchema,
  OrderDetailSchema,
  OrderListQuerySchema,
  OrderListSchema,
  OrderNumberParamsSchema,
  OrderPayAnswerSchema,
  OrderStatusAnswerSchema,
  OrderAdjustmentPayAnswerSchema,
  OrderChildParamsSchema,
  PieceParamsSchema,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { requireCustomer } from '../../plugins/session.ts';
import { createOrdersService } from './service.ts';
import { forgetAfterWrites } from '../../plugins/read-cache.ts';
import { PAYMENT_ATTEMPTS_LIMIT } from '../payments/service.ts';
import { adjustmentPaymentHandler, orderPaymentHandler } from './settle.ts';
import { createCertificates, sendCertificate } from './certificates.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
const certificateErrors = { ...errors, 413: ErrorSchema, 415: ErrorSchema };
/**
 * A customer's orders after they are placed: the lists, the details and tracking, cancelling, paying again, the tax
 * invoice and credit notes, and each packed piece's diamond certificate (the staff's side is admin-routes.ts). Identity
 * comes from the session only, and every customer query names the customer, so someone else's order number is simply
 * not found (404).
 */
export const ordersModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { settings, designRequests } = deps.services;
  const orders = createOrdersService({
    db: deps.database.db,
    settings,
    payments: deps.payments,
    returnsOf: deps.services.returns.ofOrder,
    designRequests,
    mailQueued: () => deps.mailer.kick(),
  });
  const certificates = createCertificates(deps.database.db, deps.files, { settings });
  // Orders take and give back stock.
  forgetAfterWrites(app, deps.readCache);
  // A captured payment places its order (Awaiting payment → Placed), whichever of verify, webhook or reconciliation
  // brings it; the reconciliation job lapses the orders not paid in time through it too.
  deps.payments.register('order', orderPaymentHandler({ settings, designRequests }));
  // A weight difference found at packing is paid through the gateway like the order was.
  deps.payments.register('order_adjustment', adjustmentPaymentHandler());

  api.get(
    '/orders',
    {
      config: { access: 'customer' },
      schema: { summary: "The signed-in customer's orders, by list", querystring: OrderListQuerySchema, response: { 200: OrderListSchema, ...errors } },
    },
    async (req) => orders.list(requireCustomer(req).id, req.query),
  );

  api.get(
    '/orders/:orderNumber',
    {
      config: { access: 'customer' },
      schema: {
        summary: "One of the customer's orders with its lines, pieces, payment, shipment and timeline",
        params: OrderNumberParamsSchema,
        response: { 200: OrderDetailSchema, ...errors },
      },
    },
    async (req) => orders.detail(requireCustomer(req).id, req.params.orderNumber),
  );

  api.post(
    '/orders/:orderNumber/cancel',
    {
      config: { access: 'customer' },
      schema: {
        summary: "Cancels the customer's order before it leaves: stock back, payment refunded",
        params: OrderNumberParamsSchema,
        response: { 200: OrderStatusAnswerSchema, ...errors },
      },
    },
    async (req) => orders.cancel(requireCustomer(req), req.params.orderNumber),
  );

  api.post(
    '/orders/:orderNumber/pay',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Starts (or resumes) the gateway payment of an order awaiting payment',
        params: OrderNumberParamsSchema,
        response: { 200: OrderPayAnswerSchema, ...errors, 429: ErrorSchema, 503: ErrorSchema },
      },
    },
    async (req) => {
      // Paying again asks the gateway (the order's payments, a new gateway order): counted with the other payment calls.
      const customer = requireCustomer(req);
      await deps.limiter.take(PAYMENT_ATTEMPTS_LIMIT, String(customer.id));
      return orders.payAgain(customer.id, req.params.orderNumber);
    },
  );

  // The PDF has no JSON schema; failures go through the error handler as usual.
  api.get(
    '/orders/:orderNumber/invoice.pdf',
    { config: { access: 'customer' }, schema: { summary: "The order's tax invoice as a PDF (issued at dispatch)", params: OrderNumberParamsSchema } },
    async (req, reply) => {
      const { pdf, fileName } = await orders.invoice(requireCustomer(req), req.params.orderNumber);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );

  api.post(
    '/orders/:orderNumber/adjustments/:id/pay',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Starts the gateway payment of an approved weight-difference charge',
        params: OrderChildParamsSchema,
        response: { 200: OrderAdjustmentPayAnswerSchema, ...errors, 429: ErrorSchema, 503: ErrorSchema },
      },
    },
    async (req) => {
      const customer = requireCustomer(req);
      await deps.limiter.take(PAYMENT_ATTEMPTS_LIMIT, String(customer.id));
      return orders.payAdjustment(customer.id, req.params.orderNumber, req.params.id);
    },
  );

  api.get(
    '/orders/:orderNumber/credit-notes/:id.pdf',
    { config: { access: 'customer' }, schema: { summary: "A credit note of the customer's order as a PDF", params: OrderChildParamsSchema } },
    async (req, reply) => {
      const { pdf, fileName } = await orders.creditNote(requireCustomer(req).id, req.params.orderNumber, req.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );

  api.get(
    '/orders/:orderNumber/pieces/:pieceId/certificate',
    {
      config: { access: 'customer' },
      schema: {
        summary: "A piece's diamond certificate from the customer's own order, as a download (404 CERTIFICATE_NOT_FOUND when none)",
        params: PieceParamsSchema,
        response: certificateErrors,
      },
    },
    async (req, reply) => sendCertificate(reply, await certificates.customerDownload(requireCustomer(req).id, req.params.orderNumber, req.params.pieceId)),
  );
};
