import type { FastifyPluginAsync, FastifyReply } from 'fastify';
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
  VerifyOtpAnswerSchema,
  VerifyOtpSchema,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { requireCustomer, requireSelf } from '../../plugins/session.ts';
import { ACCOUNT_MESSAGES, createAccountsService } from './service.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema };

/** First message per field of a failed parse, e.g. { username: 'Username must be …' }. */
function fieldMessages(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    out[key] ??= issue.message;
  }
  return out;
}

/** Sign-up, login, sessions, password reset and the profile (spec §7 auth and user calls). */
export const accountsModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const accounts = createAccountsService({
    db: deps.database.db,
    limiter: deps.limiter,
    mailQueued: () => deps.mailer.kick(),
    sessionsChanged: () => deps.sessionCache.invalidate(),
    publicUrl: deps.config.publicUrl ?? `http://localhost:${deps.config.port}`,
    ...(deps.mergeGuestCart ? { mergeGuestCart: deps.mergeGuestCart } : {}),
    ...(deps.mergeGuestWishlist ? { mergeGuestWishlist: deps.mergeGuestWishlist } : {}),
  });

  const invalid = (reply: FastifyReply, error: z.ZodError) =>
    reply.status(400).send({ message: Object.values(fieldMessages(error)).join(' '), code: 'INVALID_REQUEST' });

  api.post(
    '/auth/register',
    // Refused fields answer per field (spec §7); a body that cannot be read at all answers one message.
    { schema: { response: { 200: MessageSchema, 400: z.union([RegisterErrorSchema, ErrorSchema]), 429: ErrorSchema } } },
    async (req, reply) => {
      const parsed = RegisterSchema.safeParse(req.body ?? {});
      if (!parsed.success) return reply.status(400).send({ message: fieldMessages(parsed.error), code: 'INVALID_REQUEST' });
      const result = await accounts.register(parsed.data, req.ip);
      if (!result.ok) return reply.status(400).send({ message: result.message, code: result.code });
      return { message: ACCOUNT_MESSAGES.registered };
    },
  );

  api.post('/auth/login', { schema: { response: { 200: LoginAnswerSchema, ...errors } } }, async (req, reply) => {
    const parsed = LoginSchema.safeParse(req.body ?? {});
    if (!parsed.success) return invalid(reply, parsed.error);
    const { token, answer } = await accounts.login(parsed.data, req.ip);
    reply.setSessionCookie(token);
    // The guest cart now lives on the server: the cookie copy goes.
    reply.clearCookie('cartItems', { path: '/' });
    reply.clearCookie('wishlistItems', { path: '/' });
    return answer;
  });

  api.post('/auth/logout', { schema: { response: { 200: MessageSchema } } }, async (req, reply) => {
    if (req.sessionTokenHash) await accounts.logout(req.sessionTokenHash);
    reply.clearSessionCookie();
    return { message: ACCOUNT_MESSAGES.loggedOut };
  });

  api.get('/auth/me', { schema: { response: { 200: MeSchema, 401: ErrorSchema } } }, async (req) => {
    const customer = requireCustomer(req);
    return { userId: customer.id, userName: customer.username };
  });

  api.post('/auth/forgot-password', { schema: { response: { 200: MessageSchema, ...errors } } }, async (req, reply) => {
    const parsed = ForgotPasswordSchema.safeParse(req.body ?? {});
    if (!parsed.success) return invalid(reply, parsed.error);
    return accounts.forgotPassword(parsed.data.email, req.ip);
  });

  api.post('/auth/verify-otp', { schema: { response: { 200: VerifyOtpAnswerSchema, ...errors } } }, async (req, reply) => {
    const parsed = VerifyOtpSchema.safeParse(req.body ?? {});
    if (!parsed.success) return invalid(reply, parsed.error);
    return accounts.verifyOtp(parsed.data.email, parsed.data.otp, req.ip);
  });

  api.post('/auth/reset-password', { schema: { response: { 200: MessageSchema, ...errors } } }, async (req, reply) => {
    const parsed = ResetPasswordSchema.safeParse(req.body ?? {});
    if (!parsed.success) return invalid(reply, parsed.error);
    return accounts.resetPassword(parsed.data.resetToken, parsed.data.password);
  });

  api.post(
    '/auth/undo-email-change',
    { schema: { response: { 200: UndoEmailChangeAnswerSchema, ...errors, 409: ErrorSchema } } },
    async (req, reply) => {
      const parsed = UndoEmailChangeSchema.safeParse(req.body ?? {});
      if (!parsed.success) return invalid(reply, parsed.error);
      return accounts.undoEmailChange(parsed.data.token, req.ip);
    },
  );

  const userParams = z.object({ userId: z.string().max(20) });

  api.get(
    '/users/user-details/:userId',
    { schema: { params: userParams, response: { 200: UserDetailsSchema, ...errors } } },
    async (req) => accounts.details(requireSelf(req, req.params.userId)),
  );

  api.put(
    '/users/user-details/:userId',
    {
      schema: {
        params: userParams,
        response: { 200: MessageSchema, 400: ErrorSchema.extend({ field: z.string().optional() }), 401: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (req, reply) => {
      const customer = requireSelf(req, req.params.userId);
      const parsed = ProfileUpdateSchema.safeParse(req.body ?? {});
      if (!parsed.success) {
        const fields = fieldMessages(parsed.error);
        const [field] = Object.keys(fields);
        return reply.status(400).send({ message: Object.values(fields).join(' '), code: 'INVALID_REQUEST', ...(field ? { field } : {}) });
      }
      const result = await accounts.updateProfile(customer, parsed.data, req.sessionTokenHash);
      if (!result.ok) return reply.status(400).send({ message: result.message, code: 'INVALID_REQUEST', field: result.field });
      return { message: result.message };
    },
  );
};
