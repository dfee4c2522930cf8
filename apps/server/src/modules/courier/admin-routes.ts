import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminOrderCourierSchema,
  CourierBookAnswerSchema,
  ErrorSchema,
  OrderNumberParamsSchema,
  ReturnParamsSchema,
  ReturnStepAnswerSchema,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { actorOf } from '../audit/service.ts';
import { courierServiceOf } from './routes.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 422: ErrorSchema, 502: ErrorSchema };
/** The dispatch step's own permission: whoever may type an AWB may have the courier book one. */
const desk = { access: 'staff', permission: 'orders' } as const;

/**
 * The orders desk's courier (issue 39; docs/back-office.md, "Booking the courier"): what the order screen shows of the
 * booking and its tracking, the Book courier action at the dispatch step, and a return's Book reverse pickup.
 */
export const courierAdminModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = courierServiceOf(deps);

  api.get(
    '/admin/orders/:orderNumber/courier',
    {
      config: desk,
      schema: {
        summary: 'The order’s courier: the configured provider (null: AWBs are typed), its booking, the tracking events, and whether Book courier is offered',
        params: OrderNumberParamsSchema,
        response: { 200: AdminOrderCourierSchema, ...errors },
      },
    },
    (req) => service.view(req.params.orderNumber),
  );

  api.post(
    '/admin/orders/:orderNumber/courier/book',
    {
      config: desk,
      schema: {
        summary:
          'Book courier: the parcel, its AWB, the pickup and the label at the provider, then the order dispatched with that AWB (mailed and audited as a typed dispatch). Once per order; 502 when the provider fails, 422 when it refuses, nothing dispatched either way',
        params: OrderNumberParamsSchema,
        response: { 200: CourierBookAnswerSchema, ...errors },
      },
    },
    (req) => service.bookShipment(actorOf(req), req.params.orderNumber),
  );

  api.post(
    '/admin/returns/:id/reverse-pickup',
    {
      config: desk,
      schema: {
        summary: 'Book reverse pickup for an approved return: the return order and its AWB at the provider, kept on the return (→ Pickup scheduled)',
        params: ReturnParamsSchema,
        response: { 200: ReturnStepAnswerSchema, ...errors },
      },
    },
    (req) => service.bookReversePickup(actorOf(req), req.params.id),
  );
};
