import { History, KeyRound, LockOpen, Pencil, RefreshCw, Shield, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { formatDate } from '../../lib/format-time';
import { ROOT_AUTHORITY, type UserRecord } from './users-api';

export type UserAction = 'secret' | 'rename' | 'authority' | 'rotate' | 'delete' | 'history' | 'unlock';

const ACTIONS: ReadonlyArray<{ action: UserAction; label: string; icon: ReactNode; rootAllowed: boolean }> = [
  {
    action: 'secret',
    label: 'Show secret',
    icon: <KeyRound aria-hidden="true" className="size-4" />,
    rootAllowed: true,
  },
  {
    action: 'rename',
    label: 'Rename',
    icon: <Pencil aria-hidden="true" className="size-4" />,
    rootAllowed: false,
  },
  {
    action: 'authority',
    label: 'Authority',
    icon: <Shield aria-hidden="true" className="size-4" />,
    rootAllowed: false,
  },
  {
    action: 'rotate',
    label: 'New secret',
    icon: <RefreshCw aria-hidden="true" className="size-4" />,
    rootAllowed: true,
  },
  {
    action: 'history',
    label: 'History',
    icon: <History aria-hidden="true" className="size-4" />,
    rootAllowed: true,
  },
  {
    action: 'delete',
    label: 'Delete',
    icon: <Trash2 aria-hidden="true" className="size-4" />,
    rootAllowed: false,
  },
];

const SCOPE_LABEL: Record<UserRecord['guard']['throttles'][number]['scope'], string> = {
  'new-devices': 'new devices',
  address: 'address',
  device: 'a known device',
  session: 'session',
};

/** One count: what it covers, how many failures, and until when it refuses. */
function throttleText({
  scope,
  detail,
  failedAttempts,
  throttledUntil,
}: UserRecord['guard']['throttles'][number]) {
  const what = detail ? `${SCOPE_LABEL[scope]} ${detail}` : SCOPE_LABEL[scope];
  const until = throttledUntil === null ? '' : `, refused until ${formatDate(throttledUntil)}`;
  return `${what}: ${failedAttempts} failed${until}`;
}

/**
 * The guessing throttles, when there is something to say. None locks the account: devices that
 * signed in before and open sessions are only slowed by their own failures.
 */
function GuardLine({ guard }: { guard: UserRecord['guard'] }) {
  if (guard.throttles.length === 0) return null;
  const attempts = `${guard.failedAttempts} failed password or code attempt${guard.failedAttempts === 1 ? '' : 's'}`;
  return (
    <div className="text-sm">
      {guard.newDevicesThrottledUntil === null ? (
        <p className="text-neutral-700">{attempts} within a day</p>
      ) : (
        <p className="font-medium text-decrease" role="status">
          New devices refused until {formatDate(guard.newDevicesThrottledUntil)} after {attempts} (devices
          used before still get in)
        </p>
      )}
      <ul className="text-neutral-600" aria-label="Throttles">
        {guard.throttles.map((throttle, index) => (
          <li key={`${throttle.scope}:${throttle.detail ?? index}`}>{throttleText(throttle)}</li>
        ))}
      </ul>
    </div>
  );
}

/** One user with its actions; root's rename, authority and delete are disabled (code 4007). */
export function UserRow({ user, onAction }: { user: UserRecord; onAction: (action: UserAction) => void }) {
  const isRoot = user.authority === ROOT_AUTHORITY;
  const unlockable = user.guard.throttles.length > 0;
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-neutral-200 bg-white p-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-all">
          {user.nickname}
          {isRoot && (
            <span className="ml-2 rounded bg-neutral-900 px-1.5 py-0.5 text-xs text-white">root</span>
          )}
        </p>
        <p className="text-sm text-neutral-600">
          Authority {user.authority} · created {formatDate(user.created_at)}
          {!user.password_set && ' · no password yet'}
        </p>
        <GuardLine guard={user.guard} />
      </div>
      {/* Labels stay visible at every width: icons alone do not say what they do (two columns on a phone). */}
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        {ACTIONS.map(({ action, label, icon, rootAllowed }) => (
          <Button
            key={action}
            size="sm"
            variant="outline"
            disabled={isRoot && !rootAllowed}
            aria-label={`${label}: ${user.nickname}`}
            onClick={() => onAction(action)}
          >
            {icon}
            <span>{label}</span>
          </Button>
        ))}
        {unlockable && (
          <Button
            size="sm"
            variant="outline"
            aria-label={`Unlock: ${user.nickname}`}
            onClick={() => onAction('unlock')}
          >
            <LockOpen aria-hidden="true" className="size-4" />
            <span>Unlock</span>
          </Button>
        )}
      </div>
    </li>
  );
}
