import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminMetalAccountSchema,
  AdminMetalAssayAnswerSchema,
  AdminMetalAssaySchema,
  AdminMetalParamsSchema,
  AdminMetalSearchQuerySchema,
  AdminMetalSearchSchema,
  ErrorSchema,
  formBody,
  MetalAccountSchema,
  MetalBuyBackAnswerSchema,
  MetalBuyBackSchema,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { requireCustomer } from '../../plugins/session.ts';
import { actorOf } from '../audit/service.ts';
import { createMetalAccountService } from './service.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

/**
 * The metal account (issue 42, decision 061): GET /api/metal-account and POST /api/metal-account/buy-back (the
 * signed-in shopper's own, identity from the session); the assay desk under /api/admin/metal-accounts (permission
 * 'orders': the desk that receives old gold and exchanges at the store).
 */
export const metalAccountsModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const metal = createMetalAccountService(deps.database.db, deps.services.settings);

  api.get(
    '/metal-account',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'The signed-in shopper’s metal account: fine gold usable today, each credit with its expiry, the statement, today’s buy-back',
        response: { 200: MetalAccountSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return metal.account(requireCustomer(req).id);
    },
  );

  api.post(
    '/metal-account/buy-back',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Sells unused fine gold back at today’s 24 kt rate × the buy-back percent, paid as store credit',
        description: '`{ "grams": 1.5 }` (to a milligram): at most the fine gold usable today; an expired credit cannot be sold.',
        body: formBody(MetalBuyBackSchema),
        response: { 200: MetalBuyBackAnswerSchema, ...errors },
      },
    },
    async (req) => metal.buyBack(requireCustomer(req).id, req.body),
  );

  const desk = { access: 'staff', permission: 'orders' } as const;

  api.get(
    '/admin/metal-accounts',
    {
      config: desk,
      schema: {
        summary: 'The assay desk’s search: customers by e-mail or mobile number, with their fine gold',
        querystring: AdminMetalSearchQuerySchema,
        response: { 200: AdminMetalSearchSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return metal.search(req.query.q);
    },
  );

  api.get(
    '/admin/metal-accounts/:customerId',
    {
      config: desk,
      schema: {
        summary: 'One customer’s metal account, the melting loss the desk applies and their assay visits to link',
        params: AdminMetalParamsSchema,
        response: { 200: AdminMetalAccountSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return metal.deskAccount(req.params.customerId);
    },
  );

  api.post(
    '/admin/metal-accounts/:customerId/credits',
    {
      config: desk,
      schema: {
        summary: 'Records an assay of old gold: gross weight and karatmeter purity, less the settings’ melting loss, credited as fine gold for 365 days',
        description:
          '`{ "grossGrams": 12.5, "purity": "916", "appointmentId": 7, "note": "two bangles" }`: purity in per mille (1-999) or karats ("22K"). ' +
          "An optional `requestKey` (the form's one-time key) credits once however often it is sent: a second send answers the first credit.",
        params: AdminMetalParamsSchema,
        body: formBody(AdminMetalAssaySchema),
        response: { 200: AdminMetalAssayAnswerSchema, ...errors },
      },
    },
    async (req) => metal.assay(actorOf(req), req.params.customerId, req.body),
  );
};
