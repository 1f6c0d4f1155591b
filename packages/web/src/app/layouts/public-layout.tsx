import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { returnPathOf } from '../../features/sign-in/return-to';

/**
 * Sign-in and update-password: a signed-in visitor goes to the page that sent them to sign in,
 * else the dashboard (docs/web.md, Routes).
 */
export function PublicLayout() {
  const { authenticated } = useAuth();
  const { state } = useLocation();
  if (authenticated === true) return <Navigate to={returnPathOf(state)} replace />;
  return <Outlet />;
}
