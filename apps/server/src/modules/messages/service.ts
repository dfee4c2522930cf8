import { MESSAGE_CHANNELS, MESSAGE_KINDS, isMessageKind, type MessageChannel, type MessageKind, type MessagePurpose } from '@milli/contracts';
import type { Db } from '@milli/db';
import { indianNationalNumber } from '../../lib/indian-phone.ts';
import {
  deleteCustomerMessages,
  insertMessage,
  pruneSentMessages,
  selectConsents,
  selectCustomerMessages,
  selectTemplate,
  selectTemplates,
  upsertConsent,
  upsertTemplate,
  type TemplateValues,
} from './repository.ts';
import { MESSAGE_TEMPLATES, messageText } from './texts.ts';

export interface QueuedMessage {
  channel: MessageChannel;
  /** Any common spelling of an Indian mobile number; kept as E.164 (+91…). */
  toPhone: string;
  kind: MessageKind;
  /** The kind's template values (texts.ts), each a string. */
  params: Record<string, string>;
  customerId?: number | null;
}

/** `text` as an E.164 Indian mobile number (+91 and ten digits starting 6-9), or null when it is not one. */
export function indianMobile(text: string): string | null {
  const digits = indianNationalNumber(text);
  return digits && /^[6-9]/.test(digits) ? `+91${digits}` : null;
}

/**
 * Puts a message in the outbox (decision 057). Call it with the transaction of the change that causes it: the message
 * is sent if and only if that change commits; the messenger (sender.ts) sends it afterwards. The caller has chosen the
 * channel (a sign-in code goes where the shopper asked); queueForCustomer chooses by the customer's consent. Returns the
 * message's id, or null when the number is not an Indian mobile number (a landline on an order: no message).
 */
export async function queueMessage(tx: Db, message: QueuedMessage): Promise<number | null> {
  if (!isMessageKind(message.kind)) throw new Error(`unknown message kind ${String(message.kind)}`);
  if (!(MESSAGE_CHANNELS as readonly string[]).includes(message.channel)) throw new Error(`unknown message channel ${String(message.channel)}`);
  const params: Record<string, string> = {};
  for (const name of MESSAGE_TEMPLATES[message.kind].params) {
    const value = message.params[name];
    if (typeof value !== 'string' || value.trim() === '') throw new Error(`message ${message.kind} needs its ${name}`);
    params[name] = value.trim();
  }
  const toPhone = indianMobile(message.toPhone);
  if (!toPhone) return null;
  return insertMessage(tx, { customerId: message.customerId ?? null, channel: message.channel, toPhone, kind: message.kind, params });
}

/** Records a customer's answer for one channel and purpose (My Account, the stop word, an opt-out link). */
export async function setConsent(tx: Db, customerId: number, channel: MessageChannel, purpose: MessagePurpose, granted: boolean): Promise<void> {
  await upsertConsent(tx, customerId, channel, purpose, granted);
}

export interface MessagePreferences {
  /** Per purpose, per channel: whether messages go there (the default applied where the customer never answered). */
  orders: Record<MessageChannel, boolean>;
  marketing: Record<MessageChannel, boolean>;
}

/**
 * What the customer receives, by purpose and channel (decision 057): their answers where they gave one; order messages
 * with no answer on either channel go by SMS, and marketing goes nowhere without a yes.
 */
export async function messagePreferences(db: Db, customerId: number): Promise<MessagePreferences> {
  const rows = await selectConsents(db, customerId);
  const answered = (purpose: MessagePurpose, channel: MessageChannel) => rows.find((r) => r.purpose === purpose && r.channel === channel)?.granted;
  const anyOrders = rows.some((r) => r.purpose === 'orders');
  return {
    orders: {
      sms: answered('orders', 'sms') ?? !anyOrders,
      whatsapp: answered('orders', 'whatsapp') ?? false,
    },
    marketing: { sms: answered('marketing', 'sms') ?? false, whatsapp: answered('marketing', 'whatsapp') ?? false },
  };
}

/**
 * Queues a kind for a customer (or a guest, customerId null) on each channel their consent allows (messagePreferences;
 * a guest's order messages go by SMS to the number they gave), in the caller's transaction. The ids queued.
 */
export async function queueForCustomer(
  tx: Db,
  to: { customerId: number | null; phone: string | null | undefined },
  kind: MessageKind,
  params: Record<string, string>,
): Promise<number[]> {
  if (!to.phone) return [];
  const purpose = MESSAGE_KINDS[kind];
  const channels: MessageChannel[] =
    to.customerId === null
      ? purpose === 'orders'
        ? ['sms']
        : []
      : await messagePreferences(tx, to.customerId).then((p) => MESSAGE_CHANNELS.filter((c) => p[purpose][c]));
  const ids: number[] = [];
  for (const channel of channels) {
    const id = await queueMessage(tx, { channel, toPhone: to.phone, kind, params, customerId: to.customerId });
    if (id !== null) ids.push(id);
  }
  return ids;
}

/** A customer's messages, newest first (the back office's customer desk). */
export function customerMessages(db: Db, customerId: number, limit = 50) {
  return selectCustomerMessages(db, customerId, limit);
}

/** My Account's message preferences, the whole choice at once (each box an answer, recorded as the customer's). */
export async function setMessagePreferences(
  tx: Db,
  customerId: number,
  choice: { orders_sms: boolean; orders_whatsapp: boolean; marketing_sms: boolean; marketing_whatsapp: boolean },
): Promise<void> {
  await upsertConsent(tx, customerId, 'sms', 'orders', choice.orders_sms);
  await upsertConsent(tx, customerId, 'whatsapp', 'orders', choice.orders_whatsapp);
  await upsertConsent(tx, customerId, 'sms', 'marketing', choice.marketing_sms);
  await upsertConsent(tx, customerId, 'whatsapp', 'marketing', choice.marketing_whatsapp);
}

/** Each kind with its text (variables shown as {{1}}, {{2}} …, as the templates are registered) and its templates. */
export async function messageTemplates(db: Db) {
  const rows = new Map((await selectTemplates(db)).map((r) => [r.kind, r]));
  return (Object.keys(MESSAGE_KINDS) as MessageKind[]).map((kind) => templateView(kind, rows.get(kind) ?? null));
}

function templateView(kind: MessageKind, row: (TemplateValues & { kind: string }) | null) {
  const variables = [...MESSAGE_TEMPLATES[kind].params];
  const text = messageText(kind, Object.fromEntries(variables.map((name, i) => [name, `{{${i + 1}}}`])));
  return {
    kind,
    text,
    variables,
    msg91TemplateId: row?.msg91TemplateId ?? null,
    dltTemplateId: row?.dltTemplateId ?? null,
    whatsappTemplate: row?.whatsappTemplate ?? null,
    whatsappLanguage: row?.whatsappLanguage ?? 'en',
  };
}

/** Sets a kind's templates; the kind as it was and is (the audit log's before and after). */
export async function setMessageTemplate(tx: Db, kind: MessageKind, values: TemplateValues) {
  const before = templateView(kind, await selectTemplate(tx, kind));
  await upsertTemplate(tx, kind, values);
  return { before, after: templateView(kind, await selectTemplate(tx, kind)) };
}

/** The kind's MSG91 template id, for the SMS provider (null: none set). */
export async function msg91TemplateFor(db: Db, kind: string): Promise<string | null> {
  return (await selectTemplate(db, kind))?.msg91TemplateId ?? null;
}

/** The kind's WhatsApp template, for the WhatsApp provider (null: none set). */
export async function whatsappTemplateFor(db: Db, kind: string): Promise<{ name: string; language: string } | null> {
  const row = await selectTemplate(db, kind);
  return row?.whatsappTemplate ? { name: row.whatsappTemplate, language: row.whatsappLanguage } : null;
}

/**
 * A customer's data erased (decision 044): every message to them, sent or waiting, and their preferences go. A STOP
 * from their number then finds nobody, and nothing queued for them is sent.
 */
export function forgetMessagesOf(tx: Db, customerId: number): Promise<number> {
  return deleteCustomerMessages(tx, customerId);
}

/**
 * Housekeeping's sweep: messages sent before `sentBefore` (the same 30 days as mail; failed ones stay). One with an
 * opt-out link is kept, blanked, until `linkBefore`, so the link still works.
 */
export function pruneMessages(tx: Db, sentBefore: Date, linkBefore: Date): Promise<number> {
  return pruneSentMessages(tx, sentBefore, linkBefore);
}
