import { ClipboardPaste } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { canReadClipboard, INVALID_CLIPBOARD_OTP_MESSAGE, isValidOtpCode, otpDigitsOf } from './otp-code';
import { OtpInput } from './otp-input';

/** CLICK confirms with '' ; OTP confirms with the code as soon as it is complete. */
export type ConfirmMode = 'CLICK' | 'OTP';
export const DEFAULT_CONFIRM_TITLE = 'Confirm Action';

export interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  /** Runs with the code (OTP mode) or '' (CLICK mode). */
  onConfirm: (code: string) => void;
  mode?: ConfirmMode;
  title?: string;
  description?: string;
}

/** The confirmation dialog: Cancel / Confirm, and in OTP mode a 3+3 code input. */
export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  mode = 'OTP',
  title = DEFAULT_CONFIRM_TITLE,
  description,
}: ConfirmDialogProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const confirmed = useRef(false);

  // Each opening starts empty and may confirm once.
  useEffect(() => {
    if (open) {
      setCode('');
      setError(null);
      confirmed.current = false;
    }
  }, [open]);

  const change = (next: string) => {
    setCode(next);
    setError(null);
    if (mode === 'OTP' && isValidOtpCode(next) && !confirmed.current) {
      confirmed.current = true;
      onConfirm(next);
    }
  };

  const paste = async () => {
    try {
      const text = (await navigator.clipboard.readText()).trim();
      const digits = otpDigitsOf(text);
      // '123 456' is a code; 'abc123456' or '1234' is not.
      if (!isValidOtpCode(digits) || /[^\d\s-]/.test(text)) {
        setError(INVALID_CLIPBOARD_OTP_MESSAGE);
        return;
      }
      change(digits);
    } catch (cause) {
      setError(cause instanceof Error && cause.message ? cause.message : INVALID_CLIPBOARD_OTP_MESSAGE);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={
        description ??
        (mode === 'OTP' ? 'Enter the 6-digit code from your authenticator app.' : 'Do you want to continue?')
      }
      size="sm"
    >
      {mode === 'OTP' && (
        <div className="flex flex-col items-center gap-3">
          <OtpInput
            value={code}
            onChange={change}
            invalid={!!error}
            describedBy={error ? errorId : undefined}
          />
          {canReadClipboard() && (
            <Button variant="outline" size="sm" onClick={() => void paste()}>
              <ClipboardPaste aria-hidden="true" className="h-4 w-4" />
              Paste
            </Button>
          )}
          {error && (
            <p id={errorId} role="alert" className="text-center text-sm text-decrease">
              {error}
            </p>
          )}
        </div>
      )}
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button disabled={mode === 'OTP'} onClick={() => onConfirm('')}>
          Confirm
        </Button>
      </div>
    </Dialog>
  );
}
