import { and, asc, eq, gt, ilike, or, type SQL } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';

const { products, categories } = schema;

/** What the export keeps: the products list's search (SKU or name), category and whether on sale. */
export interface ExportFilter {
  q?: string | undefined;
  category?: string | undefined;
  active?: boolean | undefined;
}

const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function productCsvRepository(db: Db) {
  return {
    /** A page of the ids the export holds, in id order, after `afterId`. */
    async exportIds(filter: ExportFilter, afterId: number, limit: number): Promise<number[]> {
      const where: (SQL | undefined)[] = [gt(products.id, afterId)];
      if (filter.q) where.push(or(ilike(products.sku, likeOf(filter.q)), ilike(products.name, likeOf(filter.q))));
      if (filter.category) where.push(ilike(categories.name, filter.category.replace(/[\\%_]/g, (c) => `\\${c}`)));
      if (filter.active !== undefined) where.push(eq(products.active, filter.active));
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
