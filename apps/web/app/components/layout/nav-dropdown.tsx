import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ChevronDownIcon } from './icons.tsx';

/**
 * Whether the panel around has been opened in this browser (by pointer, focus, click or key). Panels whose
 * content is large render it only from then on, so the server's HTML of every page stays small.
 */
const OpenedContext = createContext(false);

export function usePanelOpened(): boolean {
  return useContext(OpenedContext);
}

/** A click within this long of opening (by hover or focus) is the same gesture: keep the menu open. */
const SAME_GESTURE_MS = 400;

/**
 * One item of the main navigation with a drop-down panel (disclosure pattern). Without JavaScript the
 * panel opens by CSS on :hover and :focus-within; with it, state mirrors that (aria-expanded), Escape
 * closes and returns focus to the trigger, ArrowDown opens and moves into the panel, and a navigation
 * closes the panel.
 */
export function NavDropdown({
  id,
  label,
  className = '',
  panelClassName = '',
  children,
}: {
  id: string;
  label: ReactNode;
  className?: string;
  panelClassName?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const openedAt = useRef(0);
  const quietFocus = useRef(false);
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
    setOpened(true);
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
      quietFocus.current = true;
      triggerRef.current.focus();
      quietFocus.current = false;
    }
  };

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
      onFocus={() => {
        if (!quietFocus.current && !dismissed) show();
      }}
      onBlur={(event) => {
        const item = itemRef.current;
        if (item?.contains(event.relatedTarget as Node | null)) return;
        // A followed link loses focus as its panel hides; the pointer may still rest where the panel was, and
        // the browser may not yet have noticed it left. Forgetting the dismissal then would let :hover open it again.
        if (dismissed && item?.matches(':hover')) setOpen(false);
        else reset();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && (open || !dismissed)) {
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
          if (event.key === 'ArrowDown') {
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
        <OpenedContext.Provider value={opened}>{children}</OpenedContext.Provider>
      </div>
    </li>
  );
}
