import { CAPTCHA_REQUIRED_MESSAGE } from '@balancer/core';
import { useRef, useState } from 'react';
import { useAuth } from '../../auth/auth-context';
import { useDelayedClose } from '../../components/ui/dialog';
import { errorMessageOf } from '../../lib/api';
import { useCaptcha } from './captcha/use-captcha';

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
  /** After the request succeeded, with the values it sent. */
  onSuccess: (values: T) => void;
}

/**
 * The flow both public forms share (docs/web.md, Captcha and one-time code): a valid form with
 * a solved captcha opens the one-time-code dialog; the code sends the request with the form
 * disabled, spending the captcha's payload, whose successor is solved in the background at
 * once; a failure shows the error dialog. A retry needs no new tick: a renewal under way counts,
 * and the request waits for it (it usually ends while the code is typed).
 */
export function useOtpSubmit<T>({ send, onSuccess }: OtpSubmitOptions<T>) {
  const { client } = useAuth();
  const captcha = useCaptcha(client);
  // A submit found no captcha: "Prove you're not a robot" until one is verified or under way.
  const [captchaMissing, setCaptchaMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const otpDialog = useDelayedClose();
  const errorDialog = useDelayedClose();
  const pending = useRef<{ values: T } | null>(null);
  const { state, renewing } = captcha.status;
  const captchaGiven = state === 'verified' || (state === 'verifying' && renewing);

  /** Call on submit with whether the fields passed; opens the code dialog when all is ready. */
  const submit = (values: T, fieldsValid: boolean) => {
    setCaptchaMissing(!captchaGiven);
    if (!fieldsValid || !captchaGiven) return;
    pending.current = { values };
    otpDialog.open();
  };

  const confirm = async (code: string) => {
    const request = pending.current;
    otpDialog.close();
    if (!request) return;
    pending.current = null;
    setBusy(true);
    try {
      const payload = await captcha.take();
      await send(request.values, code, payload);
      onSuccess(request.values);
    } catch (error) {
      setFailure(errorMessageOf(error));
      errorDialog.open();
    } finally {
      setBusy(false);
    }
  };

  return {
    busy,
    captcha,
    captchaError:
      captchaMissing && state !== 'verified' && state !== 'verifying' ? CAPTCHA_REQUIRED_MESSAGE : undefined,
    submit,
    confirm,
    otpDialog,
    errorDialog,
    failure,
  };
}
