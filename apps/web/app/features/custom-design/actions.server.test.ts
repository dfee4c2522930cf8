import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../lib/api.ts';
import { loadCadDesign, loadCustomOrders } from './actions.server.ts';

/** An API for a guest: no session, every customer call refused. */
const guestApi: ApiClient = {
  get: () => Promise.reject(new Error('not used')),
  post: () => Promise.reject(new Error('not used')),
  raw: async () => new Response(JSON.stringify({ message: 'Please log in.' }), { status: 401, headers: { 'content-type': 'application/json' } }),
};

async function locationOf(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('location');
    throw thrown;
  }
  return null;
}

describe('guests sent to log in from the custom design pages come back to them', () => {
  it('/custom-orders', async () => {
    const request = new Request('http://shop.test/custom-orders');
    expect(await locationOf(loadCustomOrders(guestApi, request))).toBe('/login?next=%2Fcustom-orders');
  });

  it('/cad-design with its request', async () => {
    const request = new Request('http://shop.test/cad-design?request=12');
    expect(await locationOf(loadCadDesign(guestApi, request))).toBe('/login?next=%2Fcad-design%3Frequest%3D12');
  });
});
