import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../lib/fake-api.ts';
import { GUEST_TICKET_PATH, TICKET_COOKIE, fileComplaint, loadGuestTicket, replyAsGuest } from './complaints.server.ts';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const TOKEN = 'Ab_-0123456789abcdefghijklmnopqrs';
const TICKET = {
  ticketNumber: 'MIL-C-2026-000007',
  category: 'piece',
  subject: 'Clasp',
  orderNumber: null,
  status: 'open',
  createdAt: '2026-11-29T06:00:00.000Z',
  updatedAt: '2026-11-29T06:00:00.000Z',
  acknowledgedAt: null,
  resolvedAt: null,
  acknowledgeBy: '2026-12-01T06:00:00.000Z',
  resolveBy: '2026-12-29T06:00:00.000Z',
  description: 'The clasp broke.',
  resolution: null,
  thread: [],
};

/** What a loader or action answered: a thrown or returned redirect, or data() with its status and cookies. */
async function outcome(run: () => Promise<unknown>) {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { redirect: result.headers.get('location'), cookies: result.headers.getSetCookie(), headers: result.headers };
  const { data, init } = result as { data: unknown; init?: ResponseInit | null };
  return { data, status: init?.status ?? 200, cookies: new Headers(init?.headers).getSetCookie() };
}

describe('a guest’s link to their complaint (issue 38)', () => {
  it('is exchanged for an http-only cookie and the bare address, before the API is asked anything', async () => {
    const { api, calls } = fakeApi(() => json(500, {}));
    const result = await outcome(() => loadGuestTicket(api, new Request(`https://shop.test/help/ticket?key=${TOKEN}`)));
    expect(result.redirect).toBe(GUEST_TICKET_PATH);
    expect(result.redirect).not.toContain(TOKEN);
    expect(result.cookies).toEqual([`${TICKET_COOKIE}=${TOKEN}; Path=/; Max-Age=604800; HttpOnly; SameSite=Lax; Secure`]);
    expect(calls).toEqual([]);
  });

  it('opens the ticket by a POST of the cookie’s token, never by an address that carries it', async () => {
    const { api, calls } = fakeApi(() => json(200, TICKET));
    const result = await outcome(() =>
      loadGuestTicket(api, new Request('https://shop.test/help/ticket', { headers: { cookie: `${TICKET_COOKIE}=${TOKEN}` } })),
    );
    expect(result.data).toEqual({ complaint: TICKET, error: null });
    expect(calls.map((c) => [c.init.method, c.path])).toEqual([['POST', '/api/complaints/by-link']]);
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ token: TOKEN });
  });

  it('drops a cookie whose token matches nothing, and says to use the mail’s link', async () => {
    const { api } = fakeApi(() => json(404, { code: 'COMPLAINT_NOT_FOUND', message: 'x' }));
    const result = await outcome(() =>
      loadGuestTicket(api, new Request('https://shop.test/help/ticket', { headers: { cookie: `${TICKET_COOKIE}=${TOKEN}` } })),
    );
    expect((result.data as { error: string }).error).toMatch(/link in the mail/);
    expect(result.cookies[0]).toMatch(/^milli_ticket=; Path=\/; Max-Age=0/);
  });

  it('refuses a link cut short without asking the API, and a reply without the cookie', async () => {
    const { api, calls } = fakeApi(() => json(200, TICKET));
    const cut = await outcome(() => loadGuestTicket(api, new Request('https://shop.test/help/ticket?key=abc')));
    expect((cut.data as { error: string }).error).toMatch(/not complete/);
    const form = new FormData();
    form.set('message', 'Hello');
    const reply = await outcome(() => replyAsGuest(api, new Request('https://shop.test/help/ticket', { method: 'POST' }), form));
    expect(reply.status).toBe(400);
    expect(calls).toEqual([]);
  });
});

describe('/help’s post', () => {
  const form = (fields: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.set(k, v);
    return f;
  };

  it('sends a guest’s filled fields and shows the ticket number on the page', async () => {
    const filed = {
      ticketNumber: 'MIL-C-2026-000008',
      status: 'open',
      category: 'order',
      subject: 'Late',
      createdAt: '',
      acknowledgeBy: '',
      resolveBy: '',
      mailedTo: 'a@example.in',
    };
    const { api, calls } = fakeApi(() => json(201, filed));
    const result = await outcome(() =>
      fileComplaint(
        api,
        form({ category: 'order', orderNumber: '', subject: ' Late ', description: 'It is late by a week.', name: 'Asha', email: 'a@example.in', phone: '' }),
        false,
      ),
    );
    expect(result.data).toEqual({ ok: true, filed });
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      category: 'order',
      subject: 'Late',
      description: 'It is late by a week.',
      name: 'Asha',
      email: 'a@example.in',
    });
  });

  it('sends a signed-in shopper to the ticket’s page, without a name or e-mail of the form’s', async () => {
    const { api, calls } = fakeApi(() => json(201, { ticketNumber: 'MIL-C-2026-000009' }));
    const result = await outcome(() =>
      fileComplaint(api, form({ category: 'other', subject: 'Hi', description: 'Something is wrong.', email: 'x@example.in' }), true),
    );
    expect(result.redirect).toBe('/account/complaints/MIL-C-2026-000009?filed=1');
    expect(JSON.parse(String(calls[0]!.init.body))).not.toHaveProperty('email');
  });

  it('keeps what was typed and the API’s message for each field when refused', async () => {
    const refusal = {
      code: 'ORDER_NOT_MATCHED',
      message: 'We could not match this order number.',
      fields: { orderNumber: 'We could not match this order number.' },
    };
    const { api } = fakeApi(() => json(400, refusal));
    const result = await outcome(() =>
      fileComplaint(
        api,
        form({ category: 'order', orderNumber: 'MIL-2026-000001', subject: 'Late', description: 'It is late.', name: 'A', email: 'a@example.in' }),
        false,
      ),
    );
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      ok: false,
      message: refusal.message,
      fields: refusal.fields,
      typed: { orderNumber: 'MIL-2026-000001', subject: 'Late' },
    });
  });
});
