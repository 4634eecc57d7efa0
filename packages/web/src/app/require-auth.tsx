import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useUser } from '../lib/session';
import { paths } from './paths';

/** Protected pages redirect to /login when no user is stored locally (spec §2). */
export function RequireAuth() {
  const user = useUser();
  const location = useLocation();
  if (!user)
    return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}
