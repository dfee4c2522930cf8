import { z } from 'zod';
import { EmailSchema } from './accounts.ts';
import { adminListPage, adminListQuery } from './admin-list.ts';
import { STAFF_PERMISSIONS, STAFF_ROLES } from './staff.ts';

/**
 * The back office's staff calls (issue 17): sign-in, the member's own security, staff management, API tokens
 * and the audit log. Browser-safe: the screens read the same shapes.
 */

export const STAFF_PASSWORD_MIN = 12;
export const STAFF_PASSWORD_RULE = `A staff password has at least ${STAFF_PASSWORD_MIN} characters.`;

/** A new staff password: long rather than clever (the server also refuses the most common passwords). */
export const StaffPasswordSchema = z
  .string({ error: 'Please enter a password.' })
  .min(STAFF_PASSWORD_MIN, STAFF_PASSWORD_RULE)
  .max(200, 'Password is too long.');

export const StaffRoleSchema = z.enum(STAFF_ROLES, { error: `The role is one of: ${STAFF_ROLES.join(', ')}.` });

export const ROLES_REQUIRED = 'Choose at least one role.';
/**
 * A member's roles (issue 39): one or more, each once. A form's checkboxes send one value as a string and several as a
 * list; JSON sends a list.
 */
export const StaffRolesSchema = z.preprocess(
  (v) => (typeof v === 'string' ? (v === '' ? [] : [v]) : v),
  z
    .array(StaffRoleSchema, { error: ROLES_REQUIRED })
    .min(1, ROLES_REQUIRED)
    .max(STAFF_ROLES.length, 'Each role is chosen once.')
    .refine((roles) => new Set(roles).size === roles.length, 'Each role is chosen once.'),
);

const StaffNameSchema = z.string({ error: 'Please enter a name.' }).trim().min(1, 'Please enter a name.').max(100, 'A name is at most 100 characters.');

/** POST /api/admin/auth/login. `totp` is the authenticator's six digits or one of the recovery codes. */
export const StaffLoginSchema = z.object({
  email: z.string({ error: 'Please enter your e-mail address.' }).trim().min(1, 'Please enter your e-mail address.').max(254, 'E-mail address is too long.'),
  password: z.string({ error: 'Please enter your password.' }).min(1, 'Please enter your password.').max(200, 'Password is too long.'),
  totp: z
    .string()
    .trim()
    .max(40, 'The code is too long.')
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
});
export type StaffLogin = z.infer<typeof StaffLoginSchema>;

/** GET /api/admin/me: the member, their roles and what they allow together. */
export const StaffMeSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  roles: z.array(StaffRoleSchema),
  permissions: z.array(z.enum(STAFF_PERMISSIONS)),
  deskMail: z.boolean(),
  twoFactor: z.boolean(),
  mustEnrolTwoFactor: z.boolean(),
});

export const StaffLoginAnswerSchema = z.object({ staff: StaffMeSchema });

/**
 * One member in the staff list. `status`: 'active' (has set a password), 'invited' (the invitation is waiting, until
 * `invitationExpiresAt`), 'invitation-expired' (waiting for the owner to send a new one), or 'removed'.
 */
export const STAFF_STATUSES = ['active', 'invited', 'invitation-expired', 'removed'] as const;
export const StaffRowSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  roles: z.array(StaffRoleSchema),
  status: z.enum(STAFF_STATUSES),
  invitationExpiresAt: z.string().nullable(),
  twoFactor: z.boolean(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
  removedAt: z.string().nullable(),
});
export type StaffRow = z.infer<typeof StaffRowSchema>;

/** GET /api/admin/staff: the list kit's query, plus a role filter and whether removed members are shown. */
export const StaffListQuerySchema = adminListQuery(['name', 'email', 'role', 'created', 'lastSignIn']).extend({
  role: StaffRoleSchema.optional(),
  removed: z.enum(['true', 'false'], { error: 'removed is true or false.' }).optional(),
});
export type StaffListQuery = z.infer<typeof StaffListQuerySchema>;
export const StaffListSchema = adminListPage(StaffRowSchema);

/**
 * POST /api/admin/staff: an invitation, exactly these three fields. The owner never chooses (nor sees) the password:
 * the member sets it from the mailed link (decision 053).
 */
export const StaffInviteSchema = z.strictObject(
  { email: EmailSchema, name: StaffNameSchema, roles: StaffRolesSchema },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown field: ${issue.keys.join(', ')}. The new member chooses their own password from the invitation mail.`
        : undefined,
  },
);
export type StaffInvite = z.infer<typeof StaffInviteSchema>;

/** A member made with a password: the command line and the first owner only, never a screen. */
export const StaffCreateSchema = z.strictObject({ email: EmailSchema, name: StaffNameSchema, roles: StaffRolesSchema, password: StaffPasswordSchema });
export type StaffCreate = z.infer<typeof StaffCreateSchema>;

/** PATCH /api/admin/staff/:id: a new name, new roles, or both. */
export const StaffUpdateSchema = z
  .strictObject(
    { name: StaffNameSchema.optional(), roles: StaffRolesSchema.optional() },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `Only name and roles can be changed here: ${issue.keys.join(', ')}.` : undefined) },
  )
  .refine((v) => v.name !== undefined || v.roles !== undefined, 'Send a name, roles or both.');
export type StaffUpdate = z.infer<typeof StaffUpdateSchema>;

/** The invitation link's token, as the invitation page posts it (never in an address the server logs). */
const InvitationTokenSchema = z
  .string({ error: 'This invitation link is not complete. Please open the link from the mail again.' })
  .trim()
  .min(20, 'This invitation link is not complete. Please open the link from the mail again.')
  .max(200, 'This invitation link is not complete. Please open the link from the mail again.');

/** POST /api/admin/invitation: who the link invites, while it works. */
export const InvitationLookupSchema = z.object({ token: InvitationTokenSchema });
export const InvitationSchema = z.object({
  email: z.string(),
  name: z.string(),
  roles: z.array(StaffRoleSchema),
  expiresAt: z.string(),
  /** The store requires two-factor sign-in: the member sets it up right after their first sign-in. */
  twoFactorRequired: z.boolean(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

/** POST /api/admin/invitation/accept: the member's own password, chosen once. */
export const InvitationAcceptSchema = z.object({ token: InvitationTokenSchema, password: StaffPasswordSchema });
/** The invited member is signed in (the staff cookie is set), or, if anything stops that, sent to sign in. */
export const InvitationAcceptedSchema = z.object({ message: z.string(), staff: StaffMeSchema });

/** PATCH /api/admin/me/notifications: whether the member is mailed about their desks. */
export const StaffNotificationsSchema = z.object({
  deskMail: z.preprocess(
    (v) => (v === 'true' || v === 'on' ? true : v === 'false' || v === 'off' ? false : v),
    z.boolean({ error: 'deskMail is true or false.' }),
  ),
});

/** GET /api/admin/desk-counts: what waits at each desk the member may see (a desk they may not see is left out). */
export const DeskCountsSchema = z.object({
  orders: z.number().int().optional(),
  returns: z.number().int().optional(),
  appointments: z.number().int().optional(),
  customRequests: z.number().int().optional(),
});
export type DeskCounts = z.infer<typeof DeskCountsSchema>;

export const StaffIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'The staff id is a number.' })
    .int('The staff id is a number.')
    .min(1, 'The staff id is a number.')
    .max(2_147_483_647, 'No such member.'),
});
export const StaffTokenParamsSchema = StaffIdParamsSchema.extend({
  tokenId: z.coerce.number({ error: 'The token id is a number.' }).int('The token id is a number.').min(1).max(2_147_483_647, 'No such token.'),
});
export const TokenIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'The token id is a number.' })
    .int('The token id is a number.')
    .min(1, 'The token id is a number.')
    .max(2_147_483_647, 'No such token.'),
});

/** PUT /api/admin/me/password */
export const StaffPasswordChangeSchema = z.object({
  currentPassword: z.string({ error: 'Please enter your current password.' }).min(1, 'Please enter your current password.').max(200),
  newPassword: StaffPasswordSchema,
});

/** POST /api/admin/me/two-factor: the secret to type or scan, once. */
export const TwoFactorSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

/** GET /api/admin/me/two-factor: whether it is on, an enrolment begun and not yet confirmed, codes left, the store's rule. */
export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  pending: TwoFactorSetupSchema.nullable(),
  recoveryCodesLeft: z.number().int(),
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

export const TwoFactorCodeSchema = z.object({
  code: z
    .string({ error: 'Please enter the six-digit code from your authenticator app.' })
    .trim()
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'Please enter the six-digit code from your authenticator app.')),
});

/** The recovery codes, shown once. */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const PasswordConfirmSchema = z.object({
  password: z.string({ error: 'Please enter your password.' }).min(1, 'Please enter your password.').max(200),
});

/** One API token as listed (never the token itself). */
export const ApiTokenRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiTokenRow = z.infer<typeof ApiTokenRowSchema>;
export const ApiTokenListSchema = z.object({ data: z.array(ApiTokenRowSchema) });

/** POST /api/admin/me/tokens */
export const ApiTokenCreateSchema = z.object({
  name: z.string({ error: 'Please name the token.' }).trim().min(1, 'Please name the token.').max(80, 'A token name is at most 80 characters.'),
  expiresInDays: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: 'Days until it expires is a whole number.' })
      .int('Days until it expires is a whole number.')
      .min(1, 'A token lasts at least a day.')
      .max(3650, 'A token lasts at most ten years.')
      .optional(),
  ),
});
/** The new token, shown this once. */
export const ApiTokenCreatedSchema = ApiTokenRowSchema.extend({ token: z.string() });

/**
 * A whole day of the audit filter: YYYY-MM-DD naming a real day from the year 2000 to 9999 (a month 13 or the
 * year 0 made an invalid or out-of-range time, which the database refused with a 500).
 */
function auditDay(name: string) {
  const message = `${name} is a date (YYYY-MM-DD).`;
  return z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((v) => {
      const day = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === v && v >= '2000-01-01';
    }, message)
    .optional();
}

/** GET /api/admin/audit */
export const AuditQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit is a whole number.' })
    .int('limit is a whole number.')
    .min(1, 'limit is at least 1.')
    .max(500, 'limit is at most 500.')
    .default(50),
  before: z.coerce
    .number({ error: 'before is an entry id.' })
    .int('before is an entry id.')
    .min(1, 'before is an entry id.')
    .max(Number.MAX_SAFE_INTEGER)
    .optional(),
  entity: z
    .string()
    .trim()
    .max(60)
    .optional()
    .transform((v) => v || undefined),
  staff: z
    .string()
    .trim()
    .max(254)
    .optional()
    .transform((v) => (v ? v.toLowerCase() : undefined)),
  action: z
    .string()
    .trim()
    .max(60)
    .optional()
    .transform((v) => v || undefined),
  from: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(auditDay('from')),
  to: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(auditDay('to')),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** The member's e-mail at the time, or 'system' / 'cli'. */
  staff: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** 'session', 'token:{id}', 'cli' or 'system'. */
  via: z.string(),
});
export type AuditEntryRow = z.infer<typeof AuditEntrySchema>;
export const AuditListSchema = z.object({ data: z.array(AuditEntrySchema) });
