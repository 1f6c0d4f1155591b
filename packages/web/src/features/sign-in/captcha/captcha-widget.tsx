import { useEffect, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';
import { type CaptchaState, type CaptchaValue, captchaValueAfter } from './captcha-value';
import { loadAltcha } from './load-altcha';

/** What the widget's `statechange` event carries. */
interface StateChangeDetail {
  state: CaptchaState;
  payload?: string | null;
}

export interface CaptchaWidgetProps {
  /** The challenge URL: the API base + '/altcha'. */
  challengeUrl: string;
  /** The form's captcha value (see CaptchaValue). */
  value: CaptchaValue;
  onChange: (value: CaptchaValue) => void;
  /** The message shown under the widget (e.g. "Prove you're not a robot"). */
  error?: string;
  disabled?: boolean;
}

/**
 * The ALTCHA proof-of-work widget as a form field. The component script loads on first render
 * (not with the landing page); the widget solves the challenge in workers when the user ticks it.
 */
export function CaptchaWidget({ challengeUrl, value, onChange, error, disabled }: CaptchaWidgetProps) {
  const [loaded, setLoaded] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const element = useRef<HTMLElement>(null);
  // The listener reads the latest value and callback without re-subscribing on every change.
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };

  useEffect(() => {
    let active = true;
    loadAltcha().then(
      () => active && setLoaded(true),
      () => active && setLoadError('The captcha could not be loaded. Reload the page and try again.'),
    );
    return () => {
      active = false;
    };
  }, []);

  useEffect(() => {
    const widget = element.current;
    if (!loaded || !widget) return;
    const onStateChange = (event: Event) => {
      const detail = (event as CustomEvent<StateChangeDetail>).detail;
      if (!detail) return;
      const next = captchaValueAfter(latest.current.value, detail.state, detail.payload);
      if (next !== latest.current.value) latest.current.onChange(next);
    };
    widget.addEventListener('statechange', onStateChange);
    return () => widget.removeEventListener('statechange', onStateChange);
  }, [loaded]);

  const message = error ?? loadError;
  return (
    <div className={cn('flex flex-col gap-1', disabled && 'pointer-events-none opacity-60')}>
      {loaded ? (
        <altcha-widget
          ref={element}
          challenge={challengeUrl}
          language="en"
          data-testid="altcha-widget"
          // As wide as the form's inputs.
          style={{ '--altcha-max-width': '100%' }}
        />
      ) : (
        <div className="h-[48px] animate-pulse rounded-md border border-neutral-300 bg-neutral-50" />
      )}
      {message && (
        <p role="alert" className="text-sm text-decrease">
          {message}
        </p>
      )}
    </div>
  );
}
