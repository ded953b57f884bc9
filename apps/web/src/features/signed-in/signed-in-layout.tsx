import { Navigate, Outlet } from 'react-router';
import { AUTHENTICATE_ROUTE } from '../../shared/constants';
import { useSession } from '../../shared/session';

/**
 * The main app module (loaded lazily): everything behind sign-in. A visitor without a session goes to the
 * login page, also when the session ends while the app is open (sign-out in another tab).
 */
export function SignedInLayout() {
  const session = useSession();
  if (!session) return <Navigate to={AUTHENTICATE_ROUTE} replace />;
  return <Outlet />;
}
