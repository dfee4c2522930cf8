import { useEffect } from 'react';

/**
 * A shared page (decision 032) is public, so the browser may keep it whole in its back-forward cache, with the
 * greeting, cart and hearts it filled in, even after a logout in another page (a private page it would drop once
 * the session cookie changed): Back would show the shopper who left to whoever uses the browser next. A page
 * that shows a signed-in shopper therefore hides itself as it goes into that cache and loads afresh when it
 * comes back, as a private page would.
 */
export function useNotRestoredWithShopper(signedIn: boolean) {
  useEffect(() => {
    if (!signedIn) return;
    const leave = (event: PageTransitionEvent) => {
      if (event.persisted) document.body.style.visibility = 'hidden';
    };
    const back = (event: PageTransitionEvent) => {
      if (event.persisted) window.location.reload();
    };
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', back);
    return () => {
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', back);
    };
  }, [signedIn]);
}
