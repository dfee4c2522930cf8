import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PincodeCheckSchema, PincodeParamsSchema, StoreListSchema, StoreSearchQuerySchema, StoreSearchSchema } from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { sendKept } from '../../plugins/read-cache.ts';
import { createSettingsService } from '../settings/service.ts';
import { createStoresService } from './service.ts';

/** The store locator's data and the product page's pincode box. */
export const storesModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const stores = createStoresService(deps.database.db, createSettingsService(deps.database.db));

  api.get('/stores', { schema: { response: { 200: StoreListSchema } } }, (_req, reply) =>
    sendKept(deps.readCache, reply, 'stores', async () => ({ status: 200, value: { data: await stores.list() } })),
  );

  api.get('/stores/search', { schema: { querystring: StoreSearchQuerySchema, response: { 200: StoreSearchSchema } } }, (req) =>
    stores.search(req.query.q ?? ''),
  );

  // An invalid or unserved PIN is an answer the shopper reads, not a failed request: 200 with ok false.
  api.get('/stores/pincode/:pincode', { schema: { params: PincodeParamsSchema, response: { 200: PincodeCheckSchema } } }, (req) =>
    stores.checkPincode(req.params.pincode),
  );
};
