import { Center, Stack } from '@mantine/core';
import { CODE_RESEND_COUNTDOWN_MS, LoginStep, POST_LOGIN_ROUTE, type TTokenReply } from '@sage/contract';
import { lazy, Suspense, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { chosenLanguage, currentLanguage, saveChosenLanguageAtSignIn } from '../../shared/i18n';
import { useSession } from '../../shared/session';
import { PartnerLogo } from '../signin/partner-logo';
import { storeTokens } from '../signin/session-actions';
import { signinApi } from '../signin/signin-api';
import { CodeStep } from './code-step';
import { PhoneStep } from './phone-step';

/**
 * 'Log In Using Email' leaves for the hosted page; its module (shared with /auth_confirmed, which checks the
 * callback with a zod schema) loads on the tap, keeping zod out of the sign-in page's first load (decision 0381).
 */
const startEmailSignIn = () => {
  void import('./email-sign-in').then((m) => m.startEmailSignIn());
};

/** The logoutReason dialog (a Mantine modal) loads only when the address carries a reason (decision 0381). */
const LogoutReasonDialog = lazy(() =>
  import('./logout-reason-dialog').then((m) => ({ default: m.LogoutReasonDialog })),
);

/** /authenticate: phone step, then code step (sign-in doc sections 2, 4, 5, 8). */
export function AuthenticatePage() {
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const hasLogoutReason = params.has('logoutReason');
  const [step, setStep] = useState<LoginStep>(LoginStep.PHONE_NUMBER_LOGIN);
  const [phone, setPhone] = useState('');
  const [sent, setSent] = useState<{ phone: string; at: number } | null>(null);

  // Signed in already (e.g. another tab): on to the app, unless this page was opened to say why they left.
  if (session && step === LoginStep.PHONE_NUMBER_LOGIN && !hasLogoutReason)
    return <Navigate to="/dashboard" replace />;

  const continueWith = async (e164: string) => {
    // Back on the phone step with the same number before the 30 s are over: the code sent is still good.
    const recent = sent && sent.phone === e164 && Date.now() - sent.at < CODE_RESEND_COUNTDOWN_MS;
    if (!recent) {
      await signinApi.start(e164, currentLanguage());
      setSent({ phone: e164, at: Date.now() });
    }
    setPhone(e164);
    setStep(LoginStep.CONFIRM_CODE);
  };

  const signedIn = (tokens: TTokenReply) => {
    // A language chosen on this screen becomes the person's (decision 0551).
    saveChosenLanguageAtSignIn(chosenLanguage());
    storeTokens(tokens);
    navigate(POST_LOGIN_ROUTE, { replace: true });
  };

  return (
    <Center component="main" mih="100dvh" p="lg" style={{ alignItems: 'flex-start' }}>
      <Stack gap="lg" w="100%" maw={420} pt="xl">
        <PartnerLogo />
        {step === LoginStep.CONFIRM_CODE && sent ? (
          <CodeStep
            phoneNumber={phone}
            sentAt={sent.at}
            onBack={() => setStep(LoginStep.PHONE_NUMBER_LOGIN)}
            onResent={(at) => setSent({ phone, at })}
            onSignedIn={signedIn}
          />
        ) : (
          <PhoneStep initialPhone={phone} onContinue={continueWith} onEmail={startEmailSignIn} />
        )}
      </Stack>
      {hasLogoutReason ? (
        <Suspense fallback={null}>
          <LogoutReasonDialog />
        </Suspense>
      ) : null}
    </Center>
  );
}
