import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  DESK_PERMISSION,
  STAFF_IDLE_MINUTES,
  STAFF_SESSION_HOURS,
  normalRoles,
  permissionsOf,
  rolesLabel,
  rolesWith,
  type StaffDesk,
  type StaffMe,
  type StaffRole,
} from '@milli/contracts';
import { type StaffCreate, type StaffInvite, type StaffListQuery, type StaffLogin, type StaffUpdate, toAdminPage } from '@milli/contracts/schemas';
import { isUniqueViolation, type Db } from '@milli/db';
import { DomainError } from '../../domain-error.ts';
import { hashToken, newToken } from '../../plugins/session.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import { staffSessions, type StaffMember } from '../../plugins/staff.ts';
import { checkNewPassword } from './passwords.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { queueMail } from '../mail/service.ts';
import type { Brand } from '../../lib/mail-layout.ts';
import { deskMail } from './mail.ts';
import { staffRepository, type StaffListed, type StaffRecord } from './repository.ts';
import { createInvitations, type InvitationDeps } from './invitations.ts';
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
  ownerGrantsOwner: 'Only an owner can make another member an owner.',
} as const;

/** The command line's and the start's actors in the audit log. */
export const CLI_ACTOR: AuditActor = { staffId: null, staffEmail: 'cli', via: 'cli', requestId: null };

/** What the audit log records of a member: never a hash or a secret. */
export function auditView(m: StaffRecord) {
  return {
    email: m.email,
    name: m.name,
    roles: m.roles,
    invited: m.passwordHash === null,
    twoFactor: m.totpEnabledAt !== null,
    removedAt: m.removedAt?.toISOString() ?? null,
  };
}

/** Where a member stands: removed, active (has a password of their own), or invited with a live or an ended link. */
function statusOf(m: StaffRecord, invitationExpiresAt: Date | null, at: Date) {
  if (m.removedAt) return 'removed' as const;
  if (m.passwordHash !== null) return 'active' as const;
  return invitationExpiresAt && invitationExpiresAt > at ? ('invited' as const) : ('invitation-expired' as const);
}

export function rowOf(m: StaffListed, at: Date) {
  const status = statusOf(m, m.invitationExpiresAt, at);
  return {
    id: m.id,
    email: m.email,
    name: m.name,
    roles: normalRoles(m.roles),
    status,
    invitationExpiresAt: status === 'invited' ? m.invitationExpiresAt!.toISOString() : null,
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

export { checkNewPassword };

export interface StaffServiceDeps extends Partial<InvitationDeps> {
  db: Db;
  limiter: RateLimiter;
  now?: () => Date;
}

/** A member's roles and the actor's: only an owner makes an owner (issue 39), whoever else may manage staff. */
function checkOwnerGrant(actorRoles: readonly StaffRole[] | null, before: readonly StaffRole[], after: readonly StaffRole[]) {
  if (actorRoles === null || actorRoles.includes('owner')) return;
  if (after.includes('owner') && !before.includes('owner'))
    throw new DomainError('OWNER_GRANTS_OWNER', STAFF_MESSAGES.ownerGrantsOwner, { roles: STAFF_MESSAGES.ownerGrantsOwner });
}

export function createStaffService(deps: StaffServiceDeps) {
  const { db, limiter } = deps;
  const now = deps.now ?? (() => new Date());
  const repo = staffRepository(db);

  /** The member's view of themselves. */
  async function meOf(m: Pick<StaffRecord, 'id' | 'email' | 'name' | 'roles' | 'deskMail' | 'totpEnabledAt'>): Promise<StaffMe> {
    const twoFactor = m.totpEnabledAt !== null;
    return {
      id: m.id,
      email: m.email,
      name: m.name,
      roles: normalRoles(m.roles),
      permissions: permissionsOf(m.roles),
      deskMail: m.deskMail,
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
    // An invited member who has not yet set a password cannot sign in (passwordHash is null: the dummy's work instead).
    const valid = member?.passwordHash
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

  /** A member made with a password: the command line's and the first owner's way (a screen invites instead). */
  /** A new session for the member (the staff cookie's token), their last sign-in and the audit entry. */
  async function signIn(member: StaffRecord, meta: { ip: string; userAgent: string | null }, how: Record<string, string>) {
    const token = newToken();
    const at = now();
    const signedIn = await db.transaction(async (tx) => {
      await staffSessions(tx).create({
        tokenHash: hashToken(token),
        staffId: member.id,
        idleExpiresAt: new Date(at.getTime() + STAFF_IDLE_MINUTES * MIN_MS),
        expiresAt: new Date(at.getTime() + STAFF_SESSION_HOURS * HOUR_MS),
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
      });
      const updated = await staffRepository(tx).update(member.id, { lastSignInAt: at });
      await recordAudit(
        tx,
        { staffId: member.id, staffEmail: member.email, via: 'session', requestId: null },
        { action: 'sign-in', entity: 'staff', entityId: member.id, after: how },
      );
      return updated ?? member;
    });
    return { token, staff: await meOf(signedIn) };
  }

  const invitations = createInvitations({
    db,
    limiter,
    now,
    publicUrl: deps.publicUrl,
    brand: deps.brand,
    mailQueued: deps.mailQueued,
    signIn,
    hashPassword: (password) => hash(password, ARGON),
  });

  /** A member's row as the list shows it, with their invitation's state. */
  async function listedRow(tx: Db, id: number) {
    const m = await staffRepository(tx).findListed(id);
    if (!m) throw new DomainError('STAFF_NOT_FOUND', STAFF_MESSAGES.notFound);
    return rowOf(m, now());
  }

  async function create(actor: AuditActor, input: StaffCreate) {
    checkNewPassword(input.password);
    const passwordHash = await hash(input.password, ARGON);
    try {
      return await db.transaction(async (tx) => {
        const created = await staffRepository(tx).insert({
          email: input.email.trim().toLowerCase(),
          name: input.name.trim(),
          roles: normalRoles(input.roles),
          passwordHash,
        });
        await recordAudit(tx, actor, { action: 'create', entity: 'staff', entityId: created.id, after: auditView(created) });
        return rowOf({ ...created, invitationExpiresAt: null }, now());
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
        roles: normalRoles(member.roles),
        permissions: permissionsOf(member.roles),
        deskMail: member.deskMail,
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
      return signIn(member, meta, { secondFactor: factor ?? 'none' });
    },

    async logout(tokenHash: string) {
      await staffSessions(db).remove(tokenHash);
    },

    async list(query: StaffListQuery) {
      const { rows, total } = await repo.list(query);
      const at = now();
      return toAdminPage(
        rows.map((m) => rowOf(m, at)),
        total,
        query,
      );
    },

    create,

    /** The owner invites a member (issue 39): see invitations.ts. */
    invite: (actor: AuditActor, actorRoles: readonly StaffRole[] | null, input: StaffInvite) => {
      checkOwnerGrant(actorRoles, [], input.roles);
      return invitations.invite(actor, input).then((id) => listedRow(db, id));
    },
    resendInvitation: (actor: AuditActor, id: number) => invitations.resend(actor, id).then(() => listedRow(db, id)),
    revokeInvitation: (actor: AuditActor, id: number) => invitations.revoke(actor, id).then(() => listedRow(db, id)),
    invitation: invitations.lookup,
    acceptInvitation: invitations.accept,

    /** The member's own choice: mails about their desks, or none. */
    async setDeskMail(member: StaffMember, deskMail: boolean) {
      await db.transaction(async (tx) => {
        await staffRepository(tx).update(member.id, { deskMail });
        await recordAudit(tx, actorFor(member), {
          action: 'desk-mail',
          entity: 'staff',
          entityId: member.id,
          before: { deskMail: member.deskMail },
          after: { deskMail },
        });
      });
      return { message: deskMail ? 'You will be mailed when something new reaches your desks.' : 'You will no longer be mailed about your desks.' };
    },

    async update(actor: AuditActor, actorRoles: readonly StaffRole[] | null, id: number, patch: StaffUpdate) {
      await db.transaction(async (tx) => {
        const t = staffRepository(tx);
        // The owners first, then the member, in the same order as remove(): see lockOwners.
        if (patch.roles !== undefined) await t.lockOwners();
        const before = await t.lockById(id);
        if (!before || before.removedAt) throw new DomainError('STAFF_NOT_FOUND', STAFF_MESSAGES.notFound);
        const roles = patch.roles === undefined ? before.roles : normalRoles(patch.roles);
        const rolesChange = rolesLabel(roles) !== rolesLabel(before.roles);
        if (rolesChange) checkOwnerGrant(actorRoles, before.roles, roles);
        if (rolesChange && before.roles.includes('owner') && !roles.includes('owner')) await keepAnOwner(tx, id);
        const after = await t.update(id, { ...(patch.name !== undefined ? { name: patch.name } : {}), ...(rolesChange ? { roles } : {}) });
        // No session ends: every request reads the member's roles afresh (plugins/staff.ts), so a role taken away is
        // refused from the next request on, and a role given works at once, without signing the member out.
        await recordAudit(tx, actor, { action: 'update', entity: 'staff', entityId: id, before: auditView(before), after: auditView(after!) });
      });
      return listedRow(db, id);
    },

    /** Removes a member: the row stays (the log names them), their sessions end and their tokens are revoked. */
    async remove(actor: AuditActor, id: number) {
      return db.transaction(async (tx) => {
        const t = staffRepository(tx);
        // The owners first, then the member, in the same order as update(): see lockOwners.
        await t.lockOwners();
        const before = await t.lockById(id);
        if (!before || before.removedAt) throw new DomainError('STAFF_NOT_FOUND', STAFF_MESSAGES.notFound);
        if (before.roles.includes('owner')) await keepAnOwner(tx, id);
        const at = now();
        const after = await t.update(id, { removedAt: at });
        await staffSessions(tx).removeOf(id);
        await t.revokeInvitationsOf(id, at);
        const revoked = await staffSessions(tx).revokeTokensOf(id, at);
        await recordAudit(tx, actor, {
          action: 'remove',
          entity: 'staff',
          entityId: id,
          before: auditView(before),
          after: { ...auditView(after!), tokensRevoked: revoked },
        });
        return rowOf({ ...after!, invitationExpiresAt: null }, at);
      });
    },

    /** The owner clears a member's second factor (a lost phone): they enrol again, and their sessions end. */
    async resetTwoFactor(actor: AuditActor, id: number) {
      await db.transaction(async (tx) => {
        const t = staffRepository(tx);
        const before = await t.lockById(id);
        if (!before || before.removedAt) throw new DomainError('STAFF_NOT_FOUND', STAFF_MESSAGES.notFound);
        const after = await t.update(id, { totpSecret: null, totpEnabledAt: null, totpLastStep: null });
        await t.deleteRecoveryCodes(id);
        await staffSessions(tx).removeOf(id);
        await recordAudit(tx, actor, { action: 'reset-two-factor', entity: 'staff', entityId: id, before: auditView(before), after: auditView(after!) });
      });
      return listedRow(db, id);
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
      return listedRow(db, id);
    },

    async all() {
      const at = now();
      return (await repo.all()).map((m) => rowOf(m, at));
    },

    async findByEmail(email: string) {
      const m = await repo.findByEmail(email);
      return m ? listedRow(db, m.id) : null;
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
          { email: admin.email, name: admin.name ?? 'Owner', roles: ['owner'], password: admin.password },
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

/**
 * Tells a desk that something new is waiting (issue 39), in the caller's transaction, so the mail goes if and only if
 * the order, return, appointment or request it names is stored: one mail to each active member whose roles hold the
 * desk's permission and who has not turned these mails off. `what` names the thing by its number ("New order
 * MIL-…"), never by a customer's words.
 */
export async function notifyDesk(tx: Db, brand: Brand, desk: StaffDesk, what: string): Promise<number> {
  const recipients = await staffRepository(tx).deskRecipients(rolesWith(DESK_PERMISSION[desk]));
  for (const member of recipients) await queueMail(tx, deskMail(brand, member.email, desk, what));
  return recipients.length;
}
