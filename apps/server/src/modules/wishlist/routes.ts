import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorSchema,
  UserParamsSchema,
  WishlistAddSchema,
  WishlistCountSchema,
  WishlistDeleteParamsSchema,
  WishlistIdsSchema,
  WishlistRowListSchema,
  formBody,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { requireSelf } from '../../plugins/session.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

/**
 * The logged-in wish list (DECISIONS §2; the spec names no paths, these follow the cart's). A guest's
 * list is the wishlistItems cookie, priced by get_product_detail and merged at login.
 */
export const wishlistModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { wishlist } = deps.services;

  api.get(
    '/wishlist/find-by-user-id/:userId',
    {
      config: { access: 'customer' },
      schema: {
        summary: "The customer's wish list with each piece's price and stock",
        params: UserParamsSchema,
        response: { 200: WishlistRowListSchema, ...errors },
      },
    },
    async (req) => wishlist.rows(requireSelf(req, req.params.userId).id),
  );

  api.get(
    '/wishlist/ids/:userId',
    {
      config: { access: 'customer' },
      schema: { summary: "The ids of the pieces on the customer's wish list", params: UserParamsSchema, response: { 200: WishlistIdsSchema, ...errors } },
    },
    async (req) => wishlist.ids(requireSelf(req, req.params.userId).id),
  );

  api.post(
    '/wishlist/add',
    {
      config: { access: 'customer' },
      schema: { summary: "Adds a piece to the customer's wish list", body: formBody(WishlistAddSchema), response: { 200: WishlistCountSchema, ...errors } },
    },
    async (req) => {
      const customer = requireSelf(req, req.body.user_id);
      return wishlist.add(customer.id, req.body.product_id);
    },
  );

  api.post(
    '/wishlist/delete/:productId/:userId',
    {
      config: { access: 'customer' },
      schema: {
        summary: "Removes a piece from the customer's wish list",
        params: WishlistDeleteParamsSchema,
        response: { 200: WishlistCountSchema, ...errors },
      },
    },
    async (req) => wishlist.remove(requireSelf(req, req.params.userId).id, req.params.productId),
  );
};
