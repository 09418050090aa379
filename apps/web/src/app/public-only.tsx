import { Navigate, Outlet } from 'react-router';
import { storedUserId } from '../features/auth/index.ts';
import { paths } from '../lib/navigation.ts';

/** /login and /signup send a signed-in visitor to the dashboard. */
export function PublicOnly() {
  return storedUserId() ? <Navigate to={paths.dashboard} replace /> : <Outlet />;
}

/** "/" and "/_app": the dashboard, or /login when signed out. */
export function HomeRedirect() {
  return <Navigate to={storedUserId() ? paths.dashboard : paths.login} replace />;
}
