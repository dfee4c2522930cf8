import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '@milli/db';
import { STAFF_COOKIE, STAFF_IDLE_MINUTES, rolesCan, type StaffPermission, type StaffRole } from '@milli/contracts';
import { DomainError } from '../domain-error.ts';
import { hashToken } from './session.ts';
import { staffSessionRepository } from './staff-repository.ts';

/** Who is acting in the back office: a member signed in with the staff cookie, or one of their API tokens. */
export interface StaffMember {
  id: number;
  email: string;
  name: string;
  /** Every role the member holds, read afresh on each request: a role taken away is gone from the next request on. */
  roles: StaffRole[];
  /** Whether the member is mailed about their desks (their own choice). */
  deskMail: boolean;
  /** Whether the member signs in with an authenticator app. */
  twoFactor: boolean;
  /** The store requires a second factor and this member has none yet: only 'self' routes (enrolment) are open. */
  mustEnrolTwoFactor: boolean;
  /** How this request is authorised: the staff cookie's session or an API token (its id). */
  via: { kind: 'session'; tokenHash: string } | { kind: 'token'; tokenId: number };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff member of the milli_staff cookie or of a Bearer token on /api/admin, or null. Reading it makes the answer private. */
    staff: StaffMember | null;
  }
  interface FastifyContextConfig {
    /** The permission a staff route needs (with access: 'staff'); checked by the staff plugin before validation. */
    permission?: StaffPermission;
    /**
     * Only a signed-in member, never an API token, may call the route: the member's own password, second factor
     * and tokens. Routes needing the 'staff' permission are session-only whether they say so or not.
     */
    sessionOnly?: boolean;
  }
}

const STAFF = Symbol('staff');
type WithStaff = FastifyRequest & { [STAFF]?: StaffMember | null };

/** A session's idle end is pushed on at most once a minute, so a busy page does not write on every call. */
const TOUCH_EVERY_MS = 60_000;
const IDLE_MS = STAFF_IDLE_MINUTES * 60_000;
/** API tokens are written `mst_` + 43 characters; anything longer is not looked up. */
const MAX_TOKEN_LENGTH = 200;

/**
 * The back office's identity (DECISIONS §5, issue 17): the `milli_staff` cookie (never the shop's cookie) or, on
 * /api/admin, `Authorization: Bearer <API token>`. Every staff route declares `config: { access: 'staff',
 * permission }`; one preParsing hook refuses before the body is read: 401 without a member, 403 when none of the
 * member's roles holds the permission, 403 TWO_FACTOR_SETUP_REQUIRED while the store requires a second factor the
 * member has not set up (only 'self' routes stay open, so they can enrol). Deny by default: a route under
 * /api/admin that declares no permission is refused to everyone but the spec's public paths (PUBLIC_ADMIN_PATHS).
 */
export function staffPlugin(app: FastifyInstance, db: Db) {
  app.decorateRequest('staff', {
    getter(this: FastifyRequest) {
      this.sessionRead = true;
      return (this as WithStaff)[STAFF] ?? null;
    },
    setter(this: FastifyRequest, value: StaffMember | null) {
      (this as WithStaff)[STAFF] = value;
    },
  });
  const repo = staffSessionRepository(db);

  async function identify(request: FastifyRequest, bearer: string | null, token: string | undefined) {
    const now = new Date();
    if (bearer) {
      const row = await repo.findToken(hashToken(bearer), now);
      if (!row) return;
      if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) await repo.touchToken(row.tokenId, now);
      request.staff = memberOf(row, { kind: 'token', tokenId: row.tokenId });
      return;
    }
    if (!token || token.length > MAX_TOKEN_LENGTH) return;
    const tokenHash = hashToken(token);
    const row = await repo.findSession(tokenHash, now);
    if (!row) return;
    if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) await repo.touchSession(tokenHash, now, new Date(now.getTime() + IDLE_MS));
    request.staff = memberOf(row, { kind: 'session', tokenHash });
  }

  // Synchronous for the requests that carry neither credential (every shopper's): nothing to look up.
  app.addHook('onRequest', (request, _reply, done) => {
    const bearer = request.url.startsWith('/api/admin/') ? bearerToken(request.headers.authorization) : null;
    const token = request.cookies[STAFF_COOKIE];
    if (!bearer && !token) return done();
    identify(request, bearer, token).then(() => done(), done);
  });

  // preParsing, not preValidation: the multipart plugin reads a body (files included, up to 150 MB on the photo
  // route) in its own preValidation hook, registered before this plugin, so a check there came after a stranger's
  // upload had been read into memory. Here the body has not been read at all (JSON and forms included).
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const config = request.routeOptions.config;
    if (config.access !== 'staff') {
      const url = request.routeOptions.url ?? '';
      if (url.startsWith('/api/admin/') && !PUBLIC_ADMIN_PATHS.has(url) && !STAFF_SIGN_IN_PATHS.has(url)) {
        // A staff route that forgot to declare itself: refused to everyone rather than open to anyone.
        return done(new DomainError('PERMISSION_DENIED', 'This part of the back office is not open to anyone yet.'));
      }
      return done(null, payload);
    }
    try {
      requirePermission(request, config.permission, { sessionOnly: config.sessionOnly === true });
    } catch (error) {
      return done(error as Error);
    }
    done(null, payload);
  });
}

/** The specification's public calls that happen to start with /api/admin/ (DECISIONS §5): they stay public. */
/** The staff module's way to the sessions and tokens this plugin keeps (sign-in, sign-out, the token desk, housekeeping). */
export const staffSessions = (tx: Db) => {
  const r = staffSessionRepository(tx);
  return {
    create: r.createSession,
    remove: r.deleteSession,
    removeOf: r.deleteSessionsOf,
    insertToken: r.insertToken,
    revokeToken: r.revokeToken,
    revokeTokensOf: r.revokeTokensOf,
    prune: r.prune,
  };
};

export const PUBLIC_ADMIN_PATHS = new Set(['/api/admin/tags', '/api/admin/other-stones', '/api/admin/cutom-jewelry/new-request']);

/** Signing in and out, and an invitation's link: open to whoever is not signed in yet (rate limited by the staff module). */
export const STAFF_SIGN_IN_PATHS = new Set(['/api/admin/auth/login', '/api/admin/auth/logout', '/api/admin/invitation', '/api/admin/invitation/accept']);

function memberOf(
  row: { id: number; email: string; name: string; roles: StaffRole[]; deskMail: boolean; totpEnabledAt: Date | null; twoFactorRequired: boolean | null },
  via: StaffMember['via'],
): StaffMember {
  const twoFactor = row.totpEnabledAt !== null;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    roles: row.roles,
    deskMail: row.deskMail,
    twoFactor,
    mustEnrolTwoFactor: !twoFactor && row.twoFactorRequired === true,
    via,
  };
}

function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  const token = match?.[1];
  return token && token.length <= MAX_TOKEN_LENGTH ? token : null;
}

/**
 * 401 without a staff member; 403 when their role lacks `permission` (no permission named: nobody), when an API
 * token calls a session-only route (managing staff, or the member's own password, second factor and tokens), or
 * while they must still set up the second factor the store requires. Returns the member.
 */
export function requirePermission(request: FastifyRequest, permission: StaffPermission | undefined, options: { sessionOnly?: boolean } = {}): StaffMember {
  const member = request.staff;
  if (!member) throw new DomainError('STAFF_SIGN_IN_REQUIRED', 'Please sign in to the back office.');
  // The union of the member's roles (issue 39), as the database has them on this request.
  if (!permission || !rolesCan(member.roles, permission)) {
    throw new DomainError('PERMISSION_DENIED', 'Your roles do not allow this.');
  }
  if (member.via.kind === 'token' && (options.sessionOnly || permission === 'staff')) {
    throw new DomainError('PERMISSION_DENIED', 'An API token cannot do this: sign in to the back office.');
  }
  if (member.mustEnrolTwoFactor && permission !== 'self') {
    throw new DomainError('TWO_FACTOR_SETUP_REQUIRED', 'The store requires two-factor sign-in: please set up your authenticator app first.');
  }
  return member;
}

/** The member of a route declared `access: 'staff'` (the hook has already checked them). */
export function staffOf(request: FastifyRequest): StaffMember {
  const member = request.staff;
  if (!member) throw new DomainError('STAFF_SIGN_IN_REQUIRED', 'Please sign in to the back office.');
  return member;
}
