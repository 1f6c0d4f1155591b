import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import type { LandingSectionId } from './sections';

/** A landing section: a landmark named by its heading, on a white or a light grey band. */
export function LandingSection({
  id,
  title,
  intro,
  tinted = false,
  children,
}: {
  id: LandingSectionId;
  title: ReactNode;
  intro?: ReactNode;
  tinted?: boolean;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={cn('py-16 sm:py-20', tinted && 'bg-neutral-50')}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id={headingId} className="text-3xl font-bold tracking-tight sm:text-4xl">
          {title}
        </h2>
        {intro && <p className="mt-3 max-w-2xl text-lg text-neutral-700">{intro}</p>}
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}
