import { randomBytes } from 'node:crypto';
import { rolesCan } from '@milli/contracts';
import type {
  AdminAppointment,
  AdminAppointmentAssign,
  AdminAppointmentCalendar,
  AdminAppointmentDay,
  AdminAppointmentsQuery,
  AdminAppointmentStatus,
  Appointment,
  AppointmentBooked,
  AppointmentSlots,
  AppointmentSlotsQuery,
  BookAppointment,
  TradeInEstimate,
} from '@milli/contracts/schemas';
import { APPOINTMENT_DAYS_AHEAD, APPOINTMENT_HOLD_MINUTES, APPOINTMENTS_PER_CONTACT } from '@milli/contracts/schemas';
import type { Db } from '@milli/db';
import { gramsToMg, indianDate, tradeInEstimate, type TradeInPurity } from '@milli/pricing';
import { DomainError } from '../../domain-error.ts';
import { hashToken } from '../../plugins/session.ts';
import { mailboxOf, mobileOf, type RateLimiter } from '../../plugins/rate-limit.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { queueMail } from '../mail/service.ts';
import { queueAppointmentMessage } from './messages.ts';
import type { SettingsService } from '../settings/service.ts';
import { notifyDesk } from '../staff/service.ts';
import { DEFAULT_WEEK, addDays, parseHours, slotStart, slotsOn } from './hours.ts';
import { bookedMail, cancelledMail, confirmBookingMail, reminderMail } from './mail.ts';
import { appointmentsRepository } from './repository.ts';

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof appointmentsRepository>['byId']>>>;

const answer = (r: Row, now: Date): Appointment => ({
  id: r.id,
  kind: r.kind,
  store:
    r.storeId !== null && r.storeName !== null
      ? { id: r.storeId, name: r.storeName, city: r.storeCity ?? '', address: r.storeAddress ?? '', phone: r.storePhone ?? '' }
      : null,
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
  holdUntil: r.status === 'Unconfirmed' ? (r.holdUntil?.toISOString() ?? null) : null,
  cancellable: (r.status === 'Booked' || r.status === 'Unconfirmed') && slotStart(r.day, r.slot) > now,
  createdAt: r.createdAt.toISOString(),
});

/** What the desk reads of an appointment: its assignee (issue 39) and whether its slot has begun. */
const adminAnswer = (r: Row, now: Date): AdminAppointment => {
  const { cancellable: _c, ...rest } = answer(r, now);
  return {
    ...rest,
    customerId: r.customerId,
    assignee: r.assigneeId !== null && r.assigneeName !== null ? { id: r.assigneeId, name: r.assigneeName } : null,
    started: slotStart(r.day, r.slot) <= now,
  };
};

/** The contact details of the customer's appointments made anonymous, inside the transaction that erases their data (issue 38). */
export function anonymiseAppointments(tx: Db, customerId: number, name: string, at: Date): Promise<void> {
  return appointmentsRepository(tx).anonymiseOf(customerId, name, at);
}

export interface AppointmentsDeps {
  /** Where the manage link points ('https://milli.example'). */
  publicUrl: string;
  /** Counts each booking's message against its e-mail address and mobile number (issue 35). */
  limiter: Pick<RateLimiter, 'takeRecipient'>;
  /** The store's settings (each mail's frame). */
  settings: Pick<SettingsService, 'brand'>;
  now?: () => Date;
}

/** Who books, when signed in: the appointment is theirs to see and cancel in My Account. */
export interface Booker {
  customerId: number;
}

/**
 * Store visits and video calls (issue 20). A slot is 60 minutes of a store's opening hours (the video desk keeps
 * DEFAULT_HOURS every day); it takes as many bookings as the store setting appointmentSlotCapacity, counted under
 * a lock on the place (the store's row, or the settings row for the video desk), so the last place goes once.
 */
export function createAppointmentsService(db: Db, deps: AppointmentsDeps) {
  const now = deps.now ?? (() => new Date());
  const { settings } = deps;
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
    if (weightMg === null)
      throw new DomainError('INVALID_REQUEST', 'Enter the weight in grams, up to 3 decimals (for example 12.5).', {
        weightGrams: 'Enter the weight in grams.',
      });
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
      const booked = day.slots.length
        ? await repo.bookedOn(query.kind, query.kind === 'store' ? query.storeId! : null, query.date, at)
        : new Map<string, number>();
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

    /**
     * Books a slot in one transaction: lock the place, then the contact, check the slot and the contact's live bookings,
     * count the message against its address and number, insert, queue the mail. Every booking is Unconfirmed, holding its
     * place for APPOINTMENT_HOLD_MINUTES until the link mailed to its address confirms it (issue 35: a stranger's address
     * books nothing and receives one plain mail that asks). A signed-in shopper confirms too: sign-up never proves an
     * address, so an account made under a stranger's could otherwise book under it and hold places that never lapse.
     */
    async book(input: BookAppointment, booker: Booker | null): Promise<AppointmentBooked> {
      const token = randomBytes(24).toString('base64url');
      const at = now();
      const brand = await settings.brand();
      const mailbox = mailboxOf(input.email);
      const mobile = mobileOf(input.phone);
      const id = await db.transaction(async (tx) => {
        const repo = appointmentsRepository(tx);
        const storeId = input.storeId ?? null;
        const place = await repo.lockPlace(input.kind, storeId);
        if (input.kind === 'store' && (!place || !place.active))
          throw new DomainError('NOT_FOUND', 'There is no such store.', { storeId: 'Please choose a store.' });
        if (input.kind === 'video' && storeId !== null && !(await repo.store(storeId))?.active)
          throw new DomainError('NOT_FOUND', 'There is no such store.', { storeId: 'Please choose a store.' });
        const day = daySlots(input.kind === 'store' ? (place?.hours ?? null) : null, input.date, at);
        if (!day.slots.includes(input.slot))
          throw new DomainError('SLOT_UNAVAILABLE', day.closedReason ?? 'That time cannot be booked. Please choose another.', {
            slot: 'Please choose another time.',
          });
        await repo.lockContact(mailbox, mobile);
        if ((await repo.liveOfContact(mailbox, mobile, indianDate(at), at)) >= APPOINTMENTS_PER_CONTACT) {
          throw new DomainError(
            'TOO_MANY_APPOINTMENTS',
            `This e-mail address or mobile number already has ${APPOINTMENTS_PER_CONTACT} appointments booked. Please keep or cancel one of them first, or call us.`,
          );
        }
        const { capacity: cap } = await capacity(tx);
        const booked = (await repo.bookedOn(input.kind, storeId, input.date, at)).get(input.slot) ?? 0;
        if (booked >= cap) throw new DomainError('SLOT_FULL', 'That time has just been taken. Please choose another.', { slot: 'That time is full.' });
        await deps.limiter.takeRecipient({ email: input.email, phone: input.phone }, tx);
        const product = input.productId ? await repo.productName(input.productId) : null;
        const tradeIn = input.tradeIn ? await estimate(tx, input.tradeIn.weightGrams, input.tradeIn.purity, at) : null;
        const created = await repo.insert({
          kind: input.kind,
          storeId,
          day: input.date,
          slot: input.slot,
          purpose: input.purpose,
          productId: product?.id ?? null,
          customerId: booker?.customerId ?? null,
          name: input.name,
          email: input.email,
          phone: input.phone,
          mailbox,
          mobile,
          note: input.note ?? null,
          tradeIn: tradeIn && {
            weightMg: tradeIn.weightMg,
            purity: tradeIn.purity,
            ratePaisePerGram: tradeIn.ratePaisePerGram,
            rateDate: tradeIn.rateDate,
            estimatePaise: tradeIn.estimatePaise,
          },
          manageTokenHash: hashToken(token),
          status: 'Unconfirmed',
          holdUntil: new Date(at.getTime() + APPOINTMENT_HOLD_MINUTES * 60_000),
          // Booked for today or tomorrow: the confirmation is the reminder.
          remindedAt: input.date <= addDays(indianDate(at), 1) ? at : null,
        });
        const row = answer((await repo.byId(created))!, at);
        await queueMail(tx, confirmBookingMail(brand, row, manageUrl(token), APPOINTMENT_HOLD_MINUTES));
        return created;
      });
      const row = await appointmentsRepository(db).byId(id);
      // The link goes only to the mailbox, or its holder could confirm an address that is not theirs.
      return { ...answer(row!, at), manageToken: null };
    },

    /**
     * The mailed link's Confirm: the address is proven, and the booking is Booked. Within its hold the place is still
     * its own; after it, only if the slot has a place left and has not begun. Confirming twice changes nothing. The
     * proven address is sent the booking's receipt, with the same link to see or cancel it.
     */
    async confirm(token: string) {
      const at = now();
      const brand = await settings.brand();
      return db.transaction(async (tx) => {
        const repo = appointmentsRepository(tx);
        const seen = await repo.byToken(hashToken(token));
        if (!seen) throw new DomainError('APPOINTMENT_NOT_FOUND', 'This link does not match an appointment.');
        // The place's lock first, as booking takes it, so the count below is the truth.
        await repo.lockPlace(seen.kind, seen.storeId);
        await repo.lock(seen.id);
        const found = (await repo.byToken(hashToken(token)))!;
        if (found.status === 'Booked') return answer(found, at);
        if (found.status !== 'Unconfirmed') throw new DomainError('APPOINTMENT_NOT_CONFIRMABLE', `This appointment is ${found.status.toLowerCase()}.`);
        if (slotStart(found.day, found.slot) <= at) throw new DomainError('APPOINTMENT_NOT_CONFIRMABLE', 'This time has passed. Please book another.');
        if (!found.holdUntil || found.holdUntil <= at) {
          // A lapsed hold no longer counted against its contact: booked again meanwhile, the contact may be at its limit.
          await repo.lockContact(mailboxOf(found.email), mobileOf(found.phone));
          if ((await repo.liveOfContact(mailboxOf(found.email), mobileOf(found.phone), indianDate(at), at, found.id)) >= APPOINTMENTS_PER_CONTACT) {
            throw new DomainError(
              'TOO_MANY_APPOINTMENTS',
              `This e-mail address or mobile number already has ${APPOINTMENTS_PER_CONTACT} appointments booked. Please keep or cancel one of them first, or call us.`,
            );
          }
          const { capacity: cap } = await capacity(tx);
          const taken = (await repo.bookedOn(found.kind, found.storeId, found.day, at, found.id)).get(found.slot) ?? 0;
          if (taken >= cap) throw new DomainError('SLOT_FULL', 'That time was taken while the booking waited for its confirmation. Please book another time.');
        }
        await repo.confirm(found.id, at);
        const booked = answer((await repo.byId(found.id))!, at);
        await queueMail(tx, bookedMail(brand, booked, manageUrl(token)));
        await queueAppointmentMessage(tx, found, booked, 'appointment_booked');
        await notifyDesk(tx, brand, 'appointments', `Appointment booked for ${booked.date} at ${booked.slot}`);
        return booked;
      });
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
          throw new DomainError(
            'APPOINTMENT_NOT_CANCELLABLE',
            before.status === 'Booked' ? 'This appointment has already begun.' : `This appointment is ${before.status.toLowerCase()}.`,
          );
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
      if (to < from || to > addDays(from, 30))
        throw new DomainError('INVALID_REQUEST', 'Show at most 31 days, the last after the first.', { to: 'At most 31 days after the first.' });
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
        appointments: rows.map((r) => adminAnswer(r, at)),
      };
    },

    /** Issue 39: one day across every active store and the video desk, with the members who may be assigned. */
    async day(date: string | undefined): Promise<AdminAppointmentDay> {
      const repo = appointmentsRepository(db);
      const at = now();
      const day = date ?? indianDate(at);
      const [stores, rows, members] = await Promise.all([repo.activeStores(), repo.day(day), repo.members()]);
      return {
        date: day,
        places: [
          ...stores.map((s) => ({
            key: `store:${s.id}`,
            kind: 'store' as const,
            storeId: s.id,
            name: `${s.city}: ${s.name}`,
            hours: s.hours,
            slots: slotsOn(parseHours(s.hours), day),
          })),
          { key: 'video', kind: 'video' as const, storeId: null, name: 'Video calls', hours: '10:30 am to 7:30 pm', slots: slotsOn(DEFAULT_WEEK, day) },
        ],
        appointments: rows.map((r) => adminAnswer(r, at)),
        members: members.filter((m) => rolesCan(m.roles, 'orders')).map((m) => ({ id: m.id, name: m.name })),
      };
    },

    /** Issue 39: assigns the member who sees the shopper (one who works the orders desk), or nobody; audited. */
    async assign(actor: AuditActor, id: number, change: AdminAppointmentAssign): Promise<AdminAppointment> {
      const at = now();
      return db.transaction(async (tx) => {
        const repo = appointmentsRepository(tx);
        if (!(await repo.lock(id))) throw new DomainError('APPOINTMENT_NOT_FOUND', 'There is no such appointment.');
        const found = (await repo.byId(id))!;
        if (found.status !== 'Booked' && found.status !== 'Unconfirmed')
          throw new DomainError('CONFLICT', `This appointment is ${found.status}: there is nobody to see any more.`);
        if (change.staffId !== null) {
          const member = (await repo.members()).find((m) => m.id === change.staffId);
          if (!member || !rolesCan(member.roles, 'orders'))
            throw new DomainError('INVALID_REQUEST', 'Choose a member of the staff who works the orders desk.', {
              staffId: 'Choose a member who works the orders desk.',
            });
        }
        await repo.assign(id, change.staffId, at);
        const after = adminAnswer((await repo.byId(id))!, at);
        await recordAudit(tx, actor, {
          action: 'assign',
          entity: 'appointment',
          entityId: id,
          before: { assignee: found.assigneeId },
          after: { assignee: change.staffId },
        });
        return after;
      });
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
        // One not yet confirmed can only be cancelled: nobody has promised to come.
        if (before.status !== 'Booked' && !(before.status === 'Unconfirmed' && change.status === 'Cancelled')) {
          throw new DomainError(
            'APPOINTMENT_NOT_CANCELLABLE',
            before.status === 'Unconfirmed'
              ? 'This appointment is not confirmed yet: it can only be cancelled.'
              : `This appointment is already ${before.status}.`,
          );
        }
        // Issue 39: whether the shopper came is known only once the slot has begun.
        if (change.status !== 'Cancelled' && slotStart(found.day, found.slot) > at)
          throw new DomainError('CONFLICT', `This appointment starts at ${found.slot} on ${found.day} (India): mark it ${change.status} once it has begun.`);
        await repo.setStatus(id, change.status, at);
        const after = { ...adminAnswer(found, at), status: change.status };
        await recordAudit(tx, actor, {
          action: `mark-${change.status.toLowerCase()}`,
          entity: 'appointment',
          entityId: id,
          before,
          after: change.note ? { ...after, note: change.note } : after,
        });
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
        for (const r of claimed) {
          const a = answer(r, at);
          await queueMail(tx, reminderMail(brand, a));
          await queueAppointmentMessage(tx, r, a, 'appointment_reminder');
        }
        return claimed.length;
      });
    },
  };
}

export type AppointmentsService = ReturnType<typeof createAppointmentsService>;
