import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WhatsAppConfig } from '../../config.ts';
import { MessageSendError, type MessageProvider } from './provider.ts';
import type { TemplateLookup } from './msg91.ts';
import { templateValues } from './texts.ts';

/** The kind's approved WhatsApp template. */
export interface WhatsAppTemplate {
  name: string;
  language: string;
}

/**
 * WhatsApp through Meta's WhatsApp Cloud API (decision 057): POST {WHATSAPP_API_URL}/{phone-number-id}/messages with
 * the bearer token, a `template` message naming the kind's approved template, its language and the body's parameters
 * ({{1}}, {{2}} … in texts.ts's order). A sign-in code goes on an authentication template, whose copy-code button takes
 * the code too. Meta answers `{ messages: [{ id: "wamid…" }] }`; its status webhooks name that id.
 *
 * Meta's errors come as `{ error: { message, code } }`: a refused token (401, code 190) and throttling (429, codes
 * 4, 80007, 130429, 131048, 131056) and 5xx are tried again; any other 4xx refuses the message for good.
 */
export function createWhatsAppProvider(
  config: Pick<WhatsAppConfig, 'apiUrl' | 'token' | 'phoneNumberId' | 'timeoutMs'>,
  templateFor: TemplateLookup<WhatsAppTemplate>,
): MessageProvider {
  const timeoutMs = config.timeoutMs ?? 10_000;
  return {
    name: 'meta',
    async send(message) {
      const template = await templateFor(message.kind);
      if (!template) throw new MessageSendError(`no WhatsApp template is set for ${message.kind} (Settings, Message templates)`, true);
      const parameters = templateValues(message.kind, message.params).map((text) => ({ type: 'text', text }));
      const components: unknown[] = [{ type: 'body', parameters }];
      if (message.kind === 'sign_in_code')
        components.push({ type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: message.params.code ?? '' }] });
      let res: Response;
      try {
        res = await fetch(`${config.apiUrl.replace(/\/+$/, '')}/${encodeURIComponent(config.phoneNumberId)}/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to: message.toPhone.replace(/^\+/, ''),
            type: 'template',
            template: { name: template.name, language: { code: template.language }, components },
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        throw new MessageSendError(timedOut ? `WhatsApp did not answer within ${timeoutMs / 1000} s` : 'WhatsApp could not be reached', false);
      }
      const json = (await res.json().catch(() => null)) as { messages?: { id?: unknown }[]; error?: { code?: unknown; message?: unknown } } | null;
      const code = typeof json?.error?.code === 'number' ? json.error.code : null;
      const reason = typeof json?.error?.message === 'string' ? json.error.message.replace(/\d{6,}/g, '…').slice(0, 120) : '';
      const throttled = res.status === 429 || [4, 80007, 130429, 131048, 131056].includes(code ?? -1);
      if (res.status >= 500 || throttled) throw new MessageSendError(`WhatsApp answered ${res.status}${code ? ` (code ${code})` : ''}`, false);
      if (res.status === 401 || code === 190) throw new MessageSendError(`WhatsApp refused the token (WHATSAPP_TOKEN): ${res.status}`, false);
      if (!res.ok) throw new MessageSendError(`WhatsApp refused the message: ${res.status}${code ? ` code ${code}` : ''} ${reason}`.trim(), true);
      const id = json?.messages?.[0]?.id;
      if (typeof id !== 'string' || id === '') throw new MessageSendError('WhatsApp’s answer had no message id', false);
      return { providerMessageId: id };
    },
  };
}

/** Whether `header` (X-Hub-Signature-256: "sha256=<hex>") is the app secret's HMAC-SHA256 of the raw body. */
export function whatsappSignatureValid(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  const given = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '')?.[1];
  if (!given) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(given, 'hex'), expected);
}

/** WhatsApp's status words as the store's. */
export function whatsappStatus(status: unknown): 'sent' | 'delivered' | 'read' | 'failed' | null {
  return status === 'sent' || status === 'delivered' || status === 'read' || status === 'failed' ? status : null;
}
