import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { COMMON_PASSWORD, type ProfileUpdate, type Register } from '@milli/contracts/schemas';
import {
  DIAMOND_QUALITIES,
  MESSAGES,
  METAL_COLOURS,
  erasedEmail,
  erasedUsername,
  failure,
  isNoEmailAddress,
  parseWishlistIds,
  type Failure,
} from '@milli/contracts';
import { displayIndianMobile } from '../../lib/indian-mobile.ts';
import { isUniqueViolation, type CartLineOptions, type Db } from '@milli/db';
import { SESSION_DAYS, endSession, endSessionsOf, hashToken, newToken, saveSession, type SessionCustomer } from '../../plugins/session.ts';
import { DomainError } from '../../domain-error.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import { queueMail, queueMailForCustomer } from '../mail/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { emailChangedMail, otpMail, passwordChangedMail, welcomeMail } from './mail.ts';
import { accountsRepository } from './repository.ts';
import { LIMITS, accountSubject } from './limits.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';

/** argon2id with OWASP's minimum memory cost (19 MiB, 2 passes). */
const ARGON = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const OTP_MINUTES = 10;
/** How long the reset link of a code mail works (decision 020): a day, the window of the account's code limit. */
const RESET_LINK_HOURS = 24;
/** How long the old address can undo an e-mail change: long enough for a mail read after a holiday. */
const UNDO_DAYS = 30;
const DAY_MS = 86_400_000;
/** No customer has this id: the unknown address's statements run and match nothing. */
const NO_CUSTOMER = 0;

/**
 * Holds the customer's row until the transaction ends: one customer's store credit, address book and checkouts are
 * changed one at a time. `FOR NO KEY UPDATE`, so rows inserted for the customer (orders, sessions) do not wait on it.
 * Every transaction takes it before any product's row (checkout takes it with the cart's; decision 031).
 */
export async function lockCustomer(tx: Db, customerId: number): Promise<void> {
  await accountsRepository(tx).lockRow(customerId);
}

/** Where the store answers a customer (a complaint's acknowledgement, issue 38): the account's e-mail, name and mobile. */
export async function customerContactOf(tx: Db, customerId: number): Promise<{ email: string; name: string; mobile: string | null } | null> {
  const found = await accountsRepository(tx).findById(customerId);
  if (!found) return null;
  return { email: found.email, name: `${found.firstName} ${found.lastName}`.trim() || found.username, mobile: found.mobile };
}

/** The customer's row as stored (null for no such customer); `db` may be a transaction. */
export function findCustomer(db: Db, customerId: number) {
  return accountsRepository(db).findById(customerId);
}

/** The account's e-mail changes, oldest first: which address was theirs when (their messages are found by it). */
export function emailChangesOf(db: Db, customerId: number) {
  return accountsRepository(db).emailChangesOf(customerId);
}

/** What an erased account's password becomes: no argon2 hash, so no password ever verifies against it. */
const ERASED_PASSWORD = '!erased';

/**
 * Erases the account's personal data inside the caller's transaction (issue 38, decision 044): names, mobile and
 * password gone, e-mail and username replaced by placeholders no login or reset can match, reset codes and e-mail
 * changes deleted, every session ended. False when it was erased already. The caller tells the session cache.
 */
export async function eraseAccount(tx: Db, customerId: number, at: Date): Promise<boolean> {
  const erased = await accountsRepository(tx).erase(
    customerId,
    { username: erasedUsername(customerId), email: erasedEmail(customerId), passwordHash: ERASED_PASSWORD },
    at,
  );
  if (erased) await endSessionsOf(tx, customerId);
  return erased;
}

/** Housekeeping: reset codes and links whose life ended before `before` go. */
export function pruneResets(tx: Db, before: Date): Promise<number> {
  return accountsRepository(tx).pruneResets(before);
}

export const ACCOUNT_MESSAGES = {
  badLogin: 'The e-mail/username or password is not correct.',
  usernameTaken: 'This username is already taken.',
  emailTaken: 'An account with this e-mail already exists.',
  registered: 'Registration successful. Kindly login.',
  loggedOut: 'Logged out successfully.',
  forgotSent: 'If an account exists for that e-mail, we have sent a 4-digit code to it. It works for 10 minutes.',
  otpWrong: 'The code is not correct or has expired. Please try again or ask for a new code.',
  otpOk: 'Code verified. Please create a new password.',
  resetExpired: 'Your reset session has expired. Please ask for a new code.',
  resetDone: 'Your password has been changed. Please log in with the new password.',
  profileSaved: 'Your profile has been saved.',
  currentPasswordWrong: 'Your current password is not correct.',
  emailNeedsPassword: 'Please enter your current password to change your e-mail address.',
  undoInvalid: 'This link has already been used or has expired. If your account is not in your hands, please call us.',
  undoTaken: 'Your old address now belongs to another account, so it cannot be put back. Please call us.',
  undoDone:
    'Your old e-mail address is back and every device has been logged out. Whoever changed it knew your password, so that password no longer works: ask for a code to set a new one.',
} as const;

export interface GuestCartItem {
  productId: number;
  quantity: number;
  /** The choices the guest made on the product page; the cart checks them against the piece when it adds the line. */
  options: CartLineOptions;
}

/** The choices of one cookie line, kept only when they have the right shape (the cart judges them against the piece). */
function guestOptions(e: Record<string, unknown>): CartLineOptions {
  const options: CartLineOptions = {};
  const purity = Number(e.purity);
  if (e.purity !== undefined && e.purity !== null && e.purity !== '' && Number.isSafeInteger(purity)) options.purity = purity;
  if (typeof e.colour === 'string' && (METAL_COLOURS as readonly string[]).includes(e.colour)) options.colour = e.colour as CartLineOptions['colour'];
  if (typeof e.diamondQuality === 'string' && (DIAMOND_QUALITIES as readonly string[]).includes(e.diamondQuality)) {
    options.diamondQuality = e.diamondQuality as CartLineOptions['diamondQuality'];
  }
  const size = typeof e.size === 'number' ? String(e.size) : e.size;
  if (typeof size === 'string' && size.trim() !== '' && size.length <= 12) options.size = size.trim();
  return options;
}

export interface AccountsDeps {
  db: Db;
  limiter: RateLimiter;
  /** The store's name, help line and address that every mail's frame prints. */
  settings: Pick<SettingsService, 'brand'>;
  /** Adds a guest cart to the customer's server cart inside the login transaction (the cart's service). */
  mergeGuestCart: (tx: Db, customerId: number, items: GuestCartItem[]) => Promise<void>;
  /** Adds a guest wish list (product ids) to the customer's inside the login transaction (the wish list's service). */
  mergeGuestWishlist: (tx: Db, customerId: number, productIds: readonly number[]) => Promise<void>;
  /** Called after a transaction that queued mail has committed. */
  mailQueued?: () => void;
  /**
   * Called after a session was ended or its customer changed has committed: this instance forgets the
   * sessions it keeps at once (others hear the database's notification a moment later).
   */
  sessionsChanged?: () => void;
  /** The store's public address, for links in mails (PUBLIC_URL). */
  publicUrl?: string;
  now?: () => Date;
}

/** A hash to verify against when the account does not exist, so both answers take as long. */
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hash('not-a-real-password-0', ARGON));

/** A failure about one field of a form: its message is the answer's and the field's. */
function fieldFailure<C extends 'TAKEN' | 'COMMON_PASSWORD' | 'INVALID_REQUEST'>(code: C, field: string, message: string): Failure<C> {
  return failure(code, message, { [field]: message });
}

export function parseGuestCart(raw: string | undefined): GuestCartItem[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const items: GuestCartItem[] = [];
  for (const entry of value.slice(0, 100)) {
    if (!entry || typeof entry !== 'object') continue;
    const e = entry as Record<string, unknown>;
    const productId = Number(e.productId ?? e.product_id);
    const quantity = Number(e.quantity);
    if (Number.isSafeInteger(productId) && productId > 0 && Number.isSafeInteger(quantity) && quantity > 0 && quantity <= 1000) {
      items.push({ productId, quantity, options: guestOptions(e) });
    }
  }
  return items;
}

export function createAccountsService(deps: AccountsDeps) {
  const { db, limiter } = deps;
  const now = deps.now ?? (() => new Date());
  const repo = accountsRepository(db);

  async function startSession(tx: Db, customerId: number): Promise<string> {
    const token = newToken();
    await saveSession(tx, hashToken(token), customerId, new Date(now().getTime() + SESSION_DAYS * DAY_MS));
    return token;
  }

  /**
   * Compares a password typed for an account (or for a name no account has: the same work against a
   * dummy hash) under the account's failure limits. The attempt is counted before the comparison, so
   * guesses sent at once cannot all be compared, and handed back when the password was right.
   */
  async function checkPassword(customer: { id: number; passwordHash: string } | null, typed: string, password: string): Promise<boolean> {
    const subject = accountSubject(customer?.id, typed);
    await limiter.take(LIMITS.loginAccount, subject);
    await limiter.take(LIMITS.loginAccountDay, subject);
    const valid = customer
      ? await verify(customer.passwordHash, password).catch(() => false)
      : await verify(await getDummyHash(), password).then(
          () => false,
          () => false,
        );
    if (valid) {
      await limiter.giveBack(LIMITS.loginAccount, subject);
      await limiter.giveBack(LIMITS.loginAccountDay, subject);
    }
    return valid;
  }

  return {
    /** The new customer, or a failure whose fields say what is wrong with the username, e-mail or password. */
    async register(
      input: Register,
      ip: string,
    ): Promise<{ ok: true; customer: { id: number; username: string; email: string } } | Failure<'TAKEN' | 'COMMON_PASSWORD'>> {
      await limiter.take(LIMITS.registerIp, ip);
      const [usernameTaken, emailTaken] = await Promise.all([repo.usernameTaken(input.username), repo.emailTaken(input.email)]);
      const common = isCommonPassword(input.password);
      if (usernameTaken || emailTaken || common) {
        const fields = {
          ...(usernameTaken ? { username: ACCOUNT_MESSAGES.usernameTaken } : {}),
          ...(emailTaken ? { email: ACCOUNT_MESSAGES.emailTaken } : {}),
          ...(common ? { password: COMMON_PASSWORD } : {}),
        };
        return failure(usernameTaken || emailTaken ? 'TAKEN' : 'COMMON_PASSWORD', Object.values(fields).join(' '), fields);
      }
      const passwordHash = await hash(input.password, ARGON);
      const brand = await deps.settings.brand();
      try {
        const customer = await db.transaction(async (tx) => {
          const created = await accountsRepository(tx).create({ username: input.username, email: input.email, passwordHash });
          // The welcome goes to an address the sender typed, so it counts against that mailbox as every public form's
          // mail does (decision 040): past the day's allowance the account is made all the same, without a welcome.
          const welcome = await limiter.takeRecipient({ email: created.email }, tx).then(
            () => true,
            (error: unknown) => (error instanceof DomainError && error.code === 'RATE_LIMITED' ? false : Promise.reject(error)),
          );
          if (welcome) await queueMail(tx, welcomeMail(brand, created.email, created.username));
          return created;
        });
        deps.mailQueued?.();
        return { ok: true as const, customer };
      } catch (error) {
        // Two sign-ups racing for one name: the unique index decides, and the loser hears why.
        if (isUniqueViolation(error)) {
          return failure('TAKEN', ACCOUNT_MESSAGES.usernameTaken, { username: ACCOUNT_MESSAGES.usernameTaken });
        }
        throw error;
      }
    },

    async login(input: { username: string; password: string; cartItems?: string | undefined; wishlistItems?: string | undefined }, ip: string) {
      await limiter.take(LIMITS.loginIp, ip);
      const customer = await repo.findByLogin(input.username);
      const valid = await checkPassword(customer, input.username, input.password);
      if (!customer || !valid) throw new DomainError('BAD_CREDENTIALS', ACCOUNT_MESSAGES.badLogin);
      const items = parseGuestCart(input.cartItems);
      const wished = parseWishlistIds(input.wishlistItems);
      const token = await db.transaction(async (tx) => {
        const t = tx;
        if (items.length > 0) await deps.mergeGuestCart(t, customer.id, items);
        if (wished.length > 0) await deps.mergeGuestWishlist(t, customer.id, wished);
        return startSession(t, customer.id);
      });
      return { token, answer: { message: MESSAGES.loginSuccess, userId: customer.id, userName: customer.username } };
    },

    /**
     * Whether `password` is the account's, counted as a login would be (a wrong one spends the account's tries): a
     * dangerous request (erasing the account) is confirmed with it. False for an erased or unknown account.
     */
    async confirmPassword(customerId: number, password: string): Promise<boolean> {
      const row = await repo.findById(customerId);
      if (!row || row.erasedAt) return false;
      return checkPassword(row, row.username, password);
    },

    /**
     * The customer desk's correction of a name, mobile or e-mail (issue 38), in the caller's transaction (which writes
     * the audit line with it). A new e-mail is told to the old address with the link that undoes it, as when the
     * customer changes it. Answers the fields before and after.
     */
    async correct(tx: Db, customerId: number, changes: { firstName?: string; lastName?: string; mobile?: string | null; email?: string }) {
      const t = accountsRepository(tx);
      await t.lockRow(customerId);
      const row = await t.findById(customerId);
      if (!row) throw new DomainError('CUSTOMER_NOT_FOUND', 'There is no such customer.');
      if (row.erasedAt) throw new DomainError('ALREADY_ERASED', 'This customer’s data was erased: nothing of it can be corrected.');
      const changingEmail = changes.email !== undefined && changes.email !== row.email;
      if (changingEmail && (await t.emailTaken(changes.email!, customerId))) {
        throw new DomainError('TAKEN', ACCOUNT_MESSAGES.emailTaken, { email: ACCOUNT_MESSAGES.emailTaken });
      }
      const before = { firstName: row.firstName, lastName: row.lastName, mobile: row.mobile, email: row.email };
      const after = {
        firstName: changes.firstName ?? row.firstName,
        lastName: changes.lastName ?? row.lastName,
        mobile: changes.mobile === undefined ? row.mobile : changes.mobile,
        email: changes.email ?? row.email,
      };
      await t.correct(customerId, after);
      if (changingEmail) {
        const undoToken = newToken();
        await t.recordEmailChange({
          customerId,
          oldEmail: row.email,
          newEmail: after.email,
          undoTokenHash: hashToken(undoToken),
          expiresAt: new Date(now().getTime() + UNDO_DAYS * DAY_MS),
        });
        const undoUrl = `${(deps.publicUrl ?? '').replace(/\/+$/, '')}/undo-email-change?token=${undoToken}`;
        await queueMail(tx, emailChangedMail(await deps.settings.brand(tx), row.email, after.email, undoUrl, UNDO_DAYS));
      }
      return { before, after, emailChanged: changingEmail };
    },

    async logout(tokenHash: string) {
      await endSession(db, tokenHash);
      deps.sessionsChanged?.();
    },

    async details(customer: SessionCustomer) {
      const row = await repo.findById(customer.id);
      if (!row) throw new DomainError('UNAUTHENTICATED', 'Please log in to continue.');
      return {
        user: {
          user_name: row.username,
          // A mobile account's stand-in address (decision 058) is nobody's: the profile shows no e-mail.
          user_email: isNoEmailAddress(row.email) ? '' : row.email,
          first_name: row.firstName,
          last_name: row.lastName,
          mobile: row.mobile,
          phone: row.phone ? displayIndianMobile(row.phone) : null,
        },
      };
    },

    /**
     * Names, mobile, e-mail and password. A new e-mail or password needs the current password (counted
     * as a login would be); a new e-mail is told to the old address with a single-use link that undoes it.
     */
    async updateProfile(
      customer: SessionCustomer,
      input: ProfileUpdate,
      sessionTokenHash: string | null,
    ): Promise<{ ok: true; message: string } | Failure<'TAKEN' | 'COMMON_PASSWORD' | 'INVALID_REQUEST'>> {
      const row = await repo.findById(customer.id);
      if (!row) throw new DomainError('UNAUTHENTICATED', 'Please log in to continue.');
      // An account made by its mobile number (decision 058) may have no e-mail yet: its stand-in stays until one is
      // given, and the first one needs no password (it has none) and no undo mail (the stand-in reaches nobody).
      const noEmailYet = isNoEmailAddress(row.email);
      const email = input.email ?? (noEmailYet ? row.email : undefined);
      if (email === undefined) return fieldFailure('INVALID_REQUEST', 'email', 'Please enter your e-mail address.');
      const changingEmail = email !== row.email;
      if (changingEmail && (await repo.emailTaken(email, customer.id))) {
        return fieldFailure('TAKEN', 'email', ACCOUNT_MESSAGES.emailTaken);
      }
      if (input.newPassword && isCommonPassword(input.newPassword)) return fieldFailure('COMMON_PASSWORD', 'newPassword', COMMON_PASSWORD);
      if (input.newPassword || (changingEmail && !noEmailYet)) {
        if (!input.currentPassword) return fieldFailure('INVALID_REQUEST', 'currentPassword', ACCOUNT_MESSAGES.emailNeedsPassword);
        // A form field's mistake, not a failed login: the profile form shows it under the field and keeps the session.
        if (!(await checkPassword(row, row.username, input.currentPassword))) {
          return fieldFailure('INVALID_REQUEST', 'currentPassword', ACCOUNT_MESSAGES.currentPasswordWrong);
        }
      }
      const passwordHash = input.newPassword ? await hash(input.newPassword, ARGON) : undefined;
      const undoToken = changingEmail && !noEmailYet ? newToken() : undefined;
      const brand = await deps.settings.brand();
      try {
        await db.transaction(async (tx) => {
          const t = accountsRepository(tx);
          if (passwordHash || undoToken) await limiter.take(LIMITS.profileMailDay, accountSubject(customer.id, ''), tx);
          await t.updateProfile(customer.id, {
            firstName: input.firstName,
            lastName: input.lastName,
            email,
            mobile: input.mobile ?? null,
            ...(passwordHash ? { passwordHash } : {}),
          });
          if (passwordHash) {
            // A changed password logs out every other device, not this one.
            await endSessionsOf(tx, customer.id, sessionTokenHash);
            await queueMail(tx, passwordChangedMail(brand, email));
          }
          if (undoToken) {
            await t.recordEmailChange({
              customerId: customer.id,
              oldEmail: row.email,
              newEmail: email,
              undoTokenHash: hashToken(undoToken),
              expiresAt: new Date(now().getTime() + UNDO_DAYS * DAY_MS),
            });
            const undoUrl = `${(deps.publicUrl ?? '').replace(/\/+$/, '')}/undo-email-change?token=${undoToken}`;
            await queueMail(tx, emailChangedMail(brand, row.email, email, undoUrl, UNDO_DAYS));
          }
        });
      } catch (error) {
        // Another account took the address between the check and the save: the unique index decides.
        if (isUniqueViolation(error)) {
          return fieldFailure('TAKEN', 'email', ACCOUNT_MESSAGES.emailTaken);
        }
        throw error;
      }
      deps.sessionsChanged?.();
      if (passwordHash || undoToken) deps.mailQueued?.();
      return { ok: true as const, message: ACCOUNT_MESSAGES.profileSaved };
    },

    /**
     * The old address's link: puts the old e-mail back, ends every session, closes open reset codes (they
     * may have gone to the new address) and retires the password (whoever made the change knew it), so
     * the way back in is a code mailed to the restored address. The token works once.
     */
    async undoEmailChange(token: string, ip: string) {
      await limiter.take(LIMITS.undoIp, ip);
      const retired = await hash(newToken(), ARGON);
      const change = await db.transaction(async (tx) => {
        const t = accountsRepository(tx);
        const spent = await t.spendUndoToken(hashToken(token), now());
        if (!spent) throw new DomainError('UNDO_INVALID', ACCOUNT_MESSAGES.undoInvalid);
        if (await t.emailTaken(spent.oldEmail, spent.customerId)) throw new DomainError('EMAIL_TAKEN', ACCOUNT_MESSAGES.undoTaken);
        await t.setEmail(spent.customerId, spent.oldEmail);
        await t.setPassword(spent.customerId, retired);
        await t.closeResets(spent.customerId, now());
        await endSessionsOf(tx, spent.customerId);
        return spent;
      });
      deps.sessionsChanged?.();
      return { message: ACCOUNT_MESSAGES.undoDone, email: change.oldEmail };
    },

    /**
     * Same answer, after the same work, whether or not the account exists: a code is drawn, hashed and
     * mailed in one transaction whose statements find no customer to write for when there is none.
     */
    async forgotPassword(email: string, ip: string) {
      await limiter.take(LIMITS.forgotIp, ip);
      const customer = await repo.findByLogin(email);
      const id = customer?.id ?? NO_CUSTOMER;
      const code = String(randomInt(0, 10_000)).padStart(4, '0');
      // The mail also carries a long random link (decision 020): it cannot be guessed, so it spends none of the
      // code's tries, and whoever spends the account's codes or tries cannot keep the owner from resetting.
      const linkToken = newToken();
      const resetUrl = `${(deps.publicUrl ?? '').replace(/\/+$/, '')}/reset-password?link=${linkToken}`;
      const brand = await deps.settings.brand();
      await db.transaction(async (tx) => {
        // Counted inside, so both transactions write and wait for the same one flush of the log at commit.
        await limiter.take(LIMITS.forgotAccountDay, accountSubject(customer?.id, email), tx);
        await accountsRepository(tx).issueReset(id, hashToken(`${id}:${code}`), new Date(now().getTime() + OTP_MINUTES * 60_000), hashToken(linkToken));
        await queueMailForCustomer(tx, id, otpMail(brand, email, code, OTP_MINUTES, resetUrl, RESET_LINK_HOURS));
      });
      deps.mailQueued?.();
      return { message: ACCOUNT_MESSAGES.forgotSent };
    },

    /** One answer for every failure (wrong, spent or expired code, no code, no account), so it tells nothing. */
    async verifyOtp(email: string, otp: string, ip: string) {
      await limiter.take(LIMITS.otpIp, ip);
      const customer = await repo.findByLogin(email);
      const id = customer?.id ?? NO_CUSTOMER;
      const resetToken = newToken();
      const verified = await repo.tryCode(id, hashToken(`${id}:${otp}`), hashToken(resetToken), now());
      if (!verified) throw new DomainError('OTP_INVALID', ACCOUNT_MESSAGES.otpWrong);
      return { message: ACCOUNT_MESSAGES.otpOk, resetToken };
    },

    /**
     * The code mail's link, exchanged for a reset token the first time it is presented (issue 35): a link copied
     * from a log, a proxy or a shared screen after that is worth nothing. One answer for every failure.
     */
    async exchangeResetLink(link: string, ip: string) {
      await limiter.take(LIMITS.otpIp, ip);
      const resetToken = newToken();
      const exchanged = await repo.exchangeLink(hashToken(link), hashToken(resetToken), now(), OTP_MINUTES, RESET_LINK_HOURS, OTP_MINUTES);
      if (!exchanged) throw new DomainError('RESET_EXPIRED', ACCOUNT_MESSAGES.resetExpired);
      return { message: ACCOUNT_MESSAGES.otpOk, resetToken };
    },

    async resetPassword(resetToken: string, password: string) {
      const reset = await repo.verifiedReset(hashToken(resetToken));
      // Only a checked code's token or an exchanged link's (both verified) sets a password, for 5 minutes past the
      // code's deadline; the mail's link itself never does, so it cannot be used twice.
      if (!reset || reset.verifiedAt === null || reset.expiresAt.getTime() + 5 * 60_000 < now().getTime()) {
        throw new DomainError('RESET_EXPIRED', ACCOUNT_MESSAGES.resetExpired);
      }
      if (isCommonPassword(password)) throw new DomainError('COMMON_PASSWORD', COMMON_PASSWORD);
      const passwordHash = await hash(password, ARGON);
      const customer = await repo.findById(reset.customerId);
      const brand = await deps.settings.brand();
      await db.transaction(async (tx) => {
        const t = accountsRepository(tx);
        if (!(await t.markUsed(reset.id, now()))) throw new DomainError('RESET_EXPIRED', ACCOUNT_MESSAGES.resetExpired);
        await t.setPassword(reset.customerId, passwordHash);
        await endSessionsOf(tx, reset.customerId);
        // Whoever proved they read the account's mail is its owner: a login lock others caused ends here.
        await limiter.clear([LIMITS.loginAccount, LIMITS.loginAccountDay], accountSubject(reset.customerId, ''), tx);
        if (customer) await queueMail(tx, passwordChangedMail(brand, customer.email));
      });
      deps.sessionsChanged?.();
      deps.mailQueued?.();
      return { message: ACCOUNT_MESSAGES.resetDone };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;

/** Housekeeping (issue 41): phone codes whose life ended before `before` go. */
export function prunePhoneCodes(tx: Db, before: Date): Promise<number> {
  return accountsRepository(tx).prunePhoneCodes(before);
}
