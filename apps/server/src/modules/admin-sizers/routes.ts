import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminIdParamsSchema,
  AdminSizerListQuerySchema,
  AdminSizerPageSchema,
  AdminSizerRequestSchema,
  AdminSizerStatusSchema,
  ErrorSchema,
  formBody,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { actorOf } from '../audit/service.ts';
import { createAdminSizersService } from './service.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
/** The orders desk posts parcels, so it posts the sizer kits too (docs/back-office.md, "Sizer requests"). */
const staff = { access: 'staff', permission: 'orders' } as const;

/** The sizer desk (issue 19): 'Get Free Sizer' requests (modules/stores/sizer.ts takes them) and their status. */
export const adminSizersModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const sizers = createAdminSizersService(deps.database.db);

  api.get(
    '/admin/sizer-requests',
    {
      config: staff,
      schema: {
        summary: 'Sizer requests: searched (name, phone, e-mail, address or pincode), filtered by status, New first or by date',
        querystring: AdminSizerListQuerySchema,
        response: { 200: AdminSizerPageSchema, ...errors },
      },
    },
    (req) => sizers.list(req.query),
  );

  api.post(
    '/admin/sizer-requests/:id/status',
    {
      config: staff,
      schema: {
        summary: 'Marks a request Sent (the shopper is mailed) or Closed; New → Sent → Closed, New → Closed, never back (409)',
        params: AdminIdParamsSchema,
        body: formBody(AdminSizerStatusSchema),
        response: { 200: AdminSizerRequestSchema, ...errors },
      },
    },
    async (req) => await sizers.setStatus(actorOf(req), req.params.id, req.body),
  );
};
