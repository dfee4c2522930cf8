import type { Db } from '@milli/db';
import type { CourierBooking, Order, OrderAddress, StoreSettings } from '@milli/db/schema';
import type { AdminOrderCourier, CourierEventKind, CourierWebhookAnswer, ReturnStepAnswer, ShiprocketWebhook } from '@milli/contracts/schemas';
import { indianDate, payableOf } from '@milli/pricing';
import { DomainError } from '../../domain-error.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { advanceOrder, orderForCourier, orderOfBooking, type DesignRequests, queueOrderMessage } from '../orders/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { CourierError, type CourierParcel, type CourierParty, type CourierProvider } from './provider.ts';
import { courierRepository } from './repository.ts';

/** What the courier module needs of the returns module: one return as the desk sees it, and its pickup step. */
export interface CourierReturns {
  detail(id: number): Promise<{
    id: number;
    status: string;
    orderNumber: string;
    pickupAwb: string | null;
    lines: { name: string; sku: string; quantity: number; amountPaise: number }[];
    amountPaise: number;
  }>;
  schedulePickup(
    actor: AuditActor,
    id: number,
    body: { pickupDate: string; note?: string; courier?: { courierName: string; awb: string } },
  ): Promise<ReturnStepAnswer>;
}

export interface CourierDeps {
  db: Db;
  /** The configured provider, or null: staff type AWBs by hand and nothing here is offered. */
  provider: CourierProvider | null;
  settings: SettingsService;
  designRequests: DesignRequests;
  returns: CourierReturns;
  mailQueued?: () => void;
  now?: () => Date;
}

/** How long one click holds a booking while it talks to the provider; a click after that may go on with it. */
const CLAIM_MS = 2 * 60_000;
/** A parcel's box and packing when the pieces' own weights are not known: a jewellery box in a padded mailer. */
const PACKING_G = 150;
const PIECE_G_UNWEIGHED = 20;
const BOX_CM = { lengthCm: 15, breadthCm: 12, heightCm: 8 };

/**
 * Shiprocket's status numbers the store acts on (the words are read too, for a number it does not know): picked up,
 * shipped, in transit and the hubs between are all 'in transit'; the RTO family is one 'rto'.
 */
const STATUS_IDS: Record<number, CourierEventKind> = {
  6: 'in_transit',
  18: 'in_transit',
  38: 'in_transit',
  42: 'in_transit',
  17: 'out_for_delivery',
  7: 'delivered',
  9: 'rto',
  10: 'rto',
  14: 'rto',
  15: 'rto',
  16: 'rto',
};

export function eventKindOf(statusId: number | undefined, words: string | undefined): CourierEventKind | null {
  const w = (words ?? '').toUpperCase().replace(/[_-]+/g, ' ').trim();
  if (/\bRTO\b|RETURN TO ORIGIN/.test(w)) return 'rto';
  if (statusId !== undefined && STATUS_IDS[statusId]) return STATUS_IDS[statusId]!;
  if (w.includes('OUT FOR DELIVERY')) return 'out_for_delivery';
  if (w === 'DELIVERED') return 'delivered';
  if (/IN TRANSIT|SHIPPED|PICKED UP|REACHED|DESTINATION HUB/.test(w)) return 'in_transit';
  return null;
}

/** Shiprocket writes times as India reads them, 'YYYY-MM-DD HH:mm:ss' (sometimes 'DD MM YYYY HH:mm:ss'). */
export function providerTime(value: string | undefined): Date | null {
  if (!value) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  const dmy = /^(\d{2})[ -](\d{2})[ -](\d{4}) (\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  const parts = iso ? [iso[1], iso[2], iso[3], iso[4], iso[5], iso[6]] : dmy ? [dmy[3], dmy[2], dmy[1], dmy[4], dmy[5], dmy[6]] : null;
  if (!parts) return null;
  const at = new Date(`${parts[0]}-${parts[1]}-${parts[2]}T${parts[3]}:${parts[4]}:${parts[5] ?? '00'}+05:30`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The store's office address (Settings) as a courier party: the PIN and the city before it. */
export function storeParty(s: Pick<StoreSettings, 'storeName' | 'officeAddress' | 'sellerState' | 'emailPrimary' | 'helpLine'>): CourierParty {
  const parts = s.officeAddress.split(',').map((p) => p.trim());
  const at = parts.findIndex((p) => /\b[1-9]\d{5}$/.test(p));
  if (at < 0) throw new DomainError('INVALID_REQUEST', 'The store’s office address (Settings) has no PIN code: the courier needs it to bring the return back.');
  const [, city, pincode] = /^(.*?)\s*([1-9]\d{5})$/.exec(parts[at]!)!;
  return {
    name: s.storeName,
    email: s.emailPrimary,
    phone: s.helpLine.replace(/\D/g, '').slice(-10),
    address: parts.slice(0, at).join(', ') || s.officeAddress,
    city: city || parts[at - 1] || s.sellerState,
    state: s.sellerState,
    pincode: pincode!,
    country: 'India',
  };
}

function partyOf(a: OrderAddress | undefined, email: string): CourierParty | null {
  if (!a) return null;
  return {
    name: `${a.firstName} ${a.lastName}`.trim(),
    email,
    phone: a.phone.replace(/\D/g, '').slice(-10),
    address: [a.address, a.landmark].filter(Boolean).join(', '),
    city: a.city,
    state: a.state ?? '',
    pincode: a.pincode,
    country: a.country,
  };
}

/** The provider's failure as the desk reads it: 502 when the provider failed or refused the login, 422 with its words. */
function asDomainError(error: unknown): unknown {
  if (!(error instanceof CourierError)) return error;
  if (error.kind === 'refused') return new DomainError('COURIER_REFUSED', error.message);
  return new DomainError('COURIER_UNAVAILABLE', error.message);
}

/**
 * Courier bookings through the configured provider (issue 39, decision 050). Booking an order is the dispatch step done
 * by the provider: the parcel's order, its AWB, the pickup and the label, then the order dispatched through the orders
 * module's own step, exactly as when staff type an AWB. One booking per order (a unique index), claimed by the click
 * that makes it, so a second click never books a second parcel; each provider step is kept as it is answered, so a
 * retry after a failure goes on from where it stopped. The provider's webhook moves the order to Delivered and keeps
 * its tracking events; a return's reverse pickup is booked the same way.
 */
export function createCourierService(deps: CourierDeps) {
  const { db, provider } = deps;
  const now = deps.now ?? (() => new Date());
  const settings = () => deps.settings.require();

  function configured(): CourierProvider {
    if (!provider)
      throw new DomainError(
        'COURIER_NOT_CONFIGURED',
        'No courier provider is configured (COURIER_PROVIDER): type the courier and the AWB in the dispatch form instead.',
      );
    return provider;
  }

  const bookingView = (b: CourierBooking) => ({
    state: b.state,
    provider: b.provider,
    awb: b.awb,
    courierName: b.courierName,
    labelUrl: b.labelUrl,
    pickupDate: b.pickupDate,
    bookedAt: b.bookedAt?.toISOString() ?? null,
    rtoAt: b.rtoAt?.toISOString() ?? null,
  });

  /** Why an order cannot be booked now (null: it can). */
  function cannotBook(found: NonNullable<Awaited<ReturnType<typeof orderForCourier>>>, booking: CourierBooking | null): string | null {
    const { order, rules } = found;
    if (booking?.state === 'booked') return `Booked with ${booking.courierName}, AWB ${booking.awb}.`;
    if (order.status === 'Cancelled') return 'This order was cancelled.';
    if (order.status === 'Out for Delivery' || order.status === 'Delivered') return 'This order is already dispatched.';
    if (rules.nextStatus !== 'Out for Delivery') return 'Mark the order picked first: the courier is booked at the dispatch step.';
    if (rules.blockedBy) return rules.blockedBy;
    if (!found.addresses.some((a) => a.kind === 'shipping')) return 'This order has no shipping address.';
    return null;
  }

  async function view(tx: Db, orderNumber: string): Promise<AdminOrderCourier> {
    const found = await orderForCourier(tx, orderNumber);
    if (!found) throw new DomainError('ORDER_NOT_FOUND', 'There is no order with that number.');
    const r = courierRepository(tx);
    const booking = await r.shipmentOf(found.order.id);
    const events = booking ? await r.events(booking.id) : [];
    const reason = provider ? cannotBook(found, booking) : null;
    return {
      provider: provider?.name ?? null,
      booking: booking && bookingView(booking),
      events: events.map((e) => ({ kind: e.kind, status: e.providerStatus, location: e.location, at: e.occurredAt.toISOString() })),
      canBook: provider !== null && reason === null,
      cannotBook: reason,
    };
  }

  /**
   * Claims the booking for this click, in a transaction holding the order's lock: a new row (the unique index makes it
   * the only one), or one left part-way whose claim has lapsed. Answers the booking and what it needs to go on.
   */
  async function claimShipment(actor: AuditActor, orderNumber: string, p: CourierProvider) {
    const at = now();
    return db.transaction(async (tx) => {
      const found = await orderForCourier(tx, orderNumber, { lock: true });
      if (!found) throw new DomainError('ORDER_NOT_FOUND', 'There is no order with that number.');
      const r = courierRepository(tx);
      const existing = await r.shipmentOf(found.order.id, { lock: true });
      const reason = cannotBook(found, existing);
      if (existing?.state === 'booked')
        throw new DomainError(
          'CONFLICT',
          `Order ${orderNumber} is already booked with ${existing.courierName}, AWB ${existing.awb}: nothing was booked again.`,
        );
      if (reason) throw new DomainError('CONFLICT', reason);
      const until = new Date(at.getTime() + CLAIM_MS);
      const booking = existing
        ? await r.reclaim(existing.id, until, at)
        : await r.insertClaimed({ kind: 'shipment', orderId: found.order.id, provider: p.name, claimedUntil: until, createdBy: actor.staffId, createdAt: at });
      if (!booking) throw new DomainError('COURIER_BOOKING_UNDER_WAY', 'This order’s courier is being booked from another click: reload the page in a moment.');
      return { booking, found };
    });
  }

  function parcelOf(order: Order, lines: { productName: string; sku: string; quantity: number; unitPricePaise: number }[], grossMg: number | null, at: Date) {
    const units = lines.reduce((n, l) => n + l.quantity, 0);
    const parcel: CourierParcel = {
      reference: order.orderNumber,
      date: indianDate(at),
      items: lines.map((l) => ({ name: l.productName, sku: l.sku, units: l.quantity, sellingPricePaise: l.unitPricePaise })),
      subtotalPaise: lines.reduce((n, l) => n + l.unitPricePaise * l.quantity, 0),
      codPaise: order.paymentMethod === 'cod' ? payableOf(order) : 0,
      weightG: PACKING_G + (grossMg !== null ? Math.ceil(grossMg / 1000) : units * PIECE_G_UNWEIGHED),
      ...BOX_CM,
    };
    return parcel;
  }

  return {
    view: (orderNumber: string) => view(db, orderNumber),

    /** The Book courier action: the parcel at the provider, then the order dispatched with its AWB. */
    async bookShipment(actor: AuditActor, orderNumber: string): Promise<{ message: string; courier: AdminOrderCourier }> {
      const p = configured();
      const s = await settings();
      const { booking: claimed, found } = await claimShipment(actor, orderNumber, p);
      const r = courierRepository(db);
      let booking = claimed;
      try {
        if (!booking.providerOrderId) {
          const { order, lines, pieces, addresses, buyer } = found;
          const email = buyer?.email ?? s.emailPrimary;
          const shipping = partyOf(
            addresses.find((a) => a.kind === 'shipping'),
            email,
          )!;
          const billing = partyOf(
            addresses.find((a) => a.kind === 'billing'),
            email,
          );
          const live = pieces.filter((x) => x.releasedAt === null);
          const gross = live.length > 0 ? live.reduce((n, x) => n + x.grossWeightMg, 0) : null;
          const made = await p.createShipment({ ...parcelOf(order, lines, gross, now()), deliverTo: shipping, billing: billing ?? shipping });
          booking = await r.update(booking.id, { providerOrderId: made.providerOrderId, shipmentId: made.shipmentId });
        }
        if (!booking.awb) {
          const awb = await p.assignAwb(booking.shipmentId!);
          booking = await r.update(booking.id, { awb: awb.awb, courierName: awb.courierName.slice(0, 60), pickupDate: awb.pickupDate });
        }
        if (!booking.pickupRequestedAt) {
          const pickup = await p.requestPickup(booking.shipmentId!);
          booking = await r.update(booking.id, { pickupRequestedAt: now(), pickupDate: pickup.pickupDate ?? booking.pickupDate });
        }
        if (!booking.labelUrl) {
          const label = await p.label(booking.shipmentId!);
          booking = await r.update(booking.id, { labelUrl: label.labelUrl });
        }
      } catch (error) {
        // Nothing reached the provider: no booking is left behind. Part-way: the booking keeps what the provider made,
        // unclaimed, so the next click goes on from there instead of booking a second parcel.
        if (!booking.providerOrderId) await r.remove(booking.id);
        else await r.update(booking.id, { claimedUntil: null });
        throw asDomainError(error);
      }
      const at = now();
      const done = booking;
      try {
        await db.transaction(async (tx) => {
          const pickup = done.pickupDate ? `; pickup on ${done.pickupDate}` : '';
          await advanceOrder(
            tx,
            { settings: deps.settings, designRequests: deps.designRequests },
            actor,
            orderNumber,
            {
              status: 'Out for Delivery',
              courierName: done.courierName!,
              awbNumber: done.awb!,
              note: `Booked with ${p.name === 'shiprocket' ? 'Shiprocket' : p.name}${pickup}`,
            },
            { at, settings: s },
          );
          await courierRepository(tx).update(done.id, { state: 'booked', bookedAt: at, claimedUntil: null });
        });
      } catch (error) {
        await r.update(done.id, { claimedUntil: null });
        throw error;
      }
      deps.mailQueued?.();
      return {
        message: `Booked with ${done.courierName}, AWB ${done.awb}: order ${orderNumber} is dispatched and the customer has been mailed.`,
        courier: await view(db, orderNumber),
      };
    },

    /** The Book reverse pickup action on an approved return: the return order at the provider, its AWB on the return. */
    async bookReversePickup(actor: AuditActor, returnId: number): Promise<ReturnStepAnswer> {
      const p = configured();
      const s = await settings();
      const ret = await deps.returns.detail(returnId);
      if (ret.status !== 'Approved')
        throw new DomainError('RETURN_STEP_NOT_ALLOWED', `This return is ${ret.status}: a reverse pickup is booked for an approved return.`);
      const storeAddress = storeParty(s);
      const at = now();
      const claimed = await db.transaction(async (tx) => {
        const found = await orderForCourier(tx, ret.orderNumber, { lock: true });
        if (!found) throw new DomainError('ORDER_NOT_FOUND', 'There is no order with that number.');
        const r = courierRepository(tx);
        const existing = await r.reversePickupOf(returnId, { lock: true });
        if (existing?.state === 'booked')
          throw new DomainError(
            'CONFLICT',
            `This return’s pickup is already booked with ${existing.courierName}, AWB ${existing.awb}: nothing was booked again.`,
          );
        const until = new Date(at.getTime() + CLAIM_MS);
        const booking = existing
          ? await r.reclaim(existing.id, until, at)
          : await r.insertClaimed({
              kind: 'reverse_pickup',
              orderId: found.order.id,
              returnId,
              provider: p.name,
              claimedUntil: until,
              createdBy: actor.staffId,
              createdAt: at,
            });
        if (!booking)
          throw new DomainError('COURIER_BOOKING_UNDER_WAY', 'This return’s pickup is being booked from another click: reload the page in a moment.');
        return { booking, found };
      });
      const r = courierRepository(db);
      let booking = claimed.booking;
      try {
        if (!booking.providerOrderId) {
          const { order, addresses, buyer } = claimed.found;
          const customer = partyOf(
            addresses.find((a) => a.kind === 'shipping'),
            buyer?.email ?? s.emailPrimary,
          );
          if (!customer) throw new DomainError('CONFLICT', 'This order has no shipping address to collect the return from.');
          const lines = ret.lines.map((l) => ({
            productName: l.name,
            sku: l.sku,
            quantity: l.quantity,
            unitPricePaise: Math.round(l.amountPaise / l.quantity),
          }));
          const parcel = parcelOf(order, lines, null, at);
          const made = await p.createReturn({
            ...parcel,
            reference: `${order.orderNumber}-R${returnId}`,
            codPaise: 0,
            collectFrom: customer,
            deliverTo: storeAddress,
          });
          booking = await r.update(booking.id, { providerOrderId: made.providerOrderId, shipmentId: made.shipmentId });
        }
        if (!booking.awb) {
          const awb = await p.assignAwb(booking.shipmentId!, { isReturn: true });
          booking = await r.update(booking.id, { awb: awb.awb, courierName: awb.courierName.slice(0, 60), pickupDate: awb.pickupDate });
        }
      } catch (error) {
        if (!booking.providerOrderId) await r.remove(booking.id);
        else await r.update(booking.id, { claimedUntil: null });
        throw asDomainError(error);
      }
      // The courier collects on the day it named, else the next day (India's calendar).
      const pickupDate = booking.pickupDate ?? indianDate(new Date(at.getTime() + 86_400_000));
      const done = booking;
      let answer: ReturnStepAnswer;
      try {
        answer = await deps.returns.schedulePickup(actor, returnId, { pickupDate, courier: { courierName: done.courierName!, awb: done.awb! } });
      } catch (error) {
        await r.update(done.id, { claimedUntil: null });
        throw error;
      }
      await r.update(done.id, { state: 'booked', bookedAt: now(), claimedUntil: null, pickupDate });
      return { ...answer, message: `Reverse pickup booked with ${done.courierName}, AWB ${done.awb}, on ${pickupDate}. The customer has been mailed.` };
    },

    /**
     * The provider's tracking webhook, its token already checked. Recorded once per event (kind and time), so a
     * duplicate is harmless; Delivered moves an order that is Out for Delivery to Delivered through the orders module's
     * step; an RTO flags the booking for staff; an event arriving late (in transit after delivered) is kept and moves
     * nothing back. An AWB the store never booked is answered 200 and ignored, so the provider stops sending it.
     */
    async webhook(body: ShiprocketWebhook, requestId: string | null): Promise<CourierWebhookAnswer> {
      const words = body.current_status ?? body.shipment_status;
      const statusId = body.current_status_id ?? body.shipment_status_id;
      const kind = eventKindOf(statusId, words);
      const at = now();
      const occurredAt = providerTime(body.current_timestamp) ?? providerTime(body.scans?.at(-1)?.date) ?? at;
      const actor: AuditActor = { staffId: null, staffEmail: 'courier', via: 'webhook', requestId };
      const s = await settings();
      return db.transaction(async (tx) => {
        const r = courierRepository(tx);
        const probe = body.awb ? await r.byAwb(body.awb) : null;
        if (!probe) return { result: 'ignored', message: 'No booking of this store has that AWB.' } as const;
        // The order's lock before the booking's, as booking takes them.
        const order = await orderOfBooking(tx, probe.orderId);
        const booking = (await r.byAwb(probe.awb!, { lock: true }))!;
        if (!kind) return { result: 'ignored', message: `Status '${words ?? statusId ?? ''}' is not one the store follows.` } as const;
        const fresh = await r.insertEvent({
          bookingId: booking.id,
          kind,
          providerStatus: (words ?? String(statusId ?? kind)).slice(0, 100),
          providerStatusId: statusId ?? null,
          location: body.scans?.at(-1)?.location?.slice(0, 200) ?? null,
          occurredAt,
          receivedAt: at,
        });
        if (!fresh) return { result: 'duplicate', message: 'Already recorded.' } as const;
        if (kind === 'rto' && !booking.rtoAt) {
          await r.markRto(booking.id, at);
          await recordAudit(tx, actor, {
            action: 'courier-rto',
            entity: booking.kind === 'shipment' ? 'order' : 'order-return',
            entityId: booking.kind === 'shipment' ? booking.orderId : booking.returnId!,
            before: null,
            after: { awb: booking.awb, status: words ?? null },
          });
        }
        // Issue 41: the buyer hears the parcel is out for delivery today (once: a duplicate event is not fresh).
        if (kind === 'out_for_delivery' && booking.kind === 'shipment' && order?.status === 'Out for Delivery')
          await queueOrderMessage(tx, { id: booking.orderId }, 'order_out_for_delivery', { order: order.orderNumber });
        if (kind === 'delivered' && booking.kind === 'shipment' && booking.state === 'booked') {
          if (order?.status === 'Out for Delivery') {
            await advanceOrder(
              tx,
              { settings: deps.settings, designRequests: deps.designRequests },
              actor,
              order.orderNumber,
              { status: 'Delivered', note: `Delivered, as the courier reported (AWB ${booking.awb})` },
              { at, settings: s },
            );
          }
        }
        return { result: 'recorded', message: 'Recorded.' } as const;
      });
    },
  };
}
