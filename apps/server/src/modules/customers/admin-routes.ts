import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminCustomerCorrectionSchema,
  AdminCustomerEraseSchema,
  AdminCustomerIdParamsSchema,
  AdminCustomerListQuerySchema,
  AdminCustomerNoteAddSchema,
  AdminCustomerPageSchema,
  AdminCustomerSchema,
  AdminCustomerMessagesSchema,
  ErrorSchema,
  PrivacyExportSchema,
  formBody,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { actorOf } from '../audit/service.ts';
import { createCustomerDesk } from './desk.ts';
import { customersDepsOf } from './routes.ts';
import { customerMessages } from '../messages/service.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
/** The customer desk's permission (testing-staff-policy.ts: the owner and the orders desk). */
const staff = { access: 'staff', permission: 'customers' } as const;

/** The customer desk (issue 38): search, a customer's record, corrections, notes, and export or erasure on their behalf. */
export const customersAdminModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const desk = createCustomerDesk(customersDepsOf(deps));

  api.get(
    '/admin/customers',
    {
      config: staff,
      schema: {
        summary: 'Customers, newest first (or oldest, or by name), searched by name, username, e-mail, phone or order number (q), paged',
        querystring: AdminCustomerListQuerySchema,
        response: { 200: AdminCustomerPageSchema, ...errors },
      },
    },
    (req) => desk.search(req.query),
  );

  api.get(
    '/admin/customers/:id',
    {
      config: staff,
      schema: {
        summary:
          "A customer's record: profile, addresses, orders, payments, Harvest plans, consents, nominee, mails sent, the desk's notes and what blocks an erasure",
        params: AdminCustomerIdParamsSchema,
        response: { 200: AdminCustomerSchema, ...errors },
      },
    },
    (req) => desk.detail(req.params.id),
  );

  api.get(
    '/admin/customers/:id/messages',
    {
      config: staff,
      schema: {
        summary:
          "The customer's SMS and WhatsApp messages, newest first (the last 50): kind, number, channel, delivery status, attempts and the provider's last error; never a message's values",
        params: AdminCustomerIdParamsSchema,
        response: { 200: AdminCustomerMessagesSchema, ...errors },
      },
    },
    async (req) => {
      const rows = await customerMessages(deps.database.db, req.params.id);
      return {
        messages: rows.map((m) => ({
          ...m,
          createdAt: m.createdAt.toISOString(),
          sentAt: m.sentAt?.toISOString() ?? null,
          updatedAt: m.updatedAt.toISOString(),
        })),
      };
    },
  );

  api.patch(
    '/admin/customers/:id',
    {
      config: staff,
      schema: {
        summary:
          'Corrects the name, mobile or e-mail, with a reason; audited with the fields before and after (a new e-mail is told to the old address, with the link that undoes it)',
        params: AdminCustomerIdParamsSchema,
        body: formBody(AdminCustomerCorrectionSchema),
        response: { 200: AdminCustomerSchema, ...errors },
      },
    },
    (req) => desk.correct(actorOf(req), req.params.id, req.body),
  );

  api.post(
    '/admin/customers/:id/notes',
    {
      config: staff,
      schema: {
        summary: "Adds a note to the customer's record (deleted with their data on erasure); audited",
        params: AdminCustomerIdParamsSchema,
        body: formBody(AdminCustomerNoteAddSchema),
        response: { 200: AdminCustomerSchema, ...errors },
      },
    },
    (req) => desk.addNote(actorOf(req), req.params.id, req.body.text),
  );

  api.get(
    '/admin/customers/:id/export',
    {
      config: staff,
      schema: {
        summary: "The customer's data as the JSON file My privacy downloads (Content-Disposition: attachment), carried out for them; audited",
        params: AdminCustomerIdParamsSchema,
        response: { 200: PrivacyExportSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { file, fileName } = await desk.export(actorOf(req), req.params.id);
      return reply.header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'private, no-store').send(file);
    },
  );

  api.post(
    '/admin/customers/:id/erase',
    {
      config: staff,
      schema: {
        summary:
          "Erases the customer's personal data on their behalf (reason: how they asked and were checked; confirm=ERASE), as My privacy does; audited without the erased data. 409 ERASURE_BLOCKED while anything is open, ALREADY_ERASED",
        params: AdminCustomerIdParamsSchema,
        body: formBody(AdminCustomerEraseSchema),
        response: { 200: AdminCustomerSchema, ...errors },
      },
    },
    (req) => desk.erase(actorOf(req), req.params.id, req.body.reason),
  );
};
