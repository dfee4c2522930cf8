import { asc, eq } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';

const columns = {
  id: schema.stores.id,
  name: schema.stores.name,
  city: schema.stores.city,
  address: schema.stores.address,
  pincode: schema.stores.pincode,
  phone: schema.stores.phone,
  hours: schema.stores.hours,
  latitude: schema.stores.latitude,
  longitude: schema.stores.longitude,
};

export function createStoresRepository(db: Db) {
  return {
    /** Every open store, city by city in the order staff chose. */
    listActive() {
      return db
        .select(columns)
        .from(schema.stores)
        .where(eq(schema.stores.active, true))
        .orderBy(asc(schema.stores.city), asc(schema.stores.sortOrder), asc(schema.stores.id));
    },
    /** A free ring sizer to post; a product id that names no product is kept as none. */
    async addSizerRequest(request: Omit<typeof schema.sizerRequests.$inferInsert, 'id' | 'productId'> & { productId?: number }) {
      const { productId, ...fields } = request;
      const [product] = productId ? await db.select({ id: schema.products.id }).from(schema.products).where(eq(schema.products.id, productId)) : [];
      await db.insert(schema.sizerRequests).values({ ...fields, productId: product?.id ?? null });
    },
  };
}
