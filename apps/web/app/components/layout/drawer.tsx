import { useEffect, useRef, type ReactNode } from 'react';
import { CloseIcon } from './icons.tsx';

/**
 * A modal side drawer on the native <dialog>: showModal() makes the rest of the page inert (focus stays
 * inside), Escape closes, a click on the dimmed overlay closes, and focus returns to whatever opened it.
 * Its content exists only while it is open (issue 40: the menu, search and cart drawers were a tenth of every
 * page's elements, never seen): without JavaScript each trigger is a link to a real place instead (the footer's
 * navigation, the listing's search, the cart page, the listing's own filters).
 */
export function Drawer({
  id,
  open,
  onClose,
  side,
  title,
  className = '',
  initialFocusId,
  children,
}: {
  id: string;
  open: boolean;
  onClose: () => void;
  side: 'left' | 'right';
  title: string;
  className?: string;
  /** The field that takes focus when the drawer opens (else the browser's choice: its first control). */
  initialFocusId?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      if (initialFocusId) document.getElementById(initialFocusId)?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, initialFocusId]);

  const titleId = `${id}-title`;
  return (
    <dialog
      ref={ref}
      id={id}
      className={`drawer drawer--${side} ${className}`}
      aria-labelledby={titleId}
      onClose={() => {
        onClose();
        const target = returnTo.current;
        returnTo.current = null;
        if (target?.isConnected) target.focus();
      }}
      onClick={(event) => {
        // Only the backdrop reports the dialog itself as the target: the body fills the dialog's box.
        if (event.target === event.currentTarget) ref.current?.close();
      }}
    >
      {open && (
        <div className="drawer-body">
          <div className="drawer-head">
            <h2 className="drawer-title" id={titleId}>
              {title}
            </h2>
            <a
              href="#main"
              className="icon-btn drawer-close"
              role="button"
              aria-label={`Close ${title.toLowerCase()}`}
              onClick={(event) => {
                // Opened as the :target before hydration? Then the link's own #main navigation closes it.
                if (!ref.current?.open) return;
                event.preventDefault();
                ref.current.close();
              }}
              onKeyDown={(event) => {
                if (event.key === ' ') {
                  event.preventDefault();
                  event.currentTarget.click();
                }
              }}
            >
              <CloseIcon />
            </a>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}
