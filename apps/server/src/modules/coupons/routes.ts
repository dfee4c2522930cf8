import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CouponAnswerSchema, CouponApplySchema, CouponOffersRequestSchema, CouponOffersSchema, ErrorSchema, formBody } from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { createCouponService } from './service.ts';

/**
 * POST /api/coupons/apply: the cart's Apply. Answers the discount on the visitor's cart (the session's
 * server cart, or a guest's cartItems list) or a 4xx that says why the code does not apply.
 */
export const couponsModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { cart, catalog, settings } = deps.services;
  const coupons = createCouponService(deps.database.db, { cart, catalog, settings });

  api.post(
    '/coupons/apply',
    {
      schema: {
        summary: 'Checks a coupon against the cart and answers the discount',
        body: formBody(CouponApplySchema),
        response: { 200: CouponAnswerSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 422: ErrorSchema },
      },
    },
    async (req) => {
      return coupons.apply(req.customer?.id ?? null, req.body);
    },
  );

  // Issue 40: "View offers" in the cart and the checkout. A POST like Apply: a guest's cart list travels in the body.
  api.post(
    '/coupons/offers',
    {
      schema: {
        summary: 'Lists the coupons this shopper can use now, with the discount on the cart or the amount still to add',
        body: formBody(CouponOffersRequestSchema),
        response: { 200: CouponOffersSchema, 400: ErrorSchema },
      },
    },
    async (req) => coupons.offers(req.customer?.id ?? null, req.body.cartItems),
  );
};
