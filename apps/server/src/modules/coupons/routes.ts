import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CouponAnswerSchema, CouponApplySchema, ErrorSchema } from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { bodyErrorMessage } from '../../plugins/errors.ts';
import { createCouponService } from './service.ts';

/**
 * POST /api/coupons/apply: the cart's Apply. Answers the discount on the visitor's cart (the session's
 * server cart, or a guest's cartItems list) or a 4xx that says why the code does not apply.
 */
export const couponsModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const coupons = createCouponService(deps.database.db);

  api.post('/coupons/apply', { schema: { response: { 200: CouponAnswerSchema, 400: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema } } }, async (req, reply) => {
    const parsed = CouponApplySchema.safeParse(req.body ?? {});
    if (!parsed.success) return reply.status(400).send({ message: bodyErrorMessage(parsed.error), code: 'INVALID_REQUEST' });
    return coupons.apply(req.customer?.id ?? null, parsed.data);
  });
};
