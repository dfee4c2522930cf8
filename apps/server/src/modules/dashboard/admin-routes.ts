import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminDashboardSchema, DeskCountsSchema, ErrorSchema } from '@milli/contracts/schemas';
import { staffOf } from '../../plugins/staff.ts';
import type { ModuleDeps } from '../../deps.ts';
import { createDashboardService } from './service.ts';

/** GET /api/admin/dashboard: the back office's first screen (issue 17); any signed-in member may read it. */
export const dashboardAdminModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Staff reports tolerate a moment's lag: read from the replica when there is one (issue 37).
  const dashboard = createDashboardService(deps.database.read);

  api.get(
    '/admin/dashboard',
    {
      config: { access: 'staff', permission: 'self' },
      schema: {
        summary: 'The back office dashboard',
        description:
          "Today's orders and sales (Indian day, cancelled orders left out), orders, custom design requests and trade applications waiting at each step, active products at or below the low-stock threshold, and the rates in force with whether today's are in.",
        response: { 200: AdminDashboardSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return dashboard.read();
    },
  );

  api.get(
    '/admin/desk-counts',
    {
      config: { access: 'staff', permission: 'self' },
      schema: {
        summary: 'What waits at each desk the member may see, for the navigation',
        description:
          'New orders to act on (Placed, or Awaiting confirmation), returns Requested, appointments Booked from today on, and custom design requests Requested; only the desks your roles handle are named. One query.',
        response: { 200: DeskCountsSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return dashboard.deskCounts(staffOf(req).roles);
    },
  );
};
