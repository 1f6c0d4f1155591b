// The one brand mark of the header as its own file: importing `simple-icons` here would pull the
// package's shared module (with every brand the lower sections use) into the first load.
import githubSvg from 'simple-icons/icons/github.svg?raw';
import { buttonClasses } from '../../components/ui/button';
import { LogoMark } from '../../components/ui/logo-mark';
import { AppLink } from '../../lib/app-link';
import { codeHostName } from '../../lib/links';
import { useProjectLinks } from '../../lib/project-links';
import { ExternalLink } from './external-link';
import { LandingMenu } from './landing-menu';

/** The GitHub mark's path (24 units wide), from simple-icons (CC0). */
const GITHUB_PATH = /\sd="([^"]+)"/.exec(githubSvg)?.[1] ?? '';

/** The code host button: the configured repository, with GitHub's mark on GitHub; none when unset. */
function CodeHostButton() {
  const links = useProjectLinks();
  const host = codeHostName(links);
  if (links.sourceCodeUrl === null || host === null) return null;
  return (
    <ExternalLink href={links.sourceCodeUrl} className={buttonClasses('outline', 'sm')}>
      {host === 'GitHub' && (
        <svg viewBox="0 0 24 24" aria-hidden="true" className="h-4 w-4 fill-current">
          <path d={GITHUB_PATH} />
        </svg>
      )}
      <span>
        <span className="sr-only sm:not-sr-only">View on </span>
        {host}
      </span>
    </ExternalLink>
  );
}

/** The landing header: logo (home), the code host button (when configured) and the side menu. Sticky. */
export function LandingHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-neutral-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <AppLink
          to="/"
          className="flex items-center gap-2 rounded-md text-lg font-bold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          <LogoMark />
          Balancer
        </AppLink>
        <div className="flex items-center gap-2">
          <CodeHostButton />
          <LandingMenu />
        </div>
      </div>
    </header>
  );
}
