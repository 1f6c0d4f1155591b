import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/otp/confirm-dialog';
import { errorMessageOf } from '../../lib/api';
import { showToast } from '../../lib/toast';

export interface OtpRequest {
  title: string;
  description?: string;
  /** Runs with the one-time code; a rejection is shown as an error toast. */
  run: (otpToken: string) => Promise<void>;
}

/**
 * One-time-code confirmation for calls marked OTP: `ask` opens the ConfirmDialog; the code it
 * returns goes to `run` as the `otp-token`. Render `dialog` once.
 */
export function useOtpAction() {
  const [open, setOpen] = useState(false);
  // Kept after closing so the title does not change while the dialog fades out.
  const request = useRef<OtpRequest | null>(null);
  const ask = (next: OtpRequest) => {
    request.current = next;
    setOpen(true);
  };
  const confirm = (code: string) => {
    setOpen(false);
    const current = request.current;
    current?.run(code).catch((error: unknown) => {
      void showToast((toast) => toast.error(current.title, { description: errorMessageOf(error) }));
    });
  };
  const dialog = (
    <ConfirmDialog
      open={open}
      onClose={() => setOpen(false)}
      onConfirm={confirm}
      mode="OTP"
      title={request.current?.title ?? 'Confirm Action'}
      {...(request.current?.description ? { description: request.current.description } : {})}
    />
  );
  return { ask, dialog };
}
