import type { Order, OrderAdjustment, OrderPiece } from '@milli/db/schema';
import { formatRupees } from '@milli/pricing';
import type { OrderStatus } from './repository.ts';

/** The delivery steps in order; Cancelled stands outside them. */
export const FLOW: readonly OrderStatus[] = ['Placed', 'Picked', 'Out for Delivery', 'Delivered'];

/** Staff record an order's pieces while it is packed: Placed or Picked. */
export const PACKABLE: readonly OrderStatus[] = ['Placed', 'Picked'];

export type NextStatus = 'Placed' | 'Picked' | 'Out for Delivery' | 'Delivered';

/** A line sold by the weight of its precious metal: each piece is weighed at packing and a difference settled. */
export function isWeighed(line: { metal: string | null; metalWeightMg: number | null }): boolean {
  return Boolean(line.metal) && line.metalWeightMg !== null && line.metalWeightMg > 0;
}

/**
 * A line whose pieces are recorded at packing before dispatch: a weighed piece, with its real weights. Only a
 * hallmarked piece (order_lines.hallmarked, from contracts hallmark.ts at the order) is recorded with a HUID: platinum
 * and unhallmarked silver are packed with their weights alone (issue 38).
 */
export function isRecordedAtPacking(line: { metal: string | null; metalWeightMg: number | null }): boolean {
  return isWeighed(line);
}

export interface OrderRules {
  nextStatus: NextStatus | null;
  /** Why the next step cannot be taken now, or null. */
  blockedBy: string | null;
  canCancel: boolean;
}

/**
 * What staff may do with an order next, read by its page and enforced by the writes alike: one step at a time
 * (Awaiting confirmation → Placed for pay on delivery), and the dispatch (Out for Delivery) only once every
 * weighed piece is recorded (with its HUID where hallmarked) and no weight difference is left to pay.
 */
export function orderRules(
  order: Pick<Order, 'status'>,
  lines: readonly { id: number; productName: string; quantity: number; metal: string | null; metalWeightMg: number | null }[],
  pieces: readonly Pick<OrderPiece, 'lineId' | 'releasedAt'>[],
  adjustments: readonly Pick<OrderAdjustment, 'kind' | 'status' | 'amountPaise'>[],
): OrderRules {
  const canCancel = order.status !== 'Delivered' && order.status !== 'Cancelled';
  if (order.status === 'Cancelled' || order.status === 'Delivered') return { nextStatus: null, blockedBy: null, canCancel };
  if (order.status === 'Awaiting payment')
    return { nextStatus: null, blockedBy: 'The order is waiting for its online payment; it is placed once paid.', canCancel };
  const nextStatus = (order.status === 'Awaiting confirmation' ? 'Placed' : FLOW[FLOW.indexOf(order.status) + 1]) as NextStatus;
  let blockedBy: string | null = null;
  if (nextStatus === 'Out for Delivery') {
    const unpacked = lines.filter((l) => isRecordedAtPacking(l) && pieces.filter((p) => p.lineId === l.id && p.releasedAt === null).length !== l.quantity);
    const charges = adjustments.filter((a) => a.kind === 'charge' && a.status === 'open');
    const proposed = adjustments.filter((a) => a.status === 'proposed');
    const rejected = adjustments.some((a) => a.status === 'rejected');
    if (unpacked.length > 0) {
      blockedBy = `Record the weights of every piece (and the HUID of each hallmarked one) before dispatch: ${unpacked.map((l) => `${l.productName} (${l.quantity})`).join(', ')}.`;
    } else if (proposed.length > 0) {
      blockedBy = `${proposed.length === 1 ? 'A weight difference waits' : `${proposed.length} weight differences wait`} for the accounts desk to approve or reject before dispatch.`;
    } else if (rejected) {
      blockedBy = 'The accounts desk rejected a weight difference: weigh the pieces again and save the packing before dispatch.';
    } else if (charges.length > 0) {
      const due = charges.reduce((a, c) => a + c.amountPaise, 0);
      blockedBy = `A weight difference of ${formatRupees(due)} is still to be paid by the customer (or waived) before dispatch.`;
    }
  }
  return { nextStatus, blockedBy, canCancel };
}
