import type { Db } from '@milli/db';
import type { Order } from '@milli/db/schema';
import { returnBalance } from '../harvest/service.ts';
import { giveBackStoreCredit } from '../store-credit/service.ts';
import { ordersRepository } from './repository.ts';

export interface Reversal {
  stockReturned: number;
  couponReleased: boolean;
  harvestReturnedPaise: number;
  storeCreditReturnedPaise: number;
}

/**
 * Gives back everything an order took when it was placed, inside the caller's transaction (the one that
 * marks the order Cancelled), so the order and what it took are undone together or not at all: the
 * pieces go back on the shelf, the coupon's use stops counting, and the Milli Harvest balance it spent
 * returns to the plans it came from, and the store credit it spent to the customer's ledger (once: a second
 * reversal of the same order finds nothing owed). Orders are not paid by card yet; when they are, the card refund is
 * one more step here (after the database steps, with the payment row marked refunded), so every way of
 * reversing an order — the customer's cancel today, staff cancels and returns later — goes through it.
 */
export async function reverseOrder(tx: Db, order: Pick<Order, 'id' | 'customerId' | 'harvestCreditPaise' | 'orderNumber'>, at: Date): Promise<Reversal> {
  const repo = ordersRepository(tx);
  // The store credit first: it takes the customer's row lock, which placing an order takes before the pieces' (with
  // the cart's), so a cancel and a checkout of the same customer at once wait for each other, never deadlock.
  const storeCreditReturnedPaise = await giveBackStoreCredit(tx, order.customerId, order.id, order.orderNumber, at);
  const lines = await repo.lines(order.id);
  await repo.returnStock(lines);
  const released = await repo.releaseCoupon(order.id);
  const harvestReturnedPaise = await returnBalance(tx, order.customerId, order.id, order.harvestCreditPaise, at);
  return {
    stockReturned: lines.reduce((n, l) => n + (l.productId === null ? 0 : l.quantity), 0),
    couponReleased: released.length > 0,
    harvestReturnedPaise,
    storeCreditReturnedPaise,
  };
}
