import { WifiOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** 'Connecting to Balancer...' while the browser is offline; the live region stays mounted. */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" className={online ? 'contents' : 'sticky top-0 z-50 bg-primary text-white'}>
      {!online && (
        <p className="flex items-center justify-center gap-2 px-4 py-2 text-sm font-medium">
          <WifiOff aria-hidden="true" className="size-4" />
          Connecting to Balancer...
        </p>
      )}
    </div>
  );
}
