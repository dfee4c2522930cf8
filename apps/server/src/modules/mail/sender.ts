import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '@milli/db';
import { PermanentJobError, jobErrorMessage, type JobEngine } from '../../lib/jobs.ts';
import { writeWhole } from '../../lib/write-whole.ts';
import { createOutboxRepository } from './repository.ts';

export interface MailerOptions {
  /** smtp://user:pass@host:port; unset → the local mailbox folder. */
  smtpUrl: string | undefined;
  from: string;
  /** Where the local mailbox lives ('memory': nowhere, mail waits in the outbox). */
  dataDir: string;
  /** The job engine: kick() sends it a `mail.flush` job. */
  jobs: Pick<JobEngine, 'send'>;
  log?: { warn(obj: object, msg: string): void };
  /** Called at each kick: the messages queued beside the mail are sent too (decision 057). */
  kicked?: () => void;
}

/** One send at a time per mail: a send under way is not started again by anyone for this long (a crash mid-send). */
const SEND_LEASE_MS = 5 * 60_000;
/**
 * Kicks are coalesced: the first sends a `mail.flush` job at once, the rest within this window become one more send at
 * its end. The queue keeps one waiting flush anyway; this spares a busy instance a database round trip per order.
 */
export const KICK_WINDOW_MS = 200;
/** Mails handed to `mail.send` jobs, or sent by a flush, per look at the outbox. */
const BATCH = 50;

/** A mail as its job carries it: its row's id and kind, never its address (the Jobs screen shows a job's data). */
export interface MailJob {
  mailId: number;
  kind: string;
}

/** Whether the mail server's answer is final (5xx: the recipient or the message is refused), so retrying is pointless. */
function permanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * Sends the outbox (decision 006, decision 042). Business transactions write mail_outbox rows (service.ts queueMail);
 * the job engine delivers them: a `mail.flush` job (every minute, and sent by kick() after a request that queued mail)
 * hands each pending mail that is due to a `mail.send` job of its own, one per mail at a time (the queue's singleton
 * key), and that job sends it, retried with the engine's backoff and left failed, with the server's answer, when it
 * cannot be sent. With SMTP configured mail goes through nodemailer; without, each mail is written as an .eml file to
 * DATA_DIR/mailbox, which any mail program opens: a developer can read every mail, none is dropped.
 *
 * A mail is never sent twice by a job run twice: `deliver` claims the row first (not sent, and no send under way),
 * and a mail found sent is left alone.
 */
export function createMailer(db: Db, options: MailerOptions) {
  const outbox = createOutboxRepository(db);
  const mailbox = options.dataDir === 'memory' ? null : path.join(options.dataDir, 'mailbox');
  let transport: Transporter | null = null;
  if (options.smtpUrl) {
    // A send that hangs must end well inside the job's expiry (queues.ts), so the engine sees it fail and retries it.
    transport = nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
  } else if (mailbox) transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  /** Sends under way here (flush() waits for them, so a test reading the inbox after it finds what was sent). */
  const inFlight = new Set<Promise<unknown>>();
  let running: Promise<number> | null = null;
  // Asked for again while a flush is under way: it looks once more before it ends.
  let again = false;
  // The kick window (KICK_WINDOW_MS): open while its timer runs; `kickedAgain` when a kick came inside it.
  let kickWindow: ReturnType<typeof setTimeout> | null = null;
  let kickedAgain = false;

  function sendFlush(): void {
    options.jobs.send('mail.flush').catch((error: unknown) => options.log?.warn({ err: jobErrorMessage(error) }, 'mail flush not queued'));
  }
  function closeKickWindow(): void {
    kickWindow = null;
    if (!kickedAgain) return;
    kickedAgain = false;
    sendFlush();
    kickWindow = setTimeout(closeKickWindow, KICK_WINDOW_MS);
    kickWindow.unref();
  }

  async function send(mailId: number, finalAttempt: boolean): Promise<'sent' | 'skipped'> {
    if (!transport) return 'skipped';
    const mail = await outbox.claim(mailId, new Date(), SEND_LEASE_MS);
    // Sent already, gone, or being sent by another run: nothing to do.
    if (!mail) return 'skipped';
    try {
      const info = await transport.sendMail({
        from: options.from,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        ...(mail.htmlBody ? { html: mail.htmlBody } : {}),
      });
      if (!options.smtpUrl && mailbox) {
        await mkdir(mailbox, { recursive: true });
        await writeWhole(path.join(mailbox, `${String(mail.id).padStart(6, '0')}-${mail.kind}.eml`), (info as { message: Buffer }).message);
      }
      await outbox.markSent(mail.id, new Date());
      return 'sent';
    } catch (error) {
      // The mail server's answer names the recipient ('550 <asha@example.in>: …'): neither the log, the row nor the job
      // keeps an address (issue 35).
      const message = jobErrorMessage(error);
      const final = finalAttempt || permanent(error);
      await outbox.markFailed(mail.id, message, { final, at: new Date() });
      options.log?.warn({ mailId: mail.id, err: message }, final ? 'mail not sent, for good' : 'mail not sent');
      throw permanent(error) ? new PermanentJobError(message) : new Error(message);
    }
  }

  /**
   * Sends one mail: the `mail.send` job. 'skipped' when it is sent already or being sent; throws when the server
   * refuses (a PermanentJobError for a final refusal, 5xx); on the job's last attempt the row is marked failed.
   */
  function deliver(mailId: number, job: { finalAttempt: boolean } = { finalAttempt: false }): Promise<'sent' | 'skipped'> {
    const run = send(mailId, job.finalAttempt);
    const tracked = run.catch(() => undefined).finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
    return run;
  }

  /** The `mail.flush` job: each pending mail that is due gets a `mail.send` job (the queue drops a second one per mail). */
  async function handOver(): Promise<number> {
    if (!transport) return 0;
    let handed = 0;
    for (let after = 0; ;) {
      const due = await outbox.due(new Date(), BATCH, after);
      for (const mail of due) {
        if ((await options.jobs.send('mail.send', { mailId: mail.id, kind: mail.kind } satisfies MailJob, { singletonKey: `mail-${mail.id}` })) !== null)
          handed++;
      }
      if (due.length < BATCH) return handed;
      after = due.at(-1)!.id;
    }
  }

  /** Sends here, now, every mail that is due, each once (tests, and an engine-less instance); the count sent. */
  async function sendDue(): Promise<number> {
    if (!transport) return 0;
    let sent = 0;
    const tried = new Set<number>();
    for (;;) {
      again = false;
      await Promise.allSettled([...inFlight]);
      const due = (await outbox.due(new Date(), BATCH, 0)).filter((m) => !tried.has(m.id));
      for (const mail of due) {
        tried.add(mail.id);
        if ((await deliver(mail.id).catch(() => 'failed')) === 'sent') sent++;
      }
      // Nothing more due, no send of someone else's under way, and nobody asked again meanwhile.
      if (due.length === 0 && inFlight.size === 0 && !again) return sent;
    }
  }

  /** Sends everything due now; concurrent calls share one run. */
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
    /** Asks for a send soon, without waiting for it (after a request that queued mail): a `mail.flush` job, kicks coalesced. */
    kick() {
      options.kicked?.();
      if (kickWindow) {
        kickedAgain = true;
        return;
      }
      sendFlush();
      kickWindow = setTimeout(closeKickWindow, KICK_WINDOW_MS);
      kickWindow.unref();
    },
    /** Waits for the sends under way here, then closes the mail server's connection. */
    async stop() {
      // A kick still waiting for its window is dropped: the engine is stopping, and the next minute's flush on any
      // instance finds the mail in the outbox.
      if (kickWindow) clearTimeout(kickWindow);
      kickWindow = null;
      kickedAgain = false;
      await running?.catch(() => {});
      await Promise.allSettled([...inFlight]);
      transport?.close();
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
