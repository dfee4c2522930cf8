import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorSchema,
  RateAlertBodySchema,
  RateAlertCreatedSchema,
  RateAlertIdParamsSchema,
  RateAlertListSchema,
  RateAlertSchema,
  RateAlertTokenAnswerSchema,
  RateAlertTokenSchema,
  formBody,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { requireCustomer } from '../../plugins/session.ts';
import { createPublicRates } from '../catalog/service.ts';
import { RATE_ALERT_LIMITS, createRateAlertsService } from './service.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema };

/**
 * Rate alerts (issue 42): asked for on /gold-rate by a shopper or a guest; a guest's confirmed and any alert stopped by
 * the link in its mail, whose token travels in a POST body, never in an address the server logs as given.
 */
export const rateAlertsModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const rates = createPublicRates(deps.database.db);
  const alerts = createRateAlertsService(deps.database.db, {
    publicUrl: deps.config.publicUrl ?? `http://localhost:${deps.config.port}`,
    limiter: deps.limiter,
    settings: deps.services.settings,
    rateInForce: (metal, purity) => rates.inForce(metal, purity),
  });

  api.post(
    '/rate-alerts',
    {
      schema: {
        summary: 'Asks to be told once when a metal’s rate crosses a level (below or above, paise a gram)',
        description: `At most 5 live alerts per person (an account, or a mailbox). channel 'email' (the default) tells email: a signed-in shopper's alert for their own account's e-mail starts at once (201, status live); any other address is sent a link to confirm it first (201, status pending). channel 'sms' or 'whatsapp' tells the signed-in shopper's verified mobile number (decision 062) on a channel their message preferences allow, and starts at once with a first message carrying its stop link; a guest, an account without a verified number or a channel turned off get 400 saying what to do. 400 when today's rate is already past the level; 409 past 5 alerts; 429 past the limits per source address and per recipient.`,
        body: formBody(RateAlertBodySchema),
        response: { 201: RateAlertCreatedSchema, ...errors },
      },
    },
    async (req, reply) => {
      await deps.limiter.take(RATE_ALERT_LIMITS.ip, req.ip);
      const created = await alerts.create(req.body, req.customer?.id ?? null);
      deps.mailer.kick();
      return reply.status(201).send(created);
    },
  );

  api.post(
    '/rate-alerts/confirm',
    {
      schema: {
        summary: 'Starts a guest’s alert with the token from its confirmation mail (within two days)',
        body: formBody(RateAlertTokenSchema),
        response: { 200: RateAlertTokenAnswerSchema, ...errors },
      },
    },
    async (req) => {
      await deps.limiter.take(RATE_ALERT_LIMITS.token, req.ip);
      const answer = await alerts.confirm(req.body.token);
      deps.mailer.kick();
      return answer;
    },
  );

  api.post(
    '/rate-alerts/stop',
    {
      schema: {
        summary: 'Stops an alert with the token from its mail or first message, at once',
        body: formBody(RateAlertTokenSchema),
        response: { 200: RateAlertTokenAnswerSchema, ...errors },
      },
    },
    async (req) => {
      await deps.limiter.take(RATE_ALERT_LIMITS.token, req.ip);
      return alerts.stop(req.body.token);
    },
  );

  api.get(
    '/rate-alerts',
    {
      config: { access: 'customer' },
      schema: { summary: "The signed-in shopper's rate alerts, newest first", response: { 200: RateAlertListSchema, ...errors } },
    },
    async (req) => ({ data: await alerts.mine(requireCustomer(req).id) }),
  );

  api.post(
    '/rate-alerts/:id/stop',
    {
      config: { access: 'customer' },
      schema: { summary: 'Stops one of the signed-in shopper’s own alerts', params: RateAlertIdParamsSchema, response: { 200: RateAlertSchema, ...errors } },
    },
    (req) => alerts.stopOwn(requireCustomer(req).id, req.params.id),
  );
};
