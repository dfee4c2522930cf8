import { and, asc, eq, sql } from 'drizzle-orm';
import { cartOptionsKey, schema, type CartLineOptions, type Db } from '@milli/db';

const { carts, cartLines, products } = schema;

/** Cart queries; every one is scoped by the customer's id in the query itself. `db` may be a transaction. */
export function cartRepository(db: Db) {
  async function cartIdOf(customerId: number, create: boolean): Promise<number | null> {
    const [found] = await db.select({ id: carts.id }).from(carts).where(eq(carts.customerId, customerId));
    if (found || !create) return found?.id ?? null;
    const [made] = await db
      .insert(carts)
      .values({ customerId })
      .onConflictDoUpdate({ target: carts.customerId, set: { updatedAt: new Date() } })
      .returning({ id: carts.id });
    return made!.id;
  }

  return {
    cartIdOf,
    async lines(customerId: number) {
      return db
        .select({
          cartId: cartLines.id,
          productId: cartLines.productId,
          quantity: cartLines.quantity,
          options: cartLines.options,
          unitPricePaise: cartLines.unitPricePaise,
          name: products.name,
          image: products.image,
          stock: products.stock,
          listPricePaise: products.listPricePaise,
        })
        .from(cartLines)
        .innerJoin(carts, eq(carts.id, cartLines.cartId))
        .innerJoin(products, eq(products.id, cartLines.productId))
        .where(eq(carts.customerId, customerId))
        .orderBy(asc(cartLines.addedAt), asc(cartLines.id));
    },
    /** Adds to the line of the same product and choices, or starts one; the price is the one frozen now. */
    async addLine(
      customerId: number,
      line: { productId: number; quantity: number; options: CartLineOptions; unitPricePaise: number; ratePaisePerGram: number | null; rateDate: string | null },
    ) {
      const cartId = (await cartIdOf(customerId, true))!;
      const [row] = await db
        .insert(cartLines)
        .values({ cartId, ...line, optionsKey: cartOptionsKey(line.options) })
        .onConflictDoUpdate({
          target: [cartLines.cartId, cartLines.productId, cartLines.optionsKey],
          set: {
            quantity: sql`least(${cartLines.quantity} + excluded.quantity, 99)`,
            unitPricePaise: sql`excluded.unit_price_paise`,
            ratePaisePerGram: sql`excluded.rate_paise_per_gram`,
            rateDate: sql`excluded.rate_date`,
            updatedAt: new Date(),
          },
        })
        .returning({ id: cartLines.id });
      return row!.id;
    },
    async setQuantity(customerId: number, lineId: number, quantity: number) {
      const cartId = await cartIdOf(customerId, false);
      if (cartId === null) return false;
      const where = and(eq(cartLines.id, lineId), eq(cartLines.cartId, cartId));
      const rows =
        quantity === 0
          ? await db.delete(cartLines).where(where).returning({ id: cartLines.id })
          : await db.update(cartLines).set({ quantity, updatedAt: new Date() }).where(where).returning({ id: cartLines.id });
      return rows.length > 0;
    },
    async deleteLine(customerId: number, lineId: number) {
      const cartId = await cartIdOf(customerId, false);
      if (cartId === null) return false;
      const rows = await db.delete(cartLines).where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cartId))).returning({ id: cartLines.id });
      return rows.length > 0;
    },
    /** One screen of the spec sends the product id where the cart line id belongs: remove that product's lines. */
    async deleteProduct(customerId: number, productId: number) {
      const cartId = await cartIdOf(customerId, false);
      if (cartId === null) return false;
      const rows = await db
        .delete(cartLines)
        .where(and(eq(cartLines.productId, productId), eq(cartLines.cartId, cartId)))
        .returning({ id: cartLines.id });
      return rows.length > 0;
    },
    async count(customerId: number) {
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${cartLines.quantity}), 0)::int` })
        .from(cartLines)
        .innerJoin(carts, eq(carts.id, cartLines.cartId))
        .where(eq(carts.customerId, customerId));
      return Number(row?.n ?? 0);
    },
  };
}
