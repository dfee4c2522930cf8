import type { ApiClient } from './api.ts';

/** Who is logged in, as the storefront sees it: enough to greet and to switch the header's links. */
export interface SessionUser {
  userId: number;
  userName: string;
}

/**
 * The local-storage key of the spec's stored session. It only tells the client whom to greet: identity
 * itself is the http-only session cookie (DECISIONS §3), which the server reads.
 */
export const USER_DATA_KEY = 'userData';

export function toSessionUser(value: unknown): SessionUser | null {
  if (!value || typeof value !== 'object') return null;
  const { userId, userName } = value as Record<string, unknown>;
  const id = typeof userId === 'string' && /^\d+$/.test(userId) ? Number(userId) : userId;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return null;
  if (typeof userName !== 'string') return null;
  return { userId: id, userName };
}

/**
 * The visitor's user from the session cookie (GET /api/auth/me), or null when nobody is logged in or
 * the sessions API is not there yet. Never throws: a header must render whatever the API does.
 */
export async function loadSessionUser(api: ApiClient): Promise<SessionUser | null> {
  try {
    const res = await api.raw('/api/auth/me', { headers: { accept: 'application/json' } });
    if (res.status !== 200 || !(res.headers.get('content-type') ?? '').includes('application/json')) return null;
    return toSessionUser(await res.json());
  } catch {
    return null;
  }
}

/** Browser only: remember the greeting after a login answer. */
export function storeUser(user: SessionUser): void {
  try {
    window.localStorage.setItem(USER_DATA_KEY, JSON.stringify(user));
  } catch {
    // Private mode or storage full: the session cookie still works, only the greeting cache is lost.
  }
}

/** Browser only: forget the greeting (logout). */
export function clearStoredUser(): void {
  try {
    window.localStorage.removeItem(USER_DATA_KEY);
  } catch {
    // Storage unavailable: nothing was stored.
  }
}

/**
 * Browser only: keeps the stored greeting (userData) in step with the session the server reports (the root
 * loader's `user`), so it is written after a login redirect and dropped after a logout or an expired
 * session, whichever page the visitor lands on.
 */
export function syncStoredUser(user: SessionUser | null): void {
  try {
    if (!user) {
      window.localStorage.removeItem(USER_DATA_KEY);
      return;
    }
    const next = JSON.stringify({ userId: user.userId, userName: user.userName });
    if (window.localStorage.getItem(USER_DATA_KEY) !== next) window.localStorage.setItem(USER_DATA_KEY, next);
  } catch {
    // Storage unavailable: the session cookie still works, only the greeting cache is lost.
  }
}

/** The spec's one-shot flag (local storage, string 'true'): set by a successful sign-up, read once by the login screen. */
export const REGISTRATION_FLAG_KEY = 'registrationSuccess';

/** Browser only: remember that a sign-up has just succeeded. */
export function flagRegistrationSuccess(): void {
  try {
    window.localStorage.setItem(REGISTRATION_FLAG_KEY, 'true');
  } catch {
    // Storage unavailable: the login screen still learns it from ?registered=1.
  }
}

/** Browser only: whether a sign-up has just succeeded; the flag is removed as it is read. */
export function takeRegistrationSuccess(): boolean {
  try {
    const flagged = window.localStorage.getItem(REGISTRATION_FLAG_KEY) === 'true';
    window.localStorage.removeItem(REGISTRATION_FLAG_KEY);
    return flagged;
  } catch {
    return false;
  }
}
