import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t?.close());

const json = (url: string, body: object) =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });

describe('stores, settings, pincode and sizer', () => {
  it('lists the stores of the six cities', async () => {
    const res = await t.app.inject({ url: '/api/stores' });
    const cities = new Set((res.json().data as { city: string }[]).map((s) => s.city));
    expect(res.json().data.length).toBeGreaterThanOrEqual(24);
    expect([...cities].sort()).toEqual(['Bangalore', 'Chennai', 'Delhi', 'Kolkata', 'Mumbai', 'Pune']);
  });

  it('answers the store settings the shell shows', async () => {
    const res = await t.app.inject({ url: '/api/settings' });
    expect(res.json()).toMatchObject({ storeName: 'Milli', returnWindowDays: 15, shippingFeePaise: 299, deliveryDays: 15 });
    // The legal pages name the seller (Consumer Protection (E-Commerce) Rules 2020).
    expect(res.json()).toMatchObject({ sellerLegalName: 'Milli Jewels Private Limited', sellerGstin: '33AAKCM4821Q1Z1' });
  });

  it('gives a delivery date and the nearest stores for a PIN, and says when a PIN is invalid or unserved', async () => {
    const ok = (await t.app.inject({ url: '/api/stores/pincode/600017' })).json();
    expect(ok).toMatchObject({ ok: true, pincode: '600017', deliveryDays: 15 });
    expect(ok.deliveryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(ok.stores[0].city).toBe('Chennai');
    expect((await t.app.inject({ url: '/api/stores/pincode/12ab' })).json()).toMatchObject({ ok: false, reason: 'invalid' });
    expect((await t.app.inject({ url: '/api/stores/pincode/744101' })).json()).toMatchObject({ ok: false, reason: 'unserved' });
  });

  describe('store search (loose names, other city names, distances)', () => {
    const search = async (q: string) => (await t.app.inject({ url: `/api/stores/search?q=${encodeURIComponent(q)}` })).json();

    it.each(['T Nagar', 't.nagar', 'TNagar', 'T. Nagar'])('"%s" finds Milli T. Nagar (spaces and stops ignored)', async (q) => {
      const answer = await search(q);
      expect(answer.data.map((s: { name: string }) => s.name)).toEqual(['Milli T. Nagar']);
    });

    it.each([
      ['Madras', 'Chennai'],
      ['Bengaluru', 'Bangalore'],
      ['Bombay', 'Mumbai'],
      ['Calcutta', 'Kolkata'],
      ['Poona', 'Pune'],
      ['new delhi', 'Delhi'],
    ])('%s finds the stores of %s, nearest first, each with its distance', async (q, city) => {
      const answer = await search(q);
      expect(answer.nearest).toBe(false);
      expect(answer.data.length).toBe(4);
      expect(answer.data.every((s: { city: string }) => s.city === city)).toBe(true);
      const km = answer.data.map((s: { distanceKm: number | null }) => s.distanceKm);
      expect(km.every((d: number | null) => typeof d === 'number' && d >= 0 && d < 40)).toBe(true);
      expect([...km].sort((a, b) => a - b)).toEqual(km);
    });

    it('a city without a store (Gurgaon, or Gurugram) gets the nearest stores, in Delhi, with their distances', async () => {
      for (const q of ['Gurgaon', 'Gurugram']) {
        const answer = await search(q);
        expect(answer).toMatchObject({ place: 'Gurugram', nearest: true });
        expect(answer.data).toHaveLength(3);
        expect(answer.data.every((s: { city: string }) => s.city === 'Delhi')).toBe(true);
        // Rajouri Garden is the nearest of the Delhi stores to Gurugram's centre, about 20 km away.
        expect(answer.data[0]).toMatchObject({ name: 'Milli Rajouri Garden' });
        expect(answer.data[0].distanceKm).toBeGreaterThan(15);
        expect(answer.data[0].distanceKm).toBeLessThan(25);
      }
    });

    it('words that name nothing find nothing; an empty search finds nothing', async () => {
      expect(await search('Atlantis')).toEqual({ data: [], place: null, nearest: false });
      expect(await search(' .. ')).toEqual({ data: [], place: null, nearest: false });
    });

    it('the nearest stores to a PIN come with their distance from it', async () => {
      const own = (await t.app.inject({ url: '/api/stores/pincode/600017' })).json();
      expect(own.stores[0]).toMatchObject({ name: 'Milli T. Nagar', distanceKm: 0 });
      // Gurugram's PIN: no store has it, so the city's centre is the position.
      const gurugram = (await t.app.inject({ url: '/api/stores/pincode/122002' })).json();
      expect(gurugram.stores[0]).toMatchObject({ city: 'Delhi', name: 'Milli Rajouri Garden' });
      expect(gurugram.stores[0].distanceKm).toBeGreaterThan(15);
    });
  });

  it('saves a sizer request and refuses one with bad fields', async () => {
    const ok = await json('/api/sizer-requests', {
      name: 'Asha',
      phone: '9840012345',
      email: 'asha@example.in',
      address: '12 Anna Salai, Chennai 600002',
      productId: 1,
    });
    expect(ok.statusCode).toBe(200);
    const rows = await t.database.db.query.sizerRequests.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Asha', status: 'New' });
    const bad = await json('/api/sizer-requests', { name: '', phone: '123', email: 'x', address: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/name/);
  });

  it('renders a drawing as a 1200 px PNG for link previews', async () => {
    const res = await t.app.inject({ url: '/media/art/ring/rose-gold/3.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1200, height: 1200 });
  });

  it('serves the demo drawings, and 404s anything else under /media/art', async () => {
    const art = await t.app.inject({ url: '/media/art/ring/yellow-gold/3.svg' });
    expect(art.statusCode).toBe(200);
    expect(art.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(art.headers['cache-control']).toMatch(/immutable/);
    expect(art.body).toMatch(/^<svg/);
    expect((await t.app.inject({ url: '/media/art/ring/unobtainium/3.svg' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/media/art/ring/unobtainium/3.png' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/media/art/../../etc/passwd' })).statusCode).toBe(404);
  });

  it('answers an unknown API path with JSON 404 and a malformed one with 400, never 500', async () => {
    const missing = await t.app.inject({ url: '/api/no-such-thing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBeTruthy();
    const bad = await t.app.inject({ url: '/api/product/find-by-id/%E0%A4%A' });
    expect(bad.statusCode).toBeLessThan(500);
  });
});
