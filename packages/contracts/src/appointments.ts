import { z } from 'zod';
import { EmailSchema, INDIAN_MOBILE } from './accounts.ts';

/** Appointments (issue 20): store visits and video calls, the staff's calendar, and the old gold trade-in estimate. */
export const APPOINTMENT_KIND_VALUES = ['store', 'video'] as const;
export const APPOINTMENT_PURPOSE_VALUES = ['browse', 'product', 'trade_in', 'custom_design', 'exchange', 'other', 'assay'] as const;
/** Unconfirmed: booked by an e-mail address not yet confirmed, holding its place for a short while (issue 35). */
export const APPOINTMENT_STATUS_VALUES = ['Unconfirmed', 'Booked', 'Cancelled', 'Attended', 'Missed'] as const;
/** Minutes an unconfirmed booking holds its place. */
export const APPOINTMENT_HOLD_MINUTES = 30;
/** Appointments one e-mail address or mobile number may hold at once (booked or held, not yet begun). */
export const APPOINTMENTS_PER_CONTACT = 3;
/** How far ahead a slot may be booked (days after today, India). */
export const APPOINTMENT_DAYS_AHEAD = 60;
/** The karats the estimator takes (fineness in @milli/pricing trade-in.ts). */
export const TRADE_IN_PURITY_VALUES = [24, 22, 20, 18, 14, 9] as const;

const blankIsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const id = z.coerce.number({ error: 'The id is a number.' }).int('The id is a whole number.').min(1).max(2_147_483_647);
const optionalId = z.preprocess(blankIsUndefined, id.optional());
/** A calendar date, YYYY-MM-DD, between 2000 and 2999 (also the orders desk's print ranges). */
export const isoDate = z
  .string({ error: 'Please choose a date.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'The date is YYYY-MM-DD.')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d, 'That is not a date.')
  // Year 0 is no date to PostgreSQL, and a week after 31 December 9999 has five digits: keep to this millennium.
  .refine((d) => d >= '2000-01-01' && d <= '2999-12-31', 'Please choose a date between 2000 and 2999.');
const kind = z.enum(APPOINTMENT_KIND_VALUES, { error: 'Choose a store visit or a video call.' });

/** GET /api/appointments/slots?kind=&storeId=&date= (storeId required for a store visit). */
export const AppointmentSlotsQuerySchema = z
  .object({ kind, storeId: optionalId, date: isoDate })
  .refine((q) => q.kind === 'video' || q.storeId !== undefined, { message: 'Please choose a store.', path: ['storeId'] });
export type AppointmentSlotsQuery = z.infer<typeof AppointmentSlotsQuerySchema>;

export const AppointmentSlotSchema = z.object({
  /** 'HH:MM', India's time; each slot is 60 minutes. */
  slot: z.string(),
  /** Places left (capacity less the Booked ones); 0 when full. */
  left: z.number().int(),
  /** False when full or already begun. */
  available: z.boolean(),
});
export const AppointmentSlotsSchema = z.object({
  kind,
  storeId: z.number().int().nullable(),
  date: z.string(),
  /** The bookable window: today to today + APPOINTMENT_DAYS_AHEAD (India). */
  firstDate: z.string(),
  lastDate: z.string(),
  capacity: z.number().int(),
  /** Why there is no slot that day (closed, past, too far ahead), or null. */
  closedReason: z.string().nullable(),
  slots: z.array(AppointmentSlotSchema),
});
export type AppointmentSlots = z.infer<typeof AppointmentSlotsSchema>;

const weightGrams = z
  .string({ error: 'Please enter the weight in grams.' })
  .trim()
  .regex(/^\d{1,5}(\.\d{1,3})?$/, 'Enter the weight in grams, up to 3 decimals (for example 12.5).')
  .refine((s) => Number(s) > 0 && Number(s) <= 10_000, 'The weight is more than 0 and at most 10,000 g.');
const purity = z.coerce
  .number({ error: 'Please choose the purity.' })
  .refine(
    (p): p is (typeof TRADE_IN_PURITY_VALUES)[number] => (TRADE_IN_PURITY_VALUES as readonly number[]).includes(p),
    'The purity is 24K, 22K, 20K, 18K, 14K or 9K.',
  );

/** GET /api/trade-in/estimate?weightGrams=&purity= */
export const TradeInEstimateQuerySchema = z.object({ weightGrams: z.coerce.string({ error: 'Please enter the weight in grams.' }).pipe(weightGrams), purity });
export type TradeInEstimateQuery = z.infer<typeof TradeInEstimateQuerySchema>;
export const TradeInEstimateSchema = z.object({
  estimatePaise: z.number().int(),
  /** The stated purity's rate: the day's 24K rate × fineness / 999. */
  ratePaisePerGram: z.number().int(),
  rateDate: z.string(),
  purity: z.number().int(),
  weightMg: z.number().int(),
  tradeInPercent: z.number().int(),
});
export type TradeInEstimate = z.infer<typeof TradeInEstimateSchema>;

/** POST /api/appointments. A trade-in's estimate is worked out again by the server at today's rate. */
export const BookAppointmentSchema = z
  .object({
    kind,
    storeId: optionalId,
    date: isoDate,
    slot: z.string({ error: 'Please choose a time.' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Please choose a time.'),
    purpose: z.enum(APPOINTMENT_PURPOSE_VALUES, { error: 'Please choose what the visit is for.' }),
    productId: optionalId,
    name: z.string({ error: 'Please enter your name.' }).trim().min(2, 'Please enter your name.').max(80, 'Name is too long.'),
    email: EmailSchema,
    phone: z.string({ error: 'Please enter your mobile number.' }).trim().regex(INDIAN_MOBILE, 'Please enter a valid 10-digit Indian mobile number.'),
    note: z.preprocess(blankIsUndefined, z.string().trim().max(500, 'A note is at most 500 characters.').optional()),
    tradeIn: z.preprocess(blankIsUndefined, z.object({ weightGrams: z.coerce.string().pipe(weightGrams), purity }).optional()),
  })
  .refine((b) => b.kind === 'video' || b.storeId !== undefined, { message: 'Please choose a store.', path: ['storeId'] });
export type BookAppointment = z.infer<typeof BookAppointmentSchema>;

export const AppointmentTradeInSchema = z.object({
  weightMg: z.number().int(),
  purity: z.number().int(),
  ratePaisePerGram: z.number().int(),
  rateDate: z.string(),
  estimatePaise: z.number().int(),
});

/** One appointment as its customer (or the guest with its link) sees it. */
export const AppointmentSchema = z.object({
  id: z.number().int(),
  kind,
  store: z.object({ id: z.number().int(), name: z.string(), city: z.string(), address: z.string(), phone: z.string() }).nullable(),
  date: z.string(),
  slot: z.string(),
  purpose: z.enum(APPOINTMENT_PURPOSE_VALUES),
  product: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  note: z.string().nullable(),
  tradeIn: AppointmentTradeInSchema.nullable(),
  status: z.enum(APPOINTMENT_STATUS_VALUES),
  /** Unconfirmed: until when the place is held for the confirmation (null once confirmed). */
  holdUntil: z.string().nullable(),
  /** Booked or Unconfirmed, and not yet begun. */
  cancellable: z.boolean(),
  createdAt: z.string(),
});
export type Appointment = z.infer<typeof AppointmentSchema>;
/**
 * The 201 answer: the appointment and, once only, the token of its manage link (also in the mail). Null while the
 * booking waits for its e-mail to be confirmed: the link then goes only to that mailbox, or its holder could confirm
 * an address that is not theirs (issue 35).
 */
export const AppointmentBookedSchema = AppointmentSchema.extend({ manageToken: z.string().nullable() });
export type AppointmentBooked = z.infer<typeof AppointmentBookedSchema>;
export const AppointmentListSchema = z.object({ data: z.array(AppointmentSchema) });

/**
 * GET /api/appointments/manage?token=, POST /api/appointments/manage/cancel { token } and
 * POST /api/appointments/manage/confirm { token } (the link mailed to the address a booking gave).
 */
export const AppointmentTokenSchema = z.object({
  token: z.string({ error: 'The link is not complete.' }).regex(/^[A-Za-z0-9_-]{20,100}$/, 'The link is not complete.'),
});
export const AppointmentIdParamsSchema = z.object({ id });

/** GET /api/admin/appointments?kind=&storeId=&from=&to= (at most 31 days; from defaults to today, to to from + 6). */
export const AdminAppointmentsQuerySchema = z
  .object({
    kind: kind.default('store'),
    storeId: optionalId,
    from: z.preprocess(blankIsUndefined, isoDate.optional()),
    to: z.preprocess(blankIsUndefined, isoDate.optional()),
  })
  .refine((q) => q.kind === 'video' || q.storeId !== undefined, { message: 'Please choose a store.', path: ['storeId'] });
export type AdminAppointmentsQuery = z.infer<typeof AdminAppointmentsQuerySchema>;
export const AdminAppointmentSchema = AppointmentSchema.omit({ cancellable: true }).extend({
  customerId: z.number().int().nullable(),
  /** Issue 39: the member who sees the shopper, once assigned. */
  assignee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Issue 39: the slot has begun, so it may be marked Attended or Missed. */
  started: z.boolean(),
});
export type AdminAppointment = z.infer<typeof AdminAppointmentSchema>;
export const AdminAppointmentCalendarSchema = z.object({
  kind,
  store: z.object({ id: z.number().int(), name: z.string(), city: z.string(), hours: z.string() }).nullable(),
  from: z.string(),
  to: z.string(),
  capacity: z.number().int(),
  /** Each day with its slots (empty when closed), for the week view's rows. */
  days: z.array(z.object({ date: z.string(), slots: z.array(z.string()) })),
  appointments: z.array(AdminAppointmentSchema),
});
export type AdminAppointmentCalendar = z.infer<typeof AdminAppointmentCalendarSchema>;
/** Issue 39: GET /api/admin/appointments/day?date=: one day across every store and the video desk. */
export const AdminAppointmentDayQuerySchema = z.object({ date: z.preprocess(blankIsUndefined, isoDate.optional()) });
export const AdminAppointmentDaySchema = z.object({
  date: z.string(),
  /** The places of the day, in order: each active store, then the video desk ('video'). */
  places: z.array(
    z.object({
      key: z.string(),
      kind,
      storeId: z.number().int().nullable(),
      name: z.string(),
      hours: z.string(),
      /** The place's slots that day (empty when closed). */
      slots: z.array(z.string()),
    }),
  ),
  appointments: z.array(AdminAppointmentSchema),
  /** The members who may be assigned (those who work the orders desk), by name. */
  members: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type AdminAppointmentDay = z.infer<typeof AdminAppointmentDaySchema>;
/** Issue 39: POST /api/admin/appointments/{id}/assign: the member who sees the shopper, or null to unassign. */
export const AdminAppointmentAssignSchema = z.object({
  staffId: z.preprocess(
    (v) => (v === '' ? null : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z.number({ error: 'Choose a member, or nobody.' }).int('Choose a member, or nobody.').positive('Choose a member, or nobody.').nullable(),
  ),
});
export type AdminAppointmentAssign = z.infer<typeof AdminAppointmentAssignSchema>;
/** POST /api/admin/appointments/{id}/status; the note is kept in the audit log. Only a Booked one moves. */
export const AdminAppointmentStatusSchema = z.object({
  status: z.enum(['Attended', 'Missed', 'Cancelled'], { error: 'The status is Attended, Missed or Cancelled.' }),
  note: z.preprocess(blankIsUndefined, z.string().trim().max(500, 'A note is at most 500 characters.').optional()),
});
export type AdminAppointmentStatus = z.infer<typeof AdminAppointmentStatusSchema>;
