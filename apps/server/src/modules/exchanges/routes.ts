import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminExchangeAnswerSchema,
  AdminExchangeDetailSchema,
  AdminExchangeListQuerySchema,
  AdminExchangeListSchema,
  AdminExchangesToSettleSchema,
  AdminExchangeRefuseSchema,
  AdminExchangeSettleSchema,
  AdminIdParamsSchema,
  BuybackQuoteSchema,
  ErrorSchema,
  ExchangeAskAnswerSchema,
  ExchangeAskSchema,
  formBody,
  OrderNumberParamsSchema,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { requireCustomer } from '../../plugins/session.ts';
import { actorOf } from '../audit/service.ts';
import { createExchangesService } from './service.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
const orders = { access: 'staff', permission: 'orders' } as const;
const accounts = { access: 'staff', permission: 'accounts' } as const;

/**
 * Lifetime exchange and buy-back (issue 20): the customer's quote and requests on a delivered order (scoped by the
 * session's customer), and the staff's desk (receive and refuse: orders; settle: accounts).
 */
export const exchangesModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const desk = createExchangesService({ db: deps.database.db, settings: deps.services.settings, mailQueued: () => deps.mailer.kick() });

  api.get(
    '/orders/:orderNumber/buyback-quote',
    {
      config: { access: 'customer' },
      schema: {
        summary:
          'Each piece of a delivered order: its exchange and buy-back value at today’s rate (metal by weight and diamonds, at the store’s percentages), the rate and date used, and the requests made',
        params: OrderNumberParamsSchema,
        response: { 200: BuybackQuoteSchema, ...errors },
      },
    },
    async (req) => desk.quote(requireCustomer(req).id, req.params.orderNumber),
  );

  api.post(
    '/orders/:orderNumber/exchange-requests',
    {
      config: { access: 'customer' },
      schema: {
        summary:
          'Ask for an exchange (store credit) or a buy-back (paid out) of a piece at today’s quote; one open request per piece, none while a return of the line is open',
        params: OrderNumberParamsSchema,
        body: formBody(ExchangeAskSchema),
        response: { 201: ExchangeAskAnswerSchema, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await desk.ask(requireCustomer(req).id, req.params.orderNumber, req.body)),
  );

  api.get(
    '/admin/exchanges',
    {
      config: orders,
      schema: {
        summary: 'Exchange and buy-back requests, newest first, optionally of one status',
        querystring: AdminExchangeListQuerySchema,
        response: { 200: AdminExchangeListSchema, ...errors },
      },
    },
    (req) => desk.list(req.query.status),
  );

  api.get(
    '/admin/exchanges-to-settle',
    {
      config: accounts,
      schema: {
        summary: 'Received pieces waiting to be settled, oldest first, with the value each may be settled at (permission accounts)',
        response: { 200: AdminExchangesToSettleSchema, ...errors },
      },
    },
    async () => {
      const received = (await desk.list('Received')).data.reverse();
      return { data: await Promise.all(received.map((r) => desk.detail(r.id))) };
    },
  );

  api.get(
    '/admin/exchanges/:id',
    {
      config: orders,
      schema: {
        summary: 'One request, and its value at the rate of the day the piece was received (today until then): what settling offers',
        params: AdminIdParamsSchema,
        response: { 200: AdminExchangeDetailSchema, ...errors },
      },
    },
    (req) => desk.detail(req.params.id),
  );

  api.post(
    '/admin/exchanges/:id/receive',
    {
      config: orders,
      schema: { summary: 'The piece has reached the store', params: AdminIdParamsSchema, response: { 200: AdminExchangeAnswerSchema, ...errors } },
    },
    async (req) => ({ message: 'Received.', request: await desk.receive(actorOf(req), req.params.id) }),
  );

  api.post(
    '/admin/exchanges/:id/settle',
    {
      config: accounts,
      schema: {
        summary:
          'Settle a received piece: an exchange becomes store credit; a buy-back is recorded as paid with its bank reference (paid by the accounts team outside the gateway, which only takes money in). ' +
          'The amount is at most the value at the rate of the day received; below it needs a note.',
        params: AdminIdParamsSchema,
        body: formBody(AdminExchangeSettleSchema),
        response: { 200: AdminExchangeAnswerSchema, ...errors },
      },
    },
    async (req) => ({ message: 'Settled.', request: await desk.settle(actorOf(req), req.params.id, req.body) }),
  );

  api.post(
    '/admin/exchanges/:id/refuse',
    {
      config: orders,
      schema: {
        summary: 'Refuse a request with the reason the customer reads',
        params: AdminIdParamsSchema,
        body: formBody(AdminExchangeRefuseSchema),
        response: { 200: AdminExchangeAnswerSchema, ...errors },
      },
    },
    async (req) => ({ message: 'Refused.', request: await desk.refuse(actorOf(req), req.params.id, req.body.reason) }),
  );
};
