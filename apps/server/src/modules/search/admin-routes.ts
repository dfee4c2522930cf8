import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rolesCan } from '@milli/contracts';
import { AdminSearchAnswerSchema, AdminSearchQuerySchema, ErrorSchema } from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { staffOf } from '../../plugins/staff.ts';
import { createSearchService } from './service.ts';

/**
 * GET /api/admin/search?q= (issue 39): the back office header's search box. Open to any signed-in member; each group of
 * the answer is filled only when the member's role holds that desk's permission (orders, customers, catalogue, design).
 * The query is personal (a phone number, an e-mail): the access log writes it `q=~` (lib/logged-url.ts).
 */
export const searchAdminModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const search = createSearchService(deps.database.db);

  api.get(
    '/admin/search',
    {
      config: { access: 'staff', permission: 'self' },
      schema: {
        summary:
          'One search over what a caller gives: order number, phone as pasted, e-mail, name, HUID, AWB, custom request number, product name or SKU, PIN or locality',
        description:
          'Answers up to 10 records a group: `orders` (orders permission), `customers` (customers), `products` (catalogue), `customRequests` (design); a group the member may not see is absent. `phone` is the ten-digit national number when `q` reads as an Indian phone number. Each record names what it matched.',
        querystring: AdminSearchQuerySchema,
        response: { 200: AdminSearchAnswerSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { roles } = staffOf(req);
      return search.search(req.query.q, (permission) => rolesCan(roles, permission));
    },
  );
};
