/**
 * The day's rates in the back office (issue 17): who may read and set them, how a PUT is checked, the audit
 * record, API tokens for a rates feed, and every price following at once, cached answers and pages included.
 * The test app serves no web pages, so the prices are read through the API the pages are built from; a kept
 * page is checked by its entry in the read cache, which the web plugin keeps pages in (plugins/page-cache.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail, ProductPage, RatesAnswer } from '@milli/contracts/schemas';
import { schema } from '@milli/db';
import { indianDate, priceChoice } from '@milli/pricing';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createShopper, createStaff, type TestStaff } from '../../testing-factories.ts';
import { daysBefore } from './desk.ts';

const { auditLog, diamondRates, metalRates, staffApiTokens } = schema;

describe('the day’s rates: GET and PUT /api/admin/rates', () => {
  let t: TestApp;
  let owner: TestStaff;
  let catalogue: TestStaff;
  let orders: TestStaff;
  let ip = 0;

  beforeAll(async () => {
    t = await createTestApp();
    // The seed sets today's rates: make them three days old, so this morning's are still to come.
    const threeDaysAgo = daysBefore(indianDate(new Date()), 3);
    await t.database.db.update(metalRates).set({ rateDate: threeDaysAgo });
    await t.database.db.update(diamondRates).set({ rateDate: threeDaysAgo });
    await t.app.readCache.caughtUp();
    owner = await createStaff(t.app, { role: 'owner' });
    catalogue = await createStaff(t.app, { role: 'catalogue' });
    orders = await createStaff(t.app, { role: 'orders' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (cookie?: string, query = '') =>
    t.app.inject({ url: `/api/admin/rates${query}`, headers: cookie ? { cookie } : {}, remoteAddress: `10.9.0.${++ip % 250}` });
  const put = (body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/rates', payload: body as object, headers, remoteAddress: `10.9.1.${++ip % 250}` });
  const overview = async (cookie = owner.cookie) => (await get(cookie)).json() as RatesAnswer;
  const rateOf = (answer: RatesAnswer, key: string) => answer.rates.find((r) => r.key === key)!;

  it('is refused without a staff session, to a shopper, and to roles without the catalogue', async () => {
    expect((await get()).statusCode).toBe(401);
    const shopper = await createShopper(t.app);
    expect((await get(shopper.cookie)).statusCode).toBe(401);
    const refused = await get(orders.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PERMISSION_DENIED');
    // Refused before the body is read: an orders member learns nothing of what a PUT must look like.
    const write = await put({ nonsense: true }, { cookie: orders.cookie });
    expect(write.statusCode).toBe(403);
    expect((await put({ rates: [] })).statusCode).toBe(401);
    expect((await get(catalogue.cookie)).statusCode).toBe(200);
    expect((await get(owner.cookie)).statusCode).toBe(200);
  });

  it('answers the rates in force with their dates, yesterday’s, the history and a few typical pieces', async () => {
    const answer = await overview();
    const today = indianDate(new Date());
    expect(answer.today).toBe(today);
    expect(answer.yesterday).toBe(daysBefore(today, 1));
    expect(answer.rates.map((r) => r.key)).toEqual([
      'gold:24',
      'gold:22',
      'gold:18',
      'gold:14',
      'platinum:950',
      'silver:925',
      'diamond:SI-IJ',
      'diamond:SI-GH',
      'diamond:VVS-GH',
      'diamond:VVS-EF',
    ]);
    // The seed's rates are of three days ago: in force, but today's are not in yet.
    expect(answer.todayComplete).toBe(false);
    for (const rate of answer.rates) {
      expect(rate.today, rate.key).toBeNull();
      expect(rate.inForce!.paise, rate.key).toBeGreaterThan(0);
      expect(rate.inForce!.date < today, rate.key).toBe(true);
      expect(rate.yesterday, rate.key).toEqual(rate.inForce);
    }
    expect(rateOf(answer, 'gold:22').unit).toBe('gram');
    expect(rateOf(answer, 'diamond:VVS-EF')).toMatchObject({ unit: 'carat', quality: 'VVS-EF', purity: null });
    expect(answer.history.days).toBe(90);
    expect(answer.samples.length).toBeGreaterThanOrEqual(3);
    for (const sample of answer.samples) {
      // The one price function gives each piece's price from what the answer carries.
      expect(priceChoice(sample.pricing)!.totalPaise, sample.name).toBe(sample.pricePaise);
    }
    expect(new Set(answer.samples.map((s) => s.key.split(':')[0])).size).toBeGreaterThanOrEqual(3);
  });

  it('checks days: 1 to 366', async () => {
    expect((await get(owner.cookie, '?days=366')).statusCode).toBe(200);
    for (const bad of ['0', '367', 'abc', '2.5']) {
      const res = await get(owner.cookie, `?days=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe('INVALID_REQUEST');
    }
  });

  it('refuses unknown metals and purities, paise that are not whole or not above 0, and a rate given twice, field by field', async () => {
    const res = await put(
      {
        rates: [
          { metal: 'copper', purity: 999, paisePerGram: 1000 },
          { metal: 'gold', purity: 21, paisePerGram: 1000 },
          { metal: 'gold', purity: 22, paisePerGram: 0 },
          { metal: 'platinum', purity: 950, paisePerGram: 12.5 },
          { metal: 'silver', purity: 925, paisePerGram: -3 },
          { metal: 'diamond', quality: 'FL-D', paisePerCarat: 100 },
          { metal: 'diamond', quality: 'SI-IJ' },
          { metal: 'gold', purity: 18, paisePerGram: 500000 },
          { metal: 'gold', purity: 18, paisePerGram: 500001 },
        ],
      },
      { cookie: owner.cookie },
    );
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('INVALID_REQUEST');
    expect(Object.keys(body.fields).sort()).toEqual(
      [
        'rates.0.metal',
        'rates.1.purity',
        'rates.2.paisePerGram',
        'rates.3.paisePerGram',
        'rates.4.paisePerGram',
        'rates.5.quality',
        'rates.6.paisePerCarat',
        'rates.8.purity',
      ].sort(),
    );
    expect(body.fields['rates.1.purity']).toMatch(/14, 18, 22, 24/);
    expect(body.fields['rates.8.purity']).toMatch(/twice/);
    // Nothing was written: every entry must be right before any is.
    expect((await overview()).rates.every((r) => r.today === null)).toBe(true);
    const shape = await put({ rates: 'gold' }, { cookie: owner.cookie });
    expect(shape.statusCode).toBe(400);
    expect((await put({}, { cookie: owner.cookie })).statusCode).toBe(400);
  });

  it('refuses a rate outside its band or out of the purity order, which no confirmation bypasses (issue 39)', async () => {
    const before = await overview();
    const gold24 = rateOf(before, 'gold:24').inForce!.paise;
    const gold18 = rateOf(before, 'gold:18').inForce!.paise;
    // 22 kt at Rs. 1 a gram: below its floor, confirmed or not.
    for (const confirm of [false, true]) {
      const res = await put({ rates: [{ metal: 'gold', purity: 22, paisePerGram: 100 }], confirm }, { cookie: owner.cookie });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields['rates.0.paisePerGram']).toMatch(/22 kt gold at Rs\. 1\.00 a gram is outside Rs\. 916\.67 to Rs\. 91,666\.67: check the digits/);
    }
    const high = await put({ rates: [{ metal: 'diamond', quality: 'SI-IJ', paisePerCarat: 60_00_000_00 }], confirm: true }, { cookie: owner.cookie });
    expect(high.statusCode).toBe(400);
    expect(high.json().fields['rates.0.paisePerCarat']).toMatch(/a carat is outside/);
    // 22 kt above the 24 kt in force, with confirmation: refused, naming both.
    const above = await put({ rates: [{ metal: 'gold', purity: 22, paisePerGram: gold24 + 100 }], confirm: true }, { cookie: owner.cookie });
    expect(above.statusCode).toBe(400);
    expect(above.json().fields['rates.0.paisePerGram']).toMatch(/22 kt gold .* cannot cost more a gram than 24 kt gold/);
    // 18 kt typed below 14 kt typed in the same save: the lesser purity is named.
    const crossed = await put(
      {
        rates: [
          { metal: 'gold', purity: 18, paisePerGram: gold18 },
          { metal: 'gold', purity: 14, paisePerGram: gold18 + 1 },
        ],
        confirm: true,
      },
      { cookie: owner.cookie },
    );
    expect(crossed.statusCode).toBe(400);
    expect(Object.keys(crossed.json().fields)).toEqual(['rates.1.paisePerGram']);
    expect((await overview()).rates.every((r) => r.today === null)).toBe(true);
  });

  it('asks to confirm a change of more than 20 % (a slipped digit), listing which, and writes nothing until confirmed', async () => {
    const before = await overview();
    const gold24 = rateOf(before, 'gold:24').inForce!.paise;
    const silver = rateOf(before, 'silver:925').inForce!.paise;
    const body = {
      rates: [
        { metal: 'silver', purity: 925, paisePerGram: silver + 100 },
        { metal: 'gold', purity: 24, paisePerGram: gold24 * 3 },
      ],
    };
    const res = await put(body, { cookie: owner.cookie });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CONFLICT');
    expect(Object.keys(res.json().fields)).toEqual(['rates.1.paisePerGram']);
    expect(res.json().message).toMatch(/24 kt gold/);
    expect((await overview()).rates.every((r) => r.today === null)).toBe(true);

    const confirmed = await put({ ...body, confirm: true }, { cookie: owner.cookie });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().written).toEqual({ 'silver:925': silver + 100, 'gold:24': gold24 * 3 });
    // Putting the mistake right, back near yesterday's rate, needs no confirmation.
    const mended = await put({ rates: [{ metal: 'gold', purity: 24, paisePerGram: gold24 }] }, { cookie: owner.cookie });
    expect(mended.statusCode).toBe(200);
    const after = await overview();
    expect(rateOf(after, 'gold:24').today).toBe(gold24);
    expect(rateOf(after, 'silver:925').today).toBe(silver + 100);
    // Only the listed rates changed.
    expect(rateOf(after, 'gold:22').today).toBeNull();
    expect(after.history.series.find((s) => s.key === 'silver:925')!.points.at(-1)).toEqual({ paise: silver + 100, date: after.today });
  });

  it('sets a rate at once on every price, cached answers and pages included, and records who did it', async () => {
    const db = t.database.db;
    // A weighed 22 kt gold piece the listing shows on its first page.
    const listing = async () => (await t.app.inject({ url: '/api/product/productList?material=GOLD&page=1' })).json() as ProductPage;
    const detail = async (id: number) => (await t.app.inject({ url: `/api/product/find-by-id/${id}` })).json().data as ProductDetail;
    let piece: ProductDetail | undefined;
    for (const card of (await listing()).data) {
      const d = await detail(card.product_id);
      if (d.pricing.metal === 'gold' && d.pricing.defaultPurity === 22 && d.pricing.metalWeightMg !== null) {
        piece = d;
        break;
      }
    }
    expect(piece, 'a 22 kt gold piece on the first page').toBeDefined();
    const id = piece!.product_id;
    const old = piece!.pricing.ratesPaisePerGram['22']!;
    const rate = old + 50_000; // ₹500 a gram more: well within 20 %.
    const listPrice = (p: { product_price_paise: number; product_price_before_paise: number | null }) => p.product_price_before_paise ?? p.product_price_paise;
    const cardBefore = (await listing()).data.find((p) => p.product_id === id)!;
    // Both answers are now kept in the read cache, and so is a page (as the web plugin keeps one).
    const pageKey = `page:browser:${indianDate(new Date())}: /product-detail/${id}`;
    t.app.readCache.put(pageKey, { status: 200, headers: [], body: Buffer.from('old price'), scriptSources: [] }, 100, t.app.readCache.generation);
    expect(t.app.readCache.peek(pageKey)).toBeDefined();

    const res = await put({ rates: [{ metal: 'gold', purity: 22, paisePerGram: rate }] }, { cookie: catalogue.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().repriced).toBeGreaterThan(0);
    expect(t.app.readCache.peek(pageKey)).toBeUndefined();

    const expected = priceChoice({ ...piece!.pricing, ratesPaisePerGram: { ...piece!.pricing.ratesPaisePerGram, 22: rate } })!;
    const after = await detail(id);
    expect(after.pricing.ratesPaisePerGram['22']).toBe(rate);
    expect(after.product_price_paise).toBe(expected.totalPaise);
    expect(after.product_price_paise).toBeGreaterThan(piece!.product_price_paise);
    const cardAfter = (await listing()).data.find((p) => p.product_id === id)!;
    expect(listPrice(cardAfter)).toBe(priceChoice({ ...after.pricing, sale: null })!.totalPaise);
    expect(listPrice(cardAfter)).toBeGreaterThan(listPrice(cardBefore));

    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'rates'), eq(auditLog.staffId, catalogue.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ action: 'update', entityId: indianDate(new Date()), staffEmail: catalogue.email, via: 'session' });
    expect(audit!.before).toEqual({ 'gold:22': { paise: old, date: expect.any(String) } });
    expect(audit!.after).toMatchObject({ 'gold:22': rate });
  });

  it('drops kept pages when the database announces a rate change, whoever wrote it', async () => {
    const key = `page:browser:${indianDate(new Date())}: /alljewellery`;
    t.app.readCache.put(key, { status: 200, headers: [], body: Buffer.from('old'), scriptSources: [] }, 100, t.app.readCache.generation);
    expect(t.app.readCache.peek(key)).toBeDefined();
    // Written behind the app's back (another instance, a script): only the notification of migration 0002 can tell it.
    const [row] = await t.database.db
      .select()
      .from(metalRates)
      .where(eq(metalRates.rateDate, indianDate(new Date())))
      .limit(1);
    await t.database.db.update(metalRates).set({ ratePaisePerGram: row!.ratePaisePerGram }).where(eq(metalRates.id, row!.id));
    await t.app.readCache.caughtUp();
    expect(t.app.readCache.peek(key)).toBeUndefined();
  });

  it('takes an API token (Authorization: Bearer) for a daily rates feed, with its creator’s permissions', async () => {
    const db = t.database.db;
    const tokenOf = async (member: TestStaff) => {
      const token = `mst_${randomBytes(32).toString('base64url')}`;
      const [row] = await db
        .insert(staffApiTokens)
        .values({ staffId: member.id, name: 'rates feed', tokenHash: createHash('sha256').update(token).digest('hex'), prefix: token.slice(0, 8) })
        .returning({ id: staffApiTokens.id });
      return { token, id: row!.id };
    };
    const feed = await tokenOf(catalogue);
    const silver = rateOf(await overview(), 'silver:925').inForce!.paise;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/rates',
      headers: { authorization: `Bearer ${feed.token}` },
      payload: { rates: [{ metal: 'silver', purity: 925, paisePerGram: silver + 50 }] },
    });
    expect(res.statusCode).toBe(200);
    expect(rateOf(await overview(), 'silver:925').today).toBe(silver + 50);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.entity, 'rates')).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ staffId: catalogue.id, via: `token:${feed.id}` });
    const read = await t.app.inject({ url: '/api/admin/rates', headers: { authorization: `Bearer ${feed.token}` } });
    expect(read.statusCode).toBe(200);

    // An orders member's token cannot; a revoked or unknown token is no one.
    const other = await tokenOf(orders);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/admin/rates', headers: { authorization: `Bearer ${other.token}` }, payload: { rates: [] } })).statusCode,
    ).toBe(403);
    await db.update(staffApiTokens).set({ revokedAt: new Date() }).where(eq(staffApiTokens.id, feed.id));
    expect((await t.app.inject({ url: '/api/admin/rates', headers: { authorization: `Bearer ${feed.token}` } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/rates', headers: { authorization: 'Bearer mst_nothing' } })).statusCode).toBe(401);
  });

  it('sets the diamond grades per carat', async () => {
    const si = rateOf(await overview(), 'diamond:SI-IJ').inForce!.paise;
    const res = await put({ rates: [{ metal: 'diamond', quality: 'SI-IJ', paisePerCarat: si + 1000_00 }] }, { cookie: owner.cookie });
    expect(res.statusCode).toBe(200);
    expect(rateOf(await overview(), 'diamond:SI-IJ').today).toBe(si + 1000_00);
  });
});
