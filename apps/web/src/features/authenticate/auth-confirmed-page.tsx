import { EMAIL_SIGNIN_STATE_STORAGE_KEY, POST_LOGIN_ROUTE } from '@sage/contract';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { authenticatePath } from '../../shared/navigation';
import { LoadingScreen } from '../shell/loading-screen';
import { storeTokens } from '../signin/session-actions';
import { parseEmailCallback } from './email-sign-in';

/** /auth_confirmed: the email sign-in callback. Parses the hash, stores the tokens, goes to the shift page. */
export function AuthConfirmedPage() {
  const navigate = useNavigate();
  // Read once (a pure read, so React's double render in development does no harm).
  const [tokens] = useState(() =>
    parseEmailCallback(window.location.hash, sessionStorage.getItem(EMAIL_SIGNIN_STATE_STORAGE_KEY)),
  );
  useEffect(() => {
    sessionStorage.removeItem(EMAIL_SIGNIN_STATE_STORAGE_KEY);
    // The tokens leave the address bar (and the history) at once.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!tokens) {
      navigate(authenticatePath('login-required'), { replace: true });
      return;
    }
    storeTokens({
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      expiresIn: tokens.expires_in,
      staffMemberId: tokens.staff_member_id,
    });
    navigate(POST_LOGIN_ROUTE, { replace: true });
  }, [navigate, tokens]);
  return <LoadingScreen />;
}
