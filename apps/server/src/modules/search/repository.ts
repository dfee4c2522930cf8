import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';
import { ADMIN_SEARCH_GROUP_LIMIT, type AdminSearchAnswer } from '@milli/contracts/schemas';
import { PHONE_DIGITS_SQL } from '../../lib/indian-phone.ts';
import { requestNumber } from '../../lib/request-number.ts';

const { orders, orderAddresses, orderPieces, customers, customerAddresses, products, customDesignRequests } = schema;

type Matched = NonNullable<AdminSearchAnswer['orders']>[number]['matched'];

/** A search typed by staff, safe inside LIKE (its % and _ are literal). */
const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** The phone indexes' expression (migration 0025), so the planner uses them: the last ten digits of what was stored. */
const phoneDigits = (column: string) => sql.raw(PHONE_DIGITS_SQL(column));

/** What the query could be, worked out once by the service. Each key is null when the query cannot be one. */
export interface SearchKeys {
  text: string;
  phone: string | null;
  huid: string | null;
  awb: string | null;
  pincode: string | null;
  requestId: number | null;
  /** Worth an e-mail lookup (has an @). */
  email: boolean;
  /** Worth a name, locality or product-name lookup (has a letter). */
  words: boolean;
  /** Worth an order-number or SKU lookup (has a digit). */
  digits: boolean;
}

/**
 * The back office's search (issue 39): a read model over orders, customers, products and custom design requests that
 * only reads. Each key is its own small query on an index (phone digits, HUID, AWB, PIN, the order number's unique
 * index, the trigram indexes for names and localities); what matched first in the order below is what a record says.
 */
export function searchRepository(db: Db) {
  /** Order ids by key, first key first: the order number, phone, e-mail, name, HUID, AWB, PIN, locality. */
  async function orderMatches(keys: SearchKeys): Promise<Map<number, Matched>> {
    const limit = ADMIN_SEARCH_GROUP_LIMIT;
    const found = new Map<number, Matched>();
    const take = (rows: { id: number }[], matched: Matched) => {
      for (const r of rows) if (!found.has(r.id)) found.set(r.id, matched);
    };
    const ids = (where: SQL | undefined) => db.select({ id: orders.id }).from(orders).where(where).orderBy(desc(orders.placedAt)).limit(limit);
    const viaAddress = (where: SQL) =>
      db
        .selectDistinct({ id: orderAddresses.orderId, placedAt: orders.placedAt })
        .from(orderAddresses)
        .innerJoin(orders, eq(orders.id, orderAddresses.orderId))
        .where(where)
        .orderBy(desc(orders.placedAt))
        .limit(limit);
    const viaCustomer = (where: SQL) =>
      db
        .select({ id: orders.id })
        .from(orders)
        .innerJoin(customers, eq(customers.id, orders.customerId))
        .where(where)
        .orderBy(desc(orders.placedAt))
        .limit(limit);

    if (keys.digits) take(await ids(ilike(orders.orderNumber, like(keys.text))), 'order number');
    if (keys.phone) {
      take(await viaAddress(sql`${phoneDigits('"order_addresses"."phone"')} = ${keys.phone}`), 'phone');
      take(await viaCustomer(sql`${phoneDigits('"customers"."mobile"')} = ${keys.phone}`), 'phone');
    }
    if (keys.email) take(await viaCustomer(ilike(customers.email, like(keys.text.toLowerCase()))), 'e-mail');
    if (keys.words) {
      take(await viaCustomer(ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, like(keys.text))), 'name');
      take(await viaAddress(ilike(sql`${orderAddresses.firstName} || ' ' || ${orderAddresses.lastName}`, like(keys.text))), 'name');
    }
    if (keys.huid) {
      const pieces = await db.selectDistinct({ id: orderPieces.orderId }).from(orderPieces).where(eq(orderPieces.huid, keys.huid)).limit(limit);
      take(pieces, 'HUID');
      // A made-to-order piece's HUID is recorded on its request when it is made, before the order packs it.
      take(
        await db
          .select({ id: orders.id })
          .from(orders)
          .innerJoin(customDesignRequests, eq(customDesignRequests.id, orders.customDesignRequestId))
          .where(eq(customDesignRequests.huid, keys.huid))
          .limit(limit),
        'HUID',
      );
    }
    if (keys.awb) take(await ids(sql`upper(${orders.awbNumber}) = ${keys.awb}`), 'AWB');
    if (keys.pincode) take(await viaAddress(and(eq(orderAddresses.kind, 'shipping'), eq(orderAddresses.pincode, keys.pincode))!), 'PIN');
    if (keys.words && keys.text.length >= 3) {
      take(
        await viaAddress(and(eq(orderAddresses.kind, 'shipping'), ilike(sql`${orderAddresses.address} || ' ' || ${orderAddresses.city}`, like(keys.text)))!),
        'locality',
      );
    }
    return found;
  }

  return {
    async orders(keys: SearchKeys): Promise<NonNullable<AdminSearchAnswer['orders']>> {
      const matches = await orderMatches(keys);
      if (matches.size === 0) return [];
      const rows = await db
        .select({
          id: orders.id,
          orderNumber: orders.orderNumber,
          status: orders.status,
          placedAt: orders.placedAt,
          totalPaise: orders.totalPaise,
          firstName: customers.firstName,
          lastName: customers.lastName,
          username: customers.username,
          city: orderAddresses.city,
        })
        .from(orders)
        .innerJoin(customers, eq(customers.id, orders.customerId))
        .leftJoin(orderAddresses, and(eq(orderAddresses.orderId, orders.id), eq(orderAddresses.kind, 'shipping')))
        .where(inArray(orders.id, [...matches.keys()]));
      const byId = new Map(rows.map((r) => [r.id, r]));
      return [...matches]
        .map(([id, matched]) => ({ row: byId.get(id), matched }))
        .filter((x): x is { row: (typeof rows)[number]; matched: Matched } => x.row !== undefined)
        .slice(0, ADMIN_SEARCH_GROUP_LIMIT)
        .map(({ row, matched }) => ({
          orderNumber: row.orderNumber,
          status: row.status,
          placedAt: row.placedAt.toISOString(),
          customerName: `${row.firstName} ${row.lastName}`.trim() || row.username,
          totalPaise: row.totalPaise,
          city: row.city,
          matched,
        }));
    },

    async customers(keys: SearchKeys): Promise<NonNullable<AdminSearchAnswer['customers']>> {
      const limit = ADMIN_SEARCH_GROUP_LIMIT;
      const found = new Map<number, Matched>();
      const take = (rows: { id: number }[], matched: Matched) => {
        for (const r of rows) if (!found.has(r.id)) found.set(r.id, matched);
      };
      const ids = (where: SQL) => db.select({ id: customers.id }).from(customers).where(where).orderBy(desc(customers.id)).limit(limit);
      if (keys.phone) {
        take(await ids(sql`${phoneDigits('"customers"."mobile"')} = ${keys.phone}`), 'phone');
        const saved = await db
          .selectDistinct({ id: customerAddresses.customerId })
          .from(customerAddresses)
          .where(sql`${phoneDigits('"customer_addresses"."phone"')} = ${keys.phone}`)
          .limit(limit);
        take(saved, 'phone');
        const ordered = await db
          .selectDistinct({ id: orders.customerId })
          .from(orderAddresses)
          .innerJoin(orders, eq(orders.id, orderAddresses.orderId))
          .where(sql`${phoneDigits('"order_addresses"."phone"')} = ${keys.phone}`)
          .limit(limit);
        take(ordered, 'phone');
      }
      if (keys.email) take(await ids(ilike(customers.email, like(keys.text.toLowerCase()))), 'e-mail');
      if (keys.words) {
        take(
          await ids(or(ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, like(keys.text)), ilike(customers.username, like(keys.text)))!),
          'name',
        );
      }
      if (keys.digits) {
        const byOrder = await db
          .selectDistinct({ id: orders.customerId })
          .from(orders)
          .where(ilike(orders.orderNumber, like(keys.text)))
          .limit(limit);
        take(byOrder, 'order number');
      }
      if (found.size === 0) return [];
      const rows = await db
        .select({
          id: customers.id,
          firstName: customers.firstName,
          lastName: customers.lastName,
          username: customers.username,
          email: customers.email,
          mobile: customers.mobile,
        })
        .from(customers)
        .where(inArray(customers.id, [...found.keys()]));
      const byId = new Map(rows.map((r) => [r.id, r]));
      return [...found]
        .flatMap(([id, matched]) => {
          const r = byId.get(id);
          return r ? [{ id: r.id, name: `${r.firstName} ${r.lastName}`.trim() || r.username, email: r.email, mobile: r.mobile, matched }] : [];
        })
        .slice(0, limit);
    },

    async products(keys: SearchKeys): Promise<NonNullable<AdminSearchAnswer['products']>> {
      const limit = ADMIN_SEARCH_GROUP_LIMIT;
      const pick = { id: products.id, name: products.name, sku: products.sku, active: products.active };
      const bySku =
        keys.digits || /^[A-Za-z0-9-]+$/.test(keys.text)
          ? await db
              .select(pick)
              .from(products)
              .where(sql`upper(${products.sku}) = ${keys.text.toUpperCase()}`)
              .limit(1)
          : [];
      const byName = keys.words
        ? await db
            .select(pick)
            .from(products)
            .where(ilike(products.name, like(keys.text)))
            .orderBy(desc(products.active), products.name)
            .limit(limit)
        : [];
      const bySkuPart = keys.digits
        ? await db
            .select(pick)
            .from(products)
            .where(ilike(products.sku, like(keys.text)))
            .orderBy(products.sku)
            .limit(limit)
        : [];
      const seen = new Set<number>();
      const out: NonNullable<AdminSearchAnswer['products']> = [];
      for (const [rows, matched] of [
        [bySku, 'SKU'],
        [byName, 'product name'],
        [bySkuPart, 'SKU'],
      ] as const) {
        for (const r of rows) {
          if (seen.has(r.id)) continue;
          seen.add(r.id);
          out.push({ ...r, matched });
        }
      }
      return out.slice(0, limit);
    },

    async customRequests(keys: SearchKeys): Promise<NonNullable<AdminSearchAnswer['customRequests']>> {
      const limit = ADMIN_SEARCH_GROUP_LIMIT;
      const conditions: { where: SQL; matched: Matched }[] = [];
      if (keys.requestId !== null) conditions.push({ where: eq(customDesignRequests.id, keys.requestId), matched: 'request number' });
      if (keys.huid) conditions.push({ where: eq(customDesignRequests.huid, keys.huid), matched: 'HUID' });
      if (keys.phone) {
        const phoneMatch = sql`(${phoneDigits('"customers"."mobile"')} = ${keys.phone} or exists (select 1 from ${customerAddresses} where ${customerAddresses.customerId} = ${customers.id} and ${phoneDigits('"customer_addresses"."phone"')} = ${keys.phone}))`;
        conditions.push({ where: phoneMatch, matched: 'phone' });
      }
      if (keys.email) conditions.push({ where: ilike(customers.email, like(keys.text.toLowerCase())), matched: 'e-mail' });
      if (keys.words) conditions.push({ where: ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, like(keys.text)), matched: 'name' });
      const found = new Map<number, { row: RequestRow; matched: Matched }>();
      for (const c of conditions) {
        const rows = await db
          .select({
            id: customDesignRequests.id,
            category: customDesignRequests.category,
            status: customDesignRequests.status,
            firstName: customers.firstName,
            lastName: customers.lastName,
            username: customers.username,
          })
          .from(customDesignRequests)
          .innerJoin(customers, eq(customers.id, customDesignRequests.customerId))
          .where(c.where)
          .orderBy(desc(customDesignRequests.id))
          .limit(limit);
        for (const row of rows) if (!found.has(row.id)) found.set(row.id, { row, matched: c.matched });
      }
      return [...found.values()].slice(0, limit).map(({ row, matched }) => ({
        id: row.id,
        requestNumber: requestNumber(row.id),
        customerName: `${row.firstName} ${row.lastName}`.trim() || row.username,
        category: row.category,
        status: row.status,
        matched,
      }));
    },
  };
}

interface RequestRow {
  id: number;
  category: string;
  status: string;
  firstName: string;
  lastName: string;
  username: string;
}
