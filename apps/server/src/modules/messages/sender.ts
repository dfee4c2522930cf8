import type { MessageChannel } from '@milli/contracts';
import type { Db } from '@milli/db';
import { isMessageKind } from '@milli/contracts';
import { createHash, randomBytes } from 'node:crypto';
import { PermanentJobError, jobErrorMessage, type JobEngine } from '../../lib/jobs.ts';
import { MessageSendError, createFolderProvider, type MessageProvider } from './provider.ts';
import { createMessageOutbox } from './repository.ts';
import { messageText } from './texts.ts';

export interface MessengerOptions {
  /** The provider per channel (configured: MSG91, Meta); a channel without one goes to DATA_DIR/messages. */
  providers?: Partial<Record<MessageChannel, MessageProvider>>;
  /** Where the local folder lives ('memory': nowhere; a channel without a provider waits in the outbox). */
  dataDir: string;
  /** The job engine: kick() sends it a `messages.flush` job. */
  jobs: Pick<JobEngine, 'send'>;
  /** The store's address (PUBLIC_URL): a customer's message ends with its opt-out link there. None: no link. */
  publicUrl?: string | undefined;
  log?: { warn(obj: object, msg: string): void };
}

/** One send at a time per message: a send under way is not started again by anyone for this long (a crash mid-send). */
const SEND_LEASE_MS = 2 * 60_000;
/** Kicks within this window become one more flush at its end (as the mailer's). */
export const MESSAGE_KICK_WINDOW_MS = 200;
const BATCH = 50;
/**
 * Kinds whose values are secret: never logged, and blanked from the row once sent or failed for good. A rate alert's
 * "set" message carries its stop link, whose token the store keeps only hashed (decision 062), and that link stands in
 * for the opt-out link the others end with.
 */
const SECRET_KINDS = new Set(['sign_in_code', 'rate_alert_set']);

/** A message as its job carries it: the row's id and kind, never the number or the values (the Jobs screen shows them). */
export interface MessageJob {
  messageId: number;
  kind: string;
}

/**
 * Sends the message outbox (decision 057), as the mailer sends mail (decision 042): a `messages.flush` job (every minute,
 * and after a request that queued messages) hands each queued message that is due to a `messages.send` job of its own,
 * which sends it through its channel's provider, retried with the engine's backoff and left failed, with the
 * provider's answer, when it cannot be sent. A message is never sent twice by a job run twice: it is claimed first.
 */
export function createMessenger(db: Db, options: MessengerOptions) {
  const outbox = createMessageOutbox(db);
  const folder = options.dataDir === 'memory' ? null : createFolderProvider(options.dataDir);
  const providerFor = (channel: MessageChannel): MessageProvider | null => options.providers?.[channel] ?? folder;

  const inFlight = new Set<Promise<unknown>>();
  let running: Promise<number> | null = null;
  let again = false;
  let kickWindow: ReturnType<typeof setTimeout> | null = null;
  let kickedAgain = false;

  function sendFlush(): void {
    options.jobs.send('messages.flush').catch((error: unknown) => options.log?.warn({ err: jobErrorMessage(error) }, 'messages flush not queued'));
  }
  function closeKickWindow(): void {
    kickWindow = null;
    if (!kickedAgain) return;
    kickedAgain = false;
    sendFlush();
    kickWindow = setTimeout(closeKickWindow, MESSAGE_KICK_WINDOW_MS);
    kickWindow.unref();
  }

  async function send(messageId: number, finalAttempt: boolean): Promise<'sent' | 'skipped'> {
    const message = await outbox.claim(messageId, new Date(), SEND_LEASE_MS);
    if (!message) return 'skipped';
    const provider = providerFor(message.channel);
    const secret = SECRET_KINDS.has(message.kind);
    if (!provider || !isMessageKind(message.kind)) {
      const why = provider ? `unknown kind ${message.kind}` : 'no provider for this channel';
      await outbox.markFailed(message.id, why, { final: true, at: new Date(), blank: secret });
      throw new PermanentJobError(why);
    }
    try {
      // A value that is a path of the store's (an order's page) goes out as a whole address.
      const base = (options.publicUrl ?? '').replace(/\/+$/, '');
      const params = Object.fromEntries(Object.entries(message.params).map(([k, v]) => [k, base && /^\/[^/]/.test(v) ? `${base}${v}` : v]));
      let text = messageText(message.kind, params);
      // A customer's message ends with a link that stops them (decision 057): a token of its own, kept hashed, in the
      // query (never logged) of a page that asks before it withdraws (a link preview must not opt anyone out).
      if (options.publicUrl && message.customerId !== null && !secret) {
        const token = randomBytes(18).toString('base64url');
        await outbox.setOptOutToken(message.id, createHash('sha256').update(token).digest('hex'));
        text = `${text} Stop: ${base}/messages/stop?t=${token}`;
      }
      const { providerMessageId } = await provider.send({
        id: message.id,
        channel: message.channel,
        toPhone: message.toPhone,
        kind: message.kind,
        params,
        text,
      });
      await outbox.markSent(message.id, new Date(), provider.name, providerMessageId, secret);
      return 'sent';
    } catch (error) {
      // A provider's answer may echo the number or the values: only our own words about it are kept and logged.
      const permanent = error instanceof MessageSendError && error.permanent;
      const reason = error instanceof MessageSendError ? error.message : 'provider not reached';
      const final = finalAttempt || permanent;
      await outbox.markFailed(message.id, reason, { final, at: new Date(), blank: secret && final });
      options.log?.warn({ messageId: message.id, kind: message.kind, err: reason }, final ? 'message not sent, for good' : 'message not sent');
      throw permanent ? new PermanentJobError(reason) : new Error(reason);
    }
  }

  /** Sends one message: the `messages.send` job. 'skipped' when it is sent already or being sent. */
  function deliver(messageId: number, job: { finalAttempt: boolean } = { finalAttempt: false }): Promise<'sent' | 'skipped'> {
    const run = send(messageId, job.finalAttempt);
    const tracked = run.catch(() => undefined).finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
    return run;
  }

  /** The `messages.flush` job: each queued message that is due gets a `messages.send` job (one per message at a time). */
  async function handOver(): Promise<number> {
    let handed = 0;
    for (let after = 0; ;) {
      const due = (await outbox.due(new Date(), BATCH, after)).filter((m) => providerFor(m.channel));
      for (const message of due) {
        const data: MessageJob = { messageId: message.id, kind: message.kind };
        if ((await options.jobs.send('messages.send', data, { singletonKey: `message-${message.id}` })) !== null) handed++;
      }
      if (due.length < BATCH) return handed;
      after = due.at(-1)!.id;
    }
  }

  /** Sends here, now, every message that is due, each once (tests, an engine-less instance); the count sent. */
  async function sendDue(): Promise<number> {
    let sent = 0;
    const tried = new Set<number>();
    for (;;) {
      again = false;
      await Promise.allSettled([...inFlight]);
      const due = (await outbox.due(new Date(), BATCH, 0)).filter((m) => !tried.has(m.id) && providerFor(m.channel));
      for (const message of due) {
        tried.add(message.id);
        if ((await deliver(message.id).catch(() => 'failed')) === 'sent') sent++;
      }
      if (due.length === 0 && inFlight.size === 0 && !again) return sent;
    }
  }

  function flush(): Promise<number> {
    if (running) again = true;
    else {
      running = sendDue().finally(() => {
        running = null;
      });
    }
    return running;
  }

  return {
    flush,
    deliver,
    handOver,
    /** Asks for a send soon, without waiting (after a request that queued messages): a `messages.flush` job, kicks coalesced. */
    kick() {
      if (kickWindow) {
        kickedAgain = true;
        return;
      }
      sendFlush();
      kickWindow = setTimeout(closeKickWindow, MESSAGE_KICK_WINDOW_MS);
      kickWindow.unref();
    },
    async stop() {
      if (kickWindow) clearTimeout(kickWindow);
      kickWindow = null;
      kickedAgain = false;
      await running?.catch(() => {});
      await Promise.allSettled([...inFlight]);
    },
  };
}

export type Messenger = ReturnType<typeof createMessenger>;
