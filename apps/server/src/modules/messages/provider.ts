import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { MessageChannel, MessageKind } from '@milli/contracts';
import { writeWhole } from '../../lib/write-whole.ts';

/** A message as a provider is handed it: never logged whole (a sign-in code is in its params). */
export interface OutgoingMessage {
  id: number;
  channel: MessageChannel;
  /** E.164, +91…. */
  toPhone: string;
  kind: MessageKind;
  params: Record<string, string>;
  /** The message as the customer reads it, opt-out link included. */
  text: string;
}

/** What sends one channel's messages: MSG91 (SMS), the WhatsApp Cloud API, or the local folder. */
export interface MessageProvider {
  /** Stored on the message: 'msg91', 'meta' or 'file'. Receipts are matched by it and the provider's id. */
  readonly name: string;
  /** Sends it; the provider's id for it. Throws a MessageSendError when the provider refuses or cannot be reached. */
  send(message: OutgoingMessage): Promise<{ providerMessageId: string }>;
}

/** A send that failed. `permanent`: trying again cannot help (a 4xx refusal: a bad number, a template not approved). */
export class MessageSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'MessageSendError';
  }
}

/**
 * No provider configured (the embedded default): each message is written as a JSON file to DATA_DIR/messages, as mail
 * is to DATA_DIR/mailbox, so a newcomer reads what would have gone out (decision 057).
 */
export function createFolderProvider(dataDir: string): MessageProvider {
  const folder = path.join(dataDir, 'messages');
  return {
    name: 'file',
    async send(message) {
      await mkdir(folder, { recursive: true });
      const name = `${String(message.id).padStart(6, '0')}-${message.channel}-${message.kind}.json`;
      const body = { id: message.id, channel: message.channel, to: message.toPhone, kind: message.kind, params: message.params, text: message.text };
      await writeWhole(path.join(folder, name), `${JSON.stringify(body, null, 2)}\n`);
      return { providerMessageId: `file-${message.id}` };
    },
  };
}
