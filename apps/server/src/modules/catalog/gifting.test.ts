import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFT_OCCASION_NAMES, GIFT_RECIPIENT_NAMES, type ProductPage } from '@milli/contracts';
import { schema } from '@milli/db';
import { createTestApp, type TestApp } from '../../testing.ts';

const { products } = schema;

describe('gifting collections (DECISIONS §7, decision 024)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { readCacheMb: 0 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function everyPage(query: string) {
    const first = (await t.app.inject({ url: `/api/product/productList?${query}` })).json() as ProductPage;
    const items = [...first.data];
    for (let p = 2; p <= first.totalPages; p++)
      items.push(...((await t.app.inject({ url: `/api/product/productList?${query}&page=${p}` })).json() as ProductPage).data);
    return { total: first.totalResults, ids: items.map((i) => i.product_id) };
  }

  it('lists pieces for every occasion of the gifting menus, and only pieces set for it', async () => {
    for (const occasion of GIFT_OCCASION_NAMES) {
      const { total, ids } = await everyPage(`occasion=${occasion}`);
      expect(total, occasion).toBeGreaterThanOrEqual(4);
      const rows = await t.database.db.select({ occasions: products.giftOccasions }).from(products).where(inArray(products.id, ids));
      for (const r of rows) expect(r.occasions, occasion).toContain(occasion);
    }
  });

  it('lists pieces for every recipient of the gifting menu, and only pieces set for them', async () => {
    for (const recipient of GIFT_RECIPIENT_NAMES) {
      const { total, ids } = await everyPage(`recipient=${recipient.toLowerCase()}`);
      expect(total, recipient).toBeGreaterThanOrEqual(4);
      const rows = await t.database.db.select({ recipients: products.giftRecipients }).from(products).where(inArray(products.id, ids));
      for (const r of rows) expect(r.recipients, recipient).toContain(recipient);
    }
  });

  it('combines with the other filters, and an unknown collection finds nothing rather than everything', async () => {
    const both = await everyPage('occasion=Birthday&recipient=Kids');
    const kids = await everyPage('recipient=Kids');
    expect(both.total).toBeGreaterThan(0);
    expect(both.total).toBeLessThanOrEqual(kids.total);
    const gold = await everyPage('occasion=Anniversary&material=Gold');
    expect(gold.total).toBeLessThan((await everyPage('occasion=Anniversary')).total);
    expect((await everyPage('occasion=Christmas')).total).toBe(0);
    expect((await everyPage('recipient=Uncle')).total).toBe(0);
  });

  it('is a collection, not a search: Self and Personalized find pieces though no piece is named so', async () => {
    expect((await everyPage('q=Self')).total).toBe(0);
    expect((await everyPage('occasion=Self')).total).toBeGreaterThan(0);
  });

  it('refuses a gifting value too long to be one with a 400', async () => {
    const res = await t.app.inject({ url: `/api/product/productList?occasion=${'x'.repeat(101)}` });
    expect(res.statusCode).toBe(400);
  });
});
