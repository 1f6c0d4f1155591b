import { CircleCheck, CircleDashed, CircleSlash } from 'lucide-react';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import type { SocketState, SocketStatus } from '../../essentials';

/** What each state is called in the menu row and the dialog. */
export const SOCKET_STATE_TEXT: Record<SocketState, string> = {
  websocket: 'Connected (websocket)',
  other: 'Connected (fallback transport)',
  connecting: 'Connecting…',
  reconnecting: 'Reconnecting…',
  none: 'Not connected',
};

/** A success icon over websocket, another icon over another transport, a spinner, or none. */
export function SocketStatusIcon({ state }: { state: SocketState }) {
  switch (state) {
    case 'websocket':
      return <CircleCheck aria-hidden="true" className="h-4 w-4 text-increase" />;
    case 'other':
      return <CircleDashed aria-hidden="true" className="h-4 w-4 text-amber-700" />;
    case 'connecting':
    case 'reconnecting':
      return <Spinner className="h-4 w-4 text-neutral-600" />;
    default:
      return <CircleSlash aria-hidden="true" className="h-4 w-4 text-neutral-500" />;
  }
}

/** The socket is active when connected over any transport. */
export const socketActive = (state: SocketState): boolean => state === 'websocket' || state === 'other';

/** A connection error to report: not active, and not still making its first attempt. */
export const socketFailing = (state: SocketState): boolean => !socketActive(state) && state !== 'connecting';

/**
 * The socket status dialog: the state, the transport and the last connection error; while the
 * socket is not active it leads with 'Socket Connection Error' and the error's text, except during
 * the first attempt ('Connecting…'), which has not failed.
 */
export function SocketStatusDialog({
  status,
  open,
  onClose,
}: {
  status: SocketStatus;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Realtime connection" size="sm">
      {socketFailing(status.state) && (
        <div role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm">
          <p className="font-semibold text-decrease">Socket Connection Error</p>
          <p className="mt-1 break-words text-neutral-800">
            {status.error ?? 'The realtime connection is not active.'}
          </p>
        </div>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-neutral-600">Status</dt>
        <dd className="flex items-center gap-2 font-medium">
          <SocketStatusIcon state={status.state} /> {SOCKET_STATE_TEXT[status.state]}
        </dd>
        <dt className="text-neutral-600">Transport</dt>
        <dd>{status.transport ?? 'none'}</dd>
        <dt className="text-neutral-600">Last error</dt>
        <dd className={status.error ? 'break-words text-decrease' : undefined}>{status.error ?? 'none'}</dd>
      </dl>
      <p className="mt-4 text-xs text-neutral-600">
        Live prices and counts arrive over this connection; it reconnects by itself.
      </p>
    </Dialog>
  );
}
