import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-5xl font-bold">Oops!</h1>
      <p className="text-lg text-neutral-700">We can't seem to find the page you're looking for</p>
      <Link to="/" className="rounded-md bg-primary px-4 py-2 font-medium text-white hover:opacity-90">
        Go back
      </Link>
    </main>
  );
}
