import type { MessageKind } from '@milli/contracts';
import type { Db } from '@milli/db';
import { indianMobile, queueForCustomer } from '../messages/service.ts';
import { ordersRepository } from './repository.ts';

/**
 * An order's SMS or WhatsApp message (issue 41, decision 057), queued beside its mail in the same transaction: to the
 * buyer's mobile number on their account, else the one given with the order (shipping, then billing), on the channels
 * the buyer consented to (SMS by default). An erased buyer, or an order with no mobile number, gets none.
 */
export async function queueOrderMessage(tx: Db, order: { id: number; customerId?: number }, kind: MessageKind, params: Record<string, string>): Promise<void> {
  const r = ordersRepository(tx);
  const customerId = order.customerId ?? (await r.customerOf(order.id));
  if (customerId === null) return;
  const [buyer, addresses] = await Promise.all([r.customer(customerId), r.addresses(order.id)]);
  if (!buyer || buyer.erasedAt) return;
  const phones = [buyer.phone, ...['shipping', 'billing'].map((k) => addresses.find((a) => a.kind === k)?.phone)];
  const phone = phones.find((p) => p && indianMobile(p)) ?? null;
  await queueForCustomer(tx, { customerId, phone }, kind, params);
}
