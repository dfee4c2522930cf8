import { useEffect, useRef, useState } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { CloseIcon } from '../../components/layout/icons.tsx';
import { fieldErrorId, fieldErrorProps } from '../../lib/field-errors.ts';

export const SIZER_DIALOG_ID = 'get-free-sizer';

export interface SizerResult {
  intent: 'sizer';
  ok: boolean;
  message: string;
  fieldErrors?: Partial<Record<'name' | 'phone' | 'email' | 'address' | 'pincode', string>>;
}

/**
 * 'Not sure about size?' opens the 'Get Free Sizer' form (spec §2) in a modal <dialog>: showModal()
 * keeps focus inside and makes the page behind inert, Escape closes it, and focus returns to the
 * button. Without JavaScript the trigger is a link to #get-free-sizer, which CSS shows as the :target,
 * and the form posts to the page's action like any form.
 */
/** Open from the start when the page shows the answer of a sizer request (posted without JavaScript). */
export function useSizerDialog(initiallyOpen = false) {
  const [open, setOpen] = useState(initiallyOpen);
  const triggerRef = useRef<HTMLAnchorElement>(null);
  return { open, setOpen, triggerRef };
}

type SizerControl = ReturnType<typeof useSizerDialog>;

/** 'Not sure about size?': a link to the dialog without JavaScript, a dialog opener with it. */
export function SizerTrigger({ control }: { control: SizerControl }) {
  const { open, setOpen, triggerRef } = control;
  return (
    <a
      ref={triggerRef}
      href={`#${SIZER_DIALOG_ID}`}
      className="link-button sizer-trigger"
      role="button"
      aria-haspopup="dialog"
      aria-controls={SIZER_DIALOG_ID}
      aria-expanded={open}
      onClick={(event) => {
        event.preventDefault();
        setOpen(true);
      }}
      onKeyDown={(event) => {
        if (event.key === ' ') {
          event.preventDefault();
          setOpen(true);
        }
      }}
    >
      Not sure about size?
    </a>
  );
}

/** The dialog itself: render it outside any other form (it holds a form of its own). */
export function SizerDialog({ productId, fallback, control }: { productId: number; fallback?: SizerResult | null; control: SizerControl }) {
  const { open, setOpen, triggerRef } = control;
  const fetcher = useFetcher<SizerResult>();
  const location = useLocation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const result = fetcher.data ?? fallback ?? null;
  const busy = fetcher.state !== 'idle';

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);

  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const invalid = (name: keyof NonNullable<SizerResult['fieldErrors']>) => fieldErrorProps(`sizer-${name}`, errors[name]);
  const fieldError = (name: keyof NonNullable<SizerResult['fieldErrors']>) =>
    errors[name] ? (
      <span id={fieldErrorId(`sizer-${name}`)} className="field-error">
        {errors[name]}
      </span>
    ) : null;

  return (
    <>
      <dialog
        ref={dialogRef}
        id={SIZER_DIALOG_ID}
        // Without JavaScript, is-requested shows the dialog in place (the answer of a posted request).
        className={`modal${open ? ' is-requested' : ''}`}
        aria-labelledby="sizer-title"
        aria-describedby="sizer-lead"
        onClose={() => {
          setOpen(false);
          triggerRef.current?.focus();
        }}
        onClick={(event) => {
          // Only the backdrop reports the dialog itself as the target.
          if (event.target === event.currentTarget) setOpen(false);
        }}
      >
        <div className="modal-body">
          <div className="modal-head">
            <h2 id="sizer-title" className="modal-title">
              Get Free Sizer
            </h2>
            <a
              href={location.pathname + location.search}
              className="icon-btn"
              role="button"
              aria-label="Close Get Free Sizer"
              onClick={(event) => {
                if (!dialogRef.current?.open) return;
                event.preventDefault();
                setOpen(false);
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
          <p id="sizer-lead" className="muted">
            We post you a free ring sizer, so the piece fits the first time.
          </p>
          {result && (
            <p className={result.ok ? 'alert-success' : 'alert-error'} role={result.ok ? 'status' : 'alert'}>
              {result.message}
            </p>
          )}
          {!result?.ok && (
            <fetcher.Form method="post" action={`#${SIZER_DIALOG_ID}`} className="sizer-form" noValidate={false}>
              <input type="hidden" name="intent" value="sizer" />
              <input type="hidden" name="productId" value={productId} />
              <div className="form-field">
                <label htmlFor="sizer-name">Name</label>
                <input id="sizer-name" name="name" autoComplete="name" required minLength={2} maxLength={80} autoFocus {...invalid('name')} />
                {fieldError('name')}
              </div>
              <div className="form-grid">
                <div className="form-field">
                  <label htmlFor="sizer-phone">Mobile number</label>
                  <input id="sizer-phone" name="phone" type="tel" inputMode="tel" autoComplete="tel" required maxLength={15} {...invalid('phone')} />
                  {fieldError('phone')}
                </div>
                <div className="form-field">
                  <label htmlFor="sizer-email">E-mail</label>
                  <input id="sizer-email" name="email" type="email" autoComplete="email" required maxLength={200} {...invalid('email')} />
                  {fieldError('email')}
                </div>
              </div>
              <div className="form-field">
                <label htmlFor="sizer-address">Address</label>
                <textarea
                  id="sizer-address"
                  name="address"
                  autoComplete="street-address"
                  required
                  minLength={10}
                  maxLength={380}
                  rows={3}
                  {...invalid('address')}
                />
                {fieldError('address')}
              </div>
              <div className="form-field">
                <label htmlFor="sizer-pincode">Pincode</label>
                <input
                  id="sizer-pincode"
                  name="pincode"
                  inputMode="numeric"
                  autoComplete="postal-code"
                  pattern="[1-9][0-9]{5}"
                  maxLength={6}
                  required
                  {...invalid('pincode')}
                />
                {fieldError('pincode')}
              </div>
              <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
                {busy ? 'Sending…' : 'Get Free Sizer'}
              </button>
            </fetcher.Form>
          )}
        </div>
      </dialog>
    </>
  );
}
