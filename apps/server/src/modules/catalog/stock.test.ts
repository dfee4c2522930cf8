import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, inArray } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '@milli/db/testing';
import { schema } from '@milli/db';
import { lockStock, returnStock, takeStock } from './service.ts';

const { products } = schema;

let database: TestDatabase;
let ids: number[];

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  const rows = await database.db.select({ id: products.id }).from(products).orderBy(asc(products.id)).limit(2);
  ids = rows.map((r) => r.id);
  // Two pieces with a known stock and sales count: 3 on the shelf, 5 sold.
  await database.db.update(products).set({ stock: 3, unitsSold: 5 }).where(inArray(products.id, ids));
}, 120_000);
afterAll(async () => {
  await database?.dispose();
});

async function counts(id: number) {
  const [row] = await database.db
    .select({ stock: products.stock, unitsSold: products.unitsSold })
    .from(products)
    .where(inArray(products.id, [id]));
  return row;
}

describe('stock, as checkout takes it and cancels and returns put it back (inside the caller’s transaction)', () => {
  it('locks the pieces asked for in id order and reads their name, stock and coloured-stone weight', async () => {
    const [first, second] = ids as [number, number];
    const locked = await database.db.transaction((tx) => lockStock(tx, [second, first]));
    expect(locked.map((r) => r.id)).toEqual([first, second]);
    expect(locked[0]).toMatchObject({ stock: 3, name: expect.any(String), stoneWeightCents: expect.any(Number) });
    expect(await database.db.transaction((tx) => lockStock(tx, []))).toEqual([]);
  });

  it('takes what is left and counts it sold; refuses more than is left and changes nothing', async () => {
    const id = ids[0]!;
    expect(await database.db.transaction((tx) => takeStock(tx, id, 2))).toBe(true);
    expect(await counts(id)).toEqual({ stock: 1, unitsSold: 7 });
    expect(await database.db.transaction((tx) => takeStock(tx, id, 2))).toBe(false);
    expect(await counts(id)).toEqual({ stock: 1, unitsSold: 7 });
  });

  it('puts pieces back, lines of one piece together, never counting fewer than none sold, passing over lines without a piece', async () => {
    const [first, second] = ids as [number, number];
    await database.db.transaction((tx) =>
      returnStock(tx, [
        { productId: first, quantity: 1 },
        { productId: null, quantity: 4 },
        { productId: first, quantity: 1 },
        { productId: second, quantity: 9 },
      ]),
    );
    expect(await counts(first)).toEqual({ stock: 3, unitsSold: 5 });
    expect(await counts(second)).toEqual({ stock: 12, unitsSold: 0 });
  });

  it('rolls back with the caller’s transaction', async () => {
    const id = ids[0]!;
    await expect(
      database.db.transaction(async (tx) => {
        await takeStock(tx, id, 3);
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');
    expect(await counts(id)).toEqual({ stock: 3, unitsSold: 5 });
  });
});
