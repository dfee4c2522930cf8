import { useEffect, useRef, useState } from 'react';
import type { DemoInstrument } from '@milli/contracts';
import { formatRupees } from '@milli/pricing';
import { keepTabInDialog } from '../../lib/dialog-tab.ts';
import { CloseIcon } from '../layout/icons.tsx';

/** One test instrument of the demo gateway, as the pages list it. */
export interface DemoInstrumentChoice {
  id: DemoInstrument;
  label: string;
  outcome: string;
}

/**
 * The demo gateway's test instruments as radios: each says what it is and how it ends ('is declined by the
 * bank'). No card number is ever typed: the demo gateway, like Razorpay's test mode, has fixed test payers.
 * Used by the "Test payment" dialog and by the pages' forms without JavaScript (the pay step, Milli Harvest).
 */
export function InstrumentChoices({
  instruments,
  idPrefix,
  chosen,
  onChoose,
  defaultChosen,
  describedBy,
}: {
  instruments: readonly DemoInstrumentChoice[];
  idPrefix: string;
  chosen?: DemoInstrument | undefined;
  onChoose?: (id: DemoInstrument) => void;
  defaultChosen?: DemoInstrument | undefined;
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

/**
 * "Test payment": the demo gateway's checkout, in the store's own modal dialog (labelled by its title, Esc,
 * the close button and Cancel close it; the page that opened it returns the focus). Pay sends the chosen
 * instrument; a refusal (the bank's message) shows in the dialog and another instrument can be chosen. The
 * message and the buttons stay in view at the foot of a dialog taller than a phone's screen.
 */
export function DemoCheckoutDialog({
  open,
  instruments,
  amountPaise,
  purpose,
  busy,
  error,
  onPay,
  onClose,
}: {
  open: boolean;
  instruments: readonly DemoInstrumentChoice[];
  amountPaise: number;
  /** What is paid for, as a sentence's start: 'Order MIL-2026-000042', 'Instalment 2 of 10'. */
  purpose: string;
  busy: boolean;
  error: string | null;
  onPay: (instrument: DemoInstrument) => void;
  onClose: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [chosen, setChosen] = useState<DemoInstrument | undefined>(undefined);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setMissing(false);
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

  const amount = formatRupees(amountPaise);
  const message = missing ? 'Please choose a test payment method.' : error;
  return (
    <dialog
      ref={dialogRef}
      className="modal pay-dialog"
      aria-labelledby="demo-pay-title"
      aria-describedby="demo-pay-lead"
      onClose={onClose}
      onCancel={(event) => {
        // Esc while a payment is on its way would hide its result: wait for it.
        if (busy) event.preventDefault();
      }}
      onKeyDown={keepTabInDialog}
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
          {purpose}: {amount}. The store is in test mode: no money moves, and no card number is asked for.
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
        <div className="pay-dialog-foot">
          {message && (
            <p id="demo-pay-error" className="alert-error form-alert" role="alert">
              {message}
            </p>
          )}
          <div className="pay-dialog-actions">
            <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
              {busy ? 'Paying…' : `Pay ${amount}`}
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
