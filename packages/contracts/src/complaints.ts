import { z } from 'zod';
import { EmailSchema, INDIAN_MOBILE } from './accounts.ts';
import { COMPLAINT_CATEGORY_VALUES, COMPLAINT_EVENT_VALUES, COMPLAINT_STATUS_VALUES, COMPLAINT_TICKET_PATTERN } from './complaint-rules.ts';

/**
 * Complaints with ticket numbers (issue 38): POST /api/complaints from /help (a signed-in shopper or a guest), the
 * shopper's list and ticket, the guest's ticket by the link in the acknowledgement mail, and the back office's desk.
 */

/** Lengths of what a complainant and the desk type. */
export const COMPLAINT_LIMITS_TEXT = { subject: 120, description: 4000, message: 4000, resolution: 2000, name: 80 } as const;

const blankIsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const category = z.enum(COMPLAINT_CATEGORY_VALUES, { error: 'Please choose what the complaint is about.' });
const status = z.enum(COMPLAINT_STATUS_VALUES);
const ticketNumber = z
  .string({ error: 'The ticket number is missing.' })
  .trim()
  .toUpperCase()
  .regex(COMPLAINT_TICKET_PATTERN, 'A ticket number looks like MIL-C-2026-000001.');
const text = (max: number, empty: string, tooLong: string, min = 1, tooShort = empty) =>
  z.string({ error: empty }).trim().min(1, empty).min(min, tooShort).max(max, tooLong);

/** An order's number as typed: letters, digits and hyphens (`MIL-2026-000123`), any case. */
const orderNumber = z.preprocess(
  blankIsUndefined,
  z
    .string()
    .trim()
    .toUpperCase()
    .max(40, 'An order number is at most 40 characters.')
    .regex(/^[A-Z0-9]{2,6}-\d{4}-\d{1,12}$/, 'An order number looks like MIL-2026-000123.')
    .optional(),
);

/**
 * POST /api/complaints. A signed-in shopper's complaint is answered at their account's e-mail (`name` and `email` are
 * not read; `phone` may give a number to call) and may name one of their own orders; a guest gives an e-mail address
 * or a mobile number (or both) and, to name an order, that order's e-mail or phone.
 */
export const FileComplaintSchema = z.object({
  category,
  orderNumber,
  subject: text(
    COMPLAINT_LIMITS_TEXT.subject,
    'Please give the complaint a short subject.',
    `The subject is at most ${COMPLAINT_LIMITS_TEXT.subject} characters.`,
    3,
    'The subject is at least 3 characters.',
  ),
  description: text(
    COMPLAINT_LIMITS_TEXT.description,
    'Please tell us what went wrong.',
    `The description is at most ${COMPLAINT_LIMITS_TEXT.description} characters.`,
    10,
    'Please tell us a little more (at least 10 characters).',
  ),
  name: z.preprocess(blankIsUndefined, z.string().trim().max(COMPLAINT_LIMITS_TEXT.name, 'The name is too long.').optional()),
  email: z.preprocess(blankIsUndefined, EmailSchema.optional()),
  phone: z.preprocess(blankIsUndefined, z.string().trim().regex(INDIAN_MOBILE, 'Please enter a valid 10-digit Indian mobile number.').optional()),
});
export type FileComplaint = z.infer<typeof FileComplaintSchema>;

const deadlines = {
  /** Filing + COMPLAINT_ACKNOWLEDGE_HOURS. */
  acknowledgeBy: z.string(),
  /** Filing (or the last reopening) + COMPLAINT_RESOLVE_MONTHS. */
  resolveBy: z.string(),
};

/** The 201 answer: the ticket number, and where the acknowledgement went (null: no e-mail, so none was sent). */
export const ComplaintFiledSchema = z.object({
  ticketNumber: z.string(),
  status,
  category,
  subject: z.string(),
  createdAt: z.string(),
  ...deadlines,
  mailedTo: z.string().nullable(),
});
export type ComplaintFiled = z.infer<typeof ComplaintFiledSchema>;

/** One of the shopper's complaints in their list. */
export const ComplaintSummarySchema = z.object({
  ticketNumber: z.string(),
  category,
  subject: z.string(),
  orderNumber: z.string().nullable(),
  status,
  createdAt: z.string(),
  updatedAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  ...deadlines,
});
export type ComplaintSummary = z.infer<typeof ComplaintSummarySchema>;
export const ComplaintListSchema = z.object({ data: z.array(ComplaintSummarySchema) });

/** A line of the thread as the complainant sees it: their words, the store's replies, and what happened. */
export const ComplaintMessageSchema = z.object({
  id: z.number().int(),
  from: z.enum(['you', 'store']),
  /** The words; for an event, its note (a resolution's summary) or null. */
  body: z.string().nullable(),
  event: z.enum(COMPLAINT_EVENT_VALUES).nullable(),
  at: z.string(),
});
export type ComplaintMessage = z.infer<typeof ComplaintMessageSchema>;

/** A ticket as its complainant sees it (GET /api/complaints/{ticketNumber}, POST /api/complaints/by-link). */
export const ComplaintSchema = ComplaintSummarySchema.extend({
  description: z.string(),
  resolution: z.string().nullable(),
  thread: z.array(ComplaintMessageSchema),
});
export type Complaint = z.infer<typeof ComplaintSchema>;

export const ComplaintTicketParamsSchema = z.object({ ticketNumber });

const message = text(COMPLAINT_LIMITS_TEXT.message, 'Please write your message.', `A message is at most ${COMPLAINT_LIMITS_TEXT.message} characters.`);
/** POST /api/complaints/{ticketNumber}/reply */
export const ComplaintReplySchema = z.object({ message });
export type ComplaintReply = z.infer<typeof ComplaintReplySchema>;

const token = z.string({ error: 'The link is not complete.' }).regex(/^[A-Za-z0-9_-]{20,100}$/, 'The link is not complete.');
/** POST /api/complaints/by-link { token }: the guest's ticket by the token of the link in the acknowledgement mail. */
export const ComplaintLinkSchema = z.object({ token });
/** POST /api/complaints/by-link/reply { token, message } */
export const ComplaintLinkReplySchema = z.object({ token, message });

/** GET /api/complaints/orders: the signed-in shopper's orders to choose from on /help, newest first. */
export const ComplaintOrderChoicesSchema = z.object({
  data: z.array(z.object({ orderNumber: z.string(), placedAt: z.string(), status: z.string() })),
});
export type ComplaintOrderChoices = z.infer<typeof ComplaintOrderChoicesSchema>;

// ── The back office's complaints desk (permission `complaints`) ──

export const ADMIN_COMPLAINT_QUEUES = ['open', 'waiting', 'resolved'] as const;
export type AdminComplaintQueue = (typeof ADMIN_COMPLAINT_QUEUES)[number];

/** GET /api/admin/complaints?queue=&page= */
export const AdminComplaintsQuerySchema = z.object({
  queue: z.preprocess(blankIsUndefined, z.enum(ADMIN_COMPLAINT_QUEUES, { error: 'The queue is open, waiting or resolved.' }).default('open')),
  page: z.preprocess(blankIsUndefined, z.coerce.number({ error: 'The page is a number.' }).int('The page is a whole number.').min(1).max(10_000).default(1)),
});
export type AdminComplaintsQuery = z.infer<typeof AdminComplaintsQuerySchema>;

export const AdminComplainantSchema = z.object({
  /** The account it was filed from, or null for a guest. */
  customerId: z.number().int().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

export const AdminComplaintRowSchema = z.object({
  ticketNumber: z.string(),
  category,
  subject: z.string(),
  orderNumber: z.string().nullable(),
  status,
  complainant: AdminComplainantSchema,
  createdAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  ...deadlines,
  /** Past its acknowledge-by without an acknowledgement; past its resolve-by unresolved. */
  overdue: z.object({ acknowledge: z.boolean(), resolve: z.boolean() }),
  /** Who wrote last: the complainant or the store (notes left out), and when. */
  lastFrom: z.enum(['customer', 'store']),
  lastAt: z.string(),
});
export type AdminComplaintRow = z.infer<typeof AdminComplaintRowSchema>;

export const AdminComplaintPageSchema = z.object({
  queue: z.enum(ADMIN_COMPLAINT_QUEUES),
  data: z.array(AdminComplaintRowSchema),
  counts: z.object({ open: z.number().int(), waiting: z.number().int(), resolved: z.number().int(), overdue: z.number().int() }),
  page: z.number().int(),
  totalPages: z.number().int(),
  /** The server's clock the timers were read at. */
  now: z.string(),
});
export type AdminComplaintPage = z.infer<typeof AdminComplaintPageSchema>;

export const AdminComplaintThreadEntrySchema = z.object({
  id: z.number().int(),
  /** customer: the complainant's words; reply: the store's, mailed; note: internal, never shown to the complainant; event. */
  kind: z.enum(['customer', 'reply', 'note', 'event']),
  body: z.string().nullable(),
  event: z.enum(COMPLAINT_EVENT_VALUES).nullable(),
  /** The member who wrote it or made the change; null for the complainant. */
  staff: z.string().nullable(),
  at: z.string(),
});
export type AdminComplaintThreadEntry = z.infer<typeof AdminComplaintThreadEntrySchema>;

export const AdminComplaintDetailSchema = AdminComplaintRowSchema.extend({
  description: z.string(),
  resolution: z.string().nullable(),
  reopenedAt: z.string().nullable(),
  thread: z.array(AdminComplaintThreadEntrySchema),
  now: z.string(),
});
export type AdminComplaintDetail = z.infer<typeof AdminComplaintDetailSchema>;

const flag = z.preprocess((v) => v === true || v === 'true' || v === 'on' || v === 'yes' || v === '1', z.boolean());
/** POST /api/admin/complaints/{ticketNumber}/reply: mailed to the complainant; `waitForCustomer` then waits for their answer. */
export const AdminComplaintReplySchema = z.object({ message, waitForCustomer: flag.optional() });
export type AdminComplaintReply = z.infer<typeof AdminComplaintReplySchema>;
/** POST /api/admin/complaints/{ticketNumber}/note: for the desk only. */
export const AdminComplaintNoteSchema = z.object({ message });
export type AdminComplaintNote = z.infer<typeof AdminComplaintNoteSchema>;

export const ADMIN_COMPLAINT_ACTIONS = ['acknowledge', 'wait', 'resolve', 'reopen'] as const;
export type AdminComplaintAction = (typeof ADMIN_COMPLAINT_ACTIONS)[number];
/** POST /api/admin/complaints/{ticketNumber}/status: acknowledge, wait for the customer, resolve (with its summary), reopen. */
export const AdminComplaintStatusSchema = z
  .object({
    action: z.enum(ADMIN_COMPLAINT_ACTIONS, { error: 'The action is acknowledge, wait, resolve or reopen.' }),
    resolution: z.preprocess(
      blankIsUndefined,
      text(
        COMPLAINT_LIMITS_TEXT.resolution,
        'Please sum up how the complaint was resolved.',
        `The resolution is at most ${COMPLAINT_LIMITS_TEXT.resolution} characters.`,
        10,
        'Please sum up the resolution in a sentence (at least 10 characters).',
      ).optional(),
    ),
  })
  .refine((b) => b.action !== 'resolve' || b.resolution !== undefined, {
    message: 'Please sum up how the complaint was resolved: it is mailed to the complainant.',
    path: ['resolution'],
  });
export type AdminComplaintStatus = z.infer<typeof AdminComplaintStatusSchema>;
