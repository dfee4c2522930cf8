/**
 * Confirmation for destructive actions (issue 17): an accessible modal dialog (role dialog, aria-modal, named by its
 * title, focus moved in and kept in, Escape or Cancel closes and gives focus back to the button that opened it).
 *
 * `ConfirmAction` goes inside a form. Its button carries the form's `intent`; with JavaScript it opens the dialog,
 * whose confirm button posts `intent` and `confirmed=yes`. Without JavaScript the button posts `intent` alone;
 * the action sees `!isConfirmed(form)` and answers `{ confirm: intent }`, and the screen renders the same
 * ConfirmAction with `open` so the dialog shows in the page and its confirm button posts again, confirmed:
 *
 *   <Form method="post">
 *     <input type="hidden" name="id" value={p.id} />
 *     <ConfirmAction intent="archive" label="Archive" title={`Archive ${p.name}?`} confirmLabel="Archive"
 *       open={result?.confirm === 'archive'}>
 *       It leaves the storefront at once. You can restore it later.
 *     </ConfirmAction>
 *   </Form>
 *
 *   // action: if (!isConfirmed(form)) return { confirm: String(form.get('intent')) };
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { isConfirmed } from '../../lib/admin-confirm.ts';

export { isConfirmed };

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ConfirmDialogProps {
  title: string;
  children?: ReactNode;
  /** The confirm button's words ('Delete', 'Archive 3 products'). */
  confirmLabel: string;
  cancelLabel?: string;
  onCancel: () => void;
  /** The confirm button: a submit button posting `name=value` (the default), or a plain button calling onConfirm. */
  confirm: { submit: { name: string; value: string } } | { onConfirm: () => void };
  tone?: 'danger' | 'primary';
}

/** The dialog itself, rendered in place (inside the form it confirms). */
export function ConfirmDialog({ title, children, confirmLabel, cancelLabel = 'Cancel', onCancel, confirm, tone = 'danger' }: ConfirmDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const box = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // The safe choice gets focus first: Enter by habit never destroys anything.
    cancel.current?.focus();
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
      return;
    }
    if (event.key !== 'Tab' || !box.current) return;
    const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    const active = box.current.ownerDocument.activeElement;
    if (event.shiftKey && (active === first || !box.current.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !box.current.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div className="adm-dialog-backdrop">
      <div
        ref={box}
        className="adm-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={children ? bodyId : undefined}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="adm-dialog__title">
          {title}
        </h2>
        {children && (
          <div id={bodyId} className="adm-dialog__body">
            {children}
          </div>
        )}
        <div className="adm-dialog__actions">
          <button ref={cancel} type="button" className="adm-button adm-button--secondary" onClick={onCancel}>
            {cancelLabel}
          </button>
          {'submit' in confirm ? (
            <>
              <input type="hidden" name="confirmed" value="yes" />
              <button type="submit" name={confirm.submit.name} value={confirm.submit.value} className={`adm-button adm-button--${tone}`}>
                {confirmLabel}
              </button>
            </>
          ) : (
            <button type="button" className={`adm-button adm-button--${tone}`} onClick={confirm.onConfirm}>
              {confirmLabel}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

export interface ConfirmActionProps {
  /** What the form posts as `intent` (the action tells its buttons apart by it). */
  intent: string;
  /** The button that opens the dialog. */
  label: ReactNode;
  title: string;
  confirmLabel: string;
  children?: ReactNode;
  /** Shown open (the no-JavaScript path: the action asked for confirmation). */
  open?: boolean;
  tone?: 'danger' | 'primary';
  /** The opening button's look. */
  buttonTone?: 'danger' | 'secondary' | 'primary';
  /** The input name the intent is posted under ('intent'). */
  name?: string;
  disabled?: boolean;
}

/** A button inside a form that asks before it posts `intent` (see the file's comment). */
export function ConfirmAction({
  intent,
  label,
  title,
  confirmLabel,
  children,
  open = false,
  tone = 'danger',
  buttonTone = 'secondary',
  name = 'intent',
  disabled,
}: ConfirmActionProps) {
  const [shown, setShown] = useState(open);
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => setShown(open), [open]);
  return (
    <>
      <button
        ref={opener}
        type="submit"
        name={name}
        value={intent}
        className={`adm-button adm-button--${buttonTone}`}
        disabled={disabled}
        aria-haspopup="dialog"
        onClick={(event) => {
          // With JavaScript, ask first; without it the form posts and the action asks (see above).
          event.preventDefault();
          setShown(true);
        }}
      >
        {label}
      </button>
      {shown && (
        <ConfirmDialog
          title={title}
          confirmLabel={confirmLabel}
          tone={tone}
          confirm={{ submit: { name, value: intent } }}
          onCancel={() => {
            setShown(false);
            opener.current?.focus();
          }}
        >
          {children}
        </ConfirmDialog>
      )}
    </>
  );
}
