import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminAppointmentAssignSchema,
  AdminAppointmentDayQuerySchema,
  AdminAppointmentDaySchema,
  AdminAppointmentCalendarSchema,
  AdminAppointmentSchema,
  AdminAppointmentsQuerySchema,
  AdminAppointmentStatusSchema,
  AdminIdParamsSchema,
  ErrorSchema,
  formBody,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { actorOf } from '../audit/service.ts';
import { createAppointmentsService } from './service.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
/** The stores' staff work from the orders desk's permission (as the sizer kits). */
const staff = { access: 'staff', permission: 'orders' } as const;

/** The appointment calendar (issue 20): a store's visits or the video desk's calls by day and slot, and their outcome. */
export const adminAppointmentsModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const appointments = createAppointmentsService(deps.database.db, {
    publicUrl: deps.config.publicUrl ?? `http://localhost:${deps.config.port}`,
    limiter: deps.limiter,
    settings: deps.services.settings,
  });

  api.get(
    '/admin/appointments',
    {
      config: staff,
      schema: {
        summary: "A store's visits (kind=store&storeId=) or the video calls (kind=video) from `from` to `to` (default: a week from today)",
        querystring: AdminAppointmentsQuerySchema,
        response: { 200: AdminAppointmentCalendarSchema, ...errors },
      },
    },
    (req) => appointments.calendar(req.query),
  );

  api.get(
    '/admin/appointments/day',
    {
      config: staff,
      schema: {
        summary: 'Issue 39: one day (`date`, default today in India) across every store and the video desk, with the members who may be assigned',
        querystring: AdminAppointmentDayQuerySchema,
        response: { 200: AdminAppointmentDaySchema, ...errors },
      },
    },
    (req) => appointments.day(req.query.date),
  );

  api.post(
    '/admin/appointments/:id/assign',
    {
      config: staff,
      schema: {
        summary: 'Issue 39: assigns the member who sees the shopper (`{ "staffId": 12 }`, one who works the orders desk) or nobody (`null`); audited',
        params: AdminIdParamsSchema,
        body: formBody(AdminAppointmentAssignSchema),
        response: { 200: AdminAppointmentSchema, ...errors },
      },
    },
    (req) => appointments.assign(actorOf(req), req.params.id, req.body),
  );

  api.post(
    '/admin/appointments/:id/status',
    {
      config: staff,
      schema: {
        summary: 'Marks a Booked appointment Attended or Missed once its slot has begun (409 before), or Cancelled (mailed); audited',
        params: AdminIdParamsSchema,
        body: formBody(AdminAppointmentStatusSchema),
        response: { 200: AdminAppointmentSchema, ...errors },
      },
    },
    async (req) => {
      const after = await appointments.setStatus(actorOf(req), req.params.id, req.body);
      deps.mailer.kick();
      return after;
    },
  );
};
