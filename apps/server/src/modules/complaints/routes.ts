import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ComplaintFiledSchema,
  ComplaintLinkReplySchema,
  ComplaintLinkSchema,
  ComplaintListSchema,
  ComplaintOrderChoicesSchema,
  ComplaintReplySchema,
  ComplaintSchema,
  ComplaintTicketParamsSchema,
  ErrorSchema,
  FileComplaintSchema,
  formBody,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { requireCustomer } from '../../plugins/session.ts';
import { COMPLAINT_LIMITS, createComplaintsService } from './service.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema };

/**
 * Complaints with ticket numbers (issue 38): /help files one (a signed-in shopper or a guest), the shopper follows theirs
 * in My Account, a guest by the link in the acknowledgement mail, whose token travels in a POST body, never in an address.
 */
export const complaintsModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const complaints = createComplaintsService(deps.database.db, {
    publicUrl: deps.config.publicUrl ?? `http://localhost:${deps.config.port}`,
    limiter: deps.limiter,
    settings: deps.services.settings,
  });

  api.post(
    '/complaints',
    {
      schema: {
        summary:
          'Files a complaint (a signed-in shopper, or a guest with an e-mail address or a mobile number): answered with its ticket number (MIL-C-2026-000001) and the acknowledgement mailed at once; a guest naming an order gives its e-mail or phone (400 ORDER_NOT_MATCHED otherwise, the same whether or not the order exists); 429 past the limits per address, account and recipient',
        body: formBody(FileComplaintSchema),
        response: { 201: ComplaintFiledSchema, ...errors },
      },
    },
    async (req, reply) => {
      await deps.limiter.take(COMPLAINT_LIMITS.ip, req.ip);
      const customer = req.customer;
      const filed = await complaints.file(req.body, customer ? { customerId: customer.id } : null);
      deps.mailer.kick();
      return reply.status(201).send(filed);
    },
  );

  api.get(
    '/complaints',
    {
      config: { access: 'customer' },
      schema: { summary: "The signed-in shopper's complaints, newest first", response: { 200: ComplaintListSchema, ...errors } },
    },
    (req) => complaints.mine(requireCustomer(req).id),
  );

  api.get(
    '/complaints/orders',
    {
      config: { access: 'customer' },
      schema: { summary: "The signed-in shopper's orders a complaint may name, newest first", response: { 200: ComplaintOrderChoicesSchema, ...errors } },
    },
    (req) => complaints.orderChoices(requireCustomer(req).id),
  );

  api.get(
    '/complaints/:ticketNumber',
    {
      config: { access: 'customer' },
      schema: {
        summary: "The shopper's own complaint with its thread (the store's replies and what happened; the desk's notes never)",
        params: ComplaintTicketParamsSchema,
        response: { 200: ComplaintSchema, ...errors },
      },
    },
    (req) => complaints.ownTicket(requireCustomer(req).id, req.params.ticketNumber),
  );

  api.post(
    '/complaints/:ticketNumber/reply',
    {
      config: { access: 'customer' },
      schema: {
        summary: "The shopper's answer on their own complaint: one waiting for them goes back to the desk, a resolved one is reopened",
        params: ComplaintTicketParamsSchema,
        body: formBody(ComplaintReplySchema),
        response: { 200: ComplaintSchema, ...errors },
      },
    },
    async (req) => {
      const customer = requireCustomer(req);
      await deps.limiter.take(COMPLAINT_LIMITS.replyIp, req.ip);
      return complaints.replyAsCustomer(customer.id, req.params.ticketNumber, req.body.message);
    },
  );

  api.post(
    '/complaints/by-link',
    {
      schema: {
        summary: "A guest's complaint by the token of the link in its acknowledgement mail (a POST, so the token is never in a logged address)",
        body: formBody(ComplaintLinkSchema),
        response: { 200: ComplaintSchema, ...errors },
      },
    },
    (req) => complaints.byLink(req.body.token),
  );

  api.post(
    '/complaints/by-link/reply',
    {
      schema: {
        summary: "A guest's answer on their complaint, by its link's token: one waiting for them goes back to the desk, a resolved one is reopened",
        body: formBody(ComplaintLinkReplySchema),
        response: { 200: ComplaintSchema, ...errors },
      },
    },
    async (req) => {
      await deps.limiter.take(COMPLAINT_LIMITS.replyIp, req.ip);
      return complaints.replyByLink(req.body.token, req.body.message);
    },
  );
};
