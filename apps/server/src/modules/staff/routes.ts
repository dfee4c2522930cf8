import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STAFF_COOKIE, STAFF_SESSION_HOURS } from '@milli/contracts';
import {
  ApiTokenCreateSchema,
  ApiTokenCreatedSchema,
  ApiTokenListSchema,
  ApiTokenRowSchema,
  ErrorSchema,
  MessageSchema,
  PasswordConfirmSchema,
  RecoveryCodesSchema,
  InvitationAcceptSchema,
  InvitationAcceptedSchema,
  InvitationLookupSchema,
  InvitationSchema,
  StaffIdParamsSchema,
  StaffInviteSchema,
  StaffListQuerySchema,
  StaffListSchema,
  StaffLoginAnswerSchema,
  StaffLoginSchema,
  StaffMeSchema,
  StaffNotificationsSchema,
  StaffPasswordChangeSchema,
  StaffRowSchema,
  StaffTokenParamsSchema,
  StaffUpdateSchema,
  TokenIdParamsSchema,
  TwoFactorCodeSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
  formBody,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { staffOf } from '../../plugins/staff.ts';
import { actorOf } from '../audit/service.ts';
import { createStaffService } from './service.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema };
const notFound = { 404: ErrorSchema };
const conflict = { 409: ErrorSchema };

/** Any member, for themselves; the member's own security (password, second factor, tokens) needs a real sign-in, never an API token. */
const SELF = { access: 'staff', permission: 'self' } as const;
const OWN_SECURITY = { access: 'staff', permission: 'self', sessionOnly: true } as const;
/** Managing staff: the owner, signed in (the staff plugin refuses API tokens on every 'staff' route). */
const STAFF = { access: 'staff', permission: 'staff', sessionOnly: true } as const;

/**
 * The back office's identity (issue 17): sign-in and out, the member's own password, two-factor and API tokens,
 * and the owner's staff management. Every write is recorded in the audit log in its own transaction.
 */
export const staffModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const staff = createStaffService({
    db: deps.database.db,
    limiter: deps.limiter,
    publicUrl: deps.config.publicUrl ?? `http://localhost:${deps.config.port}`,
    brand: (tx) => deps.services.settings.brand(tx),
    mailQueued: () => deps.mailer.kick(),
  });
  const httpsStore = (deps.config.publicUrl ?? '').startsWith('https:');

  function setStaffCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
    reply.setCookie(STAFF_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: httpsStore || request.protocol === 'https',
      // The browser may forget it at the hard end; the idle end is kept by the server (plugins/staff.ts).
      maxAge: STAFF_SESSION_HOURS * 3600,
    });
  }
  const sessionHash = (request: FastifyRequest) => {
    const member = request.staff;
    return member?.via.kind === 'session' ? member.via.tokenHash : undefined;
  };

  api.post(
    '/admin/auth/login',
    {
      schema: {
        summary: 'Staff sign-in: e-mail, password and (when two-factor is on) the authenticator code or a recovery code; sets the milli_staff cookie.',
        body: formBody(StaffLoginSchema),
        response: { 200: StaffLoginAnswerSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { token, staff: me } = await staff.login(req.body, { ip: req.ip, userAgent: req.headers['user-agent'] ?? null });
      setStaffCookie(req, reply, token);
      return { staff: me };
    },
  );

  api.post(
    '/admin/auth/logout',
    { schema: { summary: 'Ends the staff session and clears its cookie.', response: { 200: MessageSchema } } },
    async (req, reply) => {
      const hash = sessionHash(req);
      if (hash) await staff.logout(hash);
      reply.clearCookie(STAFF_COOKIE, { path: '/' });
      return { message: 'Signed out.' };
    },
  );

  // ---- Invitations, for whoever holds the mailed link (issue 39) -------------------------------------------
  // The link's token is posted in a body, never put in an address: the invitation page reads it from the link's
  // fragment, which browsers do not send, so no log on the way keeps it (decision 053).

  api.post(
    '/admin/invitation',
    {
      schema: {
        summary: 'Who an invitation link invites (name, e-mail, roles, when it ends); says plainly when the link was used, has expired or was withdrawn.',
        body: formBody(InvitationLookupSchema),
        response: { 200: InvitationSchema, ...errors, ...notFound, 410: ErrorSchema },
      },
    },
    async (req) => staff.invitation(req.body.token, req.ip),
  );

  api.post(
    '/admin/invitation/accept',
    {
      schema: {
        summary:
          'Sets the invited member’s own password (at least 12 characters, not a common one), spends the link and signs them in (sets the milli_staff cookie); two-factor as the store requires.',
        body: formBody(InvitationAcceptSchema),
        response: { 200: InvitationAcceptedSchema, ...errors, ...notFound, 410: ErrorSchema },
      },
    },
    async (req, reply) => {
      const { token, staff: me, message } = await staff.acceptInvitation(req.body, { ip: req.ip, userAgent: req.headers['user-agent'] ?? null });
      setStaffCookie(req, reply, token);
      return { message, staff: me };
    },
  );

  api.get(
    '/admin/me',
    { config: SELF, schema: { summary: 'The signed-in member, their role and permissions.', response: { 200: StaffMeSchema, ...errors } } },
    async (req) => staff.me(staffOf(req)),
  );

  // ---- The member's own security -------------------------------------------------------------------------

  api.patch(
    '/admin/me/notifications',
    {
      config: SELF,
      schema: {
        summary: 'Turns your desk mails on or off: a mail when a new order, return, appointment or custom request reaches a desk your roles handle.',
        body: formBody(StaffNotificationsSchema),
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (req) => staff.setDeskMail(staffOf(req), req.body.deskMail),
  );

  api.post(
    '/admin/me/password',
    {
      config: OWN_SECURITY,
      schema: {
        summary: 'Changes your password (the current one is required); your other sessions end.',
        body: formBody(StaffPasswordChangeSchema),
        response: { 200: MessageSchema, ...errors, ...notFound },
      },
    },
    async (req) => staff.changePassword(staffOf(req), req.body, sessionHash(req)),
  );

  api.get(
    '/admin/me/two-factor',
    {
      config: OWN_SECURITY,
      schema: {
        summary: 'Whether your two-factor sign-in is on, the enrolment you began (until confirmed), recovery codes left, and whether the store requires it.',
        response: { 200: TwoFactorStatusSchema, ...errors, ...notFound },
      },
    },
    async (req) => staff.twoFactorStatus(staffOf(req)),
  );

  api.post(
    '/admin/me/two-factor',
    {
      config: OWN_SECURITY,
      schema: {
        summary: 'Starts two-factor enrolment: the secret, its otpauth:// address and a QR code (SVG).',
        response: { 200: TwoFactorSetupSchema, ...errors, ...conflict },
      },
    },
    async (req) => staff.startTwoFactor(staffOf(req)),
  );

  api.post(
    '/admin/me/two-factor/confirm',
    {
      config: OWN_SECURITY,
      schema: {
        summary: 'Turns two-factor on with a code from the authenticator; answers ten recovery codes, once.',
        body: formBody(TwoFactorCodeSchema),
        response: { 200: RecoveryCodesSchema, ...errors, ...notFound, ...conflict },
      },
    },
    async (req) => staff.confirmTwoFactor(staffOf(req), req.body.code),
  );

  api.delete(
    '/admin/me/two-factor',
    {
      config: OWN_SECURITY,
      schema: {
        summary: 'Turns two-factor off (password required); refused while the store requires it.',
        body: formBody(PasswordConfirmSchema),
        response: { 200: MessageSchema, ...errors, ...notFound, ...conflict },
      },
    },
    async (req) => staff.disableTwoFactor(staffOf(req), req.body.password),
  );

  api.post(
    '/admin/me/two-factor/recovery-codes',
    {
      config: OWN_SECURITY,
      schema: { summary: 'Ten new recovery codes, shown once; the old ones stop working.', response: { 200: RecoveryCodesSchema, ...errors, ...conflict } },
    },
    async (req) => staff.regenerateRecoveryCodes(staffOf(req)),
  );

  api.get(
    '/admin/me/tokens',
    { config: OWN_SECURITY, schema: { summary: 'Your API tokens (never the tokens themselves).', response: { 200: ApiTokenListSchema, ...errors } } },
    async (req) => staff.tokens(staffOf(req).id),
  );

  api.post(
    '/admin/me/tokens',
    {
      config: OWN_SECURITY,
      schema: {
        summary: 'Makes an API token (`Authorization: Bearer mst_…`) acting with your current role; the token is shown in this answer only.',
        body: formBody(ApiTokenCreateSchema),
        response: { 200: ApiTokenCreatedSchema, ...errors },
      },
    },
    async (req) => staff.createToken(staffOf(req), req.body),
  );

  api.delete(
    '/admin/me/tokens/:id',
    {
      config: OWN_SECURITY,
      schema: { summary: 'Revokes one of your API tokens.', params: TokenIdParamsSchema, response: { 200: ApiTokenRowSchema, ...errors, ...notFound } },
    },
    async (req) => staff.revokeToken(actorOf(req), staffOf(req).id, req.params.id),
  );

  // ---- Staff management (owner) --------------------------------------------------------------------------

  api.get(
    '/admin/staff',
    { config: STAFF, schema: { summary: 'The staff list.', querystring: StaffListQuerySchema, response: { 200: StaffListSchema, ...errors } } },
    async (req) => staff.list(req.query),
  );

  api.post(
    '/admin/staff',
    {
      config: STAFF,
      schema: {
        summary:
          'Invites a staff member: { email, name, roles }. They are listed as invited and mailed a link (72 hours, once) to choose their own password; the owner never knows it.',
        body: formBody(StaffInviteSchema),
        response: { 200: StaffRowSchema, ...errors, ...conflict },
      },
    },
    async (req) => staff.invite(actorOf(req), staffOf(req).roles, req.body),
  );

  api.post(
    '/admin/staff/:id/invitation',
    {
      config: STAFF,
      schema: {
        summary: 'Sends an invited member a new link (72 hours); the old link stops working.',
        params: StaffIdParamsSchema,
        response: { 200: StaffRowSchema, ...errors, ...notFound, ...conflict },
      },
    },
    async (req) => staff.resendInvitation(actorOf(req), req.params.id),
  );

  api.delete(
    '/admin/staff/:id/invitation',
    {
      config: STAFF,
      schema: {
        summary: 'Withdraws an invited member’s link; they stay listed until removed or invited again.',
        params: StaffIdParamsSchema,
        response: { 200: StaffRowSchema, ...errors, ...notFound, ...conflict },
      },
    },
    async (req) => staff.revokeInvitation(actorOf(req), req.params.id),
  );

  api.get(
    '/admin/staff/:id',
    { config: STAFF, schema: { summary: 'One staff member.', params: StaffIdParamsSchema, response: { 200: StaffRowSchema, ...errors, ...notFound } } },
    async (req) => staff.memberRow(req.params.id),
  );

  api.patch(
    '/admin/staff/:id',
    {
      config: STAFF,
      schema: {
        summary:
          "Changes a member's name or roles (their rights change from their next request); the last owner stays an owner, and only an owner makes an owner.",
        params: StaffIdParamsSchema,
        body: formBody(StaffUpdateSchema),
        response: { 200: StaffRowSchema, ...errors, ...notFound, ...conflict },
      },
    },
    async (req) => staff.update(actorOf(req), staffOf(req).roles, req.params.id, req.body),
  );

  api.delete(
    '/admin/staff/:id',
    {
      config: STAFF,
      schema: {
        summary: 'Removes a member: their sessions end and their API tokens are revoked; the last owner cannot be removed.',
        params: StaffIdParamsSchema,
        response: { 200: StaffRowSchema, ...errors, ...notFound, ...conflict },
      },
    },
    async (req) => staff.remove(actorOf(req), req.params.id),
  );

  api.post(
    '/admin/staff/:id/reset-two-factor',
    {
      config: STAFF,
      schema: {
        summary: "Clears a member's second factor (a lost phone); they set it up again at their next sign-in.",
        params: StaffIdParamsSchema,
        response: { 200: StaffRowSchema, ...errors, ...notFound },
      },
    },
    async (req) => staff.resetTwoFactor(actorOf(req), req.params.id),
  );

  api.get(
    '/admin/staff/:id/tokens',
    {
      config: STAFF,
      schema: { summary: "A member's API tokens.", params: StaffIdParamsSchema, response: { 200: ApiTokenListSchema, ...errors, ...notFound } },
    },
    async (req) => {
      await staff.memberRow(req.params.id);
      return staff.tokens(req.params.id);
    },
  );

  api.delete(
    '/admin/staff/:id/tokens/:tokenId',
    {
      config: STAFF,
      schema: { summary: "Revokes any member's API token.", params: StaffTokenParamsSchema, response: { 200: ApiTokenRowSchema, ...errors, ...notFound } },
    },
    async (req) => staff.revokeToken(actorOf(req), req.params.id, req.params.tokenId),
  );
};
