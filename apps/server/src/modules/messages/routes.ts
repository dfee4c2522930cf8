import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorSchema,
  MessageOptOutAnswerSchema,
  MessageOptOutQuerySchema,
  MessagePreferencesSchema,
  MessagePreferencesUpdateSchema,
  MessageReceiptsAnswerSchema,
  formBody,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { DomainError } from '../../domain-error.ts';
import { requireCustomer } from '../../plugins/session.ts';
import { tokenMatches } from './msg91.ts';
import { applyMsg91Report, applyWhatsAppWebhook, optOut, optOutTarget } from './receipts.ts';
import { messagePreferences, setMessagePreferences } from './service.ts';
import { whatsappSignatureValid } from './whatsapp.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };
const customer = { access: 'customer' } as const;
const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Messages on SMS and WhatsApp (issue 41, decision 057): the providers' delivery receipts, the opt-out link, and My
 * Account's message preferences.
 *
 * POST /api/messages/msg91/webhook: MSG91 signs nothing; its webhook panel sends a custom header, `x-milli-token`, set
 * to MSG91_WEBHOOK_TOKEN, compared in constant time before the body is read. POST /api/messages/whatsapp/webhook: Meta
 * signs the raw body (X-Hub-Signature-256, HMAC-SHA256 with WHATSAPP_APP_SECRET), checked over the exact bytes; GET
 * answers Meta's subscription check (hub.challenge) when hub.verify_token is WHATSAPP_VERIFY_TOKEN. A forged call is
 * 401 (403 for the check), a replay changes nothing (statuses only move forward), and a body the store does not follow
 * is answered 200 with nothing changed, since the providers send again whatever is not 200.
 */
export const messagesModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const sms = deps.config.sms;
  const whatsapp = deps.config.whatsapp;

  api.post(
    '/messages/msg91/webhook',
    {
      schema: {
        summary:
          'MSG91’s delivery reports (header x-milli-token: MSG91_WEBHOOK_TOKEN): each message’s status moves forward (delivered, failed); 401 without the token',
        response: { 200: MessageReceiptsAnswerSchema, ...errors },
      },
      onRequest: async (req) => {
        if (!sms || !tokenMatches(header(req.headers['x-milli-token']), sms.webhookToken))
          throw new DomainError('MESSAGE_WEBHOOK_REFUSED', 'This webhook needs the token the store was configured with.');
      },
    },
    (req) => db.transaction((tx) => applyMsg91Report(tx, req.body)),
  );

  api.get(
    '/messages/whatsapp/webhook',
    {
      schema: {
        summary:
          'Meta’s webhook subscription check: answers hub.challenge as text when hub.mode is subscribe and hub.verify_token is WHATSAPP_VERIFY_TOKEN; 403 otherwise',
        querystring: z.object({
          'hub.mode': z.string().optional(),
          'hub.verify_token': z.string().optional(),
          'hub.challenge': z.string().max(200).optional(),
        }),
        response: { 200: z.string(), ...errors },
      },
    },
    async (req, reply) => {
      const q = req.query;
      if (!whatsapp || q['hub.mode'] !== 'subscribe' || !tokenMatches(q['hub.verify_token'], whatsapp.verifyToken) || !q['hub.challenge'])
        throw new DomainError('MESSAGE_VERIFY_REFUSED', 'The verify token does not match.');
      return reply.type('text/plain').send(q['hub.challenge']);
    },
  );

  // The signature is over the exact bytes Meta sent: this route alone reads its body raw.
  await app.register(async (hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));
    hook.withTypeProvider<ZodTypeProvider>().post(
      '/messages/whatsapp/webhook',
      {
        schema: {
          summary:
            'The WhatsApp Cloud API’s webhook (X-Hub-Signature-256 of the raw body with WHATSAPP_APP_SECRET): message statuses move forward (sent, delivered, read, failed), and a customer’s STOP withdraws their WhatsApp consent; 401 when the signature does not match',
          response: { 200: MessageReceiptsAnswerSchema, ...errors },
        },
      },
      async (req) => {
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        if (!whatsapp || !whatsappSignatureValid(body, header(req.headers['x-hub-signature-256']), whatsapp.appSecret))
          throw new DomainError('MESSAGE_WEBHOOK_REFUSED', 'The signature does not match this body.');
        let payload: unknown;
        try {
          payload = JSON.parse(body.toString('utf8'));
        } catch {
          throw new DomainError('INVALID_REQUEST', 'The body is not JSON.');
        }
        return db.transaction((tx) => applyWhatsAppWebhook(tx, payload));
      },
    );
  });

  api.get(
    '/messages/opt-out',
    {
      schema: {
        summary: 'What an opt-out link stops (the channel of the message it came in), before the customer confirms; 400 for a link that is not one',
        querystring: MessageOptOutQuerySchema,
        response: { 200: MessageOptOutAnswerSchema, ...errors },
      },
    },
    async (req) => {
      const target = await optOutTarget(db, req.query.t);
      if (!target) throw new DomainError('MESSAGE_OPT_OUT_INVALID', 'This link is not valid. Change your message preferences in My Account.');
      return { channel: target.channel };
    },
  );

  api.post(
    '/messages/opt-out',
    {
      schema: {
        summary:
          'The opt-out link confirmed: the customer gets no more messages on that channel (orders and marketing), at once; 400 for a link that is not one',
        body: formBody(MessageOptOutQuerySchema),
        response: { 200: MessageOptOutAnswerSchema, ...errors },
      },
    },
    async (req) => {
      const channel = await db.transaction((tx) => optOut(tx, req.body.t));
      if (!channel) throw new DomainError('MESSAGE_OPT_OUT_INVALID', 'This link is not valid. Change your message preferences in My Account.');
      return { channel };
    },
  );

  api.get(
    '/account/messages',
    {
      config: customer,
      schema: {
        summary: 'The customer’s message preferences: per purpose (orders, marketing) and channel (SMS, WhatsApp), whether messages go there',
        response: { 200: MessagePreferencesSchema, ...errors },
      },
    },
    (req) => messagePreferences(db, requireCustomer(req).id),
  );

  api.put(
    '/account/messages',
    {
      config: customer,
      schema: {
        summary: 'Sets the message preferences (orders_sms, orders_whatsapp, marketing_sms, marketing_whatsapp: on, or absent for off)',
        body: formBody(MessagePreferencesUpdateSchema),
        response: { 200: MessagePreferencesSchema, ...errors },
      },
    },
    async (req) => {
      const id = requireCustomer(req).id;
      await db.transaction((tx) => setMessagePreferences(tx, id, req.body));
      return messagePreferences(db, id);
    },
  );
};
