import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminHarvestCloseSchema,
  AdminHarvestListQuerySchema,
  AdminHarvestPageSchema,
  AdminHarvestPlanSchema,
  AdminIdParamsSchema,
  ErrorSchema,
  formBody,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { actorOf } from '../audit/service.ts';
import { createHarvestDesk } from './desk.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
const staff = { access: 'staff', permission: 'accounts' } as const;

/** The Milli Harvest desk (issue 19, permission 'accounts'): plans, reminders, closing with refunds. */
export const harvestAdminModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const desk = createHarvestDesk(deps.database.db, deps.payments, { settings: deps.services.settings, mailQueued: () => deps.mailer.kick() });

  api.get(
    '/admin/harvest/plans',
    {
      config: staff,
      schema: {
        summary: 'Harvest plans: searched (customer name, e-mail, plan id), filtered by status and due (overdue, due-soon)',
        querystring: AdminHarvestListQuerySchema,
        response: { 200: AdminHarvestPageSchema, ...errors },
      },
    },
    (req) => desk.list(req.query),
  );

  api.get(
    '/admin/harvest/plans/:id',
    {
      config: staff,
      schema: {
        summary: 'One plan: instalments with payments and refunds, reminders, redemptions, history',
        params: AdminIdParamsSchema,
        response: { 200: AdminHarvestPlanSchema, ...errors },
      },
    },
    (req) => desk.plan(req.params.id),
  );

  api.post(
    '/admin/harvest/plans/:id/remind',
    {
      config: staff,
      schema: {
        summary: 'Mails the customer a reminder of the next instalment now (409 when nothing is due, or one went in the last 24 hours)',
        params: AdminIdParamsSchema,
        response: { 200: AdminHarvestPlanSchema, ...errors },
      },
    },
    (req) => desk.remind(actorOf(req), req.params.id),
  );

  api.post(
    '/admin/harvest/plans/:id/close',
    {
      config: staff,
      schema: {
        summary: 'Closes the plan (Cancelled) with a reason; with refund, gives back through the gateway what the customer paid and has not spent',
        params: AdminIdParamsSchema,
        body: formBody(AdminHarvestCloseSchema),
        response: { 200: AdminHarvestPlanSchema, ...errors },
      },
    },
    (req) => desk.close(actorOf(req), req.params.id, req.body),
  );
};
