import { createHash } from 'node:crypto';
import type { MessageChannel } from '@milli/contracts';
import type { Db } from '@milli/db';
import { msg91Status } from './msg91.ts';
import { advanceStatus, selectCustomersMessagedAt, selectMessageByOptOut, upsertConsent } from './repository.ts';
import { whatsappStatus } from './whatsapp.ts';

/**
 * What the providers tell the store after a send (decision 057): delivery receipts move each message's status forward
 * (a replayed or late receipt changes nothing), and a customer's "STOP" on WhatsApp or an opt-out link withdraws their
 * consent for that channel at once. The routes check each webhook's signature before anything here is called.
 */
export interface ReceiptsAnswer {
  /** Receipts that moved a message on. */
  updated: number;
  /** Receipts taken and changing nothing: a replay, a late one, a message not the store's. */
  unchanged: number;
  /** Customers whose consent a stop word withdrew. */
  stopped: number;
}

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const asRecord = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/**
 * MSG91's delivery report: `{ data: [{ requestId, report: [{ number, status, desc }] }] }` (or that list alone, or the
 * list as a JSON string in `data`, as its form-encoded reports carry it).
 */
export async function applyMsg91Report(db: Db, body: unknown): Promise<ReceiptsAnswer> {
  let data: unknown = Array.isArray(body) ? body : asRecord(body).data;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      data = [];
    }
  }
  const answer: ReceiptsAnswer = { updated: 0, unchanged: 0, stopped: 0 };
  for (const item of asArray(data)) {
    const requestId = asRecord(item).requestId;
    if (typeof requestId !== 'string' || requestId === '') continue;
    for (const report of asArray(asRecord(item).report)) {
      const r = asRecord(report);
      const status = msg91Status(r);
      if (!status) {
        answer.unchanged++;
        continue;
      }
      const moved = await advanceStatus(db, 'msg91', requestId, status, typeof r.desc === 'string' ? `MSG91: ${r.desc}`.slice(0, 80) : undefined);
      if (moved === null) answer.unchanged++;
      else answer.updated++;
    }
  }
  return answer;
}

/** Words a customer sends to stop messages (case and spaces ignored). */
const STOP_WORDS = new Set(['STOP', 'STOP ALL', 'UNSUBSCRIBE', 'CANCEL', 'OPT OUT', 'OPTOUT']);

/**
 * The WhatsApp Cloud API's webhook: `entry[].changes[].value` carries `statuses` (sent, delivered, read, failed, each
 * naming the wamid the send was answered with) and `messages` (what customers write: a stop word withdraws WhatsApp
 * messages, orders and marketing, for every customer the store has messaged at that number).
 */
export async function applyWhatsAppWebhook(db: Db, payload: unknown): Promise<ReceiptsAnswer> {
  const answer: ReceiptsAnswer = { updated: 0, unchanged: 0, stopped: 0 };
  for (const entry of asArray(asRecord(payload).entry)) {
    for (const change of asArray(asRecord(entry).changes)) {
      const value = asRecord(asRecord(change).value);
      for (const s of asArray(value.statuses)) {
        const st = asRecord(s);
        const status = whatsappStatus(st.status);
        if (!status || typeof st.id !== 'string') {
          answer.unchanged++;
          continue;
        }
        const error = asRecord(asArray(st.errors)[0]);
        const why = typeof error.title === 'string' ? `WhatsApp: ${error.title}`.slice(0, 120) : undefined;
        const moved = await advanceStatus(db, 'meta', st.id, status, why);
        if (moved === null) answer.unchanged++;
        else answer.updated++;
      }
      for (const m of asArray(value.messages)) {
        const msg = asRecord(m);
        const text = asRecord(msg.text).body;
        if (msg.type !== 'text' || typeof text !== 'string' || typeof msg.from !== 'string') continue;
        if (!STOP_WORDS.has(text.trim().toUpperCase().replace(/\s+/g, ' '))) continue;
        if (!/^91[6-9]\d{9}$/.test(msg.from)) continue;
        const customers = await selectCustomersMessagedAt(db, 'whatsapp', `+${msg.from}`);
        for (const customerId of customers) await withdraw(db, customerId, 'whatsapp');
        answer.stopped += customers.length;
      }
    }
  }
  return answer;
}

async function withdraw(db: Db, customerId: number, channel: MessageChannel): Promise<void> {
  await upsertConsent(db, customerId, channel, 'orders', false);
  await upsertConsent(db, customerId, channel, 'marketing', false);
}

/** The message an opt-out link's token belongs to, or null (a token never issued, or mistyped). */
export async function optOutTarget(db: Db, token: string) {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
  const row = await selectMessageByOptOut(db, createHash('sha256').update(token).digest('hex'));
  return row && row.customerId !== null ? { customerId: row.customerId, channel: row.channel } : null;
}

/** The link's customer gets no more messages on the link's channel (orders and marketing); the channel, or null. */
export async function optOut(db: Db, token: string): Promise<MessageChannel | null> {
  const target = await optOutTarget(db, token);
  if (!target) return null;
  await withdraw(db, target.customerId, target.channel);
  return target.channel;
}
