/**
 * Messages on SMS and WhatsApp (issue 41, decision 057): the channels, what a message is for, the statuses a message
 * goes through and the kinds the store sends. One list each, read by the server's messages module, its database
 * tables, My Account's preferences and the back office's customer desk. Browser-safe: constants and types only.
 */

/** The phone channels the store sends messages on. */
export const MESSAGE_CHANNELS = ['sms', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const MESSAGE_CHANNEL_LABELS: Record<MessageChannel, string> = { sms: 'SMS', whatsapp: 'WhatsApp' };

/**
 * How a rate alert tells its person (issue 42, decision 062): an e-mail, or an SMS or WhatsApp message to the verified
 * mobile number of the signed-in shopper's account.
 */
export const RATE_ALERT_CHANNELS = ['email', ...MESSAGE_CHANNELS] as const;
export type RateAlertChannel = (typeof RATE_ALERT_CHANNELS)[number];
export const RATE_ALERT_CHANNEL_LABELS: Record<RateAlertChannel, string> = { email: 'E-mail', ...MESSAGE_CHANNEL_LABELS };

/** What a message is for: the customer's own orders, plans and visits, or marketing (never without consent). */
export const MESSAGE_PURPOSES = ['orders', 'marketing'] as const;
export type MessagePurpose = (typeof MESSAGE_PURPOSES)[number];
export const MESSAGE_PURPOSE_LABELS: Record<MessagePurpose, string> = {
  orders: 'Orders, plans, appointments and rate alerts',
  marketing: 'Offers and new collections',
};

/** A message's life: queued in the outbox, accepted by the provider, delivered to the phone, read (WhatsApp), or failed. */
export const MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
};

/** Each kind of message the store sends, with the purpose its consent is asked for. */
export const MESSAGE_KINDS = {
  sign_in_code: 'orders',
  order_placed: 'orders',
  order_paid: 'orders',
  order_dispatched: 'orders',
  order_out_for_delivery: 'orders',
  order_delivered: 'orders',
  refund_issued: 'orders',
  harvest_instalment_due: 'orders',
  harvest_instalment_received: 'orders',
  harvest_plan_matured: 'orders',
  appointment_booked: 'orders',
  appointment_reminder: 'orders',
  cad_ready_for_approval: 'orders',
  return_update: 'orders',
  rate_alert_set: 'orders',
  rate_alert_crossed: 'orders',
} as const satisfies Record<string, MessagePurpose>;
export type MessageKind = keyof typeof MESSAGE_KINDS;
export const MESSAGE_KIND_LABELS: Record<MessageKind, string> = {
  sign_in_code: 'Sign-in code',
  order_placed: 'Order placed',
  order_paid: 'Order paid',
  order_dispatched: 'Order dispatched',
  order_out_for_delivery: 'Out for delivery',
  order_delivered: 'Order delivered',
  refund_issued: 'Refund issued',
  harvest_instalment_due: 'Harvest instalment due',
  harvest_instalment_received: 'Harvest instalment received',
  harvest_plan_matured: 'Harvest plan matured',
  appointment_booked: 'Appointment booked',
  appointment_reminder: 'Appointment reminder',
  cad_ready_for_approval: 'Design ready for approval',
  return_update: 'Return update',
  rate_alert_set: 'Rate alert set',
  rate_alert_crossed: 'Rate alert: the rate crossed its level',
};
export function isMessageKind(kind: string): kind is MessageKind {
  return Object.hasOwn(MESSAGE_KINDS, kind);
}
