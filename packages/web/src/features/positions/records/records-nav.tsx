import { NavLink } from 'react-router';
import { cn } from '../../../lib/cn';

const LINKS = [
  { to: '/app/positions', label: 'Positions' },
  { to: '/app/transactions', label: 'Transactions' },
  { to: '/app/profit', label: 'Profit by period' },
] as const;

/** The records' three screens, one link each (Positions, Transactions, Profit by period). */
export function RecordsNav() {
  return (
    <nav aria-label="Records" className="flex flex-wrap gap-1 text-sm">
      {LINKS.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          end
          className={({ isActive }) =>
            cn(
              'rounded-md px-3 py-1.5 font-medium focus-visible:outline-2 focus-visible:outline-primary',
              isActive ? 'bg-neutral-900 text-white' : 'text-neutral-700 hover:bg-neutral-100',
            )
          }
        >
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
