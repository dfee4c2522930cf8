import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuditListSchema, AuditQuerySchema, ErrorSchema } from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { readAudit } from './service.ts';

/** The audit log, read-only (issue 17): who changed what, when, before and after. */
export const auditModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/admin/audit',
    {
      config: { access: 'staff', permission: 'audit' },
      schema: {
        summary:
          'The audit log, newest first: filter by entity, staff e-mail, action and Indian dates (from/to, YYYY-MM-DD); page older entries with before=<id>.',
        querystring: AuditQuerySchema,
        response: { 200: AuditListSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (req) => readAudit(deps.database.db, req.query),
  );
};
