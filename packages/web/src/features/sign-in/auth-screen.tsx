import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A logo of our own (the favicon's mark) that links to the landing page. */
function LogoLink({ light }: { light?: boolean }) {
  return (
    <Link
      to="/"
      className="inline-flex items-center gap-2 rounded-md text-lg font-semibold focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-current"
    >
      <img
        src="/favicon.svg"
        alt=""
        width={32}
        height={32}
        className={light ? 'ring-1 ring-white/30 rounded-md' : ''}
      />
      <span>Balancer</span>
    </Link>
  );
}

/**
 * The frame of the sign-in and update-password screens: a dark side panel with the logo and a
 * quotation on large screens, the logo above the form on small ones.
 */
export function AuthScreen({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <div className="grid min-h-screen lg:grid-cols-2">
      <aside
        className="hidden flex-col justify-between bg-primary p-10 text-white lg:flex"
        aria-label="About"
      >
        <LogoLink light />
        <figure className="max-w-md">
          <blockquote className="text-xl leading-relaxed">
            “The investor’s chief problem—and even his worst enemy—is likely to be himself.”
          </blockquote>
          <figcaption className="mt-3 text-sm text-neutral-300">
            Benjamin Graham, <cite>The Intelligent Investor</cite>
          </figcaption>
        </figure>
      </aside>
      <main className="flex flex-col items-center justify-center gap-8 px-4 py-10 sm:px-8">
        <header className="lg:hidden">
          <LogoLink />
        </header>
        <div className="flex w-full max-w-sm flex-col gap-6">
          <div className="flex flex-col gap-2 text-center">
            <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
            <p className="text-sm text-neutral-600">{text}</p>
          </div>
          {children}
        </div>
      </main>
    </div>
  );
}
