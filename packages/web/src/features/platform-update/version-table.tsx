import type { ComponentVersions, PlatformUpdate } from '@balancer/core';
import { formatDateTime } from '../../lib/format-time';
import { commitUrl } from '../../lib/links';
import { useProjectLinks } from '../../lib/project-links';
import { shortSha } from './version-display';

interface Commit {
  version: string | null;
  sha: string | null;
  eventTime: number | null;
}

/** The commit links to its page on the code host when SOURCE_CODE_URL is configured. */
function CommitCell({ commit }: { commit: Commit | null }) {
  const links = useProjectLinks();
  if (!commit) return <span className="text-neutral-600">unknown</span>;
  const href = commit.sha ? commitUrl(links, commit.sha) : null;
  return (
    <div className="flex flex-col">
      <span className="font-medium">{commit.version ?? 'unknown'}</span>
      {commit.sha && href ? (
        <a
          href={href}
          target="_blank"
          rel="noreferrer"
          className="font-mono text-xs underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-primary"
        >
          {shortSha(commit.sha)}
        </a>
      ) : commit.sha ? (
        <span className="font-mono text-xs">{shortSha(commit.sha)}</span>
      ) : (
        <span className="text-xs text-neutral-600">commit unknown</span>
      )}
      <span className="text-xs text-neutral-600">{formatDateTime(commit.eventTime)}</span>
    </div>
  );
}

function PartRow({ name, part, behind }: { name: string; part: ComponentVersions; behind: boolean }) {
  return (
    <tr className="border-t border-neutral-100 align-top">
      <th scope="row" className="py-2 pr-3 text-left font-medium">
        {name}
        {behind && (
          <span className="ml-2 rounded-full bg-decrease px-2 py-0.5 text-xs text-white">behind</span>
        )}
      </th>
      <td className="py-2 pr-3">
        <CommitCell commit={part.running} />
      </td>
      <td className="py-2">
        <CommitCell commit={part.latest} />
      </td>
    </tr>
  );
}

/** Running and latest versions of the API and the GUI, each with its commit. */
export function VersionTable({ data }: { data: PlatformUpdate }) {
  const behind = (part: 'API' | 'GUI') => data.updateAvailable === 'BOTH' || data.updateAvailable === part;
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Running and latest versions</caption>
      <thead className="text-left text-neutral-600">
        <tr>
          <th scope="col" className="py-1 pr-3 font-medium">
            Part
          </th>
          <th scope="col" className="py-1 pr-3 font-medium">
            Running
          </th>
          <th scope="col" className="py-1 font-medium">
            Latest
          </th>
        </tr>
      </thead>
      <tbody>
        <PartRow name="API" part={data.api} behind={behind('API')} />
        <PartRow name="GUI" part={data.gui} behind={behind('GUI')} />
      </tbody>
    </table>
  );
}
