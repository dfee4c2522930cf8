import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminComplaintDetailSchema,
  AdminComplaintNoteSchema,
  AdminComplaintPageSchema,
  AdminComplaintReplySchema,
  AdminComplaintsQuerySchema,
  AdminComplaintStatusSchema,
  ComplaintTicketParamsSchema,
  ErrorSchema,
  formBody,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { actorOf } from '../audit/service.ts';
import { createComplaintsService } from './service.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
/** The complaints desk: the owner's and the orders desk's (testing-staff-policy.ts). */
const staff = { access: 'staff', permission: 'complaints' } as const;

/** The complaints desk (issue 38): the queue with its timers, a ticket's thread, replies, notes and status changes. */
export const complaintsAdminModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const complaints = createComplaintsService(deps.database.db, {
    publicUrl: deps.config.publicUrl ?? `http://localhost:${deps.config.port}`,
    limiter: deps.limiter,
    settings: deps.services.settings,
  });

  api.get(
    '/admin/complaints',
    {
      config: staff,
      schema: {
        summary:
          'A queue of the desk (open, waiting for the customer, resolved), 25 a page: each ticket with its acknowledge-by (48 h) and resolve-by (one month), the overdue first; and the count of each queue and of the overdue',
        querystring: AdminComplaintsQuerySchema,
        response: { 200: AdminComplaintPageSchema, ...errors },
      },
    },
    (req) => complaints.queue(req.query),
  );

  api.get(
    '/admin/complaints/:ticketNumber',
    {
      config: staff,
      schema: {
        summary: 'A complaint with its whole thread: the complainant’s words, the replies, the internal notes and what happened, with who did it',
        params: ComplaintTicketParamsSchema,
        response: { 200: AdminComplaintDetailSchema, ...errors },
      },
    },
    (req) => complaints.deskTicket(req.params.ticketNumber),
  );

  api.post(
    '/admin/complaints/:ticketNumber/reply',
    {
      config: staff,
      schema: {
        summary:
          'Replies to the complainant (mailed; 409 when they gave no e-mail address); acknowledges the complaint if nobody had, and with waitForCustomer waits for their answer; audited',
        params: ComplaintTicketParamsSchema,
        body: formBody(AdminComplaintReplySchema),
        response: { 200: AdminComplaintDetailSchema, ...errors },
      },
    },
    async (req) => {
      const after = await complaints.reply(actorOf(req), req.params.ticketNumber, req.body);
      deps.mailer.kick();
      return after;
    },
  );

  api.post(
    '/admin/complaints/:ticketNumber/note',
    {
      config: staff,
      schema: {
        summary: 'An internal note on the complaint: the desk’s alone, never shown or mailed to the complainant; audited',
        params: ComplaintTicketParamsSchema,
        body: formBody(AdminComplaintNoteSchema),
        response: { 200: AdminComplaintDetailSchema, ...errors },
      },
    },
    (req) => complaints.note(actorOf(req), req.params.ticketNumber, req.body),
  );

  api.post(
    '/admin/complaints/:ticketNumber/status',
    {
      config: staff,
      schema: {
        summary:
          'Acknowledges the complaint (mailed), waits for the customer, resolves it with a summary (mailed) or reopens a resolved one (its month counted again); 409 COMPLAINT_STEP_NOT_ALLOWED for a step its status does not allow; audited',
        params: ComplaintTicketParamsSchema,
        body: formBody(AdminComplaintStatusSchema),
        response: { 200: AdminComplaintDetailSchema, ...errors },
      },
    },
    async (req) => {
      const after = await complaints.setStatus(actorOf(req), req.params.ticketNumber, req.body);
      deps.mailer.kick();
      return after;
    },
  );
};
