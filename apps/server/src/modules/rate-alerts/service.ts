import { randomBytes } from 'node:crypto';
import { RATE_ALERTS_PER_PERSON, publicRateLabel, type RateAlert, type RateAlertBody, type RateAlertCreated, type RateMetal } from '@milli/contracts/schemas';
import type { Db } from '@milli/db';
import { formatRupees, indianDate } from '@milli/pricing';
import { DomainError } from '../../domain-error.ts';
import { hashToken } from '../../plugins/session.ts';
import { mailboxOf, type Limit, type RateLimiter } from '../../plugins/rate-limit.ts';
import { customerContactOf } from '../accounts/service.ts';
import { queueMail } from '../mail/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { alertCrossedMail, alertSetMail, confirmAlertMail, type AlertFacts } from './mail.ts';
import { rateAlertsRepository, type RateAlertRow } from './repository.ts';

const HOUR_MS = 60 * 60_000;
/** A guest's alert waits this long for its confirmation; after it, the link is dead and the place is free. */
export const CONFIRM_WITHIN_MS = 48 * HOUR_MS;

/** Per source address, before anything is read; the confirmation mail also counts against its recipient (RECIPIENT_LIMITS). */
export const RATE_ALERT_LIMITS = {
  ip: {
    name: 'rate-alert-ip',
    max: 20,
    windowMs: HOUR_MS,
    message: 'Too many rate alerts have been asked for from here. Please try again in an hour.',
  },
  token: {
    name: 'rate-alert-token-ip',
    max: 30,
    windowMs: HOUR_MS,
    message: 'Too many alert links have been tried from here. Please try again in an hour.',
  },
} satisfies Record<string, Limit>;

export interface RateAlertsDeps {
  /** Where the mails' links point ('https://milli.example'). */
  publicUrl: string;
  limiter: Pick<RateLimiter, 'takeRecipient'>;
  settings: Pick<SettingsService, 'brand'>;
  /** Today's rate of a metal and purity (paise a gram), null while none was set. */
  rateInForce: (metal: RateMetal, purity: number) => Promise<number | null>;
  now?: () => Date;
}

/** A rate staff have just set: what the alerts are checked against. */
export interface RateSet {
  metal: RateMetal;
  purity: number;
  paise: number;
}

export function toRateAlert(r: RateAlertRow): RateAlert {
  return {
    id: r.id,
    metal: r.metal,
    purity: r.purity,
    label: publicRateLabel(r.metal, r.purity),
    direction: r.direction,
    paisePerGram: Number(r.levelPaisePerGram),
    email: r.email,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    firedAt: r.firedAt ? r.firedAt.toISOString() : null,
    firedRatePaise: r.firedRatePaise === null ? null : Number(r.firedRatePaise),
  };
}

const factsOf = (r: RateAlertRow): AlertFacts => ({
  email: r.email,
  label: publicRateLabel(r.metal, r.purity),
  direction: r.direction,
  levelPaise: Number(r.levelPaisePerGram),
});

/** Whether a rate is at or past an alert's level on the alert's side. */
const crosses = (direction: 'below' | 'above', level: number, paise: number) => (direction === 'below' ? paise <= level : paise >= level);

/** '30 November 2026' */
const longDay = (isoDay: string) =>
  new Date(`${isoDay}T12:00:00+05:30`).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });

/**
 * Rate alerts (issue 42): "tell me when 22 kt gold goes below ₹6,500 a gram". At most RATE_ALERTS_PER_PERSON live at
 * once per person (an account, or a mailbox), counted under a lock on that person. A shopper's alert for their own
 * account's address starts at once; any other address first confirms it (a link mailed to it), so the form cannot be
 * used to mail strangers. Staff setting a rate that crosses an alert's level send its one message in the same
 * transaction (queued mail, sent by the job engine), and the alert ends.
 */
export function createRateAlertsService(db: Db, deps: RateAlertsDeps) {
  const now = deps.now ?? (() => new Date());
  const link = (path: string, token: string) => `${deps.publicUrl}${path}?token=${token}`;

  return {
    async create(body: RateAlertBody, customerId: number | null): Promise<RateAlertCreated> {
      const label = publicRateLabel(body.metal, body.purity);
      const rate = await deps.rateInForce(body.metal, body.purity);
      if (rate === null) throw new DomainError('NO_RATE', `We have not set a rate for ${label} yet, so there is nothing to watch.`);
      if (crosses(body.direction, body.paisePerGram, rate)) {
        const side = body.direction === 'below' ? 'below' : 'above';
        throw new DomainError(
          'INVALID_REQUEST',
          `Today’s rate of ${label} is ${formatRupees(rate)} a gram, already at or ${side} ${formatRupees(body.paisePerGram)}. Please choose a level ${side} today’s rate.`,
          { paisePerGram: `Please choose a level ${side} today’s rate of ${formatRupees(rate)} a gram.` },
        );
      }
      const account = customerId === null ? null : await customerContactOf(db, customerId);
      const own = account !== null && mailboxOf(account.email) === mailboxOf(body.email);
      const personKey = own ? `customer:${customerId}` : `mailbox:${mailboxOf(body.email)}`;
      const token = randomBytes(24).toString('base64url');
      const at = now();
      const brand = await deps.settings.brand();

      return db.transaction(async (tx) => {
        const repo = rateAlertsRepository(tx);
        await repo.lockPerson(personKey);
        if ((await repo.placesTaken(personKey, new Date(at.getTime() - CONFIRM_WITHIN_MS))) >= RATE_ALERTS_PER_PERSON) {
          throw new DomainError(
            'CONFLICT',
            `There are already ${RATE_ALERTS_PER_PERSON} rate alerts for this ${own ? 'account' : 'e-mail address'}. Please stop one (the link is in its mail${own ? ', or under My Account' : ''}) before setting another.`,
          );
        }
        const row = await repo.insert({
          metal: body.metal,
          purity: body.purity,
          direction: body.direction,
          levelPaisePerGram: body.paisePerGram,
          email: own ? account.email : body.email,
          customerId: own ? customerId : null,
          personKey,
          tokenHash: hashToken(token),
          status: own ? 'live' : 'pending',
          rateAtRequestPaise: rate,
          createdAt: at,
          confirmedAt: own ? at : null,
        });
        // A mail to an address the sender only typed counts against that address's allowance (shared with the other
        // public forms); a refusal rolls the alert back too. The account's own address is the shopper's.
        if (!own) await deps.limiter.takeRecipient({ email: row.email }, tx);
        const stopHref = link('/rate-alerts/stop', token);
        if (own) {
          await queueMail(tx, alertSetMail(brand, factsOf(row), stopHref));
          return {
            status: 'live',
            message: `Your alert is set: we will e-mail ${row.email} once when ${label} is ${body.direction} ${formatRupees(body.paisePerGram)} a gram.`,
          };
        }
        await queueMail(tx, confirmAlertMail(brand, factsOf(row), link('/rate-alerts/confirm', token), stopHref));
        return {
          status: 'pending',
          message: `Almost done: we have sent a link to ${row.email}. The alert starts when you confirm it (within two days).`,
        };
      });
    },

    /** The confirmation link: a guest's alert starts, and is told at once if the rate has already crossed its level since. */
    async confirm(token: string): Promise<{ message: string; alert: RateAlert }> {
      const found = await rateAlertsRepository(db).byTokenHash(hashToken(token));
      if (!found) throw new DomainError('NOT_FOUND', 'This link is not one of ours, or it was mistyped. Please open it again from the mail.');
      const label = publicRateLabel(found.metal, found.purity);
      if (found.status === 'live') return { message: 'This alert was already confirmed: it is on.', alert: toRateAlert(found) };
      if (found.status !== 'pending') return { message: 'This alert has already ended.', alert: toRateAlert(found) };
      const at = now();
      const rate = await deps.rateInForce(found.metal, found.purity);
      const brand = await deps.settings.brand();
      return db.transaction(async (tx) => {
        const repo = rateAlertsRepository(tx);
        const live = await repo.confirm(found.id, new Date(at.getTime() - CONFIRM_WITHIN_MS), at);
        if (!live) throw new DomainError('NOT_FOUND', 'This link has expired (alerts are confirmed within two days). Please set the alert again.');
        const fired = rate === null ? null : await repo.takeIfCrossed(live.id, rate, at);
        if (fired) {
          await queueMail(tx, alertCrossedMail(brand, factsOf(fired), rate!, longDay(indianDate(at)), `${deps.publicUrl}/gold-rate`));
          return {
            message: `Confirmed. ${label} has already reached your level, so we have sent its message now and the alert has ended.`,
            alert: toRateAlert(fired),
          };
        }
        return {
          message: `Confirmed: we will e-mail you once when ${label} is ${found.direction} ${formatRupees(Number(found.levelPaisePerGram))} a gram.`,
          alert: toRateAlert(live),
        };
      });
    },

    /** The stop link (one click from the page it opens): the alert ends at once, whatever state it was in. */
    async stop(token: string): Promise<{ message: string; alert: RateAlert }> {
      const found = await rateAlertsRepository(db).byTokenHash(hashToken(token));
      if (!found) throw new DomainError('NOT_FOUND', 'This link is not one of ours, or it was mistyped. Please open it again from the mail.');
      const stopped = await rateAlertsRepository(db).stop(found.id, now());
      if (!stopped) return { message: 'This alert had already ended: nothing more will be sent.', alert: toRateAlert(found) };
      return { message: 'Your alert is stopped: nothing more will be sent about it.', alert: toRateAlert(stopped) };
    },

    /** The signed-in shopper's alerts, newest first. */
    async mine(customerId: number): Promise<RateAlert[]> {
      return (await rateAlertsRepository(db).ofCustomer(customerId)).map(toRateAlert);
    },

    /** Stops one of the shopper's own alerts (another's id is not found, as a missing one). */
    async stopOwn(customerId: number, id: number): Promise<RateAlert> {
      const stopped = await rateAlertsRepository(db).stop(id, now(), customerId);
      if (stopped) return toRateAlert(stopped);
      const own = (await rateAlertsRepository(db).ofCustomer(customerId)).find((r) => r.id === id);
      if (!own) throw new DomainError('NOT_FOUND', 'There is no such alert in your account.');
      return toRateAlert(own);
    },
  };
}

export type RateAlertsService = ReturnType<typeof createRateAlertsService>;

/**
 * Called in the transaction that sets the day's rates (catalog's rates desk): every live alert the new rates cross is
 * marked sent and its one mail queued, in that transaction, so a rate rolled back tells no one.
 */
export async function fireRateAlerts(
  tx: Db,
  rates: readonly RateSet[],
  context: { publicUrl: string; settings: Pick<SettingsService, 'brand'>; at: Date },
): Promise<number> {
  const repo = rateAlertsRepository(tx);
  let sent = 0;
  const brand = await context.settings.brand(tx);
  for (const rate of rates) {
    for (const alert of await repo.takeCrossed(rate.metal, rate.purity, rate.paise, context.at)) {
      await queueMail(tx, alertCrossedMail(brand, factsOf(alert), rate.paise, longDay(indianDate(context.at)), `${context.publicUrl}/gold-rate`));
      sent += 1;
    }
  }
  return sent;
}
