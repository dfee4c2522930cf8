/**
 * The provider clients against local servers that speak MSG91's flow API and the WhatsApp Cloud API (simulator.ts):
 * what each sends, the provider's id it keeps, and how each failure is classed: a wrong key and a 5xx, 429 or timeout
 * are tried again (MessageSendError not permanent), a refused message (4xx) is final; nothing echoes the number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMsg91Provider, msg91Status, tokenMatches } from './msg91.ts';
import { MessageSendError, type OutgoingMessage } from './provider.ts';
import { startMsg91Sim, startWhatsAppSim, type Msg91Sim, type WhatsAppSim } from './simulator.ts';
import { createWhatsAppProvider, whatsappSignatureValid } from './whatsapp.ts';

let msg91: Msg91Sim;
let meta: WhatsAppSim;
beforeAll(async () => {
  msg91 = await startMsg91Sim({ authKey: 'msg91-key-0123456789' });
  meta = await startWhatsAppSim({ token: 'meta-token-abc', phoneNumberId: '1122334455', appSecret: 'app-secret-xyz' });
});
afterAll(async () => {
  await msg91?.close();
  await meta?.close();
});

const dispatched: OutgoingMessage = {
  id: 7,
  channel: 'sms',
  toPhone: '+919876543210',
  kind: 'order_dispatched',
  params: { order: 'MIL-1001', courier: 'Blue Dart', awb: '8123456789', tracking: 'https://milli.example/track/MIL-1001' },
  text: 'ignored by template providers',
};

/** The error a send throws: its words and whether it is final. */
async function failure(p: Promise<unknown>): Promise<{ message: string; permanent: boolean }> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MessageSendError);
  return { message: (error as MessageSendError).message, permanent: (error as MessageSendError).permanent };
}

describe('MSG91', () => {
  const templates = async (kind: string) => (kind === 'order_dispatched' ? 'tmpl-dispatched' : null);
  const client = (authKey = 'msg91-key-0123456789', timeoutMs = 300) =>
    createMsg91Provider({ apiUrl: msg91.url, authKey, senderId: 'MILLIJ', timeoutMs }, templates);

  it('sends the flow with the auth key, the template, the sender and the variables in order, and keeps the request id', async () => {
    const sent = await client().send(dispatched);
    expect(sent.providerMessageId).toMatch(/^[0-9a-f]{24}$/);
    expect(msg91.received().at(-1)).toEqual({
      template_id: 'tmpl-dispatched',
      sender: 'MILLIJ',
      short_url: '0',
      recipients: [{ mobiles: '919876543210', var1: 'MIL-1001', var2: 'Blue Dart', var3: '8123456789', var4: 'https://milli.example/track/MIL-1001' }],
    });
  });

  it('tries again after a wrong key, a 5xx, a 429 or a timeout, and fails for good a refused message or a kind without its template', async () => {
    expect(await failure(client('wrong-key').send(dispatched))).toEqual({ message: 'MSG91 refused the auth key (MSG91_AUTH_KEY): 401', permanent: false });
    msg91.failNext(500);
    expect(await failure(client().send(dispatched))).toEqual({ message: 'MSG91 answered 500', permanent: false });
    msg91.failNext(429);
    expect((await failure(client().send(dispatched))).permanent).toBe(false);
    msg91.failNext('hang');
    expect(await failure(client().send(dispatched))).toEqual({ message: 'MSG91 did not answer within 0.3 s', permanent: false });
    const refused = await failure(client().send({ ...dispatched, toPhone: '+911234' }));
    expect(refused).toEqual({ message: 'MSG91 refused the message: 400 Mobile number not valid', permanent: true });
    const none = await failure(client().send({ ...dispatched, kind: 'order_delivered', params: { order: 'MIL-1' } }));
    expect(none).toMatchObject({ permanent: true, message: expect.stringContaining('no MSG91 template') });
  });

  it('reads a delivery report’s words, and checks the webhook token in full', () => {
    expect(msg91Status({ status: '1', desc: 'DELIVERED' })).toBe('delivered');
    expect(msg91Status({ status: '16', desc: 'REJECTED' })).toBe('failed');
    expect(msg91Status({ status: '9', desc: 'NDNC' })).toBe('failed');
    expect(msg91Status({ desc: 'something new' })).toBeNull();
    expect(tokenMatches('token-0123456789abcdef', 'token-0123456789abcdef')).toBe(true);
    expect(tokenMatches('token-0123456789abcde', 'token-0123456789abcdef')).toBe(false);
    expect(tokenMatches(undefined, 'token-0123456789abcdef')).toBe(false);
  });
});

describe('WhatsApp Cloud API', () => {
  const templates = async (kind: string) =>
    kind === 'sign_in_code'
      ? { name: 'milli_sign_in_code', language: 'en' }
      : kind === 'order_dispatched'
        ? { name: 'milli_dispatched', language: 'en_US' }
        : null;
  const client = (token = 'meta-token-abc', timeoutMs = 300) =>
    createWhatsAppProvider({ apiUrl: meta.url, token, phoneNumberId: '1122334455', timeoutMs }, templates);

  it('sends a template message with its body parameters, and a sign-in code on the copy-code button too', async () => {
    const sent = await client().send({ ...dispatched, channel: 'whatsapp' });
    expect(sent.providerMessageId).toMatch(/^wamid\./);
    expect(meta.received().at(-1)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919876543210',
      type: 'template',
      template: {
        name: 'milli_dispatched',
        language: { code: 'en_US' },
        components: [
          { type: 'body', parameters: ['MIL-1001', 'Blue Dart', '8123456789', 'https://milli.example/track/MIL-1001'].map((text) => ({ type: 'text', text })) },
        ],
      },
    });
    await client().send({ ...dispatched, channel: 'whatsapp', kind: 'sign_in_code', params: { code: '482913' } });
    const components = (meta.received().at(-1) as { template: { components: unknown[] } }).template.components;
    expect(components).toEqual([
      { type: 'body', parameters: [{ type: 'text', text: '482913' }] },
      { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '482913' }] },
    ]);
  });

  it('tries again after a refused token, a 5xx or a timeout, and fails for good a refused message or a kind without its template', async () => {
    const wa = { ...dispatched, channel: 'whatsapp' as const };
    expect(await failure(client('stale').send(wa))).toEqual({ message: 'WhatsApp refused the token (WHATSAPP_TOKEN): 401', permanent: false });
    meta.failNext(503);
    expect((await failure(client().send(wa))).permanent).toBe(false);
    meta.failNext('hang');
    expect(await failure(client().send(wa))).toEqual({ message: 'WhatsApp did not answer within 0.3 s', permanent: false });
    const refused = await failure(client().send({ ...wa, toPhone: '+15550001111' }));
    expect(refused.permanent).toBe(true);
    expect(refused.message).toContain('code 131030');
    expect(refused.message).not.toContain('15550001111');
    expect((await failure(client().send({ ...wa, kind: 'order_delivered', params: { order: 'MIL-1' } }))).permanent).toBe(true);
  });

  it('checks X-Hub-Signature-256 over the exact bytes with the app secret', () => {
    const { body, signature } = meta.statusWebhook('wamid.X', 'delivered');
    expect(whatsappSignatureValid(Buffer.from(body), signature, 'app-secret-xyz')).toBe(true);
    expect(whatsappSignatureValid(Buffer.from(`${body} `), signature, 'app-secret-xyz')).toBe(false);
    expect(whatsappSignatureValid(Buffer.from(body), meta.statusWebhook('wamid.X', 'delivered', 'forger').signature, 'app-secret-xyz')).toBe(false);
    expect(whatsappSignatureValid(Buffer.from(body), undefined, 'app-secret-xyz')).toBe(false);
    expect(whatsappSignatureValid(Buffer.from(body), signature.replace('sha256=', ''), 'app-secret-xyz')).toBe(false);
  });
});
