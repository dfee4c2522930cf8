import { z } from 'zod';
import { RATE_LABELS } from './admin-rates.ts';
import { RATE_ALERT_CHANNELS } from './text-messages.ts';

/**
 * The day's rates in public (issue 42): GET /api/rates/today, GET /api/rates/history and the rate alerts of
 * POST /api/rate-alerts. Metals only (a diamond's rate is per carat and per grade, and the shop prices diamonds by
 * the piece): gold at four purities, platinum 950, silver 925, each in paise per gram.
 */
export const PUBLIC_RATE_KEYS = ['gold:24', 'gold:22', 'gold:18', 'gold:14', 'platinum:950', 'silver:925'] as const;
export type PublicRateKey = (typeof PUBLIC_RATE_KEYS)[number];

export const RATE_METALS = ['gold', 'platinum', 'silver'] as const;
export type RateMetal = (typeof RATE_METALS)[number];

/** The purities a metal's rate is set for. */
export const PURITIES_OF: Record<RateMetal, readonly number[]> = { gold: [24, 22, 18, 14], platinum: [950], silver: [925] };

/** '22 kt gold', 'Platinum 950'. */
export function publicRateLabel(metal: RateMetal, purity: number): string {
  return RATE_LABELS[`${metal}:${purity}` as PublicRateKey] ?? `${metal} ${purity}`;
}

/** The periods /gold-rate draws (days), and the most a history answer covers. */
export const RATE_HISTORY_PERIODS = [30, 90, 365] as const;
export const PUBLIC_RATE_HISTORY_MAX_DAYS = 366;

const DateString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A rate and the Indian day it was set on. */
export const DatedPaiseSchema = z.object({ paisePerGram: z.number().int(), setOn: DateString });

export const PublicRateSchema = z.object({
  key: z.enum(PUBLIC_RATE_KEYS),
  label: z.string(),
  metal: z.enum(RATE_METALS),
  purity: z.number().int(),
  /** The rate in force today (the newest set on or before today), or null while none was ever set. */
  paisePerGram: z.number().int().nullable(),
  paisePer10Grams: z.number().int().nullable(),
  /** The day that rate was set (today, or an earlier day when staff have not set today's yet). */
  setOn: DateString.nullable(),
  /** The rate in force yesterday, and the change from it to today's (null without both). */
  yesterday: DatedPaiseSchema.nullable(),
  changePaise: z.number().int().nullable(),
});
export type PublicRate = z.infer<typeof PublicRateSchema>;

/** GET /api/rates/today */
export const RatesTodaySchema = z.object({
  /** Today in India. */
  date: DateString,
  rates: z.array(PublicRateSchema),
});
export type RatesToday = z.infer<typeof RatesTodaySchema>;

const purityMessage = 'Please choose a purity sold here: gold 24, 22, 18 or 14 (karat), platinum 950 or silver 925.';

/** GET /api/rates/history?metal=gold&purity=22&days=90 */
export const RateHistoryQuerySchema = z
  .object({
    metal: z.enum(RATE_METALS, { message: 'Please choose gold, platinum or silver.' }),
    purity: z.coerce.number({ message: purityMessage }).int(purityMessage),
    days: z.coerce
      .number({ message: `Please ask for 1 to ${PUBLIC_RATE_HISTORY_MAX_DAYS} days.` })
      .int(`Please ask for 1 to ${PUBLIC_RATE_HISTORY_MAX_DAYS} days.`)
      .min(1, `Please ask for 1 to ${PUBLIC_RATE_HISTORY_MAX_DAYS} days.`)
      .max(PUBLIC_RATE_HISTORY_MAX_DAYS, `Please ask for 1 to ${PUBLIC_RATE_HISTORY_MAX_DAYS} days.`)
      .default(30),
  })
  .refine((q) => PURITIES_OF[q.metal].includes(q.purity), { message: purityMessage, path: ['purity'] });
export type RateHistoryQuery = z.infer<typeof RateHistoryQuerySchema>;

export const RateHistorySchema = z.object({
  key: z.enum(PUBLIC_RATE_KEYS),
  label: z.string(),
  metal: z.enum(RATE_METALS),
  purity: z.number().int(),
  days: z.number().int(),
  /** The first and last day covered (Indian dates, both included); `to` is today. */
  from: DateString,
  to: DateString,
  /** The rate in force when the period began (set before `from`), so the line starts on its first day. */
  opening: DatedPaiseSchema.nullable(),
  /** Each day in the period a rate was set, oldest first; a rate holds until the next. */
  points: z.array(z.object({ date: DateString, paisePerGram: z.number().int() })),
  low: z.number().int().nullable(),
  high: z.number().int().nullable(),
});
export type RateHistory = z.infer<typeof RateHistorySchema>;

// ---------------------------------------------------------------------------------------------
// Rate alerts

/** Live (or waiting to be confirmed) alerts one person may have at once. */
export const RATE_ALERTS_PER_PERSON = 5;

export const RateAlertBodySchema = z
  .object({
    metal: z.enum(RATE_METALS, { message: 'Please choose gold, platinum or silver.' }),
    purity: z.coerce.number({ message: purityMessage }).int(purityMessage),
    direction: z.enum(['below', 'above'], { message: 'Please choose whether to be told when the rate goes below or above your level.' }),
    paisePerGram: z.coerce
      .number({ message: 'Please give the rate to watch for, in paise a gram.' })
      .int('Please give the rate to watch for in whole paise a gram.')
      .positive('Please give a rate above zero.')
      .max(1_000_000_000, 'That rate is far beyond any metal’s: please check it.'),
    /** Issue 42: SMS or WhatsApp go to the signed-in account's verified mobile number; e-mail to `email`. */
    channel: z.enum(RATE_ALERT_CHANNELS, { message: 'Please choose e-mail, SMS or WhatsApp.' }).default('email'),
    // A form's empty e-mail box is no e-mail (an alert by SMS or WhatsApp needs none).
    email: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.string().trim().toLowerCase().max(254).email('Please give a valid e-mail address.').optional(),
    ),
  })
  .refine((b) => PURITIES_OF[b.metal].includes(b.purity), { message: purityMessage, path: ['purity'] })
  .refine((b) => b.channel !== 'email' || b.email !== undefined, { message: 'Please give the e-mail address to tell.', path: ['email'] });
export type RateAlertBody = z.infer<typeof RateAlertBodySchema>;

export const RATE_ALERT_STATUSES = ['pending', 'live', 'sent', 'stopped'] as const;

/** One alert as its owner sees it. */
export const RateAlertSchema = z.object({
  id: z.number().int(),
  metal: z.enum(RATE_METALS),
  purity: z.number().int(),
  label: z.string(),
  direction: z.enum(['below', 'above']),
  paisePerGram: z.number().int(),
  channel: z.enum(RATE_ALERT_CHANNELS),
  /** The address told (an alert by e-mail), or null. */
  email: z.string().nullable(),
  /** The number told (an alert by SMS or WhatsApp), all but its last four digits hidden: '+91 ••••••3210'. */
  phone: z.string().nullable(),
  status: z.enum(RATE_ALERT_STATUSES),
  createdAt: z.string(),
  firedAt: z.string().nullable(),
  firedRatePaise: z.number().int().nullable(),
});
export type RateAlert = z.infer<typeof RateAlertSchema>;

/** POST /api/rate-alerts: what happened, in a sentence for the page. */
export const RateAlertCreatedSchema = z.object({
  status: z.enum(['pending', 'live']),
  message: z.string(),
});
export type RateAlertCreated = z.infer<typeof RateAlertCreatedSchema>;

/** POST /api/rate-alerts/confirm and /api/rate-alerts/stop: the token from the mail's link, in the body. */
export const RateAlertTokenSchema = z.object({
  token: z
    .string({ message: 'This link is incomplete. Please open it again from the mail.' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, 'This link is incomplete. Please open it again from the mail.'),
});
export const RateAlertTokenAnswerSchema = z.object({ message: z.string(), alert: RateAlertSchema });

/** GET /api/rate-alerts: the signed-in shopper's alerts, newest first. */
export const RateAlertListSchema = z.object({ data: z.array(RateAlertSchema) });
export const RateAlertIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
