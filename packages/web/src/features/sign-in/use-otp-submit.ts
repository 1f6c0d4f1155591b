import { CAPTCHA_REQUIRED_MESSAGE } from '@balancer/core';
import { useRef, useState } from 'react';
import { useDelayedClose } from '../../components/ui/dialog';
import { errorMessageOf } from '../../lib/api';
import { type CaptchaValue, captchaValueOnSubmit } from './captcha/captcha-value';

/** What the dialogs of a public form read from the flow. */
export interface OtpDialogsState {
  otpDialog: ReturnType<typeof useDelayedClose>;
  errorDialog: ReturnType<typeof useDelayedClose>;
  confirm: (code: string) => Promise<void>;
  failure: string | null;
}

export interface OtpSubmitOptions<T> {
  /** Sends the form with the code and the captcha payload; throws on failure. */
  send: (values: T, otpToken: string, altchaPayload: string) => Promise<void>;
  onSuccess: () => void;
}

/**
 * The flow both public forms share (docs/web.md, Captcha and one-time code): a valid form with
 * a solved captcha opens the one-time-code dialog; the code sends the request with the form
 * disabled; a failure shows the error dialog and asks for a new captcha (a payload works once).
 */
export function useOtpSubmit<T>({ send, onSuccess }: OtpSubmitOptions<T>) {
  const [captcha, setCaptcha] = useState<CaptchaValue>(undefined);
  // Changing the key remounts the widget, which fetches a fresh challenge.
  const [captchaKey, setCaptchaKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const otpDialog = useDelayedClose();
  const errorDialog = useDelayedClose();
  const pending = useRef<{ values: T; payload: string } | null>(null);

  /** Call on submit with whether the fields passed; opens the code dialog when all is ready. */
  const submit = (values: T, fieldsValid: boolean) => {
    const next = captchaValueOnSubmit(captcha);
    setCaptcha(next);
    if (!fieldsValid || typeof next !== 'string') return;
    pending.current = { values, payload: next };
    otpDialog.open();
  };

  const confirm = async (code: string) => {
    const request = pending.current;
    otpDialog.close();
    if (!request) return;
    pending.current = null;
    setBusy(true);
    try {
      await send(request.values, code, request.payload);
      onSuccess();
    } catch (error) {
      setFailure(errorMessageOf(error));
      errorDialog.open();
      setCaptcha(undefined);
      setCaptchaKey((key) => key + 1);
    } finally {
      setBusy(false);
    }
  };

  return {
    busy,
    captcha,
    setCaptcha,
    captchaKey,
    captchaError: captcha === null ? CAPTCHA_REQUIRED_MESSAGE : undefined,
    submit,
    confirm,
    otpDialog,
    errorDialog,
    failure,
  };
}
