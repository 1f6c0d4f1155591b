import { useState } from 'react';
import { errorMessageOf } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { ConfirmDialog } from './confirm-dialog';

interface Pending {
  title?: string;
  description?: string;
  run: (otpToken: string) => Promise<unknown>;
  /** Shown as a success toast after `run` resolves. */
  success?: string;
  /** Shows a failure where the action started (a form); without it the failure is toasted. */
  onError?: (message: string) => void;
  /** The failure toast carries `title`, the message below it (else the message is the toast). */
  titledFailure?: boolean;
}

/**
 * A protected action (a route that wants the `otp-token` header, docs/accounts.md): ask for the
 * one-time code, run the call with it, then toast the outcome (the ApiError's message on
 * failure). Render `dialog` once; call `ask` per action.
 */
export function useOtpAction() {
  const [pending, setPending] = useState<Pending | null>(null);
  const [open, setOpen] = useState(false);
  const ask = (next: Pending) => {
    setPending(next);
    setOpen(true);
  };
  const confirm = async (code: string) => {
    setOpen(false);
    if (!pending) return;
    try {
      await pending.run(code);
      const { success } = pending;
      if (success) await showToast((toast) => toast.success(success));
    } catch (error) {
      const message = errorMessageOf(error);
      const { onError, titledFailure, title } = pending;
      if (onError) onError(message);
      else if (titledFailure && title)
        await showToast((toast) => toast.error(title, { description: message }));
      else await showToast((toast) => toast.error(message));
    }
  };
  const dialog = (
    <ConfirmDialog
      open={open}
      onClose={() => setOpen(false)}
      onConfirm={(code) => void confirm(code)}
      title={pending?.title}
      description={pending?.description}
    />
  );
  return { ask, dialog };
}
