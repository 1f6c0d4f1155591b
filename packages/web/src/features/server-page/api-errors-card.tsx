import { parseCodedMessage } from '@balancer/core';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { useAuth } from '../../auth/auth-context';
import { useOtpAction } from '../../components/otp/use-otp-action';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LoadMore } from '../../components/ui/load-more';
import { useSetUnreadCounts } from '../../essentials';
import { errorMessageOf } from '../../lib/api';
import { useIdPages } from '../../lib/api/use-id-pages';
import { formatDateTime } from '../../lib/format-time';
import type { ApiErrorRecord } from './server-api';

const API_ERRORS_KEY = ['api-error'] as const;

/** Who called: the nickname, else the id of an account deleted since, else anonymous. */
const callerOf = (record: ApiErrorRecord) =>
  record.nickname ?? (record.user_id ? `deleted account ${record.user_id.slice(0, 8)}` : 'anonymous');

function ErrorItem({ record }: { record: ApiErrorRecord }) {
  return (
    <li className="border-t border-neutral-100 py-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded bg-neutral-900 px-1.5 py-0.5 font-mono text-xs text-white">
          {record.method}
        </span>
        <span className="font-mono break-all">{record.route}</span>
        <span className="rounded-full bg-decrease px-2 py-0.5 font-mono text-xs text-white">
          {record.code}
        </span>
        {record.repeats > 1 ? <span className="text-xs text-neutral-600">×{record.repeats}</span> : null}
      </div>
      {/* The code is the badge above: the message without its {(code)} suffix. */}
      <p className="mt-1 break-words">{parseCodedMessage(record.error).message}</p>
      <p className="mt-1 text-xs text-neutral-600">
        {formatDateTime(record.event_time)} · IP {record.ip ?? '—'} · {callerOf(record)}
      </p>
    </li>
  );
}

/**
 * GET /api-error (listing marks what it returns as read for the caller, which clears the Server
 * badge) and DELETE /api-error (authority 3, one-time code).
 */
export function ApiErrorsCard({ canChange }: { canChange: boolean }) {
  const { client } = useAuth();
  const queries = useQueryClient();
  const { ask, dialog } = useOtpAction();
  const { records, error, hasNextPage, isFetchingNextPage, fetchNextPage, isPending } =
    useIdPages<ApiErrorRecord>(client, API_ERRORS_KEY, 'api-error');
  // Listing marked these errors read for the caller on the server: clear the Server badge now
  // rather than at the next essentials refresh.
  const setUnreadCounts = useSetUnreadCounts();
  const listed = !isPending && !error;
  useEffect(() => {
    if (listed) setUnreadCounts({ unreadAPIErrors: 0 });
  }, [listed, setUnreadCounts]);
  const deleteAll = () =>
    ask({
      title: 'Delete all API errors',
      success: 'API errors deleted',
      run: async (otpToken) => {
        await client.request({ method: 'DELETE', path: 'api-error', auth: true, otpToken });
        await queries.invalidateQueries({ queryKey: API_ERRORS_KEY });
      },
    });
  return (
    <Card
      title="API errors"
      actions={
        <Button
          size="sm"
          variant="destructive"
          disabled={!canChange || records.length === 0}
          onClick={deleteAll}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Delete all
        </Button>
      }
    >
      {error && <p className="text-sm text-decrease">{errorMessageOf(error)}</p>}
      {!isPending && !error && records.length === 0 && (
        <p className="text-sm text-neutral-600">No API errors.</p>
      )}
      <ul>
        {records.map((record) => (
          <ErrorItem key={record.id} record={record} />
        ))}
      </ul>
      <LoadMore hasMore={hasNextPage} busy={isFetchingNextPage} onLoad={() => void fetchNextPage()} />
      {dialog}
    </Card>
  );
}
