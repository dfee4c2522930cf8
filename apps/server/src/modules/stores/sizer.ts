import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorSchema, formBody, MessageSchema, SizerRequestSchema } from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { createSettingsService } from '../settings/service.ts';
import { createStoresService } from './service.ts';

const LIMIT = { name: 'sizer-ip', max: 10, windowMs: 60 * 60_000, message: 'Too many requests. Please try again later.' };

/** 'Get Free Sizer' (product page): the request is saved for staff, who post a ring sizer. */
export const sizerModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const stores = createStoresService(deps.database.db, createSettingsService(deps.database.db));
  api.post(
    '/sizer-requests',
    { schema: { body: formBody(SizerRequestSchema), response: { 200: MessageSchema, 400: ErrorSchema, 429: ErrorSchema } } },
    async (req) => {
      await deps.limiter.take(LIMIT, req.ip);
      await stores.requestSizer(req.body, req.customer?.id ?? null);
      return { message: 'Thank you! We will post a free ring sizer to you within 3 working days.' };
    },
  );
};
