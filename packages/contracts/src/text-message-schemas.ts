import { z } from 'zod';
import { MESSAGE_CHANNELS, MESSAGE_KINDS, MESSAGE_STATUSES } from './text-messages.ts';

/**
 * The messages module's API (issue 41, decision 057): the providers' receipt webhooks, the opt-out link's page, My
 * Account's message preferences, the customer desk's list of a customer's messages and the message templates.
 */

/** What a receipt webhook did: receipts that moved a message on, those that changed nothing, customers a stop word stopped. */
export const MessageReceiptsAnswerSchema = z.object({ updated: z.number().int(), unchanged: z.number().int(), stopped: z.number().int() });
export type MessageReceiptsAnswer = z.infer<typeof MessageReceiptsAnswerSchema>;

const ChannelFlagsSchema = z.object({ sms: z.boolean(), whatsapp: z.boolean() });
/** Per purpose and channel, whether messages go there (the default applied where the customer never answered). */
export const MessagePreferencesSchema = z.object({ orders: ChannelFlagsSchema, marketing: ChannelFlagsSchema });
export type MessagePreferences = z.infer<typeof MessagePreferencesSchema>;

/** A checkbox: sent 'on' when ticked, absent when not (a form without JavaScript); JSON may send true or false. */
const tick = z.preprocess((v) => v === true || v === 'on' || v === 'true' || v === '1', z.boolean());
/** PUT /api/account/messages: the whole choice; a box not sent is off. */
export const MessagePreferencesUpdateSchema = z.strictObject(
  { orders_sms: tick, orders_whatsapp: tick, marketing_sms: tick, marketing_whatsapp: tick },
  { error: 'Only orders_sms, orders_whatsapp, marketing_sms and marketing_whatsapp can be chosen.' },
);
export type MessagePreferencesUpdate = z.infer<typeof MessagePreferencesUpdateSchema>;

/** The opt-out link's token (its query `t`, or the form's field). */
export const MessageOptOutQuerySchema = z.object({
  t: z.string({ error: 'The link is not complete.' }).min(1, 'The link is not complete.').max(100, 'The link is not valid.'),
});
export const MessageOptOutAnswerSchema = z.object({ channel: z.enum(MESSAGE_CHANNELS) });
export type MessageOptOutAnswer = z.infer<typeof MessageOptOutAnswerSchema>;

/** One of a customer's messages as the customer desk shows it (never its values: a sign-in code is among them). */
export const AdminCustomerMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(MESSAGE_CHANNELS),
  toPhone: z.string(),
  kind: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  provider: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  updatedAt: z.string(),
});
export const AdminCustomerMessagesSchema = z.object({ messages: z.array(AdminCustomerMessageSchema) });
export type AdminCustomerMessages = z.infer<typeof AdminCustomerMessagesSchema>;

const KIND_NAMES = Object.keys(MESSAGE_KINDS) as [keyof typeof MESSAGE_KINDS, ...(keyof typeof MESSAGE_KINDS)[]];
export const MessageKindParamsSchema = z.object({ kind: z.enum(KIND_NAMES, { error: 'That is not a message kind.' }) });

/** A kind's templates at the providers. */
export const MessageTemplateSchema = z.object({
  kind: z.enum(KIND_NAMES),
  /** The template's text with its variables in order: what to register with DLT and Meta. */
  text: z.string(),
  variables: z.array(z.string()),
  msg91TemplateId: z.string().nullable(),
  dltTemplateId: z.string().nullable(),
  whatsappTemplate: z.string().nullable(),
  whatsappLanguage: z.string(),
});
export const MessageTemplatesSchema = z.object({ templates: z.array(MessageTemplateSchema) });
export type MessageTemplates = z.infer<typeof MessageTemplatesSchema>;

const optional = (max: number, pattern: RegExp, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
    z.string().max(max).regex(pattern, message).nullable().default(null),
  );
export const MessageTemplateUpdateSchema = z.strictObject({
  msg91TemplateId: optional(64, /^[A-Za-z0-9_-]+$/, 'The MSG91 template id is letters and digits, as MSG91 shows it.'),
  dltTemplateId: optional(19, /^\d{19}$/, 'The DLT template id is the 19 digits the DLT platform gave the template.'),
  whatsappTemplate: optional(512, /^[a-z0-9_]+$/, 'A WhatsApp template name is lower-case letters, digits and underscores.'),
  whatsappLanguage: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : 'en'),
    z.string().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'The language is a code such as en, en_US or hi.'),
  ),
});
export type MessageTemplateUpdate = z.infer<typeof MessageTemplateUpdateSchema>;
