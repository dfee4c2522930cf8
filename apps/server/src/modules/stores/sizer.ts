import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { ErrorSchema, MessageSchema, SizerRequestSchema } from '@milli/contracts/schemas';
import { schema } from '@milli/db';
import type { ModuleDeps } from '../../deps.ts';
import { bodyErrorMessage } from '../../plugins/errors.ts';

const LIMIT = { name: 'sizer-ip', max: 10, windowMs: 60 * 60_000, message: 'Too many requests. Please try again later.' };

/** 'Get Free Sizer' (product page): the request is saved for staff, who post a ring sizer. */
export const sizerModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  api.post('/sizer-requests', { schema: { response: { 200: MessageSchema, 400: ErrorSchema, 429: ErrorSchema } } }, async (req, reply) => {
    const parsed = SizerRequestSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      return reply.status(400).send({ message: bodyErrorMessage(parsed.error), code: 'INVALID_REQUEST' });
    }
    await deps.limiter.take(LIMIT, req.ip);
    const { productId, ...fields } = parsed.data;
    const product = productId
      ? (await db.select({ id: schema.products.id }).from(schema.products).where(eq(schema.products.id, productId)))[0]
      : undefined;
    await db.insert(schema.sizerRequests).values({ ...fields, productId: product?.id ?? null, customerId: req.customer?.id ?? null });
    return { message: 'Thank you! We will post a free ring sizer to you within 3 working days.' };
  });
};
