import type { SessionRecord } from '@balancer/core';
import { formatDateTime } from '../../lib/format-time';
import { describeUserAgent } from '../../lib/user-agent';
import { Button } from '../ui/button';

export interface SessionListProps {
  sessions: readonly SessionRecord[];
  /** Ends a session other than this device's (this device signs out through the menu). */
  onEnd: (session: SessionRecord) => void;
  /** The session being ended (its button shows a spinner). */
  endingId?: string | null;
}

/**
 * Signed-in devices: a readable name ("Chrome on Linux", the raw user agent in its tooltip),
 * "This device" for the session of the one looking, the address and times, and an End button
 * for every other session.
 */
export function SessionList({ sessions, onEnd, endingId = null }: SessionListProps) {
  if (sessions.length === 0) return <p className="text-sm text-neutral-600">Not signed in on any device.</p>;
  return (
    <ul className="text-sm">
      {sessions.map((session) => {
        const name = describeUserAgent(session.user_agent) ?? session.user_agent ?? 'Unknown device';
        return (
          <li
            key={session.id}
            className="flex items-start justify-between gap-3 border-t border-neutral-100 py-2"
            aria-label={session.current ? `${name} (this device)` : name}
          >
            <div className="min-w-0">
              <p className="break-words font-medium" title={session.user_agent ?? undefined}>
                {name}
                {session.current && (
                  <span className="ml-2 rounded bg-teal-50 px-1.5 py-0.5 text-xs font-medium text-increase">
                    This device
                  </span>
                )}
              </p>
              <p className="text-xs text-neutral-600">
                IP {session.ip ?? '—'} · signed in {formatDateTime(session.created_at)} · last used{' '}
                {formatDateTime(session.last_used_at)} · expires {formatDateTime(session.expires_at)}
              </p>
            </div>
            {!session.current && (
              <Button
                variant="outline"
                size="sm"
                className="shrink-0"
                busy={endingId === session.id}
                disabled={endingId !== null}
                aria-label={`End the session on ${name}`}
                onClick={() => onEnd(session)}
              >
                End
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
