/**
 * The orders desk's screens (issue 19), browser-safe: the queues, the status tones, grams ⇄ milligrams for the
 * packing form, and the packing form's rows (one per physical piece of each hallmarked line) with the server's
 * per-piece messages (`pieces.{i}.huid` …) put back by the field they belong to.
 */
import type { AdminOrderDetail, AdminOrderStatus, AdminOrdersBulk } from '@milli/contracts/schemas';

/** The tabs of /admin/orders, in the order the desk works them; '' is All. */
export const ORDER_QUEUES: readonly { status: AdminOrderStatus | ''; label: string }[] = [
  { status: 'Awaiting payment', label: 'Awaiting payment' },
  { status: 'Awaiting confirmation', label: 'Awaiting confirmation' },
  { status: 'Placed', label: 'Placed' },
  { status: 'Picked', label: 'Picked' },
  { status: 'Out for Delivery', label: 'Out for Delivery' },
  { status: 'Delivered', label: 'Delivered' },
  { status: 'Cancelled', label: 'Cancelled' },
  { status: '', label: 'All' },
];

export const ORDER_TONE: Record<AdminOrderStatus, 'neutral' | 'success' | 'warning' | 'danger' | 'info'> = {
  'Awaiting payment': 'neutral',
  'Awaiting confirmation': 'warning',
  Placed: 'warning',
  Picked: 'info',
  'Out for Delivery': 'info',
  Delivered: 'success',
  Cancelled: 'danger',
};

/** The button that moves an order to `next`. */
export const NEXT_LABEL: Record<NonNullable<AdminOrderDetail['nextStatus']>, string> = {
  Placed: 'Confirm the order',
  Picked: 'Mark picked',
  'Out for Delivery': 'Dispatch',
  Delivered: 'Mark delivered',
};

/** 4520 mg → '4.520' (grams with three decimals, as the form shows and takes them). */
export function mgToGrams(mg: number | null | undefined): string {
  if (mg === null || mg === undefined) return '';
  return (mg / 1000).toFixed(3);
}

/**
 * What was typed in grams ('4.52', '4,520', ' 12 ') as whole milligrams, or null when it is not a weight with
 * at most three decimals. The server checks the range; this only reads the number.
 */
export function gramsToMg(typed: string): number | null {
  const text = typed.trim().replace(',', '.');
  const m = /^(\d{1,5})(?:\.(\d{0,3}))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 1000 + Number((m[2] ?? '').padEnd(3, '0') || '0');
}

/** One row of the packing form: a physical piece of a weighed line. */
export interface PieceRow {
  /** Its place in what is posted (the server's `pieces.{index}.…`). */
  index: number;
  lineId: number;
  lineName: string;
  /** 1-based, of the line's quantity. */
  ordinal: number;
  quantity: number;
  soldWeightMg: number | null;
  /** The piece carries a HUID (issue 38): only then does its row ask for one. */
  hallmarked: boolean;
  huid: string;
  netGrams: string;
  grossGrams: string;
}

/**
 * The packing form's rows: each weighed line's quantity of pieces, filled from what is recorded (or, after a
 * refused post, from what was typed).
 */
export function pieceRows(order: Pick<AdminOrderDetail, 'lines' | 'pieces'>, typed?: readonly TypedPiece[]): PieceRow[] {
  const rows: PieceRow[] = [];
  for (const line of order.lines) {
    if (!line.recordedAtPacking) continue;
    const recorded = order.pieces.filter((p) => p.lineId === line.lineId);
    for (let i = 0; i < line.quantity; i++) {
      const index = rows.length;
      const before = typed?.[index];
      const piece = recorded[i];
      rows.push({
        index,
        lineId: line.lineId,
        lineName: line.name,
        ordinal: i + 1,
        quantity: line.quantity,
        soldWeightMg: line.soldWeightMg,
        hallmarked: line.hallmarked,
        huid: line.hallmarked ? (before?.huid ?? piece?.huid ?? '') : '',
        netGrams: before?.net ?? mgToGrams(piece?.netWeightMg),
        grossGrams: before?.gross ?? mgToGrams(piece?.grossWeightMg),
      });
    }
  }
  return rows;
}

export interface TypedPiece {
  lineId: string;
  huid: string;
  net: string;
  gross: string;
}

/**
 * The packing form as posted: parallel lists `lineId`, `huid`, `net`, `gross` (one entry per row; a piece that is
 * not hallmarked posts an empty `huid`, which the server reads as none).
 */
export function typedPieces(form: FormData): TypedPiece[] {
  const all = (name: string) => form.getAll(name).map((v) => String(v));
  const lineIds = all('lineId');
  const huids = all('huid');
  const nets = all('net');
  const grosses = all('gross');
  return lineIds.slice(0, 200).map((lineId, i) => ({ lineId, huid: huids[i] ?? '', net: nets[i] ?? '', gross: grosses[i] ?? '' }));
}

export type PieceField = 'huid' | 'netWeightMg' | 'grossWeightMg';
export type PieceErrors = Record<number, Partial<Record<PieceField, string>>>;

/**
 * The body of POST …/pieces from what was typed, or the rows' own messages when a weight is not a number of
 * grams (the server is not asked then). HUIDs go as typed: the server upper-cases and checks them, and an empty one
 * is no HUID.
 */
export function piecesBody(
  typed: readonly TypedPiece[],
): { ok: true; body: { pieces: { lineId: number; huid: string; netWeightMg: number; grossWeightMg: number }[] } } | { ok: false; errors: PieceErrors } {
  const errors: PieceErrors = {};
  const pieces = typed.map((t, i) => {
    const netWeightMg = gramsToMg(t.net);
    const grossWeightMg = gramsToMg(t.gross);
    if (netWeightMg === null) (errors[i] ??= {}).netWeightMg = 'Enter the net weight in grams, up to 3 decimals (for example 4.520).';
    if (grossWeightMg === null) (errors[i] ??= {}).grossWeightMg = 'Enter the gross weight in grams, up to 3 decimals (for example 4.860).';
    return { lineId: Number(t.lineId), huid: t.huid, netWeightMg: netWeightMg ?? 0, grossWeightMg: grossWeightMg ?? 0 };
  });
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, body: { pieces } };
}

/** The server's per-piece messages (`fields['pieces.2.huid']`) by row and field; anything else is left to the banner. */
export function pieceErrorsOf(fields: Record<string, string> | undefined): PieceErrors {
  const out: PieceErrors = {};
  for (const [key, message] of Object.entries(fields ?? {})) {
    const m = /^pieces\.(\d+)\.(huid|netWeightMg|grossWeightMg)$/.exec(key);
    if (m) (out[Number(m[1])] ??= {})[m[2] as PieceField] ??= message;
  }
  return out;
}

/** '1,840.500 g' style: grams with three decimals. */
export const gramsText = (mg: number) => `${(mg / 1000).toLocaleString('en-IN', { minimumFractionDigits: 3, maximumFractionDigits: 3 })} g`;

/**
 * The orders list's bulk form as the API's bulk move (issue 39): the ticked rows (`orders`), the button pressed
 * (`intent` picked or dispatch), and for a dispatch the courier once and each ticked row's `awb:<order number>`.
 */
export function bulkOrders(form: FormData): { ok: true; body: AdminOrdersBulk } | { ok: false; message: string } {
  const numbers = [...new Set(form.getAll('orders').map(String).filter(Boolean))];
  if (numbers.length === 0) return { ok: false, message: 'Tick the orders to move first.' };
  const intent = form.get('intent');
  if (intent === 'picked') return { ok: true, body: { status: 'Picked', orders: numbers.map((orderNumber) => ({ orderNumber })) } };
  if (intent !== 'dispatch') return { ok: false, message: 'Choose Mark picked or Dispatch ticked.' };
  const courierName = String(form.get('courierName') ?? '').trim() || undefined;
  return {
    ok: true,
    body: {
      status: 'Out for Delivery',
      courierName,
      orders: numbers.map((orderNumber) => ({ orderNumber, awbNumber: String(form.get(`awb:${orderNumber}`) ?? '').trim() || undefined })),
    },
  };
}

/** '10 Feb 24, 09:00': a list row's day and time placed, in India's time, short enough for one line. */
export function shortDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
}
