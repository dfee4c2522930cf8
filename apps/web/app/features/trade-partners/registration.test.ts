import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@milli/contracts';
import type { ApiClient } from '../../lib/api.ts';
import { submitRegistration } from './registration.server.ts';

/** An API whose register call answers `answer` (or fails to connect), remembering what was sent. */
function fakeApi(answer: () => Response) {
  const sent: FormData[] = [];
  const api: ApiClient = {
    get: () => Promise.reject(new Error('not used')),
    post: () => Promise.reject(new Error('not used')),
    raw: async (path, init = {}) => {
      expect(path).toBe('/api/manufacturer/register');
      sent.push(init.body as FormData);
      return answer();
    },
  };
  return { api, sent };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const request = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return new Request('http://shop.test/manufacturer', { method: 'POST', body });
};

/** data() results carry their status in `init`; plain objects are a 200. */
function outcome(result: unknown) {
  if (result && typeof result === 'object' && 'init' in result) {
    const { data, init } = result as { data: unknown; init?: ResponseInit | null };
    return { data, status: init?.status ?? 200 };
  }
  return { data: result, status: 200 };
}

describe('submitRegistration (spec §4, §7, §8 short and long registration)', () => {
  it('sends the fields as multipart, trimmed, and succeeds only on the exact message', async () => {
    const { api, sent } = fakeApi(() => json(200, { message: MESSAGES.shortRegistrationSuccess, reference: 'TP-000007' }));
    const result = outcome(await submitRegistration(api, request({ firstName: ' Kavya ', adUserType: '3' })));
    expect(result).toEqual({ data: { ok: true, message: MESSAGES.shortRegistrationSuccess, reference: 'TP-000007' }, status: 200 });
    expect(Object.fromEntries(sent[0]!)).toEqual({ firstName: 'Kavya', adUserType: '3' });
  });

  it('shows a refusal’s message and field messages, and keeps what was typed', async () => {
    const { api } = fakeApi(() =>
      json(400, { message: 'E-mail: please enter a valid e-mail address.', fields: { email: 'E-mail: please enter a valid e-mail address.' } }),
    );
    const result = outcome(await submitRegistration(api, request({ email: 'a@', companyName: 'Rao Bullion' })));
    expect(result).toEqual({
      status: 400,
      data: {
        ok: false,
        message: 'E-mail: please enter a valid e-mail address.',
        fields: { email: 'E-mail: please enter a valid e-mail address.' },
        values: { email: 'a@', companyName: 'Rao Bullion' },
      },
    });
  });

  it('shows any other message of the server as an error (spec §4)', async () => {
    const { api } = fakeApi(() => json(200, { message: 'Something else' }));
    const result = outcome(await submitRegistration(api, request({})));
    expect(result).toMatchObject({ status: 502, data: { ok: false, message: 'Something else' } });
  });

  it('falls back to ‘Registration Failed.’ on a server error or no answer (spec §8)', async () => {
    const broken = fakeApi(() => json(500, { message: 'Something went wrong on our side.' }));
    expect(outcome(await submitRegistration(broken.api, request({})))).toMatchObject({ status: 502, data: { ok: false, message: 'Registration Failed.' } });
    const offline = fakeApi(() => {
      throw new Error('connect ECONNREFUSED');
    });
    expect(outcome(await submitRegistration(offline.api, request({})))).toMatchObject({ status: 502, data: { ok: false, message: 'Registration Failed.' } });
  });
});
