import type { StaffInvite } from '@milli/contracts/schemas';
import { normalRoles, type StaffMe } from '@milli/contracts';
import type { Db } from '@milli/db';
import { isUniqueViolation } from '@milli/db';
import { DomainError } from '../../domain-error.ts';
import type { Brand } from '../../lib/mail-layout.ts';
import { hashToken, newToken } from '../../plugins/session.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { queueMail } from '../mail/service.ts';
import { STAFF_LIMITS } from './limits.ts';
import { invitationMail } from './mail.ts';
import { staffRepository, type StaffRecord } from './repository.ts';
import { checkNewPassword } from './passwords.ts';

/** How long an invitation's link works. */
export const INVITATION_HOURS = 72;
const HOUR_MS = 3_600_000;

export const INVITATION_MESSAGES = {
  invalid: 'This invitation link is not one we sent. Please open the link from the mail again, or ask the store’s owner for a new invitation.',
  expired: 'This invitation has expired. Please ask the store’s owner to send you a new one.',
  used: 'This invitation was already used to set a password. Please sign in with it, or use a newer invitation if you were sent one.',
  revoked: 'This invitation was withdrawn, or a newer one was sent. Please use the latest invitation mail, or ask the store’s owner.',
  notInvited: 'This member has already set their password: there is no invitation to send or withdraw.',
  emailTaken: 'A member with this e-mail already exists (removed members keep their address).',
  accepted: 'Your password is set and you are signed in.',
} as const;

export interface InvitationDeps {
  /** The store's address, for the link (PUBLIC_URL). */
  publicUrl: string | undefined;
  /** The store's name and contact lines for the mail, read in the mail's transaction. */
  brand: (tx?: Db) => Promise<Brand>;
  /** Wakes the mailer after a commit. */
  mailQueued?: (() => void) | undefined;
}

interface Parts extends InvitationDeps {
  db: Db;
  limiter: RateLimiter;
  now: () => Date;
  signIn: (member: StaffRecord, meta: { ip: string; userAgent: string | null }, how: Record<string, string>) => Promise<{ token: string; staff: StaffMe }>;
  hashPassword: (password: string) => Promise<string>;
}

/**
 * Invitations to the back office (issue 39, decision 053), imitating the password reset's link (decision 020): a
 * random token mailed once, its SHA-256 stored, usable once until it expires. The owner sends, resends (a new link,
 * the old one stops) or revokes; the invitee sets their own password and is signed in, so nobody else ever knows it.
 */
export function createInvitations(parts: Partial<InvitationDeps> & Omit<Parts, keyof InvitationDeps>) {
  const { db, limiter, now } = parts;

  function mailDeps(): InvitationDeps {
    if (!parts.brand) throw new Error('Invitations need the store settings (brand) to write their mail.');
    return { publicUrl: parts.publicUrl, brand: parts.brand, mailQueued: parts.mailQueued };
  }

  /** A fresh link for the member, the old ones ended, and the mail, in the caller's transaction. */
  async function issue(tx: Db, actor: AuditActor, member: StaffRecord) {
    const { publicUrl, brand } = mailDeps();
    const token = newToken();
    const at = now();
    const t = staffRepository(tx);
    await t.revokeInvitationsOf(member.id, at);
    const expiresAt = new Date(at.getTime() + INVITATION_HOURS * HOUR_MS);
    await t.insertInvitation({ staffId: member.id, tokenHash: hashToken(token), invitedBy: actor.staffId, expiresAt });
    const link = `${(publicUrl ?? '').replace(/\/+$/, '')}/admin/invitation#token=${token}`;
    // The mail names who invited them, as the team knows them (the command line and the start are 'the store').
    const inviter = actor.staffId === null ? null : await t.findById(actor.staffId);
    const storeBrand = await brand(tx);
    await queueMail(tx, invitationMail(storeBrand, member, inviter?.name ?? storeBrand.storeName, link, INVITATION_HOURS));
    return expiresAt;
  }

  /** The invitation of a token, or the reason it no longer works (each said plainly). */
  async function live(tx: Db, token: string) {
    const found = await staffRepository(tx).invitationByHash(hashToken(token));
    if (!found) throw new DomainError('INVITATION_INVALID', INVITATION_MESSAGES.invalid);
    const { invitation, member } = found;
    if (invitation.usedAt) throw new DomainError('INVITATION_USED', INVITATION_MESSAGES.used);
    if (invitation.revokedAt || member.removedAt || member.passwordHash !== null) throw new DomainError('INVITATION_REVOKED', INVITATION_MESSAGES.revoked);
    if (invitation.expiresAt <= now()) throw new DomainError('INVITATION_EXPIRED', INVITATION_MESSAGES.expired);
    return found;
  }

  /** An invited member, locked: the one kind that has an invitation to resend or revoke. */
  async function invitedMember(tx: Db, id: number) {
    const member = await staffRepository(tx).lockById(id);
    if (!member || member.removedAt) throw new DomainError('STAFF_NOT_FOUND', 'No such staff member.');
    if (member.passwordHash !== null) throw new DomainError('CONFLICT', INVITATION_MESSAGES.notInvited);
    return member;
  }

  return {
    /** A member in the invited state (no password) and their mail, in one transaction. Answers the member's id. */
    async invite(actor: AuditActor, input: StaffInvite): Promise<number> {
      try {
        const id = await db.transaction(async (tx) => {
          const created = await staffRepository(tx).insert({
            email: input.email.trim().toLowerCase(),
            name: input.name.trim(),
            roles: normalRoles(input.roles),
            passwordHash: null,
          });
          const expiresAt = await issue(tx, actor, created);
          await recordAudit(tx, actor, {
            action: 'invite',
            entity: 'staff',
            entityId: created.id,
            after: { email: created.email, name: created.name, roles: created.roles, expiresAt: expiresAt.toISOString() },
          });
          return created.id;
        });
        parts.mailQueued?.();
        return id;
      } catch (error) {
        if (isUniqueViolation(error)) throw new DomainError('EMAIL_TAKEN', INVITATION_MESSAGES.emailTaken, { email: INVITATION_MESSAGES.emailTaken });
        throw error;
      }
    },

    /** A new link for an invited member: the old one stops working. */
    async resend(actor: AuditActor, id: number) {
      await db.transaction(async (tx) => {
        const member = await invitedMember(tx, id);
        const expiresAt = await issue(tx, actor, member);
        await recordAudit(tx, actor, { action: 'resend-invitation', entity: 'staff', entityId: id, after: { expiresAt: expiresAt.toISOString() } });
      });
      parts.mailQueued?.();
    },

    /** The member's link stops working; they stay listed as invited until the owner sends a new one or removes them. */
    async revoke(actor: AuditActor, id: number) {
      await db.transaction(async (tx) => {
        await invitedMember(tx, id);
        const revoked = await staffRepository(tx).revokeInvitationsOf(id, now());
        await recordAudit(tx, actor, { action: 'revoke-invitation', entity: 'staff', entityId: id, after: { revoked } });
      });
    },

    /** Who a link invites, while it works: the invitation page's greeting. */
    async lookup(token: string, ip: string) {
      await limiter.take(STAFF_LIMITS.invitationIp, ip);
      const { invitation, member } = await live(db, token);
      return {
        email: member.email,
        name: member.name,
        roles: normalRoles(member.roles),
        expiresAt: invitation.expiresAt.toISOString(),
        twoFactorRequired: await staffRepository(db).twoFactorRequired(),
      };
    },

    /**
     * Sets the invited member's own password (the staff rules: long enough, not a common one) and signs them in. The
     * link is spent in the same transaction as the password is set, compare-and-set, so it works once.
     */
    async accept(input: { token: string; password: string }, meta: { ip: string; userAgent: string | null }) {
      await limiter.take(STAFF_LIMITS.invitationIp, meta.ip);
      checkNewPassword(input.password);
      await live(db, input.token);
      const passwordHash = await parts.hashPassword(input.password);
      const member = await db.transaction(async (tx) => {
        const { invitation, member: m } = await live(tx, input.token);
        if (!(await staffRepository(tx).spendInvitation(invitation.id, now()))) throw new DomainError('INVITATION_USED', INVITATION_MESSAGES.used);
        const set = await staffRepository(tx).update(m.id, { passwordHash });
        await recordAudit(
          tx,
          { staffId: m.id, staffEmail: m.email, via: 'session', requestId: null },
          { action: 'accept-invitation', entity: 'staff', entityId: m.id, after: { roles: m.roles } },
        );
        return set!;
      });
      const { token, staff } = await parts.signIn(member, meta, { secondFactor: 'none', via: 'invitation' });
      return { token, staff, message: INVITATION_MESSAGES.accepted };
    },
  };
}
