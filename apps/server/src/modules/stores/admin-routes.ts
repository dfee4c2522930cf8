import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PINCODE_PATTERN } from '@milli/contracts';
import {
  AdminIdParamsSchema,
  AdminPinPositionSchema,
  AdminSizerListQuerySchema,
  AdminSizerPageSchema,
  AdminSizerRequestSchema,
  AdminSizerStatusSchema,
  AdminStoreFormSchema,
  AdminStoreListQuerySchema,
  AdminStorePageSchema,
  AdminStorePatchSchema,
  AdminStoreSchema,
  ErrorSchema,
  formBody,
  MessageSchema,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { forgetAfterWrites } from '../../plugins/read-cache.ts';
import { actorOf } from '../audit/service.ts';
import { createSizerDesk, createStoreDesk } from './desk.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
const staff = { access: 'staff', permission: 'catalogue' } as const;
/** The orders desk posts parcels, so it posts the sizer kits too (docs/back-office.md, "Sizer requests"). */
const sizerStaff = { access: 'staff', permission: 'orders' } as const;
const PincodeParamsSchema = z.object({ pincode: z.string().trim().regex(PINCODE_PATTERN, 'A pincode is 6 digits and does not start with 0 (e.g. 600017).') });

/**
 * The back office's stores (permission 'catalogue'): the showrooms the store locator lists. After every write
 * this instance's read cache is dropped at once (the database's notification tells the other instances), so
 * /store and /api/stores show the change on the next request.
 */
const storeDesk: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const stores = createStoreDesk(deps.database.db);
  forgetAfterWrites(app, deps.readCache);

  api.get(
    '/admin/stores',
    {
      config: staff,
      schema: {
        summary: 'Stores, searched (name, city, address, pincode), filtered by open or not, sorted',
        querystring: AdminStoreListQuerySchema,
        response: { 200: AdminStorePageSchema, ...errors },
      },
    },
    (req) => stores.list(req.query),
  );

  api.get(
    '/admin/stores/position/:pincode',
    {
      config: staff,
      schema: {
        summary: "A pincode's position as the store locator places it (its city's centre)",
        params: PincodeParamsSchema,
        response: { 200: AdminPinPositionSchema, ...errors },
      },
    },
    (req) => stores.position(req.params.pincode),
  );

  api.get(
    '/admin/stores/:id',
    { config: staff, schema: { summary: 'One store', params: AdminIdParamsSchema, response: { 200: AdminStoreSchema, ...errors } } },
    (req) => stores.get(req.params.id),
  );

  api.post(
    '/admin/stores',
    { config: staff, schema: { summary: 'Adds a store', body: formBody(AdminStoreFormSchema), response: { 201: AdminStoreSchema, ...errors } } },
    async (req, reply) => reply.status(201).send(await stores.create(actorOf(req), req.body)),
  );

  api.patch(
    '/admin/stores/:id',
    {
      config: staff,
      schema: {
        summary: "Changes any of a store's fields (named as in POST); the whole is checked again",
        params: AdminIdParamsSchema,
        body: formBody(AdminStorePatchSchema),
        response: { 200: AdminStoreSchema, ...errors },
      },
    },
    async (req) => await stores.update(actorOf(req), req.params.id, req.body),
  );

  api.delete(
    '/admin/stores/:id',
    {
      config: staff,
      schema: {
        summary: 'Removes a store from the locator for good (PATCH active: false only hides it)',
        params: AdminIdParamsSchema,
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (req) => {
      await stores.remove(actorOf(req), req.params.id);
      return { message: 'The store is removed.' };
    },
  );
};

/** The sizer desk (issue 19): 'Get Free Sizer' requests (routes.ts takes them) and their status. */
const sizerDesk: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const sizers = createSizerDesk(deps.database.db, deps.services.settings);

  api.get(
    '/admin/sizer-requests',
    {
      config: sizerStaff,
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
      config: sizerStaff,
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

/**
 * The stores' staff routes: the store desk and the sizer desk, each in its own scope, so a sizer request marked Sent
 * does not empty the read cache (it changes nothing a visitor sees).
 */
export const storesAdminModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  await app.register(storeDesk, deps);
  await app.register(sizerDesk, deps);
};
