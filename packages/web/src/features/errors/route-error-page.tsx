import { isRouteErrorResponse, useRouteError } from 'react-router';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return 'Unexpected Application Error';
}

export function RouteErrorPage() {
  const error = useRouteError();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-5xl font-bold">Oops!</h1>
      <p className="text-lg text-neutral-700">{describe(error)}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="rounded-md bg-primary px-4 py-2 font-medium text-white hover:opacity-90"
      >
        Refresh app
      </button>
      <p className="max-w-md text-sm text-neutral-600">
        If the problem persists, close the app, clean the site data (cache) via your browser and try again.
      </p>
    </main>
  );
}
