import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminRateLockListQuerySchema, AdminRateLockPageSchema, ErrorSchema } from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { rateLockDeskPage } from './service.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

/** The rate locks desk (issue 42, permission 'accounts': advances are money held for customers). */
export const rateLocksAdminModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;

  api.get(
    '/admin/rate-locks',
    {
      config: { access: 'staff', permission: 'accounts' },
      schema: {
        summary: 'Rate locks: searched (customer name, e-mail, lock id), filtered by status, sorted by when taken or when they end',
        querystring: AdminRateLockListQuerySchema,
        response: { 200: AdminRateLockPageSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return rateLockDeskPage(db, req.query);
    },
  );
};
