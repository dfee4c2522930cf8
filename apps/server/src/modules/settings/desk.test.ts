/** The store settings in the back office (issue 17): owner only, checked field by field, audited, caches flushed, GST reprices. */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSettings, ProductDetail } from '@milli/contracts/schemas';
import { schema } from '@milli/db';
import { priceChoice } from '@milli/pricing';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createShopper, createStaff, type TestStaff } from '../../testing-factories.ts';

const { auditLog, products } = schema;

describe('store settings: GET and PATCH /api/admin/settings', () => {
  let t: TestApp;
  let owner: TestStaff;
  let ip = 0;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createStaff(t.app, { role: 'owner' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (cookie?: string) => t.app.inject({ url: '/api/admin/settings', headers: cookie ? { cookie } : {}, remoteAddress: `10.7.0.${++ip % 250}` });
  const patch = (body: unknown, cookie: string | undefined = owner.cookie) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      payload: body as object,
      headers: cookie ? { cookie } : {},
      remoteAddress: `10.7.1.${++ip % 250}`,
    });

  it('is the owner’s alone', async () => {
    expect((await get()).statusCode).toBe(401);
    const shopper = await createShopper(t.app);
    expect((await get(shopper.cookie)).statusCode).toBe(401);
    for (const role of ['catalogue', 'orders', 'design', 'partners', 'accounts'] as const) {
      const member = await createStaff(t.app, { role });
      expect((await get(member.cookie)).statusCode, role).toBe(403);
      const refused = await patch({ returnWindowDays: 30 }, member.cookie);
      expect(refused.statusCode, role).toBe(403);
      expect(refused.json().code).toBe('PERMISSION_DENIED');
    }
    expect((await patch({ returnWindowDays: 30 }, '')).statusCode).toBe(401);
    const mine = await get(owner.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toMatch(/private/);
    const settings = mine.json() as AdminSettings;
    expect(settings).toMatchObject({ gstPercent: 3, staffTwoFactorRequired: false });
    expect(settings.codLimitPaise).toBeLessThan(20_000_000);
  });

  it('checks every field and answers each problem under its name, changing nothing', async () => {
    const before = (await get(owner.cookie)).json() as AdminSettings;
    const res = await patch({
      storeName: '  ',
      helpLine: 'call us',
      emailPrimary: 'not-an-email',
      returnWindowDays: 400,
      shippingFeePaise: 12.5,
      deliveryDays: 0,
      gstPercent: 3.125,
      hallmarkingChargePaise: -1,
      cadAdvancePercent: 101,
      sellerGstin: '33ABCDE1234F1Z4',
      invoicePrefix: 'milli-store',
      codLimitPaise: 20_000_000,
      lowStockThreshold: -2,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_REQUEST');
    expect(Object.keys(res.json().fields).sort()).toEqual(
      [
        'storeName',
        'helpLine',
        'emailPrimary',
        'returnWindowDays',
        'shippingFeePaise',
        'deliveryDays',
        'gstPercent',
        'hallmarkingChargePaise',
        'cadAdvancePercent',
        'sellerGstin',
        'invoicePrefix',
        'codLimitPaise',
        'lowStockThreshold',
      ].sort(),
    );
    expect(res.json().fields.codLimitPaise).toMatch(/2 lakh/);
    expect(res.json().fields.sellerGstin).toMatch(/check character/);
    expect((await patch({ gstPercent: 29 })).json().fields.gstPercent).toMatch(/0 to 28/);
    // The state code must agree with the GSTIN.
    expect((await patch({ sellerStateCode: '29' })).json().fields.sellerStateCode).toMatch(/must match/);
    // Unknown fields and wrong types are refused by the schema.
    expect((await patch({ storeNam: 'Milli' })).statusCode).toBe(400);
    expect((await patch({ returnWindowDays: 'thirty' })).statusCode).toBe(400);
    expect((await get(owner.cookie)).json()).toEqual(before);
  });

  it('saves the given settings only, records before and after, and the shop shows them at once', async () => {
    // The shop's settings answer is kept in the read cache.
    const shopBefore = (await t.app.inject({ url: '/api/settings' })).json();
    const res = await patch({
      returnWindowDays: shopBefore.returnWindowDays + 5,
      helpLine: ' +91 44 4000 9876 ',
      codLimitPaise: 19_999_999,
      staffTwoFactorRequired: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().changed.sort()).toEqual(['codLimitPaise', 'helpLine', 'returnWindowDays']);
    expect(res.json().settings).toMatchObject({ helpLine: '+91 44 4000 9876', codLimitPaise: 19_999_999 });
    const shopAfter = (await t.app.inject({ url: '/api/settings' })).json();
    expect(shopAfter.returnWindowDays).toBe(shopBefore.returnWindowDays + 5);
    expect(shopAfter.helpLine).toBe('+91 44 4000 9876');

    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'settings')).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: 'update', entityId: '1', staffId: owner.id, staffEmail: owner.email });
    expect(audit!.before).toEqual({ returnWindowDays: shopBefore.returnWindowDays, helpLine: shopBefore.helpLine, codLimitPaise: expect.any(Number) });
    expect(audit!.after).toEqual({ returnWindowDays: shopBefore.returnWindowDays + 5, helpLine: '+91 44 4000 9876', codLimitPaise: 19_999_999 });

    // Saving the same again changes nothing and records nothing.
    const count = async () => (await t.database.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.entity, 'settings'))).length;
    const n = await count();
    const same = await patch({ returnWindowDays: shopBefore.returnWindowDays + 5 });
    expect(same.json().changed).toEqual([]);
    expect(await count()).toBe(n);
  });

  it('keeps nightly backups 14 days unless the owner says otherwise, from 1 to 365 whole days (issue 37)', async () => {
    expect((await get(owner.cookie)).json()).toMatchObject({ backupRetentionDays: 14 });
    for (const refused of [0, 366, 7.5, -1]) {
      const res = await patch({ backupRetentionDays: refused });
      expect(res.statusCode, String(refused)).toBe(400);
      expect(res.json().fields.backupRetentionDays).toBe('The backup retention must be a whole number from 1 to 365 days.');
    }
    const saved = await patch({ backupRetentionDays: 30 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ changed: ['backupRetentionDays'], settings: { backupRetentionDays: 30 } });
    expect((await get(owner.cookie)).json()).toMatchObject({ backupRetentionDays: 30 });
  });

  it('keeps the BIS registration number empty until set, checks its form (HM/C- and ten digits), and the storefront’s settings carry it (issue 38)', async () => {
    expect((await get(owner.cookie)).json()).toMatchObject({ bisRegistration: '' });
    expect((await t.app.inject({ url: '/api/settings' })).json()).toMatchObject({ bisRegistration: '' });
    for (const refused of ['HM/C-123', 'HMC-5190012345', 'CM/L-5190012345', 'HM/C-51900123456', 'hallmarked']) {
      const res = await patch({ bisRegistration: refused });
      expect(res.statusCode, refused).toBe(400);
      expect(res.json().fields.bisRegistration).toMatch(/HM\/C- and ten digits/);
    }
    // Typed loosely, kept in the certificate's form.
    const saved = await patch({ bisRegistration: ' hm/c - 5190012345 ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ changed: ['bisRegistration'], settings: { bisRegistration: 'HM/C-5190012345' } });
    expect((await t.app.inject({ url: '/api/settings' })).json()).toMatchObject({ bisRegistration: 'HM/C-5190012345' });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'settings')).orderBy(desc(auditLog.id)).limit(1);
    expect(audit!.after).toMatchObject({ bisRegistration: 'HM/C-5190012345' });
    // And cleared again: nothing is claimed then.
    expect((await patch({ bisRegistration: '' })).json()).toMatchObject({ settings: { bisRegistration: '' } });
    // The table refuses a malformed number even from a writer that skips the desk.
    await expect(t.database.db.update(schema.storeSettings).set({ bisRegistration: 'HM/C-12' })).rejects.toThrow();
  });

  it('reprices every weighed product in the same change when the GST rate changes', async () => {
    const [weighed] = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.metal, 'gold'), eq(products.active, true)))
      .orderBy(products.id)
      .limit(1);
    const detail = async () => (await t.app.inject({ url: `/api/product/find-by-id/${weighed!.id}` })).json().data as ProductDetail;
    const before = await detail();
    const res = await patch({ gstPercent: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.json().repriced).toBeGreaterThan(0);
    const after = await detail();
    expect(after.pricing.gstPercent).toBe(5);
    expect(after.product_price_paise).toBe(priceChoice({ ...before.pricing, gstPercent: 5 })!.totalPaise);
    expect(after.product_price_paise).toBeGreaterThan(before.product_price_paise);
    const [row] = await t.database.db.select({ list: products.listPricePaise }).from(products).where(eq(products.id, weighed!.id));
    expect(Number(row!.list)).toBe(priceChoice({ ...after.pricing, sale: null })!.totalPaise);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'settings')).orderBy(desc(auditLog.id)).limit(1);
    expect(audit!.before).toEqual({ gstPercent: 3 });
    expect(audit!.after).toMatchObject({ gstPercent: 5 });
    expect((await patch({ gstPercent: 3 })).statusCode).toBe(200);
  });

  it('turns on two-factor sign-in for all staff only for an owner who has it, and then refuses members without it', async () => {
    const refused = await patch({ staffTwoFactorRequired: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.staffTwoFactorRequired).toMatch(/yourself first/);
    // An owner with an authenticator app set up (as the staff module records it).
    await t.database.db.update(schema.staff).set({ totpEnabledAt: new Date() }).where(eq(schema.staff.id, owner.id));
    const member = await createStaff(t.app, { role: 'catalogue' });
    const on = await patch({ staffTwoFactorRequired: true });
    expect(on.statusCode).toBe(200);
    const blocked = await t.app.inject({ url: '/api/admin/rates', headers: { cookie: member.cookie } });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    expect((await patch({ staffTwoFactorRequired: false })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/admin/rates', headers: { cookie: member.cookie } })).statusCode).toBe(200);
  });

  it('an API token cannot switch the two-factor rule off (or on): a security setting needs a signed-in owner', async () => {
    const tokenOwner = await createStaff(t.app, { role: 'owner' });
    await t.database.db.update(schema.staff).set({ totpEnabledAt: new Date() }).where(eq(schema.staff.id, tokenOwner.id));
    const made = await t.app.inject({ method: 'POST', url: '/api/admin/me/tokens', headers: { cookie: tokenOwner.cookie }, payload: { name: 'rates feed' } });
    expect(made.statusCode).toBe(200);
    const bearer = { authorization: `Bearer ${made.json().token as string}` };
    const viaToken = (body: object) => t.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: bearer, payload: body });
    expect((await patch({ staffTwoFactorRequired: true }, tokenOwner.cookie)).statusCode).toBe(200);
    try {
      const off = await viaToken({ staffTwoFactorRequired: false });
      expect(off.statusCode).toBe(403);
      expect(off.json().code).toBe('PERMISSION_DENIED');
      expect((await get(owner.cookie)).json().staffTwoFactorRequired).toBe(true);
      // Other settings (and the rule sent back unchanged) stay open to the token's automation.
      expect((await viaToken({ staffTwoFactorRequired: true, deliveryDays: (await get(owner.cookie)).json().deliveryDays })).statusCode).toBe(200);
    } finally {
      expect((await patch({ staffTwoFactorRequired: false }, tokenOwner.cookie)).statusCode).toBe(200);
    }
    const on = await viaToken({ staffTwoFactorRequired: true });
    expect(on.statusCode).toBe(403);
  });

  it('a GSTIN of another state is saved with its state code', async () => {
    const res = await patch({ sellerGstin: '29aaaca1234a1zg', sellerStateCode: '29', sellerState: 'Karnataka' });
    if (res.statusCode !== 200) expect(res.json().fields).toEqual({});
    expect(res.json().settings).toMatchObject({ sellerGstin: '29AAACA1234A1ZG', sellerStateCode: '29' });
  });
});
