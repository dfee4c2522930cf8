import { z } from 'zod';
import { adminListPage, adminListQuery } from './admin-list.ts';

/**
 * The back office's trade-partner desk (issue 19, permission 'partners'): the applications of the short and
 * long forms, their KYC checks (PAN, GSTIN, IFSC) and the review that approves or rejects one with a note.
 */

export const TRADE_PARTNER_APPLICATION_STATUSES = ['Received', 'Under Review', 'Approved', 'Rejected'] as const;
export type TradePartnerApplicationStatus = (typeof TRADE_PARTNER_APPLICATION_STATUSES)[number];
/** The review's decisions: the status each one moves the application to. */
export const PARTNER_DECISIONS = { under_review: 'Under Review', approve: 'Approved', reject: 'Rejected' } as const;
export type PartnerDecision = keyof typeof PARTNER_DECISIONS;
export const PARTNER_NOTE_MAX = 1000;

/** Other applications sharing an identifier with this one, by id. */
export const PartnerDuplicatesSchema = z.object({
  pan: z.array(z.number().int()),
  gstin: z.array(z.number().int()),
  email: z.array(z.number().int()),
  phone: z.array(z.number().int()),
});
export type PartnerDuplicates = z.infer<typeof PartnerDuplicatesSchema>;

export const AdminPartnerRowSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  form: z.enum(['short', 'long']),
  company: z.string(),
  contactName: z.string(),
  email: z.string(),
  phone: z.string(),
  type: z.string(),
  status: z.enum(TRADE_PARTNER_APPLICATION_STATUSES),
  createdAt: z.string(),
  duplicateOf: PartnerDuplicatesSchema,
});
export type AdminPartnerRow = z.infer<typeof AdminPartnerRowSchema>;

export const AdminPartnerListQuerySchema = adminListQuery(['created', 'company', 'status']).extend({
  status: z.enum(TRADE_PARTNER_APPLICATION_STATUSES, { error: `The status is one of: ${TRADE_PARTNER_APPLICATION_STATUSES.join(', ')}.` }).optional(),
});
export type AdminPartnerListQuery = z.infer<typeof AdminPartnerListQuerySchema>;
export const AdminPartnerPageSchema = adminListPage(AdminPartnerRowSchema);

export const KycCheckSchema = z.object({
  /** What the application holds (upper case), or null when the field was left empty. */
  value: z.string().nullable(),
  /** true: passes; false: fails; null: nothing to check. */
  valid: z.boolean().nullable(),
  message: z.string(),
});
export type KycCheck = z.infer<typeof KycCheckSchema>;

const text = z.string().nullable();
const percent = z.number().int().nullable();

export const AdminPartnerDetailSchema = AdminPartnerRowSchema.extend({
  adUserType: z.string(),
  customerId: z.number().int().nullable(),
  firstName: text,
  middleName: text,
  lastName: text,
  countryCode: z.string(),
  compType: text,
  compTypeOther: text,
  compAdd1: text,
  compAdd2: text,
  compCity: text,
  compState: text,
  compPostal: text,
  srName: text,
  srArea: text,
  srEstDate: text,
  srAdd1: text,
  srAdd2: text,
  srCity: text,
  srState: text,
  srPin: text,
  compPan: text,
  compGst: text,
  compInvoiceName: text,
  compWef: text,
  compBankName: text,
  compAccount: text,
  compBranch: text,
  compIfsc: text,
  compRetail: text,
  compLocation: text,
  compBa: percent,
  compBr: percent,
  compEr: percent,
  compFr: percent,
  compNe: percent,
  compNo: percent,
  compPe: percent,
  companyKey: text,
  staffNote: text,
  updatedAt: z.string(),
  owners: z.array(z.object({ slot: z.number().int(), name: z.string(), mobile: text, email: text, dob: text, anniversary: text })),
  contacts: z.array(z.object({ role: z.string(), name: z.string(), phone: text, email: text })),
  kyc: z.object({ pan: KycCheckSchema, gstin: KycCheckSchema, ifsc: KycCheckSchema }),
  /** Each application this one shares an identifier with, with what they share. */
  duplicates: z.array(
    z.object({
      id: z.number().int(),
      reference: z.string(),
      company: z.string(),
      status: z.enum(TRADE_PARTNER_APPLICATION_STATUSES),
      createdAt: z.string(),
      shares: z.array(z.enum(['pan', 'gstin', 'email', 'phone'])),
    }),
  ),
  /** The decisions open to staff now (none once Approved or Rejected). */
  decisions: z.array(z.enum(['under_review', 'approve', 'reject'])),
});
export type AdminPartnerDetail = z.infer<typeof AdminPartnerDetailSchema>;

export const AdminPartnerReviewSchema = z
  .object({
    decision: z.enum(['approve', 'reject', 'under_review'], { error: 'The decision is approve, reject or under_review.' }),
    note: z
      .string({ error: 'The note is text.' })
      .trim()
      .max(PARTNER_NOTE_MAX, `The note is at most ${PARTNER_NOTE_MAX} characters.`)
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.decision === 'reject' && !v.note)
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'Say why the application is rejected: the note is mailed to the applicant.' });
  });
export type AdminPartnerReview = z.infer<typeof AdminPartnerReviewSchema>;
