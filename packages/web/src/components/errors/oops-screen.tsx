import type { ReactNode } from 'react';

/** The full-screen frame both the error page and the not-found page use. */
export function OopsScreen({ children }: { children: ReactNode }) {
  return (
    <main
      id="main"
      tabIndex={-1}
      className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-5 p-6 text-center outline-none"
    >
      <h1 className="text-5xl font-bold tracking-tight sm:text-6xl">Oops!</h1>
      {children}
    </main>
  );
}
