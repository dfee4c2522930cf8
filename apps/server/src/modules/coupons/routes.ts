import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CouponAnswerSchema,
  CouponApplySchema,
  CouponOffersRequestSchema,
  CouponOffersSchema,
  ErrorSchema,
  formBody,
  OfferStripSchema,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { forgetAtTimes, sendKept } from '../../plugins/read-cache.ts';
import { createOfferStrip } from './offer-strip.ts';
import { createCouponService } from './service.ts';

/**
 * POST /api/coupons/apply: the cart's Apply. Answers the discount on the visitor's cart (the session's
 * server cart, or a guest's cartItems list) or a 4xx that says why the code does not apply.
 */
export const couponsModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { cart, catalog, settings } = deps.services;
  const coupons = createCouponService(deps.database.db, { cart, catalog, settings });
  const strip = createOfferStrip(deps.database.db);
  const forgetAt = forgetAtTimes(deps.readCache);

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

  // Issue 40: the home page's offers strip, kept like the rest of what every visitor sees. Writes to it, to a coupon
  // or a coupon's last use are announced by the database (migration 0037); a start or an end passing is not, so the
  // cache is told to forget at the next one.
  api.get(
    '/offer-strip',
    { schema: { summary: 'The offers strip: the messages showing now, each with its live coupon if it advertises one', response: { 200: OfferStripSchema } } },
    (_req, reply) =>
      sendKept(deps.readCache, reply, 'offer-strip', async () => {
        const { data, nextChangeAt } = await strip.showing();
        forgetAt(nextChangeAt);
        return { status: 200, value: { data } };
      }),
  );
};
