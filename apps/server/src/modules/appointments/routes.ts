import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AppointmentBookedSchema,
  AppointmentIdParamsSchema,
  AppointmentListSchema,
  AppointmentSchema,
  AppointmentSlotsQuerySchema,
  AppointmentSlotsSchema,
  AppointmentTokenSchema,
  BookAppointmentSchema,
  ErrorSchema,
  formBody,
  TradeInEstimateQuerySchema,
  TradeInEstimateSchema,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { requireCustomer } from '../../plugins/session.ts';
import { createAppointmentsService } from './service.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
/** Like the other public forms (sizer requests, trade-partner applications): a few an hour from one address. */
export const BOOKING_LIMIT = {
  name: 'appointment-ip',
  max: 10,
  windowMs: 60 * 60_000,
  message: 'Too many bookings from here. Please try again later or call us.',
};

/** Store visits and video calls: slots, booking (guests too), the customer's list, cancelling; the trade-in estimate. */
export const appointmentsModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const appointments = createAppointmentsService(deps.database.db, {
    publicUrl: deps.config.publicUrl ?? `http://localhost:${deps.config.port}`,
    limiter: deps.limiter,
    settings: deps.services.settings,
  });

  api.get(
    '/trade-in/estimate',
    {
      schema: {
        summary: "Old gold trade-in: weight (g, up to 3 decimals) and purity → the estimate at today's 24K rate scaled to the purity × the trade-in percentage",
        querystring: TradeInEstimateQuerySchema,
        response: { 200: TradeInEstimateSchema, ...errors },
      },
    },
    (req) => appointments.tradeInEstimate(req.query.weightGrams, req.query.purity),
  );

  api.get(
    '/appointments/slots',
    {
      schema: {
        summary: "A day's 60-minute slots with the places left (none begun, India time; today to 60 days ahead)",
        querystring: AppointmentSlotsQuerySchema,
        response: { 200: AppointmentSlotsSchema, ...errors },
      },
    },
    (req) => appointments.slots(req.query),
  );

  api.post(
    '/appointments',
    {
      schema: {
        summary:
          'Books a store visit or a video call (guests too): Unconfirmed, its place held 30 minutes, until the link mailed to its address confirms it (manageToken is null: the link goes only to the mailbox); 409 SLOT_FULL, SLOT_UNAVAILABLE or TOO_MANY_APPOINTMENTS',
        body: formBody(BookAppointmentSchema),
        response: { 201: AppointmentBookedSchema, ...errors, 429: ErrorSchema },
      },
    },
    async (req, reply) => {
      await deps.limiter.take(BOOKING_LIMIT, req.ip);
      const customer = req.customer;
      const booked = await appointments.book(req.body, customer ? { customerId: customer.id } : null);
      deps.mailer.kick();
      return reply.status(201).send(booked);
    },
  );

  api.get(
    '/appointments',
    { config: { access: 'customer' }, schema: { summary: "The signed-in customer's appointments", response: { 200: AppointmentListSchema, ...errors } } },
    (req) => appointments.mine(requireCustomer(req).id),
  );

  api.get(
    '/appointments/manage',
    {
      schema: {
        summary: "An appointment by its manage link's token (the guest's page)",
        querystring: AppointmentTokenSchema,
        response: { 200: AppointmentSchema, ...errors },
      },
    },
    (req) => appointments.byToken(req.query.token),
  );

  api.post(
    '/appointments/:id/cancel',
    {
      config: { access: 'customer' },
      schema: {
        summary: "Cancels the customer's own Booked appointment not yet begun; mailed",
        params: AppointmentIdParamsSchema,
        response: { 200: AppointmentSchema, ...errors },
      },
    },
    async (req) => {
      const cancelled = await appointments.cancel({ customerId: requireCustomer(req).id, id: req.params.id });
      deps.mailer.kick();
      return cancelled;
    },
  );

  // The mailed link's Confirm (a page's button, so a mail scanner fetching the link confirms nothing).
  api.post(
    '/appointments/manage/confirm',
    {
      schema: {
        summary: "Confirms an Unconfirmed appointment by its mailed link's token: the address is proven and the place kept",
        body: formBody(AppointmentTokenSchema),
        response: { 200: AppointmentSchema, ...errors },
      },
    },
    async (req) => {
      const confirmed = await appointments.confirm(req.body.token);
      deps.mailer.kick();
      return confirmed;
    },
  );

  // A guest's manage link: the token alone names the appointment (only its hash is stored).
  api.post(
    '/appointments/manage/cancel',
    {
      schema: {
        summary: "Cancels an appointment by its manage link's token; mailed",
        body: formBody(AppointmentTokenSchema),
        response: { 200: AppointmentSchema, ...errors },
      },
    },
    async (req) => {
      const cancelled = await appointments.cancel({ token: req.body.token });
      deps.mailer.kick();
      return cancelled;
    },
  );
};
