import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { ChevronDownIcon } from './icons.tsx';
import { useHydrated } from './use-hydrated.ts';

/** A click within this long of opening (by hover or focus) is the same gesture: keep the menu open. */
const SAME_GESTURE_MS = 400;

/**
 * One item of the main navigation with a drop-down panel (the disclosure pattern, issue 40). The panel's links
 * exist only while it is open, so a closed panel is out of the Tab order and out of every page's HTML (a thousand
 * links once). Without JavaScript the entry is a plain link to its page (a material's listing, whose filter panel
 * offers the same choices); with it, a button: pointing at it, Enter, Space or a click opens the panel, ArrowDown or
 * ArrowUp opens it and moves into it, Escape closes it and returns focus to the button, and a navigation closes it.
 * Focus alone does not open it: tabbing past the menus costs one press each.
 */
export function NavDropdown({
  id,
  label,
  href,
  className = '',
  panelClassName = '',
  children,
}: {
  id: string;
  label: string;
  /** Where the entry leads without JavaScript. */
  href: string;
  className?: string;
  panelClassName?: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const openedAt = useRef(0);
  const itemRef = useRef<HTMLLIElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const location = useLocation();

  const where = location.pathname + location.search;
  const lastWhere = useRef(where);
  useEffect(() => {
    if (where === lastWhere.current) return;
    lastWhere.current = where;
    // A link inside was followed: close, and stay closed under the still-hovering pointer.
    setOpen(false);
    setDismissed(true);
  }, [where]);

  const show = () => {
    if (!open) openedAt.current = Date.now();
    setOpen(true);
    setDismissed(false);
  };
  const reset = () => {
    setOpen(false);
    setDismissed(false);
  };
  const dismiss = (refocus: boolean) => {
    setOpen(false);
    setDismissed(true);
    if (refocus && triggerRef.current && document.activeElement !== triggerRef.current) {
      triggerRef.current.focus();
    }
  };

  if (!hydrated) {
    return (
      <li className={`nav-item ${className}`}>
        {/* The chevron too: the button that replaces the link takes the same room, so nothing moves. A fragment (the
            footer's Gifting column) stays a bare fragment: a router link would put the page's own path before it, and
            a shared page asked for as //other.host/… would link to that host. */}
        {href.startsWith('#') ? (
          <a href={href} className="nav-link">
            {label}
            <ChevronDownIcon className="nav-chevron" />
          </a>
        ) : (
          <Link to={href} className="nav-link">
            {label}
            <ChevronDownIcon className="nav-chevron" />
          </Link>
        )}
      </li>
    );
  }

  return (
    <li
      ref={itemRef}
      className={`nav-item has-panel ${className}`}
      data-open={open || undefined}
      data-dismissed={dismissed || undefined}
      onMouseEnter={show}
      onMouseLeave={() => {
        if (!itemRef.current?.contains(document.activeElement)) reset();
        else dismiss(false);
      }}
      onBlur={(event) => {
        const item = itemRef.current;
        if (item?.contains(event.relatedTarget as Node | null)) return;
        // A followed link loses focus as its panel hides, while the pointer may still rest where the panel was.
        if (dismissed && item?.matches(':hover')) setOpen(false);
        else reset();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          dismiss(true);
        }
      }}
    >
      <button
        ref={triggerRef}
        type="button"
        className="nav-link nav-trigger"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          if (open && Date.now() - openedAt.current > SAME_GESTURE_MS) dismiss(false);
          else show();
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            show();
            // The panel becomes visible on the next paint; focus its first link then.
            requestAnimationFrame(() => panelRef.current?.querySelector<HTMLElement>('a, button')?.focus());
          }
        }}
      >
        {label}
        <ChevronDownIcon className="nav-chevron" />
      </button>
      <div id={id} ref={panelRef} className={`nav-panel ${panelClassName}`}>
        {open && children}
      </div>
    </li>
  );
}
