import { NavLink } from 'react-router';
import { CountBadge } from '../../components/ui/count-badge';
import { allowed, REQUIRED_AUTHORITY, useEssentialsSelector } from '../../essentials';
import { cn } from '../../lib/cn';
import { authorityNeeded, NAV_ITEMS, type NavItem } from './nav-items';

/**
 * Where the main navigation sits: `top` in the header (text from lg, icons only on md),
 * `bottom` a fixed bar on small screens. Both render; CSS shows the one that fits.
 */
export type NavVariant = 'top' | 'bottom';

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

export function MainNav({ variant }: { variant: NavVariant }) {
  const authority = useEssentialsSelector((essentials) => essentials?.user.authority);
  const apiErrors = useEssentialsSelector((essentials) => essentials?.unreadAPIErrors ?? 0);
  const top = variant === 'top';
  return (
    <nav
      aria-label={top ? 'Main' : 'Main (bottom bar)'}
      className={
        top
          ? 'hidden md:block'
          : 'fixed inset-x-0 bottom-0 z-40 border-t border-neutral-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden'
      }
    >
      <ul className={top ? 'flex items-center gap-1' : 'grid grid-cols-5'}>
        {NAV_ITEMS.map((item) => (
          <li key={item.to}>
            <NavEntry
              item={item}
              variant={variant}
              enabled={allowed(authority, item.screen)}
              badge={item.badge ? apiErrors : 0}
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}

function NavEntry({
  item,
  variant,
  enabled,
  badge,
}: {
  item: NavItem;
  variant: NavVariant;
  enabled: boolean;
  badge: number;
}) {
  const Icon = item.icon;
  const top = variant === 'top';
  const box = top
    ? 'relative flex h-10 items-center gap-2 rounded-md px-2.5 text-sm font-medium lg:px-3'
    : 'relative flex flex-col items-center gap-0.5 px-1 py-2 text-xs font-medium';
  const content = (
    <>
      <span className="relative">
        <Icon aria-hidden="true" className="h-5 w-5" />
        {badge > 0 && (
          <CountBadge
            count={badge}
            label={`${badge} unread API errors`}
            className="absolute -top-2 -right-3"
          />
        )}
      </span>
      {/* On md the top bar shows icons only; the name stays for screen readers and tooltips. */}
      <span className={top ? 'sr-only lg:not-sr-only' : undefined}>{item.label}</span>
    </>
  );
  if (!enabled) {
    const needed = authorityNeeded(REQUIRED_AUTHORITY[item.screen]);
    return (
      <span aria-disabled="true" title={needed} className={cn(box, 'cursor-not-allowed text-neutral-400')}>
        {content}
        <span className="sr-only">({needed})</span>
      </span>
    );
  }
  return (
    <NavLink
      to={item.to}
      // The dashboard is /app itself; the lab's item stays marked on its sub-pages.
      end={item.to === '/app'}
      title={item.label}
      className={({ isActive }) =>
        cn(
          box,
          FOCUS,
          isActive ? 'text-increase' : 'text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900',
        )
      }
    >
      {content}
    </NavLink>
  );
}
