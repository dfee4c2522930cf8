import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminGoodwillAnswerSchema,
  AdminGoodwillSchema,
  ErrorSchema,
  formBody,
  OrderNumberParamsSchema,
  StoreCreditStatementSchema,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { requireCustomer } from '../../plugins/session.ts';
import { actorOf } from '../audit/service.ts';
import { createStoreCreditDesk } from './desk.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

/** Store credit (issue 20): the customer's statement, and goodwill credit from the accounts team. */
export const storeCreditModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const desk = createStoreCreditDesk({ db: deps.database.db, settings: deps.services.settings, mailQueued: () => deps.mailer.kick() });

  api.get(
    '/account/store-credit',
    {
      config: { access: 'customer' },
      schema: { summary: 'The customer’s store credit: balance and statement, newest first', response: { 200: StoreCreditStatementSchema, ...errors } },
    },
    async (req) => desk.statement(requireCustomer(req).id),
  );

  api.post(
    '/admin/orders/:orderNumber/store-credit',
    {
      config: { access: 'staff', permission: 'accounts' },
      schema: {
        summary: 'Goodwill store credit to the order’s customer, with the note they read',
        params: OrderNumberParamsSchema,
        body: formBody(AdminGoodwillSchema),
        response: { 200: AdminGoodwillAnswerSchema, ...errors },
      },
    },
    async (req) => desk.goodwill(actorOf(req), req.params.orderNumber, req.body),
  );
};
