import { Link } from 'react-router';
// The one brand mark of the header as its own file: importing `simple-icons` here would pull the
// package's shared module (with every brand the lower sections use) into the first load.
import githubSvg from 'simple-icons/icons/github.svg?raw';
import { buttonClasses } from '../../components/ui/button';
import { LogoMark } from '../../components/ui/logo-mark';
import { CODE_HOST_URL } from '../../lib/links';
import { ExternalLink } from './external-link';
import { LandingMenu } from './landing-menu';

/** The GitHub mark's path (24 units wide), from simple-icons (CC0). */
const GITHUB_PATH = /\sd="([^"]+)"/.exec(githubSvg)?.[1] ?? '';

/** The landing header: logo (home), the code host button and the side menu. Sticky. */
export function LandingHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-neutral-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link
          to="/"
          className="flex items-center gap-2 rounded-md text-lg font-bold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          <LogoMark />
          Balancer
        </Link>
        <div className="flex items-center gap-2">
          <ExternalLink href={CODE_HOST_URL} className={buttonClasses('outline', 'sm')}>
            <svg viewBox="0 0 24 24" aria-hidden="true" className="h-4 w-4 fill-current">
              <path d={GITHUB_PATH} />
            </svg>
            <span>
              <span className="sr-only sm:not-sr-only">View on </span>GitHub
            </span>
          </ExternalLink>
          <LandingMenu />
        </div>
      </div>
    </header>
  );
}
