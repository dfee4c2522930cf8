import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { categories, products } from './schema.ts';
import { createTestDatabase, testServerUrl, type TestDatabase } from './testing.ts';

const TABLES = [
  'appointments',
  'audit_log',
  'cad_design_renders',
  'cad_designs',
  'cart_lines',
  'carts',
  'categories',
  'complaint_messages',
  'complaint_ticket_years',
  'complaints',
  'consent_events',
  'coupon_redemptions',
  'coupons',
  'courier_bookings',
  'courier_events',
  'credit_notes',
  'custom_design_images',
  'custom_design_requests',
  'customer_addresses',
  'customer_nominees',
  'customer_notes',
  'customers',
  'diamond_rates',
  'document_series',
  'email_changes',
  'erasure_codes',
  'exchange_requests',
  'gateway_events',
  'harvest_instalments',
  'harvest_plans',
  'harvest_redemptions',
  'huid_articles',
  'mail_outbox',
  'message_consents',
  'message_templates',
  'messages',
  'metal_credits',
  'metal_debits',
  'metal_rates',
  'offer_strip',
  'order_addresses',
  'order_adjustments',
  'order_form60',
  'order_lines',
  'order_pieces',
  'order_return_events',
  'order_return_lines',
  'order_return_photos',
  'order_returns',
  'order_status_history',
  'orders',
  'other_stones',
  'password_resets',
  'payments',
  'phone_codes',
  'product_images',
  'product_spins',
  'product_stones',
  'product_tags',
  'product_videos',
  'products',
  'rate_alerts',
  'rate_limit_hits',
  'rate_lock_uses',
  'rate_locks',
  'refunds',
  'review_photos',
  'reviews',
  'sale_products',
  'sales',
  'search_synonyms',
  'search_words',
  'sessions',
  'sizer_requests',
  'staff',
  'staff_api_tokens',
  'staff_invitations',
  'staff_recovery_codes',
  'staff_sessions',
  'store_credit_entries',
  'store_settings',
  'stores',
  'tags',
  'trade_partner_applications',
  'trade_partner_contacts',
  'trade_partner_owners',
  'wishlist_items',
];

async function rows<T>(database: TestDatabase | Awaited<ReturnType<typeof openDatabase>>, query: string): Promise<T[]> {
  const result = (await database.db.execute(sql.raw(query))) as unknown as { rows: T[] };
  return result.rows;
}

describe('migrations', () => {
  it('apply to an empty embedded database, and a second run changes nothing', async () => {
    const database = await openDatabase({ dataDir: 'memory' });
    try {
      await database.migrate();
      await database.migrate();
      const applied = await rows<{ n: number | string }>(database, 'select count(*) as n from drizzle.__drizzle_migrations');
      expect(Number(applied[0]!.n)).toBeGreaterThanOrEqual(2);
    } finally {
      await database.close();
    }
  });

  describe(`on ${testServerUrl ? 'PostgreSQL' : 'PGlite'}`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(async () => {
      await database?.dispose();
    });

    it('create every table of the domain', async () => {
      const found = await rows<{ table_name: string }>(
        database,
        "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
      );
      expect(found.map((r) => r.table_name)).toEqual(TABLES);
    });

    it('announce a change to anything a product answer shows, so every instance forgets its cached copy', async () => {
      const found = await rows<{ table_name: string }>(
        database,
        "select distinct c.relname as table_name from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname = 'milli_catalogue_changed' order by 1",
      );
      const announced = found.map((r) => r.table_name);
      for (const table of [
        'products',
        'product_images',
        'product_tags',
        'product_stones',
        'product_videos',
        'product_spins',
        'metal_rates',
        'diamond_rates',
        'reviews',
      ]) {
        expect(announced, table).toContain(table);
      }
    });

    it('install pg_trgm before the trigram indexes that need it', async () => {
      const ext = await rows<{ extname: string }>(database, "select extname from pg_extension where extname = 'pg_trgm'");
      expect(ext).toHaveLength(1);
      const indexes = await rows<{ indexname: string }>(
        database,
        "select indexname from pg_indexes where tablename = 'products' and indexdef like '%gin_trgm_ops%' order by indexname",
      );
      expect(indexes.map((i) => i.indexname)).toEqual(['products_name_trgm_idx', 'products_search_text_trgm_idx']);
    });

    it('guard closed sets of values with CHECK constraints', async () => {
      const [category] = await database.db
        .insert(categories)
        .values({ name: 'Anklets', queryName: 'Anklets', slug: 'anklets' })
        .returning({ id: categories.id });
      const base = {
        sku: 'MT-AN-0001',
        name: 'Test Anklet',
        slug: 'test-anklet',
        material: 'Gold' as const,
        metal: 'gold' as const,
        categoryId: category!.id,
        purity: 22,
        metalWeightMg: 5000,
        image: '/media/art/chain/yellow-gold/1.svg',
        listPricePaise: 100,
        listPriceDate: '2026-01-01',
      };
      await expect(database.db.insert(products).values({ ...base, material: 'Brass' as never })).rejects.toThrow();
      await expect(database.db.insert(products).values({ ...base, sku: 'MT-AN-0002', slug: 'x2', purity: 950 })).rejects.toThrow();
      // Issue 38: platinum is not hallmarked under the BIS HUID scheme.
      await expect(
        database.db.insert(products).values({ ...base, sku: 'MT-AN-0003', slug: 'x3', material: 'Platinum', metal: 'platinum', purity: 950, hallmarked: true }),
      ).rejects.toThrow();
      await expect(database.db.insert(products).values({ ...base, sku: 'MT-AN-0004', slug: 'x4', metalWeightMg: null })).rejects.toThrow();
      const [ok] = await database.db
        .insert(products)
        .values({ ...base, hallmarked: true })
        .returning();
      expect(ok!.searchVector).toContain("'anklet'");
    });
  });
});
