import { Outlet } from 'react-router';
import { AuthProvider } from '../../auth/auth-context';
import { AppAreaProviders } from '../providers/app-area-providers';

/**
 * The session and data cache for the auth screens and the signed-in app (a lazy
 * route: the landing page does not load them, and does not ask for a refresh).
 */
export function AuthRoot() {
  return (
    <AppAreaProviders>
      <AuthProvider>
        <Outlet />
      </AuthProvider>
    </AppAreaProviders>
  );
}
