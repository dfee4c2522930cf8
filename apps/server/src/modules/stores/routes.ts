import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorSchema,
  formBody,
  MessageSchema,
  PincodeCheckSchema,
  PincodeParamsSchema,
  SizerRequestSchema,
  StoreListSchema,
  StoreSearchQuerySchema,
  StoreSearchSchema,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { sendKept } from '../../plugins/read-cache.ts';
import { createStoresService } from './service.ts';

const SIZER_LIMIT = { name: 'sizer-ip', max: 10, windowMs: 60 * 60_000, message: 'Too many requests. Please try again later.' };

/** The store locator's data, the product page's pincode box and its 'Get Free Sizer'. */
export const storesModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const stores = createStoresService(deps.database.db, deps.services.settings);

  api.get(
    '/stores',
    { schema: { summary: 'Every open store, by city, with its address, hours and map position', response: { 200: StoreListSchema } } },
    (_req, reply) => sendKept(deps.readCache, reply, 'stores', async () => ({ status: 200, value: { data: await stores.list() } })),
  );

  api.get(
    '/stores/search',
    { schema: { summary: 'Stores near a pincode or in a city', querystring: StoreSearchQuerySchema, response: { 200: StoreSearchSchema } } },
    (req) => stores.search(req.query.q ?? ''),
  );

  // An invalid or unserved PIN is an answer the shopper reads, not a failed request: 200 with ok false.
  api.get(
    '/stores/pincode/:pincode',
    {
      schema: {
        summary: 'Whether a pincode is delivered to, the delivery date, and the nearest stores',
        params: PincodeParamsSchema,
        response: { 200: PincodeCheckSchema },
      },
    },
    (req) => stores.checkPincode(req.params.pincode),
  );

  // 'Get Free Sizer' (product page): the request is saved for staff, who post a ring sizer.
  api.post(
    '/sizer-requests',
    {
      schema: {
        summary: "Asks for a free ring sizer by post (the product page's Get Free Sizer)",
        body: formBody(SizerRequestSchema),
        response: { 200: MessageSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (req) => {
      await deps.limiter.take(SIZER_LIMIT, req.ip);
      await stores.requestSizer(req.body, req.customer?.id ?? null);
      return { message: 'Thank you! We will post a free ring sizer to you within 3 working days.' };
    },
  );
};
