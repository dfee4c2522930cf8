import { and, eq, inArray, sql } from 'drizzle-orm';
import { cartOptionsKey, preparedQuery, preparedStatement, schema, type CartLineOptions, type Db } from '@milli/db';

const { carts, cartLines, products } = schema;

/** A line as it goes into the cart: price, rate and the sale's discount frozen now. */
export interface NewLine {
  productId: number;
  quantity: number;
  options: CartLineOptions;
  unitPricePaise: number;
  ratePaisePerGram: number | null;
  rateDate: string | null;
  saleId: number | null;
  saleDiscountPaise: number;
}

const p = (name: string) => sql.placeholder(name);

/**
 * Add to Cart's one statement (see addWithinStock), prepared once: shoppers add many times a second, and PostgreSQL
 * took as long to plan it as to run it.
 */
const addWithinStockStatement = preparedStatement<{
  line_id: number | null;
  line_quantity: number | null;
  stock: number | null;
  old_quantity: number;
  before: number;
}>(
  'cart_add_within_stock',
  sql`
    with live as (
      select ${products.stock} as stock from ${products} where ${products.id} = ${p('productId')} and ${products.active}
    ), existing_cart as (
      select ${carts.id} as id from ${carts} where ${carts.customerId} = ${p('customerId')}
    ), held as (
      select coalesce(sum(${cartLines.quantity}), 0)::int as q from ${cartLines}
      where ${cartLines.cartId} = (select id from existing_cart) and ${cartLines.productId} = ${p('productId')}
    ), same_line as (
      select coalesce(max(${cartLines.quantity}), 0)::int as q from ${cartLines}
      where ${cartLines.cartId} = (select id from existing_cart) and ${cartLines.productId} = ${p('productId')} and ${cartLines.optionsKey} = ${p('optionsKey')}
    ), before as (
      select coalesce(sum(${cartLines.quantity}), 0)::int as n from ${cartLines} where ${cartLines.cartId} = (select id from existing_cart)
    ), allowed as (
      select 1 as ok from held, live where held.q + ${p('requested')}::int <= live.stock
    ), cart as (
      insert into ${carts} (customer_id) select ${p('customerId')} from allowed
      on conflict (customer_id) do update set updated_at = now()
      returning id
    ), added as (
      insert into ${cartLines} (cart_id, product_id, quantity, options, options_key, unit_price_paise, rate_paise_per_gram, rate_date, sale_id, sale_discount_paise)
      select cart.id, ${p('productId')}, ${p('quantity')}, ${p('options')}::jsonb, ${p('optionsKey')}, ${p('unitPricePaise')}, ${p('ratePaisePerGram')}, ${p('rateDate')}::date,
             ${p('saleId')}::int, ${p('saleDiscountPaise')}::bigint
      from cart
      on conflict (cart_id, product_id, options_key) do update set
        quantity = least(${cartLines}.quantity + excluded.quantity, 99),
        unit_price_paise = excluded.unit_price_paise,
        rate_paise_per_gram = excluded.rate_paise_per_gram,
        rate_date = excluded.rate_date,
        sale_id = excluded.sale_id,
        sale_discount_paise = excluded.sale_discount_paise,
        updated_at = now()
      -- Checked again on the line as it is now: adds sent at once each read the cart before the others wrote, but
      -- each waits here for the line's newest version, so together they cannot pass the stock.
      where ${cartLines}.quantity + excluded.quantity + (select q from held) - (select q from same_line) <= (select stock from live)
      returning id, quantity
    )
    select (select id from added) as line_id, (select quantity from added) as line_quantity,
           (select stock from live) as stock, (select q from same_line) as old_quantity, (select n from before) as before`,
);

/** A cart's lines with their products' names, pictures and stock, oldest first: read for every page a shopper sees. */
const linesStatement = preparedStatement<{
  cartId: number;
  productId: number;
  quantity: number;
  options: CartLineOptions;
  unitPricePaise: number | string;
  name: string;
  image: string;
  stock: number;
  listPricePaise: number | string;
}>(
  'cart_lines_of',
  sql`
    select ${cartLines.id} as "cartId", ${cartLines.productId} as "productId", ${cartLines.quantity} as quantity, ${cartLines.options} as options,
           ${cartLines.unitPricePaise} as "unitPricePaise", ${products.name} as name, ${products.image} as image, ${products.stock} as stock,
           ${products.listPricePaise} as "listPricePaise"
    from ${cartLines}
    join ${carts} on ${carts.id} = ${cartLines.cartId}
    join ${products} on ${products.id} = ${cartLines.productId}
    where ${carts.customerId} = ${p('customerId')}
    order by ${cartLines.addedAt}, ${cartLines.id}`,
);

/** Cart queries; every one is scoped by the customer's id in the query itself. `db` may be a transaction. */
/** Empties a customer's cart: one statement, run by the order that bought it (decision 038). */
const emptyCartStatement = preparedQuery('cart_empty', (db) =>
  db.delete(cartLines).where(
    inArray(
      cartLines.cartId,
      db
        .select({ id: carts.id })
        .from(carts)
        .where(eq(carts.customerId, p('customerId'))),
    ),
  ),
);

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
    async empty(customerId: number) {
      await emptyCartStatement(db, { customerId });
    },
    cartIdOf,
    async lines(customerId: number) {
      const rows = await linesStatement(db, { customerId });
      // A bigint column comes back as text.
      return rows.map((r) => ({ ...r, unitPricePaise: Number(r.unitPricePaise), listPricePaise: Number(r.listPricePaise) }));
    },
    /** Adds to the line of the same product and choices, or starts one; the price is the one frozen now. */
    async addLine(customerId: number, line: NewLine) {
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
            saleId: sql`excluded.sale_id`,
            saleDiscountPaise: sql`excluded.sale_discount_paise`,
            updatedAt: new Date(),
          },
        })
        .returning({ id: cartLines.id });
      return row!.id;
    },
    /**
     * Add to Cart in one statement (one round trip, no transaction): refused, writing nothing, when the product
     * is gone or the pieces already in the cart plus these would be more than its stock now (read in the same
     * statement, never from a cache); otherwise the cart is made if need be and the line of the same product and
     * choices grows (at most 99), or starts, at the price frozen now. Answers the line's id and the cart's piece
     * count after, or, when refused, the stock now (null when the product is gone).
     */
    async addWithinStock(
      customerId: number,
      line: NewLine,
      requested: number,
    ): Promise<{ added: true; lineId: number; count: number } | { added: false; stock: number | null }> {
      const [row] = await addWithinStockStatement(db, {
        productId: line.productId,
        customerId,
        requested,
        quantity: line.quantity,
        options: JSON.stringify(line.options),
        optionsKey: cartOptionsKey(line.options),
        unitPricePaise: line.unitPricePaise,
        ratePaisePerGram: line.ratePaisePerGram,
        rateDate: line.rateDate,
        saleId: line.saleId,
        saleDiscountPaise: line.saleDiscountPaise,
      });
      if (!row || row.line_id === null) return { added: false, stock: row?.stock == null ? null : Number(row.stock) };
      return { added: true, lineId: Number(row.line_id), count: Number(row.before) + Number(row.line_quantity) - Number(row.old_quantity) };
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
      const rows = await db
        .delete(cartLines)
        .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cartId)))
        .returning({ id: cartLines.id });
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
