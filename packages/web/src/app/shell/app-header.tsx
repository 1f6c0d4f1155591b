import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LogoMark } from '../../components/ui/logo-mark';
import { MainNav } from './main-nav';
import { PriceChip, SimulatedBadge } from './market-chip';
import { SideMenu } from './side-menu';

/**
 * The signed-in header: the logo (to the landing page), the main navigation (a top bar
 * from md), the live price, the simulated-market badge, `actions` (the notifications bell) and
 * the side menu. Below md the navigation is the fixed bottom bar.
 */
export function AppHeader({ actions }: { actions?: ReactNode }) {
  return (
    <>
      <header className="sticky top-0 z-40 border-b border-neutral-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-3 sm:gap-3 sm:px-4">
          <Link
            to="/"
            aria-label="Balancer home"
            className="flex items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          >
            <LogoMark className="h-7 w-7" />
            <span aria-hidden="true" className="hidden text-base font-semibold sm:inline">
              Balancer
            </span>
          </Link>
          <MainNav variant="top" />
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            <SimulatedBadge />
            <PriceChip />
            {actions}
            <SideMenu />
          </div>
        </div>
      </header>
      <MainNav variant="bottom" />
    </>
  );
}
