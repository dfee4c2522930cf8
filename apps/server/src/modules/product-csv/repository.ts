import { inArray } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';

/** Parameters per query stay well under PostgreSQL's limit (65,535) whatever the file holds. */
const CHUNK = 1_000;

export function productCsvRepository(db: Db) {
  return {
    /** The product id of each SKU that is already a product. */
    async idsOfSkus(skus: readonly string[]): Promise<Map<string, number>> {
      const found = new Map<string, number>();
      const unique = [...new Set(skus)];
      for (let i = 0; i < unique.length; i += CHUNK) {
        const rows = await db
          .select({ id: schema.products.id, sku: schema.products.sku })
          .from(schema.products)
          .where(inArray(schema.products.sku, unique.slice(i, i + CHUNK)));
        for (const row of rows) found.set(row.sku, row.id);
      }
      return found;
    },
  };
}
