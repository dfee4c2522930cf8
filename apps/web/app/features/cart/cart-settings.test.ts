import { describe, expect, it } from 'vitest';
import { loader as cartLoader } from '../../routes/cart.tsx';
import { loader as checkoutLoader } from '../../routes/checkout.tsx';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The in-process API of a store whose settings cannot be read just now; a signed-in shopper with an empty cart. */
const context = {
  checkAnswers: true,
  fetch: async (path: string) => {
    if (path === '/api/settings') return json({ message: 'The store is not set up yet.', code: 'NO_SETTINGS' }, 503);
    if (path === '/api/auth/me') return json({ userId: 7, userName: 'asha' });
    if (path === '/api/cart/find-by-user-id/7') return json([]);
    if (path === '/api/harvest/plans') return json({ data: [] });
    if (path === '/api/account/store-credit') return json({ balancePaise: 0, entries: [] });
    if (path === '/api/account/addresses') return json({ data: [] });
    return json({ message: 'Not here.', code: 'NOT_FOUND' }, 404);
  },
};

async function thrownBy(load: Promise<unknown>): Promise<unknown> {
  try {
    await load;
  } catch (error) {
    return error;
  }
  throw new Error('the loader did not throw');
}

describe('the cart and checkout without the store settings', () => {
  it('show the error screen (502) rather than totals with a shipping fee the store did not give', async () => {
    const args = (path: string) => ({ request: new Request(`http://x${path}`), context, params: {} }) as never;
    for (const load of [cartLoader(args('/cart')), checkoutLoader(args('/checkout'))]) {
      const error = (await thrownBy(load)) as { init?: ResponseInit };
      expect(error.init?.status).toBe(502);
    }
  });
});
