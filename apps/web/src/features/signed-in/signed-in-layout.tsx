import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { authenticatePath, pendingLogoutReason } from '../../shared/navigation';
import { AppQueryProvider } from '../../shared/query-client';
import { useSession } from '../../shared/session';
import { AlertSound } from '../alert-sound/alert-sound';
import { HighFiveWatcher } from '../insights/high-five-watcher';
import { useWebPush } from '../notifications/push/use-web-push';
import { startSilentTokenRefresh } from '../signin/session-actions';
import { GuidedTourHost } from '../training/guided-tour-host';

/**
 * The main app module (loaded lazily): everything behind sign-in. A visitor without a session goes to the
 * login page, also when the session ends while the app is open (sign-out in another tab).
 */
export function SignedInLayout() {
  // The app's query client (not at the app's root: the sign-in page has no use for it; decision 0385).
  return (
    <AppQueryProvider>
      <SignedInApp />
    </AppQueryProvider>
  );
}

function SignedInApp() {
  const session = useSession();
  const signedIn = session !== null;
  // The access token is fetched silently every 60 s while signed in (sign-in doc section 4).
  useEffect(() => (signedIn ? startSilentTokenRefresh() : undefined), [signedIn]);
  // Browser push: the Allow notifications drawer, then the subscription (sign-in doc section 4).
  useWebPush(session?.staffMemberId ?? null);
  if (!session) return <Navigate to={authenticatePath(pendingLogoutReason())} replace />;
  return (
    <>
      <AlertSound />
      <HighFiveWatcher />
      <Outlet />
      <GuidedTourHost staffMemberId={session.staffMemberId} />
    </>
  );
}
