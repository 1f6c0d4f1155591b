import type { PlatformUpdate } from '@balancer/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useAuth } from '../../auth/auth-context';
import { useOtpAction } from '../../components/otp/use-otp-action';
import { Button } from '../../components/ui/button';
import { Card, Facts } from '../../components/ui/card';
import { CopyButton } from '../../components/ui/copy-button';
import { Spinner } from '../../components/ui/spinner';
import { updateBadgeCount, useUser } from '../../essentials';
import { errorMessageOf } from '../../lib/api';
import { formatDateTime } from '../../lib/format-time';
import { checkStatusLabel, updateSummary } from './version-display';
import { VersionTable } from './version-table';

/** Authority that may run a check now (docs/platform-update.md). */
export const CHECK_AUTHORITY = 3;
const KEY = ['platform', 'update'] as const;

function Steps({ steps }: { steps: PlatformUpdate['steps'] }) {
  return (
    <ol className="flex list-decimal flex-col gap-3 pl-5 text-sm">
      {steps.map((step) => (
        <li key={step.title}>
          <p className="font-medium">{step.title}</p>
          {step.command && (
            <div className="mt-1 flex items-center gap-2">
              <code className="min-w-0 flex-1 rounded bg-neutral-900 px-2 py-1 font-mono text-xs break-all text-white">
                {step.command}
              </code>
              <CopyButton text={step.command} label={`Copy the command: ${step.command}`} />
            </div>
          )}
          {step.note && <p className="mt-1 text-neutral-700">{step.note}</p>}
        </li>
      ))}
    </ol>
  );
}

/** The Platform update screen (docs/platform-update.md): versions, check status, upgrade steps. */
export function PlatformUpdatePage() {
  const { client } = useAuth();
  const queries = useQueryClient();
  const canCheck = (useUser()?.authority ?? 0) >= CHECK_AUTHORITY;
  const { ask, dialog } = useOtpAction();
  const { data, error, isPending } = useQuery({
    queryKey: KEY,
    queryFn: () => client.request<PlatformUpdate>({ path: 'platform/update', auth: true }),
  });
  const checkNow = () =>
    ask({
      title: 'Check for a new release',
      success: 'Release check finished',
      run: async (otpToken) => {
        await client.request({ method: 'POST', path: 'platform/update/check', auth: true, otpToken });
        await queries.invalidateQueries({ queryKey: KEY });
      },
    });
  const badge = data ? updateBadgeCount(data.updateAvailable) : 0;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4 p-4">
      <h1 className="text-2xl font-semibold">Platform update</h1>
      {isPending && <Spinner />}
      {error && <p className="text-sm text-decrease">{errorMessageOf(error)}</p>}
      {data && (
        <>
          <Card title="Versions">
            <p className="mb-3 flex items-center gap-2 text-sm font-medium">
              {updateSummary(data)}
              {badge > 0 && (
                <span className="rounded-full bg-decrease px-2 py-0.5 text-xs text-white">
                  {data.updateAvailable}
                </span>
              )}
            </p>
            <VersionTable data={data} />
            {data.release.url && (
              <a
                href={data.release.url}
                target="_blank"
                rel="noreferrer"
                className="mt-3 inline-block text-sm underline"
              >
                Release page
              </a>
            )}
            {data.release.notes && <p className="mt-3 text-sm whitespace-pre-wrap">{data.release.notes}</p>}
          </Card>
          <Card
            title="Release check"
            actions={
              <Button
                size="sm"
                variant="outline"
                disabled={!canCheck || data.check.status === 'off'}
                onClick={checkNow}
              >
                <RefreshCw aria-hidden="true" className="size-4" />
                Check now
              </Button>
            }
          >
            <Facts
              twoColumns
              items={[
                ['Status', checkStatusLabel(data.check.status)],
                ['Last checked', formatDateTime(data.check.lastCheckedAt)],
                ['Source', data.check.source],
                ['Error', data.check.error ?? '—'],
              ]}
            />
          </Card>
          <Card title="How to upgrade this install">
            <Steps steps={data.steps} />
          </Card>
        </>
      )}
      {dialog}
    </div>
  );
}
