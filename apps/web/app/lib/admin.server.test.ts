import { describe, expect, it } from 'vitest';
import type { StaffMe } from '@milli/contracts';
import { adminApi, adminLoginUrl, requireStaff } from './admin.server.ts';

const ME: StaffMe = {
  id: 1,
  email: 'asha@milli.example',
  name: 'Asha',
  roles: ['catalogue'],
  permissions: ['self', 'catalogue'],
  deskMail: true,
  twoFactor: false,
  mustEnrolTwoFactor: false,
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A load context whose in-process fetch answers from `answer` and remembers each call. */
function context(answer: (path: string, init?: RequestInit) => Response) {
  const calls: { path: string; init: RequestInit | undefined }[] = [];
  return {
    calls,
    ctx: {
      checkAnswers: false,
      fetch: async (path: string, init?: RequestInit) => {
        calls.push({ path, init });
        return answer(path, init);
      },
    },
  };
}

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('requireStaff', () => {
  it('answers the member from GET /api/admin/me', async () => {
    const { ctx, calls } = context(() => json(200, ME));
    expect(await requireStaff(ctx, new Request('http://x/admin/products'))).toEqual(ME);
    expect(calls.map((c) => c.path)).toEqual(['/api/admin/me']);
  });

  it('sends a visitor without a session to the sign-in page, remembering where they were going', async () => {
    const { ctx } = context(() => json(401, { message: 'Please sign in.', code: 'STAFF_SIGN_IN_REQUIRED' }));
    const res = (await thrown(requireStaff(ctx, new Request('http://x/admin/products?q=ring')))) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/admin/login?next=%2Fadmin%2Fproducts%3Fq%3Dring');
    expect(adminLoginUrl(new Request('http://x/admin'))).toBe('/admin/login?next=%2Fadmin');
  });

  it('sends a member who must set up two-factor sign-in to My security, and lets them stay there', async () => {
    const { ctx } = context(() => json(200, { ...ME, mustEnrolTwoFactor: true }));
    const res = (await thrown(requireStaff(ctx, new Request('http://x/admin/products')))) as Response;
    expect(res.headers.get('location')).toBe('/admin/security');
    expect((await requireStaff(ctx, new Request('http://x/admin/security'))).mustEnrolTwoFactor).toBe(true);
  });
});

describe('adminApi', () => {
  it('turns TWO_FACTOR_SETUP_REQUIRED into the way to My security, and any other 403 into a 403 page', async () => {
    const enrol = context(() => json(403, { message: 'Set up two-factor sign-in first.', code: 'TWO_FACTOR_SETUP_REQUIRED' }));
    const res = (await thrown(adminApi(enrol.ctx, new Request('http://x/admin/rates')).get('/api/admin/rates'))) as Response;
    expect(res.headers.get('location')).toBe('/admin/security');

    const denied = context(() => json(403, { message: 'Not yours.', code: 'PERMISSION_DENIED' }));
    const page = (await thrown(adminApi(denied.ctx, new Request('http://x/admin/staff')).get('/api/admin/staff'))) as {
      init: ResponseInit;
      data: { message: string };
    };
    expect(page.init.status).toBe(403);
    expect(page.data.message).toMatch(/do not have access/);
  });

  it('answers a refused write as a value with its field messages, and a broken server as 502', async () => {
    const { ctx, calls } = context((path) =>
      path === '/api/admin/products/4'
        ? json(400, { message: 'Check the form.', code: 'INVALID_REQUEST', fields: { name: 'A name is needed.', stock: 7 } })
        : json(500, { message: 'boom', code: 'INTERNAL' }),
    );
    const api = adminApi(ctx, new Request('http://x/admin/products/4'));
    const refused = await api.send('PATCH', '/api/admin/products/4', { name: '' });
    expect(refused).toEqual({
      ok: false,
      refusal: { status: 400, message: 'Check the form.', code: 'INVALID_REQUEST', fields: { name: 'A name is needed.' } },
    });
    expect(calls[0]!.init).toMatchObject({ method: 'PATCH', body: '{"name":""}' });
    const broken = await api.send('POST', '/api/admin/products', {});
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.refusal.status).toBe(502);
  });

  it('sends the login redirect when a write meets an ended session', async () => {
    const { ctx } = context(() => json(401, { message: 'Please sign in.', code: 'STAFF_SIGN_IN_REQUIRED' }));
    const res = (await thrown(adminApi(ctx, new Request('http://x/admin/coupons')).send('POST', '/api/admin/coupons', {}))) as Response;
    expect(res.headers.get('location')).toBe('/admin/login?next=%2Fadmin%2Fcoupons');
  });
});
