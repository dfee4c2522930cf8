import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CartAddAnswerSchema, CartAddSchema, CartLineSchema, CartUpdateSchema, ErrorSchema } from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { bodyErrorMessage } from '../../plugins/errors.ts';
import { requireSelf } from '../../plugins/session.ts';
import { createCartService } from './service.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
const CountSchema = z.object({ message: z.string(), cartCount: z.number().int() });

/** The logged-in cart (spec §7); a guest's cart is the cartItems cookie, priced by get_product_detail. */
export const cartModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const cart = createCartService(deps.database.db, undefined, deps.readCache);

  api.post('/cart/add', { schema: { response: { 200: CartAddAnswerSchema, ...errors } } }, async (req, reply) => {
    const parsed = CartAddSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      return reply.status(400).send({ message: bodyErrorMessage(parsed.error), code: 'INVALID_REQUEST' });
    }
    const customer = requireSelf(req, parsed.data.cart_user_id);
    return cart.add(customer.id, parsed.data);
  });

  api.get(
    '/cart/find-by-user-id/:userId',
    { schema: { params: z.object({ userId: z.string().max(20) }), response: { 200: z.array(CartLineSchema), ...errors } } },
    async (req) => cart.lines(requireSelf(req, req.params.userId).id),
  );

  api.post('/cart/updateCart', { schema: { response: { 200: CountSchema, ...errors } } }, async (req, reply) => {
    const parsed = CartUpdateSchema.safeParse(req.body ?? []);
    if (!parsed.success) {
      return reply.status(400).send({ message: bodyErrorMessage(parsed.error), code: 'INVALID_REQUEST' });
    }
    if (parsed.data.length === 0) {
      return { message: 'Cart updated', cartCount: 0 };
    }
    // Every line must name the session's own customer: one foreign id refuses the whole update.
    const customer = parsed.data.map((l) => requireSelf(req, l.user_id))[0]!;
    return cart.update(customer.id, parsed.data);
  });

  api.post(
    '/cart/delete/:cartId/:userId',
    {
      schema: {
        params: z.object({ cartId: z.coerce.number({ error: 'cartId must be a number' }).int().positive().max(2_147_483_647), userId: z.string().max(20) }),
        response: { 200: CountSchema, ...errors },
      },
    },
    async (req) => cart.remove(requireSelf(req, req.params.userId).id, req.params.cartId),
  );
};

export { createCartService };
