import { randomBytes } from 'node:crypto';
import { MESSAGE_CHANNEL_LABELS, type MessageChannel } from '@milli/contracts';
import { RATE_ALERTS_PER_PERSON, publicRateLabel, type RateAlert, type RateAlertBody, type RateAlertCreated, type RateMetal } from '@milli/contracts/schemas';
import type { Db } from '@milli/db';
import { formatRupees, indianDate } from '@milli/pricing';
import { DomainError } from '../../domain-error.ts';
import { hashToken } from '../../plugins/session.ts';
import { mailboxOf, type Limit, type RateLimiter } from '../../plugins/rate-limit.ts';
import { customerContactOf, findCustomer } from '../accounts/service.ts';
import { queueMail } from '../mail/service.ts';
import { messagePreferences, queueMessage } from '../messages/service.ts';
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
    channel: r.channel,
    email: r.email,
    phone: r.phone === null ? null : maskedPhone(r.phone),
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    firedAt: r.firedAt ? r.firedAt.toISOString() : null,
    firedRatePaise: r.firedRatePaise === null ? null : Number(r.firedRatePaise),
  };
}

/** '+91 ••••••3210': enough for its owner to know the number, nothing for anyone else who sees an answer. */
export const maskedPhone = (e164: string) => `${e164.slice(0, 3)} ${'•'.repeat(Math.max(0, e164.length - 7))}${e164.slice(-4)}`;

const factsOf = (r: RateAlertRow): AlertFacts => ({
  email: r.email ?? '',
  label: publicRateLabel(r.metal, r.purity),
  direction: r.direction,
  levelPaise: Number(r.levelPaisePerGram),
});

/** What an alert watches, in a message's words: '22 kt gold at or below Rs. 6,500.00 a gram'. */
const watchOf = (r: Pick<RateAlertRow, 'metal' | 'purity' | 'direction' | 'levelPaisePerGram'>) =>
  `${publicRateLabel(r.metal, r.purity)} ${r.direction === 'below' ? 'at or below' : 'at or above'} ${formatRupees(Number(r.levelPaisePerGram))} a gram`;

/**
 * The verified number an alert by SMS or WhatsApp goes to (decision 062): the account's own (decision 058), on a channel
 * the shopper's order-message consent allows (decision 057). A refusal says what to do about it.
 */
async function phoneFor(db: Db, customerId: number | null, channel: MessageChannel): Promise<string> {
  const by = MESSAGE_CHANNEL_LABELS[channel];
  if (customerId === null) {
    throw new DomainError(
      'INVALID_REQUEST',
      `An alert by ${by} goes to a verified mobile number: please sign in with your mobile number (we send it a code) and set the alert again, or choose e-mail.`,
      { channel: `Sign in with your mobile number for ${by}, or choose e-mail.` },
    );
  }
  const account = await findCustomer(db, customerId);
  if (!account?.phone || !account.phoneVerifiedAt) {
    throw new DomainError(
      'INVALID_REQUEST',
      `Your account has no verified mobile number yet: add it under My Account → Edit Profile (we send it a code), or choose e-mail.`,
      { channel: `Add and verify your mobile number first, or choose e-mail.` },
    );
  }
  if (!(await messagePreferences(db, customerId)).orders[channel]) {
    throw new DomainError(
      'INVALID_REQUEST',
      `You have asked us not to send you messages by ${by}: turn it on under My Account → Message preferences, or choose another way.`,
      { channel: `You have turned ${by} off in your message preferences.` },
    );
  }
  return account.phone;
}

/** Whether a rate is at or past an alert's level on the alert's side. */
const crosses = (direction: 'below' | 'above', level: number, paise: number) => (direction === 'below' ? paise <= level : paise >= level);

/** '30 November 2026' */
const longDay = (isoDay: string) =>
  new Date(`${isoDay}T12:00:00+05:30`).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });

/**
 * Rate alerts (issue 42): "tell me when 22 kt gold goes below ₹6,500 a gram". At most RATE_ALERTS_PER_PERSON live at
 * once per person (an account, or a mailbox), counted under a lock on that person. A shopper's alert for their own
 * account's address starts at once; any other address first confirms it (a link mailed to it), so the form cannot be
 * used to mail strangers. A signed-in shopper may instead be told by SMS or WhatsApp on their account's verified number
 * (decision 062). Staff setting a rate that crosses an alert's level send its one message in the same transaction
 * (queued mail or message, sent by the job engine), and the alert ends.
 */
export function createRateAlertsService(db: Db, deps: RateAlertsDeps) {
  const now = deps.now ?? (() => new Date());
  const link = (path: string, token: string) => `${deps.publicUrl}${path}?token=${token}`;

  /**
   * An alert by SMS or WhatsApp (decision 062): only a signed-in shopper's, to their account's verified number, so it
   * starts at once (the number was confirmed by its code) and counts against the account's five. Its "set" message
   * carries the stop link.
   */
  async function createByPhone(body: RateAlertBody, channel: MessageChannel, customerId: number | null, rate: number, at: Date): Promise<RateAlertCreated> {
    const phone = await phoneFor(db, customerId, channel);
    const personKey = `customer:${customerId}`;
    const token = randomBytes(24).toString('base64url');
    return db.transaction(async (tx) => {
      const repo = rateAlertsRepository(tx);
      await holdPlace(repo, personKey, at, 'account');
      const row = await repo.insert({
        metal: body.metal,
        purity: body.purity,
        direction: body.direction,
        levelPaisePerGram: body.paisePerGram,
        channel,
        email: null,
        phone,
        customerId,
        personKey,
        tokenHash: hashToken(token),
        status: 'live',
        rateAtRequestPaise: rate,
        createdAt: at,
        confirmedAt: at,
      });
      await queueMessage(tx, {
        channel,
        toPhone: phone,
        kind: 'rate_alert_set',
        params: { watch: watchOf(row), stop: `/rate-alerts/stop?token=${token}` },
        customerId,
      });
      return {
        status: 'live',
        message: `Your alert is set: we will send ${channel === 'sms' ? 'an SMS' : 'a WhatsApp message'} to ${maskedPhone(phone)} once when ${watchOf(row)}.`,
      };
    });
  }

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
      const at = now();
      if (body.channel !== 'email') return createByPhone(body, body.channel, customerId, rate, at);
      const token = randomBytes(24).toString('base64url');
      const email = body.email!;
      const account = customerId === null ? null : await customerContactOf(db, customerId);
      const own = account !== null && mailboxOf(account.email) === mailboxOf(email);
      const personKey = own ? `customer:${customerId}` : `mailbox:${mailboxOf(email)}`;
      const brand = await deps.settings.brand();

      return db.transaction(async (tx) => {
        const repo = rateAlertsRepository(tx);
        await holdPlace(repo, personKey, at, own ? 'account' : 'e-mail address');
        const row = await repo.insert({
          metal: body.metal,
          purity: body.purity,
          direction: body.direction,
          levelPaisePerGram: body.paisePerGram,
          email: own ? account.email : email,
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
        if (!own) await deps.limiter.takeRecipient({ email }, tx);
        const stopHref = link('/rate-alerts/stop', token);
        if (own) {
          await queueMail(tx, alertSetMail(brand, factsOf(row), stopHref));
          return {
            status: 'live',
            message: `Your alert is set: we will e-mail ${email} once when ${label} is ${body.direction} ${formatRupees(body.paisePerGram)} a gram.`,
          };
        }
        await queueMail(tx, confirmAlertMail(brand, factsOf(row), link('/rate-alerts/confirm', token), stopHref));
        return {
          status: 'pending',
          message: `Almost done: we have sent a link to ${email}. The alert starts when you confirm it (within two days).`,
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

/** Takes one of the person's five places, under the lock on the person held to the commit; refused when none is left. */
async function holdPlace(repo: ReturnType<typeof rateAlertsRepository>, personKey: string, at: Date, whose: 'account' | 'e-mail address'): Promise<void> {
  await repo.lockPerson(personKey);
  if ((await repo.placesTaken(personKey, new Date(at.getTime() - CONFIRM_WITHIN_MS))) >= RATE_ALERTS_PER_PERSON) {
    throw new DomainError(
      'CONFLICT',
      `There are already ${RATE_ALERTS_PER_PERSON} rate alerts for this ${whose}. Please stop one (the link is in its ${whose === 'account' ? 'first message, or under My Account' : 'mail'}) before setting another.`,
    );
  }
}

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
      if (await tellCrossed(tx, alert, rate.paise, context, brand)) sent += 1;
      else await repo.endUntold(alert.id, context.at);
    }
  }
  return sent;
}

/**
 * The one message of an alert whose level was crossed, queued in the caller's transaction: a mail, or an SMS or
 * WhatsApp message (kind rate_alert_crossed) to the number it was set for while that number is still the account's
 * verified one and the shopper still takes that channel. False when it can no longer be told (decision 062).
 */
async function tellCrossed(
  tx: Db,
  alert: RateAlertRow,
  ratePaise: number,
  context: { publicUrl: string; at: Date },
  brand: Awaited<ReturnType<SettingsService['brand']>>,
): Promise<boolean> {
  const day = longDay(indianDate(context.at));
  if (alert.channel === 'email') {
    await queueMail(tx, alertCrossedMail(brand, factsOf(alert), ratePaise, day, `${context.publicUrl}/gold-rate`));
    return true;
  }
  const account = alert.customerId === null ? null : await findCustomer(tx, alert.customerId);
  if (!account?.phone || account.phone !== alert.phone || !account.phoneVerifiedAt) return false;
  if (!(await messagePreferences(tx, account.id)).orders[alert.channel]) return false;
  const params = { metal: publicRateLabel(alert.metal, alert.purity), rate: formatRupees(ratePaise), date: day, page: '/gold-rate' };
  return (await queueMessage(tx, { channel: alert.channel, toPhone: account.phone, kind: 'rate_alert_crossed', params, customerId: account.id })) !== null;
}

/**
 * Erasing an account (decision 044) deletes its rate alerts, and those asked for with any address the account had:
 * each holds an e-mail address or a mobile number, and nothing about them is kept for the law.
 */
export function forgetRateAlertsOf(tx: Db, customerId: number, emails: readonly string[]): Promise<number> {
  return rateAlertsRepository(tx).forget(customerId, emails);
}
