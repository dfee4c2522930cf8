/**
 * A mobile number in e2e (decisions 057, 058): a number of the test's own, its sign-in by code, and the messages the
 * store wrote for it. With no provider set the store writes every SMS and WhatsApp message to DATA_DIR/messages, as
 * mail to the mailbox, so the tests read them there.
 */
import { randomInt } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { e2eDataDir, expect } from './fixtures.ts';

/** A number of the test's own: ten digits starting 9, as a shopper might type it (with a space). */
export function newNumber() {
  const digits = `9${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
  return { typed: `${digits.slice(0, 5)} ${digits.slice(5)}`, e164: `+91${digits}`, shown: `+91 ${digits.slice(0, 5)} ${digits.slice(5)}` };
}

/** A message as the store wrote it to DATA_DIR/messages. */
interface MessageFile {
  to: string;
  text: string;
  params: Record<string, string | undefined>;
}

/** The newest message of a kind written for the number that `take` accepts (all, by default), waited for. */
async function newestMessage(e164: string, kind: string, take: (file: string, message: MessageFile) => boolean = () => true): Promise<MessageFile> {
  const folder = path.join(e2eDataDir(), 'messages');
  let found: MessageFile | null = null;
  await expect
    .poll(
      async () => {
        const files = (await readdir(folder).catch(() => [] as string[]))
          .filter((f) => f.endsWith(`${kind}.json`))
          .sort()
          .reverse();
        for (const file of files) {
          const message = JSON.parse(await readFile(path.join(folder, file), 'utf8')) as MessageFile;
          if (message.to === e164 && take(file, message)) {
            found = message;
            return true;
          }
        }
        return false;
      },
      { message: `a ${kind} message to ${e164}`, timeout: 45_000 },
    )
    .toBe(true);
  return found!;
}

/** The message files whose codes were used already. */
const readCodes = new Set<string>();

/** The newest sign-in code written for the number that this test has not read yet, waited for. */
export async function codeTo(e164: string): Promise<string> {
  const message = await newestMessage(e164, 'sign_in_code', (file, m) => {
    if (readCodes.has(file) || !m.params.code) return false;
    readCodes.add(file);
    return true;
  });
  return message.params.code!;
}

/** The number screen: the number, SMS, Send code; then the code screen. */
export async function askCode(page: Page, typed: string) {
  await page.getByLabel('Mobile number').fill(typed);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('heading', { name: 'Enter the code' })).toBeVisible();
}

export async function enterCode(page: Page, code: string) {
  const box = page.getByLabel('One-time code');
  await expect(box).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(box).toHaveAttribute('inputmode', 'numeric');
  await box.fill(code);
  await page.getByRole('button', { name: 'Verify and continue' }).click();
}

/** The text of the newest message of a kind written for the number, waited for. */
export async function messageTo(e164: string, kind: string): Promise<string> {
  return (await newestMessage(e164, kind)).text;
}
