import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { clearStoredUser } from '../../lib/session.ts';

/** The fetcher key shared by every Logout button, so a failure message shows wherever it is read. */
export const LOGOUT_FETCHER_KEY = 'logout';

export interface LogoutResult {
  ok: false;
  message: string;
}

/**
 * Logout posts to the root route's action (which calls POST /api/auth/logout, passes its cookie change
 * on and redirects home). It is a real form, so it works before the page has hydrated, too. On success
 * the stored greeting (userData) is cleared as well.
 */
export function LogoutButton({ className = '' }: { className?: string }) {
  const fetcher = useFetcher<LogoutResult>({ key: LOGOUT_FETCHER_KEY });
  const busy = fetcher.state !== 'idle';
  const wasBusy = useRef(false);
  useEffect(() => {
    if (busy) {
      wasBusy.current = true;
    } else if (wasBusy.current) {
      wasBusy.current = false;
      if (fetcher.data?.ok !== false) clearStoredUser();
    }
  }, [busy, fetcher.data]);

  return (
    <fetcher.Form method="post" action="/" className="logout-form">
      <input type="hidden" name="intent" value="logout" />
      <button type="submit" className={className} disabled={busy}>
        {busy ? 'Logging out…' : 'Logout'}
      </button>
    </fetcher.Form>
  );
}

/** The last logout failure, if any (spec §8: server message, 'Logout failed' or the network text). */
export function useLogoutError(): string | null {
  const fetcher = useFetcher<LogoutResult>({ key: LOGOUT_FETCHER_KEY });
  return fetcher.state === 'idle' && fetcher.data?.ok === false ? fetcher.data.message : null;
}
