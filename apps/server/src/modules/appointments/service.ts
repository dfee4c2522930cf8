import { randomBytes } from 'node:crypto';
import type { AdminAppointmentCalendar, AdminAppointmentsQuery, AdminAppointmentStatus, Appointment, AppointmentBooked, AppointmentSlots, AppointmentSlotsQuery, BookAppointment, TradeInEstimate } from '@milli/contracts/schemas';
import { APPOINTMENT_DAYS_AHEAD } from '@milli/contracts/schemas';
import type { Db } from '@milli/db';
import { gramsToMg, indianDate, tradeInEstimate, type TradeInPurity } from '@milli/pricing';
import { DomainError } from '../../domain-error.ts';
import { hashToken } from '../../plugins/session.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { queueMail } from '../mail/service.ts';
import { createSettingsService } from '../settings/service.ts';
import { DEFAULT_WEEK, addDays, parseHours, slotStart, slotsOn } from './hours.ts';
import { bookedMail, cancelledMail, reminderMail } from './mail.ts';
import { appointmentsRepository } from './repository.ts';

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof appointmentsRepository>['byId']>>>;

const answer = (r: Row, now: Date): Appointment => ({
  id: r.id,
  kind: r.kind,
  store: r.storeId !== null && r.storeName !== null ? { id: r.storeId, name: r.storeName, city: r.storeCity ?? '', address: r.storeAddress ?? '', phone: r.storePhone ?? '' } : null,
  date: r.day,
  slot: r.slot,
  purpose: r.purpose,
  product: r.productId !== null && r.productName !== null ? { id: r.productId, name: r.productName } : null,
  name: r.name,
  email: r.email,
  phone: r.phone,
  note: r.note,
  tradeIn: r.tradeIn,
  status: r.status,
  cancellable: r.status === 'Booked' && slotStart(r.day, r.slot) > now,
  createdAt: r.createdAt.toISOString(),
});

export interface AppointmentsDeps {
  /** Where the manage link points ('https://milli.example'). */
  publicUrl: string;
  now?: () => Date;
}

/**
 * Store visits and video calls (issue 20). A slot is 60 minutes of a store's opening hours (the video desk keeps
 * DEFAULT_HOURS every day); it takes as many bookings as the store setting appointmentSlotCapacity, counted under
 * a lock on the place (the store's row, or the settings row for the video desk), so the last place goes once.
 */
export function createAppointmentsService(db: Db, deps: AppointmentsDeps) {
  const now = deps.now ?? (() => new Date());
  const settings = createSettingsService(db);
  const manageUrl = (token: string) => `${deps.publicUrl.replace(/\/+$/, '')}/appointment?token=${token}`;

  /** The day's slots and why there are none; `hours` null means the video desk's. */
  function daySlots(hours: string | null, date: string, at: Date): { slots: string[]; closedReason: string | null; firstDate: string; lastDate: string } {
    const firstDate = indianDate(at);
    const lastDate = addDays(firstDate, APPOINTMENT_DAYS_AHEAD);
    if (date < firstDate) return { slots: [], closedReason: 'That day has passed.', firstDate, lastDate };
    if (date > lastDate) return { slots: [], closedReason: `Appointments can be booked up to ${APPOINTMENT_DAYS_AHEAD} days ahead.`, firstDate, lastDate };
    const all = slotsOn(hours === null ? DEFAULT_WEEK : parseHours(hours), date);
    if (all.length === 0) return { slots: [], closedReason: 'The store is closed that day.', firstDate, lastDate };
    const open = all.filter((s) => slotStart(date, s) > at);
    return { slots: open, closedReason: open.length === 0 ? 'No times are left today.' : null, firstDate, lastDate };
  }

  async function capacity(tx: Db) {
    const s = await appointmentsRepository(tx).settings();
    if (!s) throw new DomainError('NO_SETTINGS', 'The store is not set up yet. Please try again later.');
    return s;
  }

  async function estimate(tx: Db, weightGrams: string, purity: number, at: Date): Promise<TradeInEstimate> {
    const weightMg = gramsToMg(weightGrams);
    if (weightMg === null) throw new DomainError('INVALID_REQUEST', 'Enter the weight in grams, up to 3 decimals (for example 12.5).', { weightGrams: 'Enter the weight in grams.' });
    const repo = appointmentsRepository(tx);
    const rate = await repo.gold24On(indianDate(at));
    if (!rate) throw new DomainError('NO_RATE', "Today's gold rate is not published yet. Please try again later.");
    const { tradeInPercent } = await capacity(tx);
    const { ratePaisePerGram, estimatePaise } = tradeInEstimate({ weightMg, purity: purity as TradeInPurity, rate24PaisePerGram: rate.paise, tradeInPercent });
    return { estimatePaise, ratePaisePerGram, rateDate: rate.date, purity, weightMg, tradeInPercent };
  }

  return {
    tradeInEstimate: (weightGrams: string, purity: number) => estimate(db, weightGrams, purity, now()),

    async slots(query: AppointmentSlotsQuery): Promise<AppointmentSlots> {
      const repo = appointmentsRepository(db);
      const at = now();
      let hours: string | null = null;
      if (query.kind === 'store') {
        const store = await repo.store(query.storeId!);
        if (!store || !store.active) throw new DomainError('NOT_FOUND', 'There is no such store.');
        hours = store.hours;
      }
      const { capacity: cap } = await capacity(db);
      const day = daySlots(hours, query.date, at);
      const booked = day.slots.length ? await repo.bookedOn(query.kind, query.kind === 'store' ? query.storeId! : null, query.date) : new Map<string, number>();
      return {
        kind: query.kind,
        storeId: query.kind === 'store' ? query.storeId! : null,
        date: query.date,
        firstDate: day.firstDate,
        lastDate: day.lastDate,
        capacity: cap,
        closedReason: day.closedReason,
        slots: day.slots.map((slot) => {
          const left = Math.max(0, cap - (booked.get(slot) ?? 0));
          return { slot, left, available: left > 0 };
        }),
      };
    },

    /** Books a slot in one transaction: lock the place, check the slot, count, insert, queue the mail. */
    async book(input: BookAppointment, customerId: number | null): Promise<AppointmentBooked> {
      const token = randomBytes(24).toString('base64url');
      const at = now();
      const brand = await settings.brand();
      const id = await db.transaction(async (tx) => {
        const repo = appointmentsRepository(tx);
        const storeId = input.storeId ?? null;
        const place = await repo.lockPlace(input.kind, storeId);
        if (input.kind === 'store' && (!place || !place.active)) throw new DomainError('NOT_FOUND', 'There is no such store.', { storeId: 'Please choose a store.' });
        if (input.kind === 'video' && storeId !== null && !(await repo.store(storeId))?.active) throw new DomainError('NOT_FOUND', 'There is no such store.', { storeId: 'Please choose a store.' });
        const day = daySlots(input.kind === 'store' ? (place?.hours ?? null) : null, input.date, at);
        if (!day.slots.includes(input.slot)) throw new DomainError('SLOT_UNAVAILABLE', day.closedReason ?? 'That time cannot be booked. Please choose another.', { slot: 'Please choose another time.' });
        const { capacity: cap } = await capacity(tx);
        const booked = (await repo.bookedOn(input.kind, storeId, input.date)).get(input.slot) ?? 0;
        if (booked >= cap) throw new DomainError('SLOT_FULL', 'That time has just been taken. Please choose another.', { slot: 'That time is full.' });
        const product = input.productId ? await repo.productName(input.productId) : null;
        const tradeIn = input.tradeIn ? await estimate(tx, input.tradeIn.weightGrams, input.tradeIn.purity, at) : null;
        const created = await repo.insert({
          kind: input.kind,
          storeId,
          day: input.date,
          slot: input.slot,
          purpose: input.purpose,
          productId: product?.id ?? null,
          customerId,
          name: input.name,
          email: input.email,
          phone: input.phone,
          note: input.note ?? null,
          tradeIn: tradeIn && { weightMg: tradeIn.weightMg, purity: tradeIn.purity, ratePaisePerGram: tradeIn.ratePaisePerGram, rateDate: tradeIn.rateDate, estimatePaise: tradeIn.estimatePaise },
          manageTokenHash: hashToken(token),
          // Booked for today or tomorrow: the confirmation is the reminder.
          remindedAt: input.date <= addDays(indianDate(at), 1) ? at : null,
        });
        const row = await repo.byId(created);
        await queueMail(tx, bookedMail(brand, answer(row!, at), manageUrl(token)));
        return created;
      });
      const row = await appointmentsRepository(db).byId(id);
      return { ...answer(row!, at), manageToken: token };
    },

    async mine(customerId: number) {
      const at = now();
      return { data: (await appointmentsRepository(db).ofCustomer(customerId)).map((r) => answer(r, at)) };
    },

    async byToken(token: string) {
      const found = await appointmentsRepository(db).byToken(hashToken(token));
      if (!found) throw new DomainError('APPOINTMENT_NOT_FOUND', 'This link does not match an appointment.');
      return answer(found, now());
    },

    /** The owner cancels: the session's customer naming their appointment, or the manage link's token. */
    async cancel(who: { customerId: number; id: number } | { token: string }) {
      const at = now();
      const brand = await settings.brand();
      return db.transaction(async (tx) => {
        const repo = appointmentsRepository(tx);
        const find = () => ('token' in who ? repo.byToken(hashToken(who.token)) : repo.ownedBy(who.id, who.customerId));
        const seen = await find();
        if (!seen) throw new DomainError('APPOINTMENT_NOT_FOUND', 'There is no such appointment.');
        await repo.lock(seen.id);
        const found = (await find())!;
        const before = answer(found, at);
        if (!before.cancellable) {
          throw new DomainError('APPOINTMENT_NOT_CANCELLABLE', before.status === 'Booked' ? 'This appointment has already begun.' : `This appointment is ${before.status.toLowerCase()}.`);
        }
        await repo.setStatus(found.id, 'Cancelled', at);
        const after = { ...before, status: 'Cancelled' as const, cancellable: false };
        await queueMail(tx, cancelledMail(brand, after, false));
        return after;
      });
    },

    async calendar(query: AdminAppointmentsQuery): Promise<AdminAppointmentCalendar> {
      const repo = appointmentsRepository(db);
      const at = now();
      const from = query.from ?? indianDate(at);
      const to = query.to ?? addDays(from, 6);
      if (to < from || to > addDays(from, 30)) throw new DomainError('INVALID_REQUEST', 'Show at most 31 days, the last after the first.', { to: 'At most 31 days after the first.' });
      let store: AdminAppointmentCalendar['store'] = null;
      if (query.kind === 'store') {
        const found = await repo.store(query.storeId!);
        if (!found) throw new DomainError('NOT_FOUND', 'There is no such store.');
        store = { id: found.id, name: found.name, city: found.city, hours: found.hours };
      }
      const week = store ? parseHours(store.hours) : DEFAULT_WEEK;
      const days: AdminAppointmentCalendar['days'] = [];
      for (let d = from; d <= to; d = addDays(d, 1)) days.push({ date: d, slots: slotsOn(week, d) });
      const rows = await repo.calendar(query.kind, store?.id ?? null, from, to);
      const { capacity: cap } = await capacity(db);
      return {
        kind: query.kind,
        store,
        from,
        to,
        capacity: cap,
        days,
        appointments: rows.map((r) => {
          const { cancellable: _c, ...rest } = answer(r, at);
          return { ...rest, customerId: r.customerId };
        }),
      };
    },

    /** Staff mark a Booked appointment Attended, Missed or Cancelled (the customer is mailed), audited. */
    async setStatus(actor: AuditActor, id: number, change: AdminAppointmentStatus) {
      const at = now();
      const brand = await settings.brand();
      return db.transaction(async (tx) => {
        const repo = appointmentsRepository(tx);
        if (!(await repo.lock(id))) throw new DomainError('APPOINTMENT_NOT_FOUND', 'There is no such appointment.');
        const found = (await repo.byId(id))!;
        const { cancellable: _c, ...before } = answer(found, at);
        if (before.status !== 'Booked') throw new DomainError('APPOINTMENT_NOT_CANCELLABLE', `This appointment is already ${before.status}.`);
        await repo.setStatus(id, change.status, at);
        const after = { ...before, status: change.status, customerId: found.customerId };
        await recordAudit(tx, actor, { action: `mark-${change.status.toLowerCase()}`, entity: 'appointment', entityId: id, before, after: change.note ? { ...after, note: change.note } : after });
        if (change.status === 'Cancelled') await queueMail(tx, cancelledMail(brand, { ...after, cancellable: false }, true));
        return after;
      });
    },

    /** The reminder pass: tomorrow's (India) Booked appointments, each claimed once, mailed. */
    async remind() {
      const at = now();
      const brand = await settings.brand();
      return db.transaction(async (tx) => {
        const claimed = await appointmentsRepository(tx).claimReminders(addDays(indianDate(at), 1), at);
        for (const r of claimed) await queueMail(tx, reminderMail(brand, answer(r, at)));
        return claimed.length;
      });
    },
  };
}

export type AppointmentsService = ReturnType<typeof createAppointmentsService>;
