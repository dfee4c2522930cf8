import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ConsentsSchema,
  ConsentsUpdateSchema,
  EraseAccountSchema,
  ErrorSchema,
  MessageSchema,
  NomineeAnswerSchema,
  NomineeUpdateSchema,
  PrivacyExportSchema,
  PrivacyOverviewSchema,
  formBody,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { requireCustomer } from '../../plugins/session.ts';
import { createAccountsService } from '../accounts/service.ts';
import { createPrivacyService, type CustomersDeps } from './service.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema };
const customer = { access: 'customer' } as const;

/** What the customers module is built from, for the shoppers' routes and the desk's alike. */
export function customersDepsOf(deps: ModuleDeps): CustomersDeps {
  const mailQueued = () => deps.mailer.kick();
  const sessionsChanged = () => deps.sessionCache.invalidate();
  return {
    db: deps.database.db,
    limiter: deps.limiter,
    settings: deps.services.settings,
    mailQueued,
    sessionsChanged,
    accounts: createAccountsService({
      db: deps.database.db,
      limiter: deps.limiter,
      settings: deps.services.settings,
      mailQueued,
      sessionsChanged,
      publicUrl: deps.config.publicUrl ?? `http://localhost:${deps.config.port}`,
      mergeGuestCart: deps.services.cart.mergeGuest,
      mergeGuestWishlist: deps.services.wishlist.mergeGuest,
    }),
  };
}

/**
 * My privacy (issue 38; the DPDP Act 2023 and its Rules): the signed-in customer's data to download, their marketing
 * consents with every change, a nominee, and erasure confirmed by their password or a mailed code. Each call is the
 * session's own customer's: no id is taken from the request.
 */
export const customersModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const privacy = createPrivacyService(customersDepsOf(deps));

  api.get(
    '/account/privacy',
    {
      config: customer,
      schema: {
        summary: 'My privacy: the nominee, what stops an erasure now (each with its reason) and what an erasure keeps',
        response: { 200: PrivacyOverviewSchema, ...errors },
      },
    },
    (req) => privacy.overview(requireCustomer(req).id),
  );

  api.get(
    '/account/privacy/export',
    {
      config: customer,
      schema: {
        summary:
          'Downloads everything the store holds about the signed-in customer as a JSON file (Content-Disposition: attachment): profile, addresses, orders, payments (gateway references only), Harvest plans, reviews, appointments, custom designs, store credit, wish list, consents with their history, the nominee and the mails sent to them; 429 after 5 a day',
        response: { 200: PrivacyExportSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { file, fileName } = await privacy.export(requireCustomer(req).id);
      return reply.header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'private, no-store').send(file);
    },
  );

  api.get(
    '/account/consents',
    {
      config: customer,
      schema: {
        summary: 'The marketing consents (e-mail, SMS, WhatsApp; each off until given) and every change, newest first; order messages are always on',
        response: { 200: ConsentsSchema, ...errors },
      },
    },
    (req) => privacy.consents(requireCustomer(req).id),
  );

  api.put(
    '/account/consents',
    {
      config: customer,
      schema: {
        summary: 'Gives or withdraws marketing consent per channel (email, sms, whatsapp: true or false); each change is recorded with its time',
        body: formBody(ConsentsUpdateSchema),
        response: { 200: ConsentsSchema, ...errors },
      },
    },
    (req) => privacy.setConsents(requireCustomer(req).id, req.body),
  );

  api.get(
    '/account/nominee',
    {
      config: customer,
      schema: {
        summary: 'The nominee who may exercise the customer’s rights on their death or incapacity (DPDP Act s.14), or null',
        response: { 200: NomineeAnswerSchema, ...errors },
      },
    },
    async (req) => ({ nominee: await privacy.nominee(requireCustomer(req).id) }),
  );

  api.put(
    '/account/nominee',
    {
      config: customer,
      schema: {
        summary: 'Sets or changes the nominee: name, relationship, and an e-mail or a mobile number; the customer is mailed',
        body: formBody(NomineeUpdateSchema),
        response: { 200: NomineeAnswerSchema, ...errors },
      },
    },
    async (req) => {
      const me = requireCustomer(req);
      return { nominee: await privacy.setNominee(me.id, me.email, req.body) };
    },
  );

  api.delete(
    '/account/nominee',
    {
      config: customer,
      schema: { summary: 'Removes the nominee; the customer is mailed. 404 NOMINEE_NOT_FOUND when none is named', response: { 200: MessageSchema, ...errors } },
    },
    async (req) => {
      const me = requireCustomer(req);
      await privacy.removeNominee(me.id, me.email);
      return { message: 'Your nominee has been removed.' };
    },
  );

  api.post(
    '/account/privacy/erase/code',
    {
      config: customer,
      schema: {
        summary:
          'Mails a 6-digit code (15 minutes, 5 tries) that confirms an erasure without the password; 409 ERASURE_BLOCKED while anything is open; 3 a day',
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (req) => {
      const me = requireCustomer(req);
      return privacy.sendErasureCode(me.id, me.email);
    },
  );

  api.post(
    '/account/privacy/erase',
    {
      config: customer,
      schema: {
        summary:
          'Erases the customer’s personal data, confirmed by their password or the mailed code (and confirm=ERASE): they are logged out everywhere and can never log in again; invoices and what the tax laws keep stay, locked. 409 ERASURE_BLOCKED while an order, return, exchange, custom design, Harvest plan, store credit or refund is open',
        body: formBody(EraseAccountSchema),
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (req, reply) => {
      const answer = await privacy.erase(requireCustomer(req).id, req.body);
      reply.clearSessionCookie();
      return answer;
    },
  );
};
