import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useLocation } from 'react-router';

/** My Account's tabs, in the specification's order (spec §2). */
export const ACCOUNT_TABS = [
  { id: 'profile', label: 'Profile' },
  { id: 'orders', label: 'Orders' },
  { id: 'payments', label: 'Payments' },
  { id: 'store-credit', label: 'Store credit' },
  { id: 'rate-locks', label: 'Rate locks' },
  { id: 'metal-account', label: 'Metal account' },
  { id: 'addresses', label: 'Addresses' },
  { id: 'edit', label: 'Edit Profile' },
  { id: 'logout', label: 'Logout' },
] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number]['id'];

export function tabFromSearch(search: string): AccountTab {
  const asked = new URLSearchParams(search).get('tab');
  return ACCOUNT_TABS.find((t) => t.id === asked)?.id ?? 'profile';
}

export const tabHref = (tab: AccountTab) => `/account?tab=${tab}`;
export const tabId = (tab: AccountTab) => `account-tab-${tab}`;
export const panelId = (tab: AccountTab) => `account-panel-${tab}`;

/**
 * The open tab. The address (?tab=…) decides on a page load, so each tab works without script and can be
 * bookmarked; with script, choosing a tab only rewrites the address (no loader runs again), and any later
 * router navigation (a link to /account?tab=orders, a form post) puts the address back in charge.
 */
export function useAccountTab(): [AccountTab, (tab: AccountTab) => void] {
  const location = useLocation();
  const [chosen, setChosen] = useState<{ key: string; tab: AccountTab } | null>(null);
  const tab = chosen && chosen.key === location.key ? chosen.tab : tabFromSearch(location.search);
  const choose = (next: AccountTab) => {
    setChosen({ key: location.key, tab: next });
    // history.state is the router's own entry: kept as is, only the address changes.
    window.history.replaceState(window.history.state, '', tabHref(next));
  };
  return [tab, choose];
}

/**
 * The tab list (WAI-ARIA tabs, automatic activation): arrow keys move along the tabs (both axes, as the
 * list is a column on wide screens and a row on phones), Home and End jump to the ends. Each tab is a
 * real link, so before the page has hydrated every tab is an ordinary, focusable link; after it, only
 * the open tab is in the Tab order (roving tabindex).
 */
export function AccountTabList({ active, onSelect }: { active: AccountTab; onSelect: (tab: AccountTab) => void }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const tabs = useRef<(HTMLAnchorElement | null)[]>([]);

  const move = (event: KeyboardEvent<HTMLAnchorElement>, index: number) => {
    const last = ACCOUNT_TABS.length - 1;
    const to =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? (index + 1) % ACCOUNT_TABS.length
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? (index + last) % ACCOUNT_TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (to === null) return;
    event.preventDefault();
    onSelect(ACCOUNT_TABS[to]!.id);
    tabs.current[to]?.focus();
  };

  const click = (event: MouseEvent<HTMLAnchorElement>, tab: AccountTab) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    onSelect(tab);
  };

  return (
    <div className="account-tablist" role="tablist" aria-label="My account">
      {ACCOUNT_TABS.map((t, index) => (
        <a
          key={t.id}
          ref={(el) => {
            tabs.current[index] = el;
          }}
          id={tabId(t.id)}
          href={tabHref(t.id)}
          role="tab"
          aria-selected={t.id === active}
          aria-controls={panelId(t.id)}
          tabIndex={hydrated ? (t.id === active ? 0 : -1) : undefined}
          onClick={(event) => click(event, t.id)}
          onKeyDown={(event) => move(event, index)}
        >
          {t.label}
        </a>
      ))}
    </div>
  );
}
