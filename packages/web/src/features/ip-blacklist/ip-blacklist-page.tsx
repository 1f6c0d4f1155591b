import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useAuth } from '../../auth/auth-context';
import { useOtpAction } from '../../components/otp/use-otp-action';
import { Button } from '../../components/ui/button';
import { LoadMore } from '../../components/ui/load-more';
import { useUser } from '../../essentials';
import { errorMessageOf } from '../../lib/api';
import { useIdPages } from '../../lib/api/use-id-pages';
import { formatDateTime } from '../../lib/format-time';
import { type IpEntry, IpEntryDialog, type IpEntryInput } from './ip-entry-dialog';

/** Authority that may add, edit and delete entries (docs/operations-api.md); 2 may only view. */
export const CHANGE_AUTHORITY = 3;
const KEY = ['ip-blacklist'] as const;

/** The IP address blacklist screen (the spec's name; docs/operations-api.md). */
export function IpBlacklistPage() {
  const { client } = useAuth();
  const queries = useQueryClient();
  const canChange = (useUser()?.authority ?? 0) >= CHANGE_AUTHORITY;
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<{ entry: IpEntry | null } | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const { ask, dialog } = useOtpAction();
  const { records, error, hasNextPage, isFetchingNextPage, fetchNextPage, isPending } = useIdPages<IpEntry>(
    client,
    KEY,
    'ip-blacklist',
    search ? { search } : {},
  );

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch(draft.trim());
  };
  const open = (entry: IpEntry | null) => {
    setServerError(null);
    setEditing({ entry });
  };
  const save = (input: IpEntryInput) => {
    const entry = editing?.entry ?? null;
    ask({
      success: entry ? 'Entry updated' : 'IP address blacklisted',
      onError: setServerError,
      run: async (otpToken) => {
        await client.request({
          method: entry ? 'PUT' : 'POST',
          path: entry ? `ip-blacklist/${entry.id}` : 'ip-blacklist',
          body: input,
          auth: true,
          otpToken,
        });
        setEditing(null);
        await queries.invalidateQueries({ queryKey: KEY });
      },
    });
  };
  const remove = (entry: IpEntry) =>
    ask({
      title: `Delete ${entry.ip}`,
      success: 'Entry deleted',
      run: async (otpToken) => {
        await client.request({ method: 'DELETE', path: `ip-blacklist/${entry.id}`, auth: true, otpToken });
        await queries.invalidateQueries({ queryKey: KEY });
      },
    });

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">IP address blacklist</h1>
        <Button disabled={!canChange} onClick={() => open(null)}>
          <Plus aria-hidden="true" className="size-4" />
          Add IP address
        </Button>
      </div>
      <form aria-label="Search the blacklist" onSubmit={submitSearch} className="flex gap-2">
        <label htmlFor="ip-search" className="sr-only">
          Search by IP address or notes
        </label>
        <input
          id="ip-search"
          type="search"
          value={draft}
          maxLength={300}
          placeholder="Search by IP address or notes"
          onChange={(event) => setDraft(event.target.value)}
          className="h-10 min-w-0 flex-1 rounded-md border border-neutral-300 bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        />
        <Button type="submit" variant="outline" aria-label="Search">
          <Search aria-hidden="true" className="size-4" />
        </Button>
      </form>
      {error && <p className="text-sm text-decrease">{errorMessageOf(error)}</p>}
      {!isPending && !error && records.length === 0 && (
        <p className="text-sm text-neutral-600">
          {search ? 'No entry matches the search.' : 'No IP address is blacklisted.'}
        </p>
      )}
      <ul className="flex flex-col gap-2">
        {records.map((entry) => (
          <li
            key={entry.id}
            className="flex flex-wrap items-start gap-3 rounded-lg border border-neutral-200 bg-white p-3"
          >
            <div className="min-w-0 flex-1">
              <p className="font-mono font-medium break-all">{entry.ip}</p>
              {entry.notes && <p className="mt-1 text-sm break-words text-neutral-700">{entry.notes}</p>}
              <p className="mt-1 text-xs text-neutral-600">{formatDateTime(entry.event_time)}</p>
            </div>
            <div className="flex gap-2">
              <Button
                size="sm"
                variant="outline"
                disabled={!canChange}
                aria-label={`Edit ${entry.ip}`}
                onClick={() => open(entry)}
              >
                <Pencil aria-hidden="true" className="size-4" />
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={!canChange}
                aria-label={`Delete ${entry.ip}`}
                onClick={() => remove(entry)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <LoadMore hasMore={hasNextPage} busy={isFetchingNextPage} onLoad={() => void fetchNextPage()} />
      <IpEntryDialog
        open={editing !== null}
        entry={editing?.entry ?? null}
        serverError={serverError}
        onClose={() => setEditing(null)}
        onSubmit={save}
      />
      {dialog}
    </div>
  );
}
