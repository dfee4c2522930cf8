import { z } from 'zod';
import { ErrorCodeSchema } from './error-schema.ts';

/** Indian mobile: ten digits starting 6-9, optionally written with +91 / 0 and spaces. */
export const INDIAN_MOBILE = /^(?:\+?91[\s-]?|0)?[6-9]\d{4}[\s-]?\d{5}$/;
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;

export const PASSWORD_RULE = 'Password must be at least 8 characters and contain a letter and a number.';
/** The server refuses the most common passwords (the list is too big for the browser, so only the server checks). */
export const COMMON_PASSWORD = 'This password is one of the most common, so it is easy to guess. Please choose another.';

export const PasswordSchema = z
  .string({ error: 'Please enter a password.' })
  .min(8, PASSWORD_RULE)
  .max(200, 'Password is too long.')
  .refine((p) => /[A-Za-z]/.test(p) && /\d/.test(p), PASSWORD_RULE);

export const EmailSchema = z
  .string({ error: 'Please enter your e-mail address.' })
  .trim()
  .min(1, 'Please enter your e-mail address.')
  .max(254, 'E-mail address is too long.')
  .pipe(z.email({ error: 'Please enter a valid e-mail address.' }))
  .transform((e) => e.toLowerCase());

/** POST /api/auth/register (multipart username, email, password). Errors answer per field: message.username / message.email. */
export const RegisterSchema = z.object({
  username: z
    .string({ error: 'Please choose a username.' })
    .trim()
    .min(3, 'Username must be at least 3 characters.')
    .max(40, 'Username must be at most 40 characters.')
    .regex(USERNAME_PATTERN, 'Username may use letters, numbers, dots, dashes and underscores only.'),
  email: EmailSchema,
  password: PasswordSchema,
});
export type Register = z.infer<typeof RegisterSchema>;

/** Per-field messages of a refused sign-up (the spec's message.username / message.email). */
export const RegisterErrorSchema = z.object({
  message: z.object({ username: z.string().optional(), email: z.string().optional(), password: z.string().optional(), form: z.string().optional() }),
  code: ErrorCodeSchema,
});

/** POST /api/auth/login: username is a username or an e-mail; cartItems is the guest cart as JSON. */
export const LoginSchema = z.object({
  username: z.string({ error: 'Please enter your e-mail or username.' }).trim().min(1, 'Please enter your e-mail or username.').max(254),
  password: z.string({ error: 'Please enter your password.' }).min(1, 'Please enter your password.').max(200),
  cartItems: z.string().max(20_000).optional(),
  /** The guest wish list (JSON list of product ids), merged like cartItems. */
  wishlistItems: z.string().max(20_000).optional(),
});

export const LoginAnswerSchema = z.object({ message: z.string(), userId: z.number().int(), userName: z.string() });
export type LoginAnswer = z.infer<typeof LoginAnswerSchema>;

export const MessageSchema = z.object({ message: z.string() });

/**
 * The user id in a path (/users/user-details/{userId}, the cart's and the wish list's). Only its length is
 * checked here: the route's guard (requireSelf) compares it with the session's own id and answers 403 otherwise.
 */
export const UserIdParamSchema = z.string().max(20, 'userId is not a user id.');
export const UserParamsSchema = z.object({ userId: UserIdParamSchema });

/** GET /api/auth/me */
export const MeSchema = z.object({ userId: z.number().int(), userName: z.string() });

/** GET /api/users/user-details/{userId} */
export const UserDetailsSchema = z.object({
  user: z.object({
    user_name: z.string(),
    user_email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    mobile: z.string().nullable(),
    /** The verified number the customer signs in with (`+91 98765 43210`), if any (decision 058). */
    phone: z.string().nullable().optional(),
  }),
});
export type UserDetails = z.infer<typeof UserDetailsSchema>;

const optionalString = (max: number) => z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(max).optional());

/**
 * PUT /api/users/user-details/{userId} (Edit Profile). Password change needs current + new + confirm; a new
 * e-mail needs the current password too (the server, which knows the stored address, asks for it: field
 * currentPassword), and the old address gets a mail with a link that undoes the change.
 */
export const ProfileUpdateSchema = z
  .object({
    firstName: z.string().trim().max(60, 'First name is too long.').default(''),
    lastName: z.string().trim().max(60, 'Last name is too long.').default(''),
    /** Left empty only by an account made by its mobile number that has no e-mail yet (decision 058). */
    email: z.preprocess((v) => (v === '' || v === null ? undefined : v), EmailSchema.optional()),
    mobile: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.string().trim().regex(INDIAN_MOBILE, 'Please enter a valid 10-digit Indian mobile number.').optional(),
    ),
    currentPassword: optionalString(200),
    newPassword: z.preprocess((v) => (v === '' || v === null ? undefined : v), PasswordSchema.optional()),
    confirmPassword: optionalString(200),
  })
  .superRefine((p, ctx) => {
    const changing = p.newPassword !== undefined || p.confirmPassword !== undefined;
    if (!changing) return;
    if (!p.currentPassword) ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: 'Please enter your current password to change it.' });
    if (!p.newPassword) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'Please enter a new password.' });
    else if (p.newPassword !== p.confirmPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'The new password and its confirmation do not match.' });
  });
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

/** POST /api/auth/forgot-password */
export const ForgotPasswordSchema = z.object({ email: EmailSchema });
/** POST /api/auth/verify-otp */
export const VerifyOtpSchema = z.object({
  email: EmailSchema,
  otp: z
    .string({ error: 'Please enter the 4-digit code.' })
    .trim()
    .regex(/^\d{4}$/, 'Please enter the 4-digit code.'),
});
export const VerifyOtpAnswerSchema = z.object({ message: z.string(), resetToken: z.string() });
/**
 * POST /api/auth/reset-link: the code mail's link, exchanged once for a reset token (issue 35): the link works
 * until this first exchange, the token it gives for the minutes a checked code's does.
 */
export const ResetLinkSchema = z.object({
  link: z
    .string({ error: 'This link is not complete. Please open it again from the mail.' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,200}$/, 'This link is not complete. Please open it again from the mail.'),
});
/** POST /api/auth/reset-password */
export const ResetPasswordSchema = z
  .object({
    resetToken: z.string({ error: 'Your reset link has expired. Please ask for a new code.' }).min(10).max(200),
    password: PasswordSchema,
    confirmPassword: z.string({ error: 'Please confirm the new password.' }),
  })
  .refine((r) => r.password === r.confirmPassword, { path: ['confirmPassword'], message: 'The passwords do not match.' });

/** POST /api/auth/undo-email-change: the token from the link mailed to the old address. */
export const UndoEmailChangeSchema = z.object({
  token: z
    .string({ error: 'This link is not complete. Please open it again from the mail.' })
    .trim()
    .min(20, 'This link is not complete. Please open it again from the mail.')
    .max(200, 'This link is not complete. Please open it again from the mail.'),
});
/** The restored address, so the screen can offer a code to set a new password there. */
export const UndoEmailChangeAnswerSchema = z.object({ message: z.string(), email: z.string() });

/** POST /api/sizer-requests: the product page's 'Get Free Sizer' form. */
export const SizerRequestSchema = z.object({
  name: z.string({ error: 'Please enter your name.' }).trim().min(2, 'Please enter your name.').max(80, 'Name is too long.'),
  phone: z.string({ error: 'Please enter your mobile number.' }).trim().regex(INDIAN_MOBILE, 'Please enter a valid 10-digit Indian mobile number.'),
  email: EmailSchema,
  address: z
    .string({ error: 'Please enter the address to send the sizer to.' })
    .trim()
    .min(10, 'Please enter the full address with its pincode.')
    .max(400, 'Address is too long.'),
  productId: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().positive().max(2_147_483_647).optional()),
});

// ---------- signing in and up with a mobile number (issue 41, decision 058) ----------

/** The number as typed; the server reads it (libphonenumber-js) and refuses what is not an Indian mobile. */
const PhoneTypedSchema = z
  .string({ error: 'Please enter your mobile number.' })
  .trim()
  .min(1, 'Please enter your mobile number.')
  .max(24, 'Please enter a valid Indian mobile number (10 digits, starting with 6, 7, 8 or 9).');
const PhoneCodeSchema = z
  .string({ error: 'Please enter the 6-digit code.' })
  .trim()
  .regex(/^\d{6}$/, 'Please enter the 6-digit code.');

/** POST /api/auth/phone/start and /api/users/phone/start: a code to the number, by SMS unless WhatsApp is chosen. */
export const PhoneStartSchema = z.object({
  phone: PhoneTypedSchema,
  channel: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(['sms', 'whatsapp'], { error: 'Send the code by sms or whatsapp.' }).default('sms'),
  ),
});
export type PhoneStart = z.infer<typeof PhoneStartSchema>;
/** The start's answer: the same words whether or not the number has an account; `resendAfterSeconds` for the countdown. */
export const PhoneStartAnswerSchema = z.object({ message: z.string(), phone: z.string(), resendAfterSeconds: z.number().int() });

/** POST /api/auth/phone/verify (cartItems and wishlistItems as at login) and /api/users/phone/verify. */
export const PhoneVerifySchema = z.object({
  phone: PhoneTypedSchema,
  code: PhoneCodeSchema,
  cartItems: z.string().max(20_000).optional(),
  wishlistItems: z.string().max(20_000).optional(),
});
/** A login's answer, and whether the account is new and still needs its name (the next screen asks it). */
export const PhoneVerifyAnswerSchema = LoginAnswerSchema.extend({ needsName: z.boolean() });
export const PhoneAddAnswerSchema = z.object({ message: z.string(), phone: z.string() });

/** POST /api/auth/phone/name: the name a new mobile account is asked for right after its first code. */
export const PhoneNameSchema = z.object({
  firstName: z.string({ error: 'Please enter your first name.' }).trim().min(1, 'Please enter your first name.').max(60, 'First name is too long.'),
  lastName: z.string().trim().max(60, 'Last name is too long.').default(''),
});
