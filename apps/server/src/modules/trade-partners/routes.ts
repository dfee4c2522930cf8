import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { LongRegistrationSchema, ShortRegistrationSchema, TradePartnerAnswerSchema, TradePartnerErrorSchema } from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { createTradePartnersService } from './service.ts';

/** Fields only the long (KYC) form sends: any of them makes a body a long application. */
const LONG_MARKERS = ['compName', 'compAdd1', 'adEmail', 'adPhone', 'srAdd1'];

/** The first message of each field, keyed by the form's field name. */
function fieldMessages(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) out[String(issue.path[0] ?? 'form')] ??= issue.message;
  return out;
}

/** POST /api/manufacturer/register: the short and the long trade-partner forms (spec §3, §7; DECISIONS §1-2). */
export const tradePartnersModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const partners = createTradePartnersService({ db: deps.database.db, limiter: deps.limiter, mailQueued: () => deps.mailer.kick() });

  api.post(
    '/manufacturer/register',
    { schema: { response: { 200: TradePartnerAnswerSchema, 400: TradePartnerErrorSchema, 409: TradePartnerErrorSchema, 429: TradePartnerErrorSchema } } },
    async (req, reply) => {
      await partners.takeAttempt(req.ip);
      const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
      const long = LONG_MARKERS.some((field) => field in body);
      const customerId = req.customer?.id ?? null;

      const result = long
        ? await (async () => {
            const parsed = LongRegistrationSchema.safeParse(body);
            return parsed.success ? partners.registerLong(parsed.data, customerId) : { ok: false as const, fields: fieldMessages(parsed.error) };
          })()
        : await (async () => {
            const parsed = ShortRegistrationSchema.safeParse(body);
            return parsed.success ? partners.registerShort(parsed.data, customerId) : { ok: false as const, fields: fieldMessages(parsed.error) };
          })();

      if (!result.ok) {
        return reply.status(400).send({ message: Object.values(result.fields).join(' '), code: 'INVALID_REQUEST', fields: result.fields });
      }
      return result.answer;
    },
  );
};
