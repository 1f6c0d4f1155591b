import { Download } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { type PwaStore, pwaStore, usePwaState } from '../../lib/pwa/pwa-store';
import { installApp } from '../../lib/pwa/update-app';
import { INSTALL_PROMPT_COUNTDOWN_MS, SW_REGISTRATION_DURATION_MS } from './timing';
import './countdown.css';

/** Offers to install the app 5 s after the browser made its offer, for 3 s, then hides. */
export function InstallPrompt({ store = pwaStore }: { store?: PwaStore }) {
  const { installEvent } = usePwaState(store);
  const [visible, setVisible] = useState(false);
  const titleId = useId();

  useEffect(() => {
    if (!installEvent) return;
    const show = setTimeout(() => setVisible(true), SW_REGISTRATION_DURATION_MS);
    const hide = setTimeout(
      () => setVisible(false),
      SW_REGISTRATION_DURATION_MS + INSTALL_PROMPT_COUNTDOWN_MS,
    );
    return () => {
      clearTimeout(show);
      clearTimeout(hide);
      setVisible(false);
    };
  }, [installEvent]);

  if (!visible || !installEvent) return null;
  return (
    <section
      aria-labelledby={titleId}
      className="fixed inset-x-3 bottom-3 z-50 overflow-hidden rounded-lg border border-neutral-200 bg-white shadow-lg sm:left-auto sm:w-96"
    >
      <div className="flex items-center gap-3 p-4">
        <Download aria-hidden="true" className="hidden size-6 shrink-0 text-primary sm:block" />
        <p id={titleId} className="min-w-0 flex-1 whitespace-nowrap font-semibold">
          Install Balancer
        </p>
        <Button variant="outline" size="sm" onClick={() => setVisible(false)}>
          Not now
        </Button>
        <Button
          size="sm"
          onClick={() => {
            setVisible(false);
            void installApp(store);
          }}
        >
          Install
        </Button>
      </div>
      <div
        role="progressbar"
        aria-label="Time left to install"
        aria-valuemin={0}
        aria-valuemax={INSTALL_PROMPT_COUNTDOWN_MS}
        className="h-1 bg-neutral-200"
      >
        <div
          className="pwa-countdown h-full bg-primary"
          style={{ animationDuration: `${INSTALL_PROMPT_COUNTDOWN_MS}ms` }}
        />
      </div>
    </section>
  );
}
