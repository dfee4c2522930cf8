import { createHash, timingSafeEqual } from 'node:crypto';
import type { Msg91Config } from '../../config.ts';
import { MessageSendError, type MessageProvider } from './provider.ts';
import { templateValues } from './texts.ts';

/** The kind's MSG91 template id (message_templates), or null when staff have not set one. */
export type TemplateLookup<T> = (kind: string) => Promise<T | null>;

/**
 * SMS through MSG91's flow API (decision 057): POST {MSG91_API_URL}/api/v5/flow with the `authkey` header, the kind's
 * MSG91 template (mapped in MSG91's panel to the DLT template TRAI's rules require), the sender id (the DLT header) and
 * one recipient with the template's variables var1, var2 … in the order texts.ts gives. MSG91 answers
 * `{ "type": "success", "message": "<request id>" }`; its delivery reports name that request id.
 *
 * A refusal of the message itself (400, 404, 422: a bad number, an unknown template) is final; a refused key (401, 403),
 * too many requests (429), a 5xx, a timeout or no answer are tried again by the job (the key may be put right meanwhile).
 */
export function createMsg91Provider(
  config: Pick<Msg91Config, 'apiUrl' | 'authKey' | 'senderId' | 'timeoutMs'>,
  templateFor: TemplateLookup<string>,
): MessageProvider {
  const base = config.apiUrl.replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 10_000;
  return {
    name: 'msg91',
    async send(message) {
      const templateId = await templateFor(message.kind);
      if (!templateId) throw new MessageSendError(`no MSG91 template is set for ${message.kind} (Settings, Message templates)`, true);
      const recipient: Record<string, string> = { mobiles: message.toPhone.replace(/^\+/, '') };
      templateValues(message.kind, message.params).forEach((value, i) => (recipient[`var${i + 1}`] = value));
      let res: Response;
      try {
        res = await fetch(`${base}/api/v5/flow`, {
          method: 'POST',
          headers: { authkey: config.authKey, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ template_id: templateId, sender: config.senderId, short_url: '0', recipients: [recipient] }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        throw new MessageSendError(timedOut ? `MSG91 did not answer within ${timeoutMs / 1000} s` : 'MSG91 could not be reached', false);
      }
      const json = (await res.json().catch(() => null)) as { type?: unknown; message?: unknown } | null;
      // MSG91's own words, never echoed whole (they may repeat the number): its type and a short reason.
      const reason = typeof json?.message === 'string' ? json.message.replace(/\d{6,}/g, '…').slice(0, 120) : '';
      if (res.status >= 500 || res.status === 429) throw new MessageSendError(`MSG91 answered ${res.status}`, false);
      if (res.status === 401 || res.status === 403) throw new MessageSendError(`MSG91 refused the auth key (MSG91_AUTH_KEY): ${res.status}`, false);
      if (!res.ok) throw new MessageSendError(`MSG91 refused the message: ${res.status} ${reason}`.trim(), true);
      if (json?.type !== 'success' || typeof json.message !== 'string' || json.message === '')
        throw new MessageSendError(`MSG91 refused the message: ${reason || 'no request id'}`, /auth/i.test(reason) ? false : true);
      return { providerMessageId: json.message };
    },
  };
}

/** Whether `given` is the configured webhook token, compared in constant time (hashes of equal length). */
export function tokenMatches(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** MSG91's delivery report words for a message's fate, as the store's statuses. */
export function msg91Status(report: { status?: unknown; desc?: unknown }): 'sent' | 'delivered' | 'failed' | null {
  const desc = typeof report.desc === 'string' ? report.desc.toUpperCase() : '';
  const code = String(report.status ?? '');
  if (code === '1' || desc === 'DELIVERED' || desc === 'DELIVRD') return 'delivered';
  if (code === '8' || desc === 'SUBMITTED' || desc === 'SENT') return 'sent';
  if (['2', '9', '16', '17', '25', '26'].includes(code) || /FAIL|REJECT|NDNC|BLOCK|UNDELIV|EXPIRED/.test(desc)) return 'failed';
  return null;
}
