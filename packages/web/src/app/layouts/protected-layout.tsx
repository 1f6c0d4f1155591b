import { Navigate, Outlet } from 'react-router';
import { useAuth } from '../../features/auth/auth-context';
import { FullScreenLoader } from './full-screen-loader';

/** /app/*: a loader until the session is known, then sign-in unless authenticated (spec §2). */
export function ProtectedLayout() {
  const { authenticated } = useAuth();
  if (authenticated === undefined) return <FullScreenLoader />;
  if (!authenticated) return <Navigate to="/auth/sign-in" replace />;
  return <Outlet />;
}
