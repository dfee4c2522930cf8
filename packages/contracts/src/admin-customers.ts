import { z } from 'zod';
import { EmailSchema, INDIAN_MOBILE } from './accounts.ts';
import { adminListPage, adminListQuery } from './admin-list.ts';
import { ConsentsSchema, ErasureBlockerSchema, NomineeSchema } from './privacy.ts';

/**
 * The customer desk (issue 38, permission 'customers'): find a customer by name, e-mail, phone or order number; see
 * what the store holds about them; correct their name, phone or e-mail (audited, before and after); add a note; and
 * carry out an export or an erasure on their behalf (audited).
 */

const when = z.string();

export const AdminCustomerRowSchema = z.object({
  id: z.number().int(),
  /** Their name, or 'Erased customer #id' once erased. */
  name: z.string(),
  username: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  orderCount: z.number().int(),
  lastOrderAt: when.nullable(),
  createdAt: when,
  erased: z.boolean(),
});
export type AdminCustomerRow = z.infer<typeof AdminCustomerRowSchema>;

/** GET /api/admin/customers?q=: `q` over the name, username, e-mail, mobile, an address's phone and the order numbers; newest first by default. */
export const AdminCustomerListQuerySchema = adminListQuery(['newest', 'oldest', 'name']);
export type AdminCustomerListQuery = z.infer<typeof AdminCustomerListQuerySchema>;
export const AdminCustomerPageSchema = adminListPage(AdminCustomerRowSchema);

export const AdminCustomerIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'The customer id is a whole number.' }).int('The customer id is a whole number.').min(1).max(2_147_483_647),
});

export const AdminCustomerNoteSchema = z.object({ id: z.number().int(), text: z.string(), by: z.string(), at: when });

/** GET /api/admin/customers/{id}: the customer as the desk sees them. */
export const AdminCustomerSchema = z.object({
  profile: AdminCustomerRowSchema.extend({ firstName: z.string(), lastName: z.string(), erasedAt: when.nullable() }),
  addresses: z.array(z.object({ id: z.number().int(), name: z.string(), lines: z.string(), pincode: z.string(), phone: z.string(), isDefault: z.boolean() })),
  orders: z.array(
    z.object({ orderNumber: z.string(), status: z.string(), placedAt: when, totalPaise: z.number().int(), invoiced: z.boolean(), paymentMethod: z.string() }),
  ),
  payments: z.array(
    z.object({
      id: z.number().int(),
      purpose: z.string(),
      orderNumber: z.string().nullable(),
      amountPaise: z.number().int(),
      status: z.string(),
      method: z.string().nullable(),
      gatewayPaymentId: z.string().nullable(),
      refundedPaise: z.number().int(),
      createdAt: when,
    }),
  ),
  harvestPlans: z.array(
    z.object({ id: z.number().int(), status: z.string(), monthlyAmountPaise: z.number().int(), balancePaise: z.number().int(), startedAt: when }),
  ),
  consents: ConsentsSchema,
  nominee: NomineeSchema.nullable(),
  messages: z.array(z.object({ subject: z.string(), kind: z.string(), status: z.string(), createdAt: when })),
  notes: z.array(AdminCustomerNoteSchema),
  /** What stops an erasure now (empty: it may go ahead; always empty once erased). */
  erasureBlockers: z.array(ErasureBlockerSchema),
});
export type AdminCustomer = z.infer<typeof AdminCustomerSchema>;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * PATCH /api/admin/customers/{id}: corrects the name, mobile or e-mail (each optional; `mobile: ''` clears it). A new
 * e-mail is mailed to the old address with the link that undoes it, as when the customer changes it.
 */
export const AdminCustomerCorrectionSchema = z
  .object({
    firstName: z.string().trim().max(60, 'First name is too long.').optional(),
    lastName: z.string().trim().max(60, 'Last name is too long.').optional(),
    mobile: z
      .string()
      .trim()
      .refine((m) => m === '' || INDIAN_MOBILE.test(m), 'Please enter a valid 10-digit Indian mobile number, or leave it empty to remove it.')
      .optional(),
    email: z.preprocess(blank, EmailSchema.optional()),
    reason: z
      .string({ error: 'Please say why the field is corrected.' })
      .trim()
      .min(3, 'Please say why the field is corrected (at least 3 characters).')
      .max(300, 'A reason is at most 300 characters.'),
  })
  .refine((c) => c.firstName !== undefined || c.lastName !== undefined || c.mobile !== undefined || c.email !== undefined, {
    path: ['firstName'],
    message: 'Give the name, mobile or e-mail to correct.',
  });
export type AdminCustomerCorrection = z.infer<typeof AdminCustomerCorrectionSchema>;

/** POST /api/admin/customers/{id}/notes */
export const AdminCustomerNoteAddSchema = z.object({
  text: z.string({ error: 'Please write the note.' }).trim().min(2, 'Please write the note.').max(2000, 'A note is at most 2,000 characters.'),
});

/** POST /api/admin/customers/{id}/erase: on the customer's behalf; how the request came and was verified goes in the audit log. */
export const AdminCustomerEraseSchema = z.object({
  reason: z
    .string({ error: 'Please say how the customer asked, and how you checked it was them.' })
    .trim()
    .min(10, 'Please say how the customer asked, and how you checked it was them (at least 10 characters).')
    .max(500, 'A reason is at most 500 characters.'),
  confirm: z.literal('ERASE', { error: 'Type ERASE to confirm that this account is to be erased.' }),
});
export type AdminCustomerErase = z.infer<typeof AdminCustomerEraseSchema>;
