import { FlaskConical, Gauge, type LucideIcon, Server, SlidersHorizontal, Wallet } from 'lucide-react';
import type { Screen } from '../../essentials';

export interface NavItem {
  label: string;
  to: string;
  screen: Screen;
  icon: LucideIcon;
  /** Only Server carries a badge: the unread API errors. */
  badge?: 'api-errors';
}

/** The main navigation, in order (the routes of docs/web.md). */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', to: '/app', screen: 'dashboard', icon: Gauge },
  { label: 'Positions', to: '/app/positions', screen: 'positions', icon: Wallet },
  { label: 'Server', to: '/app/server', screen: 'server', icon: Server, badge: 'api-errors' },
  { label: 'Adjustments', to: '/app/adjustments', screen: 'adjustments', icon: SlidersHorizontal },
  { label: 'Lab', to: '/app/lab', screen: 'lab', icon: FlaskConical },
];

/** The words for a disabled item. */
export const authorityNeeded = (authority: number): string => `Needs authority ${authority}`;
