import type { MessageKind } from '@milli/contracts';

/**
 * What each kind of message says, and the values its template takes, in order (decision 057). The same order is the
 * DLT template's variables on MSG91 (var1, var2 …) and the WhatsApp template's body parameters ({{1}}, {{2}} …), so the
 * templates registered with TRAI's DLT platform and Meta (docs/operations.md) are these texts with the values as
 * variables. The texts are short: one SMS is 160 characters, and the opt-out link follows them.
 */
export const MESSAGE_TEMPLATES: Record<MessageKind, { params: readonly string[]; text: (p: Record<string, string>) => string }> = {
  sign_in_code: {
    params: ['code'],
    text: (p) => `${p.code} is your Milli sign-in code. It works once, for 10 minutes. Never share it: Milli will not ask for it.`,
  },
  order_placed: { params: ['order', 'amount'], text: (p) => `Milli: thank you! Your order ${p.order} for ${p.amount} is placed.` },
  order_paid: { params: ['order', 'amount'], text: (p) => `Milli: we have received ${p.amount} for your order ${p.order}. We will tell you when it ships.` },
  order_dispatched: {
    params: ['order', 'courier', 'awb', 'tracking'],
    text: (p) => `Milli: your order ${p.order} is on its way with ${p.courier}, AWB ${p.awb}. Track it: ${p.tracking}`,
  },
  order_out_for_delivery: { params: ['order'], text: (p) => `Milli: your order ${p.order} is out for delivery today. Please keep an ID ready.` },
  order_delivered: { params: ['order'], text: (p) => `Milli: your order ${p.order} is delivered. We hope you love it.` },
  refund_issued: { params: ['order', 'amount'], text: (p) => `Milli: a refund of ${p.amount} for your order ${p.order} is on its way to you.` },
  harvest_instalment_due: {
    params: ['plan', 'amount', 'due'],
    text: (p) => `Milli Harvest: your instalment of ${p.amount} for plan ${p.plan} is due on ${p.due}.`,
  },
  harvest_instalment_received: {
    params: ['plan', 'amount'],
    text: (p) => `Milli Harvest: we have received your instalment of ${p.amount} for plan ${p.plan}.`,
  },
  harvest_plan_matured: { params: ['plan'], text: (p) => `Milli Harvest: your plan ${p.plan} has matured. Redeem it for jewellery of your choice.` },
  appointment_booked: {
    params: ['what', 'when'],
    text: (p) => `Milli: your ${p.what} is booked for ${p.when}. To change it, use the link in our e-mail or call us.`,
  },
  appointment_reminder: { params: ['what', 'when'], text: (p) => `Milli: a reminder of your ${p.what} tomorrow, ${p.when}. We look forward to seeing you.` },
  cad_ready_for_approval: {
    params: ['request'],
    text: (p) => `Milli: the design for your request ${p.request} is ready. Please see it and approve it in My Account.`,
  },
  return_update: { params: ['return', 'status'], text: (p) => `Milli: your return ${p.return} is now ${p.status}.` },
  rate_alert_set: {
    params: ['watch', 'stop'],
    text: (p) => `Milli: we will tell you once when ${p.watch}. To stop this alert: ${p.stop}`,
  },
  rate_alert_crossed: {
    params: ['metal', 'rate', 'date', 'page'],
    text: (p) => `Milli: our ${p.metal} rate for ${p.date} is ${p.rate} a gram, past the level you asked for. This alert has ended. Today's rates: ${p.page}`,
  },
};

/** The kind's values in template order, as the providers take them. */
export function templateValues(kind: MessageKind, params: Record<string, string>): string[] {
  return MESSAGE_TEMPLATES[kind].params.map((name) => params[name] ?? '');
}

/** The message as the customer reads it. */
export function messageText(kind: MessageKind, params: Record<string, string>): string {
  return MESSAGE_TEMPLATES[kind].text(params);
}
