import { and, asc, eq, gt, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';
import type { ProductExportQuery } from '@milli/contracts/schemas';

const { products, categories, storeSettings } = schema;

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function productCsvRepository(db: Db) {
  return {
    /**
     * A page of the ids the export holds, in id order, after `afterId`: the products list's filters, meaning what
     * they mean there (SKU or name contains q; category and material by name; low stock is 1 to the store's threshold).
     */
    async exportIds(filter: ProductExportQuery, afterId: number, limit: number): Promise<number[]> {
      const where: (SQL | undefined)[] = [gt(products.id, afterId)];
      if (filter.q) {
        const like = `%${likeEscape(filter.q)}%`;
        where.push(or(ilike(products.name, like), ilike(products.sku, like)));
      }
      if (filter.category) where.push(sql`lower(${categories.name}) = lower(${filter.category})`);
      if (filter.material) where.push(sql`lower(${products.material}) = lower(${filter.material})`);
      if (filter.status) where.push(eq(products.active, filter.status === 'active'));
      if (filter.stock === 'out') where.push(eq(products.stock, 0));
      if (filter.stock === 'low') {
        const [settings] = await db.select({ n: storeSettings.lowStockThreshold }).from(storeSettings).limit(1);
        where.push(and(lte(products.stock, settings?.n ?? 2), gt(products.stock, 0)));
      }
      const rows = await db
        .select({ id: products.id })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(and(...where))
        .orderBy(asc(products.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },
  };
}
