import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '@milli/db';
import { createOutboxRepository } from './repository.ts';

export interface MailerOptions {
  /** smtp://user:pass@host:port; unset → the local mailbox folder. */
  smtpUrl: string | undefined;
  from: string;
  /** Where the local mailbox lives ('memory': nowhere, mail waits in the outbox). */
  dataDir: string;
  /** How often to look for due mail; 0 turns the timer off (tests call flush()). */
  pollMs: number;
  log?: { warn(obj: object, msg: string): void };
}

const MAX_ATTEMPTS = 8;
/** Mails claimed at once. */
const BATCH = 20;

/**
 * Sends the outbox. With SMTP configured, through nodemailer; without, each mail is written as an .eml file
 * to DATA_DIR/mailbox, which any mail program opens: a developer can read every mail, none is dropped.
 */
export function createMailer(db: Db, options: MailerOptions) {
  const outbox = createOutboxRepository(db);
  const mailbox = options.dataDir === 'memory' ? null : path.join(options.dataDir, 'mailbox');
  let transport: Transporter | null = null;
  if (options.smtpUrl) transport = nodemailer.createTransport(options.smtpUrl);
  else if (mailbox) transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  let running: Promise<number> | null = null;
  // Asked for again while a run is under way: the run looks once more before it ends.
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  async function sendDue(): Promise<number> {
    if (!transport) return 0;
    let sent = 0;
    for (;;) {
      again = false;
      const now = new Date();
      const batch = await outbox.claimDue(now, BATCH, 60_000);
      if (batch.length === 0) return sent;
      for (const mail of batch) {
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
            await writeFile(path.join(mailbox, `${String(mail.id).padStart(6, '0')}-${mail.kind}.eml`), (info as { message: Buffer }).message);
          }
          await outbox.markSent(mail.id, new Date());
          sent++;
        } catch (error) {
          const message = (error as Error).message;
          // Back off: 1, 2, 4 … minutes; give up after MAX_ATTEMPTS.
          const retryAt = mail.attempts >= MAX_ATTEMPTS ? null : new Date(Date.now() + 60_000 * 2 ** (mail.attempts - 1));
          await outbox.markFailed(mail.id, message, retryAt);
          // The mail server's answer names the recipient ('550 <asha@example.in>: …'): the log keeps no address (issue 35).
          options.log?.warn({ mailId: mail.id, err: message.replace(/[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/g, '~') }, 'mail not sent');
        }
      }
      // A short batch was all that was due when claimed: another look only if more was queued (and asked for) since.
      if (batch.length < BATCH && !again) return sent;
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
    /** Asks for a send soon, without waiting for it (after a request that queued mail). */
    kick() {
      setImmediate(() => void flush().catch((error: unknown) => options.log?.warn({ err: String(error) }, 'mail flush failed')));
    },
    start() {
      if (options.pollMs > 0 && !timer) {
        timer = setInterval(() => void flush().catch(() => {}), options.pollMs);
        timer.unref();
      }
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => {});
      transport?.close();
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
