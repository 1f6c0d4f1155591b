import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';
import { cn } from '../../lib/cn';
import { OTP_CODE_LENGTH, otpDigitsOf } from './otp-code';

export interface OtpInputProps {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  /** Id of the element describing an error, for aria-describedby. */
  describedBy?: string;
}

const INDEXES = Array.from({ length: OTP_CODE_LENGTH }, (_, index) => index);
const HALF = OTP_CODE_LENGTH / 2;

/**
 * (The dialog around it focuses the first box: Radix focuses the first control on open.)
 * Six one-digit boxes shown as two groups of three (how authenticator apps show a code).
 * Typing moves to the next box, Backspace on an empty box to the previous one, and pasting or
 * an autofilled code (autocomplete one-time-code) fills every box.
 */
export function OtpInput({ value, onChange, disabled, invalid, describedBy }: OtpInputProps) {
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const focusBox = (index: number) =>
    boxes.current[Math.max(0, Math.min(index, OTP_CODE_LENGTH - 1))]?.focus();

  const write = (index: number, typed: string) => {
    const digits = otpDigitsOf(typed);
    if (digits.length > 1) {
      // Several digits at once (autofill, or a paste the browser typed in): they fill from here.
      const next = otpDigitsOf(value.slice(0, index) + digits);
      onChange(next);
      focusBox(next.length);
      return;
    }
    const chars = value.padEnd(OTP_CODE_LENGTH, ' ').split('');
    chars[index] = digits || ' ';
    onChange(chars.join('').trimEnd().replace(/ /g, ''));
    if (digits) focusBox(index + 1);
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !value[index] && index > 0) {
      event.preventDefault();
      onChange(value.slice(0, index - 1));
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft') focusBox(index - 1);
    else if (event.key === 'ArrowRight') focusBox(index + 1);
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const digits = otpDigitsOf(event.clipboardData.getData('text'));
    if (!digits) return;
    event.preventDefault();
    onChange(digits);
    focusBox(digits.length);
  };

  const box = (index: number) => (
    <input
      key={index}
      ref={(node) => {
        boxes.current[index] = node;
      }}
      value={value[index] ?? ''}
      onChange={(event) => write(index, event.target.value)}
      onKeyDown={onKeyDown(index)}
      onPaste={onPaste}
      onFocus={(event) => event.target.select()}
      disabled={disabled}
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete={index === 0 ? 'one-time-code' : 'off'}
      maxLength={index === 0 ? OTP_CODE_LENGTH : 1}
      aria-label={`Digit ${index + 1} of ${OTP_CODE_LENGTH}`}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      className={cn(
        'h-12 w-10 rounded-md border bg-white text-center font-mono text-xl sm:w-12',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
        'disabled:opacity-50',
        invalid ? 'border-decrease' : 'border-neutral-300',
      )}
    />
  );

  return (
    <fieldset className="flex items-center justify-center gap-2" disabled={disabled}>
      <legend className="sr-only">One-time code</legend>
      <div className="flex gap-2">{INDEXES.slice(0, HALF).map(box)}</div>
      <span aria-hidden="true" className="text-neutral-400">
        –
      </span>
      <div className="flex gap-2">{INDEXES.slice(HALF).map(box)}</div>
    </fieldset>
  );
}
