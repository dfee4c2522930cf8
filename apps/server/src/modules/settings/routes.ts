import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorSchema, StoreSettingsSchema } from '@milli/contracts/schemas';
import type { AppDeps } from '../../app.ts';
import { createSettingsRepository } from './repository.ts';

/** GET /api/settings: the public store settings every page's shell shows (help line, e-mails, return window …). */
export const settingsModule: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const settings = createSettingsRepository(deps.database.db);

  api.get('/settings', { schema: { response: { 200: StoreSettingsSchema, 503: ErrorSchema } } }, async (_req, reply) => {
    const row = await settings.get();
    if (!row) return reply.status(503).send({ message: 'The store is not set up yet.', code: 'NO_SETTINGS' });
    reply.header('cache-control', 'public, max-age=60');
    return {
      storeName: row.storeName,
      helpLine: row.helpLine,
      emailPrimary: row.emailPrimary,
      emailSecondary: row.emailSecondary,
      officeAddress: row.officeAddress,
      returnWindowDays: row.returnWindowDays,
      shippingFeePaise: row.shippingFeePaise,
      deliveryDays: row.deliveryDays,
    };
  });
};
