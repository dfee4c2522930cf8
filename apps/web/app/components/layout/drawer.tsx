import { useEffect, useRef, type ReactNode } from 'react';
import { CloseIcon } from './icons.tsx';

/**
 * A modal side drawer on the native <dialog>: showModal() makes the rest of the page inert (focus stays
 * inside), Escape closes, a click on the dimmed overlay closes, and focus returns to whatever opened it.
 * Without JavaScript the trigger links to #id and CSS shows the drawer as the :target.
 */
export function Drawer({
  id,
  open,
  onClose,
  side,
  title,
  className = '',
  children,
}: {
  id: string;
  open: boolean;
  onClose: () => void;
  side: 'left' | 'right';
  title: string;
  className?: string;
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
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

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
    </dialog>
  );
}
