import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '@milli/db';
import type { ReadCache } from './read-cache.ts';
import { DomainError } from '../domain-error.ts';
import { sessionRepository } from './session-repository.ts';

export const SESSION_COOKIE = 'milli_session';
/** A login lasts 30 days; each visit in its last half extends it. */
export const SESSION_DAYS = 30;
const DAY_MS = 86_400_000;

export interface SessionCustomer {
  id: number;
  username: string;
  email: string;
  role: 'customer' | 'staff';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The customer of the session cookie, or null. The only source of identity (DECISIONS §3). Reading it sets `sessionRead`. */
    customer: SessionCustomer | null;
    sessionTokenHash: string | null;
    /** Whether the answer was made with the session in hand (someone read `customer`): it is then this visitor's own. */
    sessionRead: boolean;
    /** Set by the web plugin: a shared page, rendered without identity and the same for everyone (decision 032). */
    sharedPage: boolean;
  }
}

const CUSTOMER = Symbol('customer');
type WithCustomer = FastifyRequest & { [CUSTOMER]?: SessionCustomer | null };
/** The token of a session this request extended, whose cookie its answer sends again. */
const EXTENDED = Symbol('extended');
type WithExtended = FastifyRequest & { [EXTENDED]?: string };

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new session for the customer (login, sign-up), in the caller's transaction. */
export function saveSession(tx: Db, tokenHash: string, customerId: number, expiresAt: Date): Promise<void> {
  return sessionRepository(tx).create(tokenHash, customerId, expiresAt);
}
/** Ends one session (logout). */
export function endSession(tx: Db, tokenHash: string): Promise<void> {
  return sessionRepository(tx).remove(tokenHash);
}
/** Ends every session of the customer but `exceptTokenHash` (a new password, a reset, an e-mail change undone). */
export function endSessionsOf(tx: Db, customerId: number, exceptTokenHash?: string | null): Promise<void> {
  return sessionRepository(tx).removeOf(customerId, exceptTokenHash);
}
/** Housekeeping: sessions expired before `before` go. */
export function pruneSessions(tx: Db, before: Date): Promise<number> {
  return sessionRepository(tx).prune(before);
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What a session says, as kept: its customer and when it ends. */
interface KeptSession {
  customer: SessionCustomer;
  expiresAt: number;
}

/** Room a kept session takes in the cache's budget (its key, the customer's names and the object). */
const KEPT_SESSION_BYTES = 512;

/**
 * Reads the session cookie on every request; stale or unknown tokens simply mean "nobody". A page makes
 * several in-process API calls with the same cookie, and a shopper many requests, so sessions once read are
 * kept in `cache` (when given): its database channel announces every logout, password reset, profile change
 * and removal (migration 0005), which empties it on every instance, and it keeps nothing while it cannot hear
 * them. Unknown tokens are never kept, so guessing fills nothing.
 */
export function sessionPlugin(app: FastifyInstance, db: Db, opts: { secureCookies: boolean; cache?: ReadCache }) {
  // Whoever asks who the visitor is makes the answer depend on it: the getter notes that, so the one hook below
  // can mark every such answer private without each route having to remember.
  app.decorateRequest('customer', {
    getter(this: FastifyRequest) {
      this.sessionRead = true;
      return (this as WithCustomer)[CUSTOMER] ?? null;
    },
    setter(this: FastifyRequest, value: SessionCustomer | null) {
      (this as WithCustomer)[CUSTOMER] = value;
    },
  });
  app.decorateRequest('sessionTokenHash', null);
  app.decorateRequest('sessionRead', false);
  app.decorateRequest('sharedPage', false);

  // The one place that says an answer is personal (decision 021): an answer made with the session in hand (any
  // API call or file that read it), and every page answered to a visitor with cookies (a page shows the
  // session's name, cart and wish list), must not be kept by a shared cache nor by the browser's. A shared page
  // (decision 032) is the exception: rendered without identity, the same for everyone, it keeps its public
  // marking when it sets no cookie.
  app.addHook('onSend', (request, reply, payload, done) => {
    const extended = (request as WithExtended)[EXTENDED];
    if (extended) {
      // The session was extended (onRequest below): the cookie is sent again, unless this answer sets the session
      // cookie itself (a login, a logout, a page passing on the API's), whose word is the last. An answer carrying
      // the token is this visitor's alone, whatever it is (a shared page, a file): private, no-store.
      const cookies = [reply.getHeader('set-cookie') ?? []].flat().map(String);
      if (!cookies.some((c) => c.startsWith(`${SESSION_COOKIE}=`))) reply.setSessionCookie(extended);
      reply.header('cache-control', 'private, no-store');
    } else if (request.sessionRead || (request.headers.cookie && request.routeOptions.url === '/*' && !everyones(request, reply))) {
      reply.header('cache-control', 'private, no-store');
    }
    done(null, payload);
  });
  const everyones = (request: FastifyRequest, reply: FastifyReply) =>
    request.sharedPage && !reply.hasHeader('set-cookie') && /\bpublic\b/.test(String(reply.getHeader('cache-control') ?? ''));

  const sessions = sessionRepository(db);

  async function load(tokenHash: string): Promise<KeptSession | null> {
    const row = await sessions.find(tokenHash, new Date());
    if (!row) return null;
    return { customer: { id: row.id, username: row.username, email: row.email, role: row.role }, expiresAt: row.expiresAt.getTime() };
  }

  /** The visitor of a session as kept (or null), and whether its end must be pushed on now. */
  function admit(request: FastifyRequest, tokenHash: string, session: KeptSession | null, now: number): boolean {
    if (!session || session.expiresAt <= now) return false;
    request.customer = session.customer;
    request.sessionTokenHash = tokenHash;
    return session.expiresAt - now < (SESSION_DAYS / 2) * DAY_MS;
  }

  async function extend(request: FastifyRequest, token: string, tokenHash: string, now: number) {
    // Extended once: the update announces itself and the cache forgets the old end.
    await sessions.extend(tokenHash, new Date(now + SESSION_DAYS * DAY_MS), new Date(now));
    opts.cache?.invalidate();
    // The browser's cookie is extended too (onSend above), or it would end SESSION_DAYS after the login whatever
    // the visits.
    (request as WithExtended)[EXTENDED] = token;
  }

  async function lookUp(request: FastifyRequest, token: string, tokenHash: string) {
    const session = opts.cache
      ? await opts.cache.get(
          `session:${tokenHash}`,
          () => load(tokenHash),
          () => KEPT_SESSION_BYTES,
          (kept) => kept !== null,
        )
      : await load(tokenHash);
    const now = Date.now();
    if (admit(request, tokenHash, session, now)) await extend(request, token, tokenHash, now);
  }

  // Synchronous unless the database must be asked (a session not kept yet, or one to extend): it runs for every
  // request, and most carry no session cookie or one that is kept.
  app.addHook('onRequest', (request, _reply, done) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 200) return done();
    const tokenHash = hashToken(token);
    const kept = opts.cache?.peek<KeptSession>(`session:${tokenHash}`);
    if (kept) {
      const now = Date.now();
      if (!admit(request, tokenHash, kept, now)) return done();
      extend(request, token, tokenHash, now).then(() => done(), done);
      return;
    }
    lookUp(request, token, tokenHash).then(() => done(), done);
  });

  // Who may call is declared on the route (`config: { access: 'customer' }`) and checked here, before the body is
  // read: a guest hears 401, never a remark about what was sent; the API document reads the same declaration.
  app.addHook('preValidation', (request, _reply, done) => {
    // 'staff' routes are checked by the staff plugin (plugins/staff.ts), against the staff cookie, never this one.
    if (request.routeOptions.config.access === 'customer') {
      try {
        requireCustomer(request);
      } catch (error) {
        return done(error as Error);
      }
    }
    done();
  });

  app.decorateReply('setSessionCookie', function (this: FastifyReply, token: string) {
    this.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: opts.secureCookies || this.request.protocol === 'https',
      maxAge: SESSION_DAYS * 86_400,
    });
  });
  app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
    this.clearCookie(SESSION_COOKIE, { path: '/' });
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: checked by the session plugin before validation, and shown in /api/docs. */
    access?: 'customer' | 'staff';
  }
  interface FastifyReply {
    setSessionCookie(token: string): void;
    clearSessionCookie(): void;
  }
}

/** 401 without a session. */
export function requireCustomer(request: FastifyRequest): SessionCustomer {
  if (!request.customer) throw new DomainError('UNAUTHENTICATED', 'Please log in to continue.');
  return request.customer;
}

/**
 * The one guard of every call that names a user id (cart, wish list, orders, custom requests, harvest…):
 * 401 without a session, 403 when the id in the path or body is not the session's own.
 */
export function requireSelf(request: FastifyRequest, userId: unknown): SessionCustomer {
  const customer = requireCustomer(request);
  const id = typeof userId === 'string' && /^\d{1,10}$/.test(userId.trim()) ? Number(userId) : userId;
  if (id !== customer.id) throw new DomainError('FORBIDDEN', 'You can only see and change your own account.');
  return customer;
}
