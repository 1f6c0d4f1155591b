import { Navigate, Outlet } from 'react-router';
import { useAuth } from '../../auth/auth-context';

/** Sign-in and update-password: a signed-in visitor goes to the dashboard (docs/web.md, Routes). */
export function PublicLayout() {
  const { authenticated } = useAuth();
  if (authenticated === true) return <Navigate to="/app" replace />;
  return <Outlet />;
}
