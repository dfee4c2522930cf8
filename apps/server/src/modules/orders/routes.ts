import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorSchema, OrderDetailSchema, OrderListQuerySchema, OrderListSchema, OrderStatusAnswerSchema, OrderStatusChangeSchema } from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { bodyErrorMessage } from '../../plugins/errors.ts';
import { requireCustomer } from '../../plugins/session.ts';
import { createOrdersService } from './service.ts';
import { forgetAfterWrites } from '../../plugins/read-cache.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
const OrderParams = z.object({ orderNumber: z.string().max(60) });

/**
 * A customer's orders after they are placed: the lists, the details and tracking, cancelling, the tax
 * invoice; and the staff call that moves an order along. Identity comes from the session only, and every
 * customer query names the customer, so someone else's order number is simply not found (404).
 */
export const ordersModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const orders = createOrdersService({ db: deps.database.db, mailQueued: () => deps.mailer.kick() });
  // Orders take and give back stock.
  forgetAfterWrites(app, deps.readCache);

  api.get('/orders', { schema: { response: { 200: OrderListSchema, ...errors } } }, async (req, reply) => {
    const customer = requireCustomer(req);
    const parsed = OrderListQuerySchema.safeParse(req.query ?? {});
    if (!parsed.success) return reply.status(400).send({ message: bodyErrorMessage(parsed.error), code: 'INVALID_REQUEST' });
    return orders.list(customer.id, parsed.data);
  });

  api.get('/orders/:orderNumber', { schema: { params: OrderParams, response: { 200: OrderDetailSchema, ...errors } } }, async (req) =>
    orders.detail(requireCustomer(req).id, req.params.orderNumber),
  );

  api.post('/orders/:orderNumber/cancel', { schema: { params: OrderParams, response: { 200: OrderStatusAnswerSchema, ...errors } } }, async (req) =>
    orders.cancel(requireCustomer(req), req.params.orderNumber),
  );

  // The PDF has no JSON schema; failures go through the error handler as usual.
  api.get('/orders/:orderNumber/invoice.pdf', { schema: { params: OrderParams } }, async (req, reply) => {
    const { pdf, fileName } = await orders.invoice(requireCustomer(req), req.params.orderNumber);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(pdf));
  });

  api.post(
    '/admin/orders/:orderNumber/status',
    { schema: { params: OrderParams, response: { 200: OrderStatusAnswerSchema, ...errors } } },
    async (req, reply) => {
      const staff = requireCustomer(req);
      if (staff.role !== 'staff') return reply.status(403).send({ message: 'Only store staff can change the status of an order.', code: 'FORBIDDEN' });
      const parsed = OrderStatusChangeSchema.safeParse(req.body ?? {});
      if (!parsed.success) return reply.status(400).send({ message: bodyErrorMessage(parsed.error), code: 'INVALID_REQUEST' });
      return orders.advance(staff, req.params.orderNumber, parsed.data);
    },
  );
};
