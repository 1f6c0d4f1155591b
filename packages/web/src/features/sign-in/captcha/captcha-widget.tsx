import { useId } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import type { CaptchaStatus } from './captcha-session';

/** The spec's widget texts (ALTCHA's English defaults). */
export const CAPTCHA_TEXTS = {
  label: "I'm not a robot",
  verifying: 'Verifying... please wait.',
  verified: 'Verified',
  error: 'Verification failed. Try again later.',
  expired: 'Verification expired. Try again.',
} as const;

export interface CaptchaWidgetProps {
  status: CaptchaStatus;
  /** The user ticked the box: start solving. */
  onStart: () => void;
  /** The form's message under the widget (e.g. "Prove you're not a robot"). */
  error?: string;
  disabled?: boolean;
}

/**
 * The proof-of-work captcha as a form field: a box to tick, then the solve's progress (the share
 * of the server's number range searched so far), then Verified. After a spent payload the next
 * one is already being solved (CaptchaSession), which the box shows the same way.
 */
export function CaptchaWidget({ status, onStart, error, disabled }: CaptchaWidgetProps) {
  const id = useId();
  const { state } = status;
  const percent = Math.floor(status.progress * 100);
  const problem =
    state === 'error'
      ? `${CAPTCHA_TEXTS.error} ${status.error ?? ''}`.trim()
      : state === 'expired'
        ? CAPTCHA_TEXTS.expired
        : null;
  const message = error ?? problem;
  return (
    <div className="flex flex-col gap-1" data-testid="captcha" data-state={state}>
      <div
        className={cn(
          'flex min-h-12 items-center gap-3 rounded-md border bg-white px-3 py-2 text-sm',
          message ? 'border-decrease' : 'border-neutral-300',
        )}
      >
        {state === 'verifying' ? (
          <>
            <Spinner className="h-5 w-5 shrink-0 text-neutral-500" />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <span aria-live="polite">{CAPTCHA_TEXTS.verifying}</span>
              <div
                role="progressbar"
                aria-label="Captcha search"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                className="h-1.5 w-full overflow-hidden rounded-full bg-neutral-200"
              >
                <div className="h-full bg-increase transition-[width]" style={{ width: `${percent}%` }} />
              </div>
            </div>
            <span className="w-10 shrink-0 text-right tabular-nums text-neutral-600">{percent} %</span>
          </>
        ) : (
          <>
            <input
              id={id}
              type="checkbox"
              className="h-5 w-5 shrink-0 accent-increase"
              checked={state === 'verified'}
              disabled={disabled || state === 'verified'}
              aria-describedby={message ? `${id}-message` : undefined}
              onChange={onStart}
            />
            <label htmlFor={id} className="flex-1 cursor-pointer select-none">
              {state === 'verified' ? CAPTCHA_TEXTS.verified : CAPTCHA_TEXTS.label}
            </label>
          </>
        )}
      </div>
      {message && (
        <p id={`${id}-message`} role="alert" className="text-sm text-decrease">
          {message}
        </p>
      )}
    </div>
  );
}
