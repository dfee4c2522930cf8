import type { Db } from '@milli/db';
import type { ExchangeRequest, Order, OrderLine, OrderPiece } from '@milli/db/schema';
import type {
  AdminExchange,
  AdminExchangeDetail,
  AdminExchangeSettle,
  BuybackPiece,
  BuybackQuote,
  ExchangeAsk,
  ExchangeRequest as ExchangeRequestView,
} from '@milli/contracts/schemas';
import { buybackValue, formatRupees, indianDate } from '@milli/pricing';
import { DomainError } from '../../domain-error.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { queueMail } from '../mail/service.ts';
import { brandOf, type SettingsService } from '../settings/service.ts';
import { moveStoreCredit } from '../store-credit/service.ts';
import { releasePieces } from '../orders/service.ts';
import { exchangeAskedMail, exchangeStepMail } from './mail.ts';
import { EXCHANGE_OPEN, exchangesRepository, type ExchangesRepository } from './repository.ts';

export interface ExchangesDeps {
  db: Db;
  settings: Pick<SettingsService, 'require'>;
  mailQueued?: () => void;
  now?: () => Date;
}

type Percents = NonNullable<Awaited<ReturnType<ExchangesRepository['percents']>>>;

const ORDER_NOT_FOUND = 'There is no order with that number on your account.';
const NOT_FOUND = 'There is no exchange or buy-back request with that number.';
const isOpen = (s: ExchangeRequest['status']) => (EXCHANGE_OPEN as readonly string[]).includes(s);

/** One piece of a delivered order as the quote values it: a packed piece, or one unit of a line never packed piece by piece. */
interface Unit {
  line: OrderLine;
  piece: OrderPiece | null;
  weightMg: number | null;
}

interface Valued {
  ratePaisePerGram: number | null;
  diamondRatePaisePerCarat: number | null;
  rateDate: string | null;
  exchangeValuePaise: number;
  buybackValuePaise: number;
  valued: boolean;
}

/** A piece's value at the rates in force on `day` (the newest on or before it). */
async function valueOn(
  r: ExchangesRepository,
  line: Pick<OrderLine, 'metal' | 'purity' | 'diamondQuality' | 'diamondWeightCents'>,
  weightMg: number | null,
  diamondCents: number,
  day: string,
  p: Percents,
): Promise<Valued> {
  const metal = line.metal === 'gold' || line.metal === 'platinum' || line.metal === 'silver' ? line.metal : null;
  const rate = metal && line.purity !== null && weightMg !== null && weightMg > 0 ? await r.metalRate(metal, line.purity, day) : null;
  const diamond = diamondCents > 0 && line.diamondQuality ? await r.diamondRate(line.diamondQuality, day) : null;
  const v = buybackValue({
    metalWeightMg: rate ? weightMg : null,
    ratePaisePerGram: rate?.paise ?? null,
    diamondWeightCents: diamondCents,
    diamondRatePaisePerCarat: diamond?.paise ?? null,
    ...p,
  });
  const dates = [rate?.date, diamond?.date].filter((d): d is string => !!d).sort();
  return {
    ratePaisePerGram: rate?.paise ?? null,
    diamondRatePaisePerCarat: diamond?.paise ?? null,
    rateDate: dates.at(-1) ?? null,
    exchangeValuePaise: v.exchangeValuePaise,
    buybackValuePaise: v.buybackValuePaise,
    // A piece without a metal weight or today's rate for its metal is valued in store, never at zero.
    valued: rate !== null,
  };
}

function requestView(x: ExchangeRequest, orderNumber: string, productName: string, huid: string | null): ExchangeRequestView {
  return {
    id: x.id,
    orderNumber,
    lineId: x.lineId,
    pieceId: x.pieceId,
    productName,
    huid,
    kind: x.kind,
    status: x.status,
    quotedPaise: x.quotedPaise,
    ratePaisePerGram: x.ratePaisePerGram,
    rateDate: x.rateDate,
    metalWeightMg: x.metalWeightMg,
    diamondWeightCents: x.diamondWeightCents,
    settledPaise: x.settledPaise,
    refusedReason: x.refusedReason,
    note: x.note,
    createdAt: x.createdAt.toISOString(),
    settledAt: x.settledAt ? x.settledAt.toISOString() : null,
  };
}

/**
 * Lifetime exchange and buy-back (issue 20; decision 031). The customer sees, for each piece of a delivered order,
 * what it is worth today (metal by weight and diamonds, at the store's percentages) and asks for an exchange (store
 * credit) or a buy-back (money paid to them); the request keeps the quote as shown. Staff receive the piece, test
 * it and settle at the value re-quoted at the rate of the day it was received (lower, with a note, when testing
 * finds less), or refuse it with a reason. Every step mailed; every staff step audited.
 */
export function createExchangesService(deps: ExchangesDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function percents(r: ExchangesRepository): Promise<Percents> {
    const p = await r.percents();
    if (!p) throw new DomainError('NO_SETTINGS', 'The store is not set up yet. Please try again later.');
    return p;
  }

  /** The order's pieces still sold and their values today, with the customer's requests on it. */
  async function quoteOf(r: ExchangesRepository, order: Order, day: string) {
    const p = await percents(r);
    const [lines, allPieces, requests, returned] = await Promise.all([
      r.lines(order.id),
      r.pieces(order.id),
      r.requestsOfOrder(order.customerId, order.id),
      r.returnedQuantities(order.id),
    ]);
    // A released piece was returned, exchanged or bought back: it is no longer the customer's to offer.
    const pieces = allPieces.filter((x) => x.releasedAt === null);
    const units: (Unit & { open: ExchangeRequest | null })[] = [];
    for (const line of lines) {
      const own = pieces.filter((x) => x.lineId === line.id);
      const lineRequests = requests.filter((x) => x.lineId === line.id);
      // A line packed piece by piece offers its pieces still sold (none, once all are returned or exchanged).
      if (allPieces.some((x) => x.lineId === line.id)) {
        for (const piece of own)
          units.push({ line, piece, weightMg: piece.netWeightMg, open: lineRequests.find((x) => x.pieceId === piece.id && isOpen(x.status)) ?? null });
        continue;
      }
      // A line never packed piece by piece: its quantity, less what was returned and what was settled already.
      const settled = lineRequests.filter((x) => x.pieceId === null && x.status === 'Settled').length;
      const open = lineRequests.filter((x) => x.pieceId === null && isOpen(x.status)).sort((a, b) => a.id - b.id);
      const left = line.quantity - (returned.get(line.id) ?? 0) - settled;
      for (let i = 0; i < left; i++) units.push({ line, piece: null, weightMg: line.metalWeightMg, open: open[i] ?? null });
    }
    const valued = await Promise.all(units.map((u) => valueOn(r, u.line, u.weightMg, u.line.diamondWeightCents ?? 0, day, p)));
    const dates = valued
      .map((v) => v.rateDate)
      .filter((d): d is string => d !== null)
      .sort();
    const piecesOut: BuybackPiece[] = units.map((u, i) => {
      const v = valued[i]!;
      return {
        lineId: u.line.id,
        pieceId: u.piece?.id ?? null,
        productName: u.line.productName,
        huid: u.piece?.huid ?? u.line.huid,
        metal: u.line.metal,
        purity: u.line.purity,
        metalWeightMg: u.weightMg ?? 0,
        ratePaisePerGram: v.ratePaisePerGram,
        diamondWeightCents: u.line.diamondWeightCents ?? 0,
        diamondRatePaisePerCent: v.diamondRatePaisePerCarat === null ? null : v.diamondRatePaisePerCarat / 100,
        exchangeValuePaise: v.exchangeValuePaise,
        buybackValuePaise: v.buybackValuePaise,
        valued: v.valued,
        openRequestId: u.open?.id ?? null,
      };
    });
    const huidOf = (x: ExchangeRequest) =>
      (x.pieceId !== null ? allPieces.find((pc) => pc.id === x.pieceId)?.huid : undefined) ?? lines.find((l) => l.id === x.lineId)?.huid ?? null;
    const quote: BuybackQuote = {
      rateDate: dates.at(-1) ?? null,
      pieces: piecesOut,
      ...p,
      requests: requests.map((x) => requestView(x, order.orderNumber, lines.find((l) => l.id === x.lineId)?.productName ?? '', huidOf(x))),
    };
    return { quote, units, valued };
  }

  async function deliveredOrder(r: ExchangesRepository, customerId: number, orderNumber: string, lock = false): Promise<Order> {
    const order = await r.customerOrder(customerId, orderNumber, { lock });
    if (!order) throw new DomainError('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
    if (order.status !== 'Delivered') throw new DomainError('EXCHANGE_NOT_ALLOWED', 'Exchange and buy-back open once the order has been delivered.');
    return order;
  }

  async function adminView(r: ExchangesRepository, id: number): Promise<AdminExchange> {
    const [row] = await r.described([id]);
    if (!row) throw new DomainError('EXCHANGE_NOT_FOUND', NOT_FOUND);
    return adminRow(row);
  }

  function adminRow(row: Awaited<ReturnType<ExchangesRepository['list']>>[number]): AdminExchange {
    return {
      ...requestView(row.request, row.orderNumber, row.productName, row.pieceHuid ?? row.lineHuid),
      customerName: `${row.firstName} ${row.lastName}`.trim() || row.username,
      customerEmail: row.email,
      payoutReference: row.request.payoutReference,
      settledBy: row.settledBy,
      metal: row.metal,
      purity: row.purity,
    };
  }

  /** What settling offers: the request's weights at the rate of the day the piece was received (today until then). */
  async function requote(r: ExchangesRepository, x: ExchangeRequest) {
    const order = await r.orderById(x.orderId);
    const line = order ? await r.line(order.id, x.lineId) : null;
    if (!line) throw new DomainError('EXCHANGE_NOT_FOUND', NOT_FOUND);
    const day = indianDate(x.status === 'Received' ? x.updatedAt : now());
    const v = await valueOn(r, line, x.metalWeightMg, x.diamondWeightCents, day, await percents(r));
    return { ...v, paise: v.valued ? (x.kind === 'exchange' ? v.exchangeValuePaise : v.buybackValuePaise) : null };
  }

  async function mailFacts(r: ExchangesRepository, x: ExchangeRequest) {
    const [row] = await r.described([x.id]);
    return { orderNumber: row!.orderNumber, productName: row!.productName, huid: row!.pieceHuid ?? row!.lineHuid, kind: x.kind };
  }

  async function staffStep(
    actor: AuditActor,
    id: number,
    step: (tx: Db, r: ExchangesRepository, x: ExchangeRequest, at: Date) => Promise<void>,
  ): Promise<AdminExchange> {
    const s = await deps.settings.require();
    const at = now();
    const view = await db.transaction(async (tx) => {
      const r = exchangesRepository(tx);
      const x = await r.find(id, { lock: true });
      if (!x) throw new DomainError('EXCHANGE_NOT_FOUND', NOT_FOUND);
      await step(tx, r, x, at);
      const after = (await r.find(id))!;
      const buyer = await r.customer(x.customerId);
      const facts = await mailFacts(r, after);
      if (buyer && after.status !== x.status && (after.status === 'Received' || after.status === 'Settled' || after.status === 'Refused')) {
        const extra =
          after.status === 'Settled'
            ? { step: 'Settled' as const, amountPaise: after.settledPaise ?? 0, payoutReference: after.payoutReference }
            : after.status === 'Refused'
              ? { step: 'Refused' as const, reason: after.refusedReason ?? '' }
              : { step: 'Received' as const };
        await queueMail(tx, exchangeStepMail(brandOf(s), buyer.email, { ...facts, ...extra }));
      }
      return adminView(r, id);
    });
    deps.mailQueued?.();
    return view;
  }

  return {
    /** GET /api/orders/{orderNumber}/buyback-quote */
    async quote(customerId: number, orderNumber: string): Promise<BuybackQuote> {
      const r = exchangesRepository(db);
      const order = await deliveredOrder(r, customerId, orderNumber);
      return (await quoteOf(r, order, indianDate(now()))).quote;
    },

    /** POST /api/orders/{orderNumber}/exchange-requests: the quote as shown, kept; one open request per piece. */
    async ask(customerId: number, orderNumber: string, input: ExchangeAsk): Promise<{ message: string; request: ExchangeRequestView }> {
      const s = await deps.settings.require();
      const at = now();
      const answer = await db.transaction(async (tx) => {
        const r = exchangesRepository(tx);
        // The order's row lock: two asks for the same piece at once are counted one after the other.
        const order = await deliveredOrder(r, customerId, orderNumber, true);
        const line = await r.line(order.id, input.lineId);
        if (!line) throw new DomainError('NOT_FOUND', 'This order has no such line.');
        if ((await r.linesWithOpenReturn(order.id)).has(line.id))
          throw new DomainError(
            'EXCHANGE_NOT_ALLOWED',
            'This piece has a return in progress: exchange or buy-back can be asked for once the return is closed.',
          );
        const { quote, units } = await quoteOf(r, order, indianDate(at));
        const candidates = quote.pieces
          .map((p, i) => ({ p, u: units[i]! }))
          .filter(({ p }) => p.lineId === line.id && (input.pieceId === undefined || p.pieceId === input.pieceId));
        if (candidates.length === 0)
          throw new DomainError(
            input.pieceId === undefined ? 'EXCHANGE_NOT_ALLOWED' : 'NOT_FOUND',
            input.pieceId === undefined ? 'Every piece of this line has been returned, exchanged or bought back.' : 'This line has no such piece still yours.',
          );
        const free = candidates.find(({ p }) => p.openRequestId === null);
        if (!free) throw new DomainError('EXCHANGE_NOT_ALLOWED', 'This piece already has an exchange or buy-back request in progress.');
        if (!free.p.valued) throw new DomainError('EXCHANGE_NOT_ALLOWED', 'This piece is valued in store: please visit us with it, or call us to arrange it.');
        const quotedPaise = input.kind === 'exchange' ? free.p.exchangeValuePaise : free.p.buybackValuePaise;
        const created = await r.insert({
          customerId,
          orderId: order.id,
          lineId: line.id,
          pieceId: free.p.pieceId,
          kind: input.kind,
          status: 'Requested',
          quotedPaise,
          ratePaisePerGram: free.p.ratePaisePerGram!,
          rateDate: quote.rateDate!,
          metalWeightMg: free.p.metalWeightMg,
          diamondWeightCents: free.p.diamondWeightCents,
          createdAt: at,
          updatedAt: at,
        });
        const buyer = await r.customer(customerId);
        const facts = { orderNumber: order.orderNumber, productName: line.productName, huid: free.p.huid, kind: input.kind };
        if (buyer) await queueMail(tx, exchangeAskedMail(brandOf(s), buyer.email, { ...facts, quotedPaise, rateDate: created.rateDate }));
        return {
          message: `We have your ${input.kind === 'exchange' ? 'exchange' : 'buy-back'} request: ${formatRupees(quotedPaise)} at the rate of ${created.rateDate}. Bring the piece to a store to settle it.`,
          request: requestView(created, order.orderNumber, line.productName, free.p.huid),
        };
      });
      deps.mailQueued?.();
      return answer;
    },

    async list(status: ExchangeRequest['status'] | undefined): Promise<{ data: AdminExchange[] }> {
      const rows = await exchangesRepository(db).list(status);
      return { data: rows.map(adminRow) };
    },

    async detail(id: number): Promise<AdminExchangeDetail> {
      const r = exchangesRepository(db);
      const request = await adminView(r, id);
      const x = (await r.find(id))!;
      const open = isOpen(x.status);
      const v = open ? await requote(r, x) : null;
      return { request, todayPaise: v?.paise ?? null, todayRateDate: v?.rateDate ?? null, todayRatePaisePerGram: v?.ratePaisePerGram ?? null };
    },

    /** The piece is in the store (permission orders). */
    receive(actor: AuditActor, id: number) {
      return staffStep(actor, id, async (tx, r, x, at) => {
        if (x.status !== 'Requested') throw new DomainError('EXCHANGE_NOT_ALLOWED', `This request is ${x.status}: only a requested piece can be received.`);
        await r.update(x.id, { status: 'Received', updatedAt: at });
        await recordAudit(tx, actor, { action: 'receive', entity: 'exchange', entityId: x.id, before: { status: x.status }, after: { status: 'Received' } });
      });
    },

    /**
     * Settled (permission accounts): an exchange becomes store credit; a buy-back is paid to the customer's bank
     * by staff outside the store's gateway (the gateway only takes money in), and recorded here with its UTR.
     */
    settle(actor: AuditActor, id: number, input: AdminExchangeSettle) {
      return staffStep(actor, id, async (tx, r, x, at) => {
        if (x.status !== 'Received')
          throw new DomainError(
            'EXCHANGE_NOT_ALLOWED',
            x.status === 'Requested' ? 'Receive the piece in store before settling.' : `This request is already ${x.status}.`,
          );
        const v = await requote(r, x);
        if (v.paise === null) throw new DomainError('NO_RATE', 'There is no rate for this metal on the day the piece was received: set the day’s rates first.');
        if (input.amountPaise > v.paise) {
          const message = `The value at the rate of ${v.rateDate} is ${formatRupees(v.paise)}: the amount cannot be more.`;
          throw new DomainError('INVALID_REQUEST', message, { amountPaise: message });
        }
        if (input.amountPaise < v.paise && !input.note) {
          const message = 'Say what testing found when settling below the value.';
          throw new DomainError('INVALID_REQUEST', message, { note: message });
        }
        if (x.kind === 'buyback' && !input.payoutReference) {
          const message = 'A buy-back needs the payment’s reference (the bank’s UTR).';
          throw new DomainError('INVALID_REQUEST', message, { payoutReference: message });
        }
        const facts = await mailFacts(r, x);
        if (x.kind === 'exchange') {
          await moveStoreCredit(tx, {
            customerId: x.customerId,
            amountPaise: input.amountPaise,
            kind: 'exchange',
            note: `Exchange of ${facts.productName}${facts.huid ? ` (HUID ${facts.huid})` : ''} from order ${facts.orderNumber}.`,
            orderId: x.orderId,
            exchangeId: x.id,
            createdBy: actor.staffId,
            at,
          });
        }
        if (x.pieceId !== null) await releasePieces(tx, [x.pieceId], at);
        await r.update(x.id, {
          status: 'Settled',
          settledPaise: input.amountPaise,
          payoutReference: x.kind === 'buyback' ? (input.payoutReference ?? null) : null,
          note: input.note ?? null,
          settledBy: actor.staffId,
          settledAt: at,
          updatedAt: at,
        });
        await recordAudit(tx, actor, {
          action: 'settle',
          entity: 'exchange',
          entityId: x.id,
          before: { status: x.status, quotedPaise: x.quotedPaise },
          after: {
            status: 'Settled',
            kind: x.kind,
            amountPaise: input.amountPaise,
            valuePaise: v.paise,
            rateDate: v.rateDate,
            ...(input.payoutReference ? { payoutReference: input.payoutReference } : {}),
            ...(input.note ? { note: input.note } : {}),
          },
        });
      });
    },

    /** Refused with a reason (permission orders): the piece stays the customer's. */
    refuse(actor: AuditActor, id: number, reason: string) {
      return staffStep(actor, id, async (tx, r, x, at) => {
        if (!isOpen(x.status)) throw new DomainError('EXCHANGE_NOT_ALLOWED', `This request is already ${x.status}.`);
        await r.update(x.id, { status: 'Refused', refusedReason: reason, updatedAt: at });
        await recordAudit(tx, actor, {
          action: 'refuse',
          entity: 'exchange',
          entityId: x.id,
          before: { status: x.status },
          after: { status: 'Refused', reason },
        });
      });
    },
  };
}
