import { type AnchorHTMLAttributes, createContext, type MouseEvent, useContext } from 'react';

/**
 * How an AppLink moves to another page of the app without reloading it: the router's `navigate`
 * inside the router (RootLayout), the entry's switch to the router on the landing page's first
 * load (app/entry-page.tsx). Without one, an AppLink is a plain link the browser follows.
 */
export const LinkNavigation = createContext<((to: string) => void) | null>(null);

/** A plain left click, which the app handles itself; others (new tab, download…) stay the browser's. */
function handledInApp(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
    !event.currentTarget.target
  );
}

/**
 * A link to a page of the app that needs no router: the landing page's first load carries none
 * (docs/web.md, First load), and the router's `Link` would bring it in.
 */
export function AppLink({
  to,
  onClick,
  ...anchor
}: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  const navigate = useContext(LinkNavigation);
  return (
    <a
      {...anchor}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (!navigate || !handledInApp(event)) return;
        event.preventDefault();
        navigate(to);
      }}
    />
  );
}
