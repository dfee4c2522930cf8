import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AddressAnswerSchema,
  AddressInputSchema,
  AddressListSchema,
  AddressParamsSchema,
  AddressPatchSchema,
  MessageSchema,
  PlaceOrderErrorSchema,
  formBody,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { requireCustomer } from '../../plugins/session.ts';
import { createAddressService } from './service.ts';

const errors = { 400: PlaceOrderErrorSchema, 401: PlaceOrderErrorSchema, 404: PlaceOrderErrorSchema, 409: PlaceOrderErrorSchema };

/**
 * My Account's address book: the session customer's own addresses only (another customer's id is 404, as
 * if it did not exist), at most MAX_SAVED_ADDRESSES, one of them the default that checkout starts from.
 */
export const addressesModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const book = createAddressService(deps.database.db);
  const access = { access: 'customer' as const };

  api.get(
    '/account/addresses',
    { config: access, schema: { summary: "The signed-in customer's saved addresses", response: { 200: AddressListSchema, ...errors } } },
    async (req) => ({
      data: await book.list(requireCustomer(req).id),
    }),
  );

  api.post(
    '/account/addresses',
    { config: access, schema: { summary: 'Saves a new address', body: formBody(AddressInputSchema), response: { 201: AddressAnswerSchema, ...errors } } },
    async (req, reply) => {
      const address = await book.add(requireCustomer(req).id, req.body);
      return reply.status(201).send({ message: 'The address is saved in your address book.', address });
    },
  );

  api.patch(
    '/account/addresses/:id',
    {
      config: access,
      schema: {
        summary: 'Changes a saved address',
        params: AddressParamsSchema,
        body: formBody(AddressPatchSchema),
        response: { 200: AddressAnswerSchema, ...errors },
      },
    },
    async (req) => ({ message: 'The address is updated.', address: await book.update(requireCustomer(req).id, req.params.id, req.body) }),
  );

  api.delete(
    '/account/addresses/:id',
    { config: access, schema: { summary: 'Removes a saved address', params: AddressParamsSchema, response: { 200: MessageSchema, ...errors } } },
    async (req) => {
      await book.remove(requireCustomer(req).id, req.params.id);
      return { message: 'The address is deleted from your address book.' };
    },
  );

  api.post(
    '/account/addresses/:id/default',
    {
      config: access,
      schema: { summary: 'Makes a saved address the default', params: AddressParamsSchema, response: { 200: AddressAnswerSchema, ...errors } },
    },
    async (req) => ({
      message: 'This is now your default address.',
      address: await book.makeDefault(requireCustomer(req).id, req.params.id),
    }),
  );
};
