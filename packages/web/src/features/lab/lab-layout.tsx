import { NavLink, Outlet } from 'react-router';
import { REQUIRED_AUTHORITY, useUser } from '../../essentials';
import { cn } from '../../lib/cn';

/** The lab's sub-pages (the sweep and a result's pages are other chunks under /app/lab). */
const TABS = [
  { label: 'Data', to: '/app/lab/data' },
  { label: 'New backtest', to: '/app/lab/backtest' },
  { label: 'Results', to: '/app/lab/results' },
  { label: 'Sweep', to: '/app/lab/sweep' },
] as const;

const LAB_AUTHORITY = REQUIRED_AUTHORITY.lab;

/** The strategy lab (docs/web.md, Lab): its title, the tabs and the page chosen. */
export function LabLayout() {
  const authority = useUser()?.authority;
  if (authority === undefined) return null;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Lab</h1>
      {authority < LAB_AUTHORITY ? (
        <p className="text-sm text-neutral-600">
          The lab needs authority {LAB_AUTHORITY}; yours is {authority}.
        </p>
      ) : (
        <>
          <nav aria-label="Lab" className="-mx-1 overflow-x-auto">
            <ul className="flex min-w-max gap-1 border-b border-neutral-200 px-1">
              {TABS.map((tab) => (
                <li key={tab.to}>
                  <NavLink
                    to={tab.to}
                    className={({ isActive }) =>
                      cn(
                        '-mb-px inline-flex h-10 items-center border-b-2 px-3 text-sm font-medium',
                        'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-primary',
                        isActive
                          ? 'border-increase text-neutral-900'
                          : 'border-transparent text-neutral-600 hover:text-neutral-900',
                      )
                    }
                  >
                    {tab.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <Outlet />
        </>
      )}
    </div>
  );
}
