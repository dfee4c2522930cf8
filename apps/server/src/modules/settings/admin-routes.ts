import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminSettingsSavedSchema, AdminSettingsSchema, ErrorSchema, SettingsPatchSchema, formBody } from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { forgetAfterWrites } from '../../plugins/read-cache.ts';
import { actorOf } from '../audit/service.ts';
import { staffOf } from '../../plugins/staff.ts';
import { createSettingsDesk } from './desk.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 503: ErrorSchema };

/** The store settings in the back office (issue 17): permission 'settings', which only the owner holds. */
export const settingsAdminModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  forgetAfterWrites(app, deps.readCache);
  const settings = createSettingsDesk(deps.database.db, { repriceCatalogue: (tx) => deps.services.catalog.reprice(undefined, tx) });

  api.get(
    '/admin/settings',
    {
      config: { access: 'staff', permission: 'settings' },
      schema: { summary: 'Every store setting', response: { 200: AdminSettingsSchema, ...errors } },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return settings.get();
    },
  );

  api.patch(
    '/admin/settings',
    {
      config: { access: 'staff', permission: 'settings' },
      schema: {
        summary: 'Change store settings',
        description:
          'Any of the settings, e.g. `{ "returnWindowDays": 30, "codLimitPaise": 5000000 }`; the others stay. Each value is checked and refused with a message under its field. ' +
          'A new GST rate reprices every weighed product in the same transaction; every cached answer and page is dropped.',
        body: formBody(SettingsPatchSchema),
        response: {
          200: AdminSettingsSavedSchema,
          ...errors,
        },
      },
    },
    async (req) => {
      const member = staffOf(req);
      return settings.update(actorOf(req), req.body, member.twoFactor, member.via.kind === 'token');
    },
  );
};
