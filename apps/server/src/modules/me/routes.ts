import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PersonalSummarySchema } from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { createMeService } from './service.ts';

/** The guest cookies the summary reads (the storefront writes them: apps/web/app/lib/cart-cookie.ts, wishlist-cookie.ts). */
const CART_COOKIE = 'cartItems';
const WISHLIST_COOKIE = 'wishlistItems';

/**
 * GET /api/me/summary (decision 032): the personal parts of a storefront page as JSON (who is signed in, the mini
 * cart, the wish list's ids). The browser asks for it once a shared page is hydrated and after each form; the web
 * server asks for it in process to render a page that is personal by nature. Never kept by anyone.
 */
export const meModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { cart, wishlist, catalog } = deps.services;
  const me = createMeService({ cart, wishlist, catalog, readCache: deps.readCache });

  api.get(
    '/me/summary',
    {
      schema: {
        summary: 'What a shared page shows of the visitor once painted: greeting, cart and wish-list counts',
        response: { 200: PersonalSummarySchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      const customer = req.customer;
      return me.summary(customer ? { customer } : { customer: null, cartItems: req.cookies[CART_COOKIE], wishlistItems: req.cookies[WISHLIST_COOKIE] });
    },
  );
};
