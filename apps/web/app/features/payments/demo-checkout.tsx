import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { formatRupees } from '@milli/pricing';
import { CloseIcon } from '../../components/layout/icons.tsx';
import type { DemoChoice, PayStep } from './pay-step.ts';

type Instruments = Extract<PayStep, { kind: 'ready' }>['instruments'];

/**
 * The demo gateway's test instruments as radios: each says what it is and how it ends ('is declined by the
 * bank'). No card number is ever typed: the demo gateway, like Razorpay's test mode, has fixed test payers.
 */
export function InstrumentChoices({
  instruments,
  idPrefix,
  chosen,
  onChoose,
  defaultChosen,
  describedBy,
}: {
  instruments: Instruments;
  idPrefix: string;
  chosen?: DemoChoice;
  onChoose?: (id: DemoChoice) => void;
  defaultChosen?: DemoChoice;
  describedBy?: string | undefined;
}) {
  return (
    <fieldset className="pay-instruments" aria-describedby={describedBy}>
      <legend>Test payment method</legend>
      {instruments.map((i) => (
        <div key={i.id} className="pay-instrument">
          <input
            id={`${idPrefix}-${i.id}`}
            type="radio"
            name="instrument"
            value={i.id}
            required
            {...(onChoose ? { checked: chosen === i.id, onChange: () => onChoose(i.id) } : { defaultChecked: defaultChosen === i.id })}
          />
          <label htmlFor={`${idPrefix}-${i.id}`}>
            <span className="pay-instrument-label">{i.label}</span>
            <span className="pay-instrument-outcome">Test payment {i.outcome}</span>
          </label>
        </div>
      ))}
    </fieldset>
  );
}

/** Keeps Tab and Shift+Tab inside the dialog (showModal makes the page behind inert; this also wraps around). */
function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  // The close button comes first and Cancel last; the radios between are one tab stop.
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>('button:not([disabled])')];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * "Test payment": the demo gateway's checkout, in the store's own modal dialog (labelled by its title, Esc
 * and Cancel close it, focus returns to the Pay button). Pay sends the chosen instrument; a refusal (the
 * bank's message) shows in the dialog and another instrument can be chosen.
 */
export function DemoCheckoutDialog({
  open,
  instruments,
  amountPaise,
  orderNumber,
  busy,
  error,
  onPay,
  onClose,
}: {
  open: boolean;
  instruments: Instruments;
  amountPaise: number;
  orderNumber: string;
  busy: boolean;
  error: string | null;
  onPay: (instrument: DemoChoice) => void;
  onClose: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [chosen, setChosen] = useState<DemoChoice | undefined>(undefined);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);

  // A refusal: the message is read out (role=alert) and the focus goes back to the choices, to try another.
  useEffect(() => {
    if (!error) return;
    dialogRef.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.focus({ preventScroll: true });
    dialogRef.current?.querySelector('#demo-pay-error')?.scrollIntoView({ block: 'nearest' });
  }, [error]);

  const message = missing ? 'Please choose a test payment method.' : error;
  return (
    <dialog
      ref={dialogRef}
      className="pay-dialog"
      aria-labelledby="demo-pay-title"
      aria-describedby="demo-pay-lead"
      onClose={onClose}
      onCancel={(event) => {
        // Esc while a payment is on its way would hide its result: wait for it.
        if (busy) event.preventDefault();
      }}
      onKeyDown={trapTab}
    >
      <form
        className="modal-body"
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          if (!chosen) {
            setMissing(true);
            return;
          }
          setMissing(false);
          onPay(chosen);
        }}
        noValidate
      >
        <div className="modal-head">
          <h2 id="demo-pay-title" className="modal-title">
            Test payment
          </h2>
          <button type="button" className="icon-btn" aria-label="Close Test payment" onClick={onClose} disabled={busy}>
            <CloseIcon />
          </button>
        </div>
        <p id="demo-pay-lead" className="pay-dialog-lead">
          {formatRupees(amountPaise)} for order {orderNumber}. The store is in test mode: no money moves. Choose how this test payment should end.
        </p>
        <InstrumentChoices
          instruments={instruments}
          idPrefix="demo-pay"
          chosen={chosen}
          onChoose={(id) => {
            setChosen(id);
            setMissing(false);
          }}
          describedBy={message ? 'demo-pay-error' : undefined}
        />
        {/* Stays in view at the foot of a dialog taller than the screen: the message and the buttons. */}
        <div className="pay-dialog-foot">
          {message && (
            <p id="demo-pay-error" className="alert-error form-alert" role="alert">
              {message}
            </p>
          )}
          <div className="pay-dialog-actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? 'Paying…' : `Pay ${formatRupees(amountPaise)}`}
            </button>
            <button type="button" className="btn btn-outline" onClick={onClose} disabled={busy}>
              Cancel
            </button>
          </div>
        </div>
      </form>
    </dialog>
  );
}
