import { useRef, useState, type ChangeEvent, type ClipboardEvent, type KeyboardEvent } from 'react';

export const OTP_LENGTH = 4;
const POSITIONS = Array.from({ length: OTP_LENGTH }, (_, i) => i);

/**
 * The one-time password as four single-digit boxes (spec §2), named otp1…otp4 so the form works without
 * script. With script: typing moves to the next box, Backspace in an empty box goes back, arrows move,
 * and pasting (or the phone offering the code from the mail) fills every box at once. No maxLength:
 * it would cut a pasted or autofilled code down to its first digit; pattern keeps a box to one digit
 * when the form is sent without script.
 */
export function OtpBoxes({ describedBy, invalid }: { describedBy?: string | undefined; invalid?: boolean }) {
  const [digits, setDigits] = useState<string[]>(() => POSITIONS.map(() => ''));
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  /** Writes digits from `from` onwards and puts the caret after the last one written. */
  const fill = (from: number, text: string) => {
    const incoming = text
      .replace(/\D/g, '')
      .slice(0, OTP_LENGTH - from)
      .split('');
    if (incoming.length === 0) return;
    setDigits((prev) => prev.map((d, i) => (i >= from && i < from + incoming.length ? incoming[i - from]! : d)));
    focusBox(from + incoming.length);
  };

  const onChange = (index: number) => (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value.replace(/\D/g, '');
    const before = digits[index] ?? '';
    if (typed === '') {
      setDigits((prev) => prev.map((d, i) => (i === index ? '' : d)));
    } else if (typed.length === 2 && before && typed.includes(before)) {
      // A digit typed next to the one already there: the new one replaces it.
      fill(index, typed[0] === before ? typed.slice(1) : typed.slice(0, 1));
    } else {
      fill(index, typed);
    }
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && digits[index] === '' && index > 0) {
      event.preventDefault();
      setDigits((prev) => prev.map((d, i) => (i === index - 1 ? '' : d)));
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < OTP_LENGTH - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text').replace(/\D/g, '');
    if (!pasted) return;
    event.preventDefault();
    // A whole code fills every box, wherever it was pasted.
    fill(pasted.length >= OTP_LENGTH ? 0 : index, pasted);
  };

  return (
    <div className="otp-boxes">
      {POSITIONS.map((i) => (
        <div key={i} className="otp-box">
          <label htmlFor={`otp-${i + 1}`} className="visually-hidden">
            Digit {i + 1} of {OTP_LENGTH}
          </label>
          <input
            ref={(el) => {
              boxes.current[i] = el;
            }}
            id={`otp-${i + 1}`}
            name={`otp${i + 1}`}
            type="text"
            inputMode="numeric"
            pattern="[0-9]"
            required
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            value={digits[i]}
            onChange={onChange(i)}
            onKeyDown={onKeyDown(i)}
            onPaste={onPaste(i)}
            onFocus={(event) => event.target.select()}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={describedBy}
          />
        </div>
      ))}
    </div>
  );
}
