import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorSchema,
  ForgotPasswordSchema,
  LoginAnswerSchema,
  LoginSchema,
  MeSchema,
  MessageSchema,
  ProfileUpdateSchema,
  RegisterErrorSchema,
  RegisterSchema,
  ResetPasswordSchema,
  UndoEmailChangeAnswerSchema,
  UndoEmailChangeSchema,
  UserDetailsSchema,
  UserParamsSchema,
  VerifyOtpAnswerSchema,
  VerifyOtpSchema,
  ResetLinkSchema,
  PhoneAddAnswerSchema,
  PhoneNameSchema,
  PhoneStartAnswerSchema,
  PhoneStartSchema,
  PhoneVerifyAnswerSchema,
  PhoneVerifySchema,
  formBody,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { DomainError, orFail } from '../../domain-error.ts';
import { requireCustomer, requireSelf } from '../../plugins/session.ts';
import { queueMessage, setConsent } from '../messages/service.ts';
import { createPhoneSignIn } from './phone.ts';
import { ACCOUNT_MESSAGES, createAccountsService } from './service.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema };

/** Sign-up, login, sessions, password reset and the profile (spec §7 auth and user calls). */
export const accountsModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const accounts = createAccountsService({
    db: deps.database.db,
    limiter: deps.limiter,
    settings: deps.services.settings,
    mailQueued: () => deps.mailer.kick(),
    sessionsChanged: () => deps.sessionCache.invalidate(),
    publicUrl: deps.config.publicUrl ?? `http://localhost:${deps.config.port}`,
    mergeGuestCart: deps.services.cart.mergeGuest,
    mergeGuestWishlist: deps.services.wishlist.mergeGuest,
  });

  const phone = createPhoneSignIn({
    db: deps.database.db,
    limiter: deps.limiter,
    limits: deps.config.phoneCodes,
    // Through the messages module's outbox (decision 057), in the code's own transaction.
    sendCode: async (tx, m) => {
      await queueMessage(tx, {
        channel: m.channel,
        toPhone: m.toPhone,
        kind: 'sign_in_code',
        params: { code: m.code },
        ...(m.customerId === undefined ? {} : { customerId: m.customerId }),
      });
    },
    // Order messages go, by default, on the channel the account was made on.
    consentOrders: (tx, customerId, channel) => setConsent(tx, customerId, channel, 'orders', true),
    mergeGuestCart: deps.services.cart.mergeGuest,
    mergeGuestWishlist: deps.services.wishlist.mergeGuest,
    // A kick of the mailer wakes the messenger too.
    messagesQueued: () => deps.mailer.kick(),
    sessionsChanged: () => deps.sessionCache.invalidate(),
  });

  api.post(
    '/auth/phone/start',
    {
      schema: {
        summary: 'Sends a 6-digit sign-in code to an Indian mobile number by SMS (or WhatsApp); the answer never says whether the number has an account',
        body: formBody(PhoneStartSchema),
        response: { 200: PhoneStartAnswerSchema, ...errors },
      },
    },
    async (req) => phone.start(req.body, req.ip),
  );

  api.post(
    '/auth/phone/verify',
    {
      schema: {
        summary: "Signs in with the number's code (a new number makes the account: needsName); sets the session cookie and merges the guest cart",
        body: formBody(PhoneVerifySchema),
        response: { 200: PhoneVerifyAnswerSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { token, answer } = await phone.verify(req.body, req.ip);
      reply.setSessionCookie(token);
      reply.clearCookie('cartItems', { path: '/' });
      reply.clearCookie('wishlistItems', { path: '/' });
      return answer;
    },
  );

  api.post(
    '/auth/phone/name',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'The name of an account made by its mobile number (asked right after its first code)',
        body: formBody(PhoneNameSchema),
        response: { 200: LoginAnswerSchema, ...errors },
      },
    },
    async (req) => phone.saveName(requireCustomer(req), req.body),
  );

  api.post(
    '/users/phone/start',
    {
      config: { access: 'customer' },
      schema: {
        summary: "Sends a code to a number the signed-in customer wants to sign in with (refused when it is another account's)",
        body: formBody(PhoneStartSchema),
        response: { 200: PhoneStartAnswerSchema, ...errors },
      },
    },
    async (req) => phone.startAdd(requireCustomer(req), req.body, req.ip),
  );

  api.post(
    '/users/phone/verify',
    {
      config: { access: 'customer' },
      schema: {
        summary: "The new number's code makes it the signed-in customer's sign-in number",
        body: formBody(PhoneVerifySchema),
        response: { 200: PhoneAddAnswerSchema, ...errors },
      },
    },
    async (req) => phone.verifyAdd(requireCustomer(req), req.body, req.ip),
  );

  api.post(
    '/auth/register',
    {
      // Refused fields answer per field in `message` (spec §7), whether the schema or the service refused them.
      config: { validationAnswer: 'fields-as-message' },
      schema: {
        summary: 'Creates a customer account',
        body: formBody(RegisterSchema),
        response: { 200: MessageSchema, 400: z.union([RegisterErrorSchema, ErrorSchema]), 429: ErrorSchema },
      },
    },
    async (req) => {
      const result = await accounts.register(req.body, req.ip);
      if (!result.ok) throw DomainError.of(result);
      return { message: ACCOUNT_MESSAGES.registered };
    },
  );

  api.post(
    '/auth/login',
    {
      schema: {
        summary: 'Logs in by e-mail or username and password; sets the session cookie',
        body: formBody(LoginSchema),
        response: { 200: LoginAnswerSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { token, answer } = await accounts.login(req.body, req.ip);
      reply.setSessionCookie(token);
      // The guest cart now lives on the server: the cookie copy goes.
      reply.clearCookie('cartItems', { path: '/' });
      reply.clearCookie('wishlistItems', { path: '/' });
      return answer;
    },
  );

  api.post('/auth/logout', { schema: { summary: 'Ends the session', response: { 200: MessageSchema } } }, async (req, reply) => {
    if (req.sessionTokenHash) await accounts.logout(req.sessionTokenHash);
    reply.clearSessionCookie();
    return { message: ACCOUNT_MESSAGES.loggedOut };
  });

  api.get(
    '/auth/me',
    { config: { access: 'customer' }, schema: { summary: "Who the session's customer is", response: { 200: MeSchema, 401: ErrorSchema } } },
    async (req) => {
      const customer = requireCustomer(req);
      return { userId: customer.id, userName: customer.username };
    },
  );

  api.post(
    '/auth/forgot-password',
    {
      schema: {
        summary: "Mails a one-time code and a reset link to the account's address (the answer never says whether it exists)",
        body: formBody(ForgotPasswordSchema),
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (req) => accounts.forgotPassword(req.body.email, req.ip),
  );

  api.post(
    '/auth/verify-otp',
    {
      schema: {
        summary: 'Checks the mailed code; answers a reset token',
        body: formBody(VerifyOtpSchema),
        response: { 200: VerifyOtpAnswerSchema, ...errors },
      },
    },
    async (req) => accounts.verifyOtp(req.body.email, req.body.otp, req.ip),
  );

  api.post(
    '/auth/reset-link',
    {
      schema: {
        summary: "The code mail's link, exchanged once for a reset token (the link then works no more)",
        body: formBody(ResetLinkSchema),
        response: { 200: VerifyOtpAnswerSchema, ...errors },
      },
    },
    async (req) => accounts.exchangeResetLink(req.body.link, req.ip),
  );

  api.post(
    '/auth/reset-password',
    { schema: { summary: 'Sets a new password with a reset token', body: formBody(ResetPasswordSchema), response: { 200: MessageSchema, ...errors } } },
    async (req) => accounts.resetPassword(req.body.resetToken, req.body.password),
  );

  api.post(
    '/auth/undo-email-change',
    {
      schema: {
        summary: "The old address's link puts the previous e-mail back and ends every session",
        body: formBody(UndoEmailChangeSchema),
        response: { 200: UndoEmailChangeAnswerSchema, ...errors, 409: ErrorSchema },
      },
    },
    async (req) => accounts.undoEmailChange(req.body.token, req.ip),
  );

  api.get(
    '/users/user-details/:userId',
    {
      config: { access: 'customer' },
      schema: { summary: "The signed-in customer's profile", params: UserParamsSchema, response: { 200: UserDetailsSchema, ...errors } },
    },
    async (req) => accounts.details(requireSelf(req, req.params.userId)),
  );

  api.put(
    '/users/user-details/:userId',
    {
      config: { access: 'customer' },
      schema: {
        summary: "Saves the signed-in customer's profile, and the password when a new one is given",
        params: UserParamsSchema,
        body: formBody(ProfileUpdateSchema),
        response: { 200: MessageSchema, ...errors },
      },
      // Who is asking comes before what they sent: a stranger hears 401 and another customer 403, whatever the body.
      preValidation: async (req) => {
        requireSelf(req, req.params.userId);
      },
    },
    async (req) => {
      const customer = requireSelf(req, req.params.userId);
      return orFail(await accounts.updateProfile(customer, req.body, req.sessionTokenHash));
    },
  );
};
