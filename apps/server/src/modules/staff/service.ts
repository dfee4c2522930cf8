import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { ROLE_PERMISSIONS, STAFF_IDLE_MINUTES, STAFF_SESSION_HOURS, type StaffMe } from '@milli/contracts';
import {
  COMMON_PASSWORD,
  STAFF_PASSWORD_MIN,
  STAFF_PASSWORD_RULE,
  type StaffCreate,
  type StaffListQuery,
  type StaffLogin,
  type StaffUpdate,
  toAdminPage,
} from '@milli/contracts/schemas';
import { isUniqueViolation, type Db } from '@milli/db';
import { DomainError } from '../../domain-error.ts';
import { hashToken, newToken } from '../../plugins/session.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import { staffSessions, type StaffMember } from '../../plugins/staff.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { staffRepository, type StaffRecord } from './repository.ts';
import { STAFF_LIMITS, staffSubject } from './limits.ts';
import { enrolment, looksLikeRecoveryCode, newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpStep } from './two-factor.ts';

/** argon2id with OWASP's minimum memory cost (19 MiB, 2 passes), as the shop's passwords. */
const ARGON = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const MIN_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** A hash to verify against when no member has the e-mail, so both answers take as long. */
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hash('not-a-real-staff-password-0', ARGON));

export const STAFF_MESSAGES = {
  badLogin: 'The e-mail or password is not correct.',
  totpRequired: 'Enter the six-digit code from your authenticator app (or one of your recovery codes).',
  totpInvalid: 'That code is not correct, or it was already used. Please try the next code.',
  currentPasswordWrong: 'Your current password is not correct.',
  emailTaken: 'A member with this e-mail already exists (removed members keep their address).',
  lastOwner: 'The store must keep at least one owner: make another member an owner first.',
  notFound: 'No such staff member.',
} as const;

/** The command line's and the start's actors in the audit log. */
export const CLI_ACTOR: AuditActor = { staffId: null, staffEmail: 'cli', via: 'cli', requestId: null };

/** What the audit log records of a member: never a hash or a secret. */
function auditView(m: StaffRecord) {
  return { email: m.email, name: m.name, role: m.role, twoFactor: m.totpEnabledAt !== null, removedAt: m.removedAt?.toISOString() ?? null };
}

function rowOf(m: StaffRecord) {
  return {
    id: m.id,
    email: m.email,
    name: m.name,
    role: m.role,
    twoFactor: m.totpEnabledAt !== null,
    lastSignInAt: m.lastSignInAt?.toISOString() ?? null,
    createdAt: m.createdAt.toISOString(),
    removedAt: m.removedAt?.toISOString() ?? null,
  };
}

function tokenRowOf(t: { id: number; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null; expiresAt: Date | null; revokedAt: Date | null }) {
  return {
    id: t.id,
    name: t.name,
    prefix: t.prefix,
    createdAt: t.createdAt.toISOString(),
    lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
    expiresAt: t.expiresAt?.toISOString() ?? null,
    revokedAt: t.revokedAt?.toISOString() ?? null,
  };
}

/** Refuses a new staff password that is short or among the most common (the schema checks the length too; the command line and the first owner come here directly). */
export function checkNewPassword(password: string, field = 'password'): void {
  if (password.length < STAFF_PASSWORD_MIN) throw new DomainError('INVALID_REQUEST', STAFF_PASSWORD_RULE, { [field]: STAFF_PASSWORD_RULE });
  if (password.length > 200) throw new DomainError('INVALID_REQUEST', 'Password is too long.', { [field]: 'Password is too long.' });
  if (isCommonPassword(password)) throw new DomainError('COMMON_PASSWORD', COMMON_PASSWORD, { [field]: COMMON_PASSWORD });
}

export interface StaffServiceDeps {
  db: Db;
  limiter: RateLimiter;
  now?: () => Date;
}

export function createStaffService(deps: StaffServiceDeps) {
  const { db, limiter } = deps;
  const now = deps.now ?? (() => new Date());
  const repo = staffRepository(db);

  /** The member's view of themselves. */
  async function meOf(m: Pick<StaffRecord, 'id' | 'email' | 'name' | 'role' | 'totpEnabledAt'>): Promise<StaffMe> {
    const twoFactor = m.totpEnabledAt !== null;
    return {
      id: m.id,
      email: m.email,
      name: m.name,
      role: m.role,
      permissions: [...ROLE_PERMISSIONS[m.role]],
      twoFactor,
      mustEnrolTwoFactor: !twoFactor && (await repo.twoFactorRequired()),
    };
  }

  /**
   * Compares a password under the member's failure limits (or, for an address no active member has, the same
   * work against a dummy hash under the typed address's limits). Counted before the comparison, handed back when right.
   */
  async function checkPassword(member: StaffRecord | null, typed: string, password: string): Promise<boolean> {
    const subject = staffSubject(member?.id, typed);
    await limiter.take(STAFF_LIMITS.loginAccount, subject);
    await limiter.take(STAFF_LIMITS.loginAccountDay, subject);
    const valid = member
      ? await verify(member.passwordHash, password).catch(() => false)
      : await verify(await getDummyHash(), password).then(
          () => false,
          () => false,
        );
    if (valid) await giveBack(subject);
    return valid;
  }

  async function giveBack(subject: string) {
    await limiter.giveBack(STAFF_LIMITS.loginAccount, subject);
    await limiter.giveBack(STAFF_LIMITS.loginAccountDay, subject);
  }

  /** A member's current password, for changes to their own security: wrong answers count as failed sign-ins. */
  async function requireCurrentPassword(staffId: number, password: string, field: string) {
    const member = await repo.findById(staffId);
    if (!member || member.removedAt) throw new DomainError('STAFF_NOT_FOUND', STAFF_MESSAGES.notFound);
    if (!(await checkPassword(member, member.email, password))) {
      // A field of a form the member is signed in to: 400 with the field's message, not a 401 that reads as signed out.
      throw new DomainError('INVALID_REQUEST', STAFF_MESSAGES.currentPasswordWrong, { [field]: STAFF_MESSAGES.currentPasswordWrong });
    }
    return member;
  }

  /** Checks a second factor typed at sign-in: a TOTP code (once per step) or an unused recovery code (once). */
  async function secondFactor(member: StaffRecord, typed: string): Promise<'totp' | 'recovery-code' | null> {
    const at = now();
    if (looksLikeRecoveryCode(typed)) {
      return (await repo.spendRecoveryCode(member.id, recoveryCodeHash(typed), at)) ? 'recovery-code' : null;
    }
    const step = totpStep(member.totpSecret!, typed.replace(/\s+/g, ''), at);
    if (step === null) return null;
    return (await repo.takeTotpStep(member.id, step)) ? 'totp' : null;
  }

  /** Checks the last-owner rule inside a transaction: `id` is about to stop being an active owner. */
  async function keepAnOwner(tx: Db, id: number) {
    if ((await staffRepository(tx).lockOtherOwners(id)) === 0) throw new DomainError('LAST_OWNER', STAFF_MESSAGES.lastOwner);
  }

  async function create(actor: AuditActor, input: StaffCreate) {
    checkNewPassword(input.password);
    const passwordHash = await hash(input.password, ARGON);
    try {
      return await db.transaction(async (tx) => {
        const created = await staffRepository(tx).insert({ email: input.email.trim().toLowerCase(), name: input.name.trim(), role: input.role, passwordHash });
        await recordAudit(tx, actor, { action: 'create', entity: 'staff', entityId: created.id, after: auditView(created) });
        return rowOf(created);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('EMAIL_TAKEN', STAFF_MESSAGES.emailTaken, { email: STAFF_MESSAGES.emailTaken });
      throw error;
    }
  }

  return {
    meOf,

    async me(member: StaffMember): Promise<StaffMe> {
      return {
        id: member.id,
        email: member.email,
        name: member.name,
        role: member.role,
        permissions: [...ROLE_PERMISSIONS[member.role]],
        twoFactor: member.twoFactor,
        mustEnrolTwoFactor: member.mustEnrolTwoFactor,
      };
    },

    /**
     * Signs a member in: the session's token (for the cookie) and the member. Unknown address, removed member and
     * wrong password answer alike (BAD_CREDENTIALS); a member with two-factor on hears TOTP_REQUIRED until a code
     * comes, and TOTP_INVALID for a wrong or reused one.
     */
    async login(input: StaffLogin, meta: { ip: string; userAgent: string | null }) {
      await limiter.take(STAFF_LIMITS.loginIp, meta.ip);
      const found = await repo.findByEmail(input.email);
      const member = found && !found.removedAt ? found : null;
      const valid = await checkPassword(member, input.email, input.password);
      if (!member || !valid) throw new DomainError('BAD_CREDENTIALS', STAFF_MESSAGES.badLogin);
      const subject = staffSubject(member.id, input.email);
      let factor: 'totp' | 'recovery-code' | null = null;
      if (member.totpEnabledAt && member.totpSecret) {
        if (!input.totp) throw new DomainError('TOTP_REQUIRED', STAFF_MESSAGES.totpRequired);
        // A code is a guess like a password: counted against the member, handed back when right.
        await limiter.take(STAFF_LIMITS.loginAccount, subject);
        await limiter.take(STAFF_LIMITS.loginAccountDay, subject);
        factor = await secondFactor(member, input.totp);
        if (!factor) throw new DomainError('TOTP_INVALID', STAFF_MESSAGES.totpInvalid, { totp: STAFF_MESSAGES.totpInvalid });
        await giveBack(subject);
      }
      const token = newToken();
      const at = now();
      const signedIn = await db.transaction(async (tx) => {
        const t = staffRepository(tx);
        await staffSessions(tx).create({
          tokenHash: hashToken(token),
          staffId: member.id,
          idleExpiresAt: new Date(at.getTime() + STAFF_IDLE_MINUTES * MIN_MS),
          expiresAt: new Date(at.getTime() + STAFF_SESSION_HOURS * HOUR_MS),
          ip: meta.ip,
          userAgent: meta.userAgent?.slice(0, 300) ?? null,
        });
        const updated = await t.update(member.id, { lastSignInAt: at });
        await recordAudit(
          tx,
          { staffId: member.id, staffEmail: member.email, via: 'session', requestId: null },
          { action: 'sign-in', entity: 'staff', entityId: member.id, after: { secondFactor: factor ?? 'none' } },
        );
        return updated ?? member;
      });
      return { token, staff: await meOf(signedIn) };
    },

    async logout(tokenHash: string) {
      await staffSessions(db).remove(tokenHash);
    },

    async list(query: StaffListQuery) {
      const { rows, total } = await repo.list(query);
      return toAdminPage(rows.map(rowOf), total, query);
    },

    create,

    async update(actor: AuditActor, id: number, patch: StaffUpdate) {
      return db.transaction(async (tx) => {
        const t = staffRepository(tx);
        // The owners first, then the member, in the same order as remove(): see lockOwners.
        if (patch.role !== undefined) await t.lockOwners();
        const before = await t.lockById(id);
        if (!before || before.removedAt) throw new DomainError('STAFF_NOT_FOUND', STAFF_MESSAGES.notFound);
        const roleChanges = patch.role !== undefined && patch.role !== before.role;
        if (roleChanges && before.role === 'owner') await keepAnOwner(tx, id);
        const after = await t.update(id, { ...(patch.name !== undefined ? { name: patch.name } : {}), ...(roleChanges ? { role: patch.role } : {}) });
        // A new role takes effect at the next sign-in: every session of the member ends now.
        if (roleChanges) await staffSessions(tx).removeOf(id);
        await recordAudit(tx, actor, { action: 'update', entity: 'staff', entityId: id, before: auditView(before), after: auditView(after!) });
        return rowOf(after!);
      });
    },

    /** Removes a member: the row stays (the log names them), their sessions end and their tokens are revoked. */
    async remove(actor: AuditActor, id: number) {
      return db.transaction(async (tx) => {
        const t = staffRepository(tx);
        // The owners first, then the member, in the same order as update(): see lockOwners.
        await t.lockOwners();
        const before = await t.lockById(id);
        if (!before || before.removedAt) throw new DomainError('STAFF_NOT_FOUND', STAFF_MESSAGES.notFound);
        if (before.role === 'owner') await keepAnOwner(tx, id);
        const at = now();
        const after = await t.update(id, { removedAt: at });
        await staffSessions(tx).removeOf(id);
        const revoked = await staffSessions(tx).revokeTokensOf(id, at);
        await recordAudit(tx, actor, {
          action: 'remove',
          entity: 'staff',
          entityId: id,
          before: auditView(before),
          after: { ...auditView(after!), tokensRevoked: revoked },
        });
        return rowOf(after!);
      });
    },

    /** The owner clears a member's second factor (a lost phone): they enrol again, and their sessions end. */
    async resetTwoFactor(actor: AuditActor, id: number) {
      return db.transaction(async (tx) => {
        const t = staffRepository(tx);
        const before = await t.lockById(id);
        if (!before || before.removedAt) throw new DomainError('STAFF_NOT_FOUND', STAFF_MESSAGES.notFound);
        const after = await t.update(id, { totpSecret: null, totpEnabledAt: null, totpLastStep: null });
        await t.deleteRecoveryCodes(id);
        await staffSessions(tx).removeOf(id);
        await recordAudit(tx, actor, { action: 'reset-two-factor', entity: 'staff', entityId: id, before: auditView(before), after: auditView(after!) });
        return rowOf(after!);
      });
    },

    /** Changes the member's own password; every other session of theirs ends. */
    async changePassword(member: StaffMember, input: { currentPassword: string; newPassword: string }, keepTokenHash: string | undefined) {
      checkNewPassword(input.newPassword, 'newPassword');
      await requireCurrentPassword(member.id, input.currentPassword, 'currentPassword');
      const passwordHash = await hash(input.newPassword, ARGON);
      await db.transaction(async (tx) => {
        const t = staffRepository(tx);
        await t.update(member.id, { passwordHash });
        await staffSessions(tx).removeOf(member.id, keepTokenHash);
        // A password is changed when it may have leaked: a token made by whoever held it must not outlive it.
        const tokensRevoked = await staffSessions(tx).revokeTokensOf(member.id, new Date());
        await recordAudit(tx, actorFor(member), { action: 'change-password', entity: 'staff', entityId: member.id, after: { tokensRevoked } });
      });
      return {
        message: 'Your password has been changed. Your other sessions have been signed out and your API tokens revoked: make new ones for your scripts.',
      };
    },

    /** Where the member's second factor stands: on, or an enrolment begun (shown again until confirmed). */
    async twoFactorStatus(member: StaffMember) {
      const m = await repo.findById(member.id);
      if (!m || m.removedAt) throw new DomainError('STAFF_NOT_FOUND', STAFF_MESSAGES.notFound);
      const enabled = m.totpEnabledAt !== null;
      return {
        enabled,
        pending: !enabled && m.totpSecret ? enrolment(m.totpSecret, m.email) : null,
        recoveryCodesLeft: enabled ? await repo.unusedRecoveryCodes(m.id) : 0,
        required: await repo.twoFactorRequired(),
      };
    },

    /** Starts (or restarts) enrolment: a new secret, in force only once a code from it is confirmed. */
    async startTwoFactor(member: StaffMember) {
      if (member.twoFactor) throw new DomainError('CONFLICT', 'Two-factor sign-in is already on. Turn it off first to set up a new authenticator.');
      const secret = newTotpSecret();
      await db.transaction(async (tx) => {
        await staffRepository(tx).update(member.id, { totpSecret: secret, totpEnabledAt: null, totpLastStep: null });
        await recordAudit(tx, actorFor(member), { action: 'start-two-factor', entity: 'staff', entityId: member.id });
      });
      return enrolment(secret, member.email);
    },

    /** Turns two-factor on with a code from the new authenticator: the ten recovery codes, shown this once. */
    async confirmTwoFactor(member: StaffMember, code: string) {
      return db.transaction(async (tx) => {
        const t = staffRepository(tx);
        const m = await t.lockById(member.id);
        if (!m || m.removedAt) throw new DomainError('STAFF_NOT_FOUND', STAFF_MESSAGES.notFound);
        if (m.totpEnabledAt) throw new DomainError('CONFLICT', 'Two-factor sign-in is already on.');
        if (!m.totpSecret) throw new DomainError('CONFLICT', 'Start setting up two-factor sign-in first.');
        const step = totpStep(m.totpSecret, code, now());
        if (step === null) {
          const message = 'That code is not correct. Check the time on your phone and type the code it shows now.';
          throw new DomainError('INVALID_REQUEST', message, { code: message });
        }
        await t.update(member.id, { totpEnabledAt: now(), totpLastStep: step });
        const codes = newRecoveryCodes();
        await t.replaceRecoveryCodes(member.id, codes.map(recoveryCodeHash));
        await recordAudit(tx, actorFor(member), {
          action: 'enable-two-factor',
          entity: 'staff',
          entityId: member.id,
          before: { twoFactor: false },
          after: { twoFactor: true },
        });
        return { recoveryCodes: codes };
      });
    },

    /** Turns two-factor off (with the password), unless the store requires it. */
    async disableTwoFactor(member: StaffMember, password: string) {
      if (await repo.twoFactorRequired()) throw new DomainError('CONFLICT', 'The store requires two-factor sign-in for all staff, so it cannot be turned off.');
      await requireCurrentPassword(member.id, password, 'password');
      await db.transaction(async (tx) => {
        const t = staffRepository(tx);
        await t.update(member.id, { totpSecret: null, totpEnabledAt: null, totpLastStep: null });
        await t.deleteRecoveryCodes(member.id);
        await recordAudit(tx, actorFor(member), {
          action: 'disable-two-factor',
          entity: 'staff',
          entityId: member.id,
          before: { twoFactor: true },
          after: { twoFactor: false },
        });
      });
      return { message: 'Two-factor sign-in is off.' };
    },

    /** Ten new recovery codes; the old ones stop working. */
    async regenerateRecoveryCodes(member: StaffMember) {
      if (!member.twoFactor) throw new DomainError('CONFLICT', 'Turn two-factor sign-in on first.');
      const codes = newRecoveryCodes();
      await db.transaction(async (tx) => {
        await staffRepository(tx).replaceRecoveryCodes(member.id, codes.map(recoveryCodeHash));
        await recordAudit(tx, actorFor(member), { action: 'regenerate-recovery-codes', entity: 'staff', entityId: member.id });
      });
      return { recoveryCodes: codes };
    },

    async recoveryCodesLeft(staffId: number) {
      return repo.unusedRecoveryCodes(staffId);
    },

    async tokens(staffId: number) {
      return { data: (await repo.tokensOf(staffId)).map(tokenRowOf) };
    },

    /** A new API token, shown this once: `mst_` and 32 random bytes; the database keeps its SHA-256 and first characters. */
    async createToken(member: StaffMember, input: { name: string; expiresInDays?: number | undefined }) {
      if (member.mustEnrolTwoFactor)
        throw new DomainError('TWO_FACTOR_SETUP_REQUIRED', 'The store requires two-factor sign-in: set it up before making API tokens.');
      const token = `mst_${randomBytes(32).toString('base64url')}`;
      const expiresAt = input.expiresInDays ? new Date(now().getTime() + input.expiresInDays * DAY_MS) : null;
      return db.transaction(async (tx) => {
        const row = await staffSessions(tx).insertToken({
          staffId: member.id,
          name: input.name,
          tokenHash: hashToken(token),
          prefix: token.slice(0, 12),
          expiresAt,
        });
        const view = tokenRowOf(row);
        await recordAudit(tx, actorFor(member), {
          action: 'create',
          entity: 'api-token',
          entityId: row.id,
          after: { staffId: member.id, name: view.name, prefix: view.prefix, expiresAt: view.expiresAt },
        });
        return { ...view, token };
      });
    },

    /** Revokes one of `staffId`'s tokens (the member's own, or anyone's by the owner). */
    async revokeToken(actor: AuditActor, staffId: number, tokenId: number) {
      return db.transaction(async (tx) => {
        const revoked = await staffSessions(tx).revokeToken(staffId, tokenId, now());
        if (!revoked) throw new DomainError('TOKEN_NOT_FOUND', 'No such live API token.');
        const view = tokenRowOf(revoked);
        await recordAudit(tx, actor, {
          action: 'revoke',
          entity: 'api-token',
          entityId: tokenId,
          before: { staffId, name: view.name, prefix: view.prefix },
          after: { revokedAt: view.revokedAt },
        });
        return view;
      });
    },

    async memberRow(id: number) {
      const m = await repo.findById(id);
      if (!m) throw new DomainError('STAFF_NOT_FOUND', STAFF_MESSAGES.notFound);
      return rowOf(m);
    },

    async all() {
      return (await repo.all()).map(rowOf);
    },

    async findByEmail(email: string) {
      const m = await repo.findByEmail(email);
      return m ? rowOf(m) : null;
    },

    /**
     * The first owner at start: made from ADMIN_EMAIL and ADMIN_PASSWORD when no staff exists yet. Answers what
     * was done, for the start to print (never the password).
     */
    async ensureFirstOwner(admin: { email: string; password: string; name?: string } | null): Promise<'created' | 'exists' | 'none'> {
      if ((await repo.countAll()) > 0) return 'exists';
      if (!admin) return 'none';
      try {
        await create(
          { staffId: null, staffEmail: 'system', via: 'system', requestId: null },
          { email: admin.email, name: admin.name ?? 'Owner', role: 'owner', password: admin.password },
        );
        return 'created';
      } catch (error) {
        // Another instance starting at the same moment made the same owner.
        if (error instanceof DomainError && error.code === 'EMAIL_TAKEN') return 'exists';
        throw error;
      }
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;

/** The audit actor of a member acting on themselves. */
function actorFor(member: StaffMember): AuditActor {
  return { staffId: member.id, staffEmail: member.email, via: member.via.kind === 'session' ? 'session' : `token:${member.via.tokenId}`, requestId: null };
}

/**
 * What the start does about staff: makes the first owner from ADMIN_EMAIL / ADMIN_PASSWORD when the staff table
 * is empty, and answers the one line to print (never the password), or null when staff already exists.
 */
export async function firstOwnerAtStart(db: Db, limiter: RateLimiter, admin: { email: string; password: string } | undefined): Promise<string | null> {
  try {
    const done = await createStaffService({ db, limiter }).ensureFirstOwner(admin ?? null);
    if (done === 'created') return `Back office: made the first owner, ${admin!.email} (from ADMIN_EMAIL and ADMIN_PASSWORD); sign in at /admin/login.`;
    if (done === 'none') {
      return 'Back office: no staff yet. Set ADMIN_EMAIL and ADMIN_PASSWORD and start again to make the first owner, or run: npm run staff -- create --email you@example.in --role owner';
    }
    return null;
  } catch (error) {
    if (error instanceof DomainError) throw new FirstOwnerError(`ADMIN_PASSWORD cannot be used for the first owner: ${error.message}`);
    throw error;
  }
}

/** The first owner could not be made from the configuration (a weak ADMIN_PASSWORD). */
export class FirstOwnerError extends Error {}
