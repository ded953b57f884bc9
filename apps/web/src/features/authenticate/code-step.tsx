import { ActionIcon, Anchor, Button, Group, PinInput, Stack, Text, Title } from '@mantine/core';
import { CODE_RESEND_COUNTDOWN_MS, type TTokenReply, VERIFICATION_CODE_LENGTH } from '@sage/contract';
import { formatCountdown, lastFourDigits } from '@sage/domain';
import { useEffect, useRef, useState } from 'react';
import { currentLanguage, useMessages } from '../../shared/i18n';
import { signinApi } from '../signin/signin-api';
import { LoginError, type LoginErrorView } from './login-error';
import { codeScreenError, phoneScreenError, retryAfterMs } from './login-errors';

export interface CodeStepProps {
  phoneNumber: string;
  /** When the last code was sent (ms since the epoch): the resend countdown runs from there. */
  sentAt: number;
  onBack: () => void;
  onResent: (sentAt: number) => void;
  onSignedIn: (tokens: TTokenReply) => void;
}

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Step 'confirm-code' (sign-in doc sections 2, 4, 5 and 8). */
export function CodeStep({ phoneNumber, sentAt, onBack, onResent, onSignedIn }: CodeStepProps) {
  const m = useMessages('signIn');
  const [code, setCode] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [resending, setResending] = useState(false);
  const [error, setError] = useState<LoginErrorView | null>(null);
  const firstBox = useRef<HTMLInputElement>(null);
  const remaining = sentAt + CODE_RESEND_COUNTDOWN_MS - useNow(250);

  const submit = async () => {
    if (code.length < VERIFICATION_CODE_LENGTH || error || submitting) return;
    setSubmitting(true);
    try {
      onSignedIn(await signinApi.verify(phoneNumber, code));
    } catch (failure) {
      const { kind, view } = codeScreenError(failure, m);
      // "A wrong code clears the entered code and shows an error."
      if (kind === 'invalidCode' || kind === 'tooManyAttempts') setCode('');
      setError(view);
      setSubmitting(false);
      firstBox.current?.focus();
    }
  };

  const resend = async () => {
    setResending(true);
    try {
      await signinApi.start(phoneNumber, currentLanguage());
      setCode('');
      setError(null);
      onResent(Date.now());
    } catch (failure) {
      // Too soon for another code (429 with the seconds to wait): the countdown runs again to that moment.
      const wait = retryAfterMs(failure);
      if (wait !== null) onResent(Date.now() + wait - CODE_RESEND_COUNTDOWN_MS);
      else setError(phoneScreenError(failure, m));
    } finally {
      setResending(false);
    }
  };

  return (
    <Stack
      component="form"
      gap="md"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Group gap="xs" wrap="nowrap">
        <ActionIcon variant="subtle" color="dark" size="xl" aria-label={m.back()} onClick={onBack}>
          <Text component="span" fz={32} lh={1} aria-hidden>
            ‹
          </Text>
        </ActionIcon>
        <Title order={1} fz="h2">
          {m.verifyTitle()}
        </Title>
      </Group>
      <Text fw={600} id="code-label">
        {m.enterCode()}
      </Text>
      <Text>{m.codeSentTo({ lastFour: lastFourDigits(phoneNumber) })}</Text>
      <PinInput
        length={VERIFICATION_CODE_LENGTH}
        type="number"
        inputMode="numeric"
        oneTimeCode
        size="lg"
        // Six 44 px boxes and their gaps fit the 360 px phone.
        gap="xs"
        autoFocus
        value={code}
        ref={firstBox}
        onChange={(value) => {
          setCode(value);
          // "Editing the code clears the error."
          setError(null);
        }}
        getInputProps={(index) => ({
          'aria-label': m.digitOf({ index: index + 1, length: VERIFICATION_CODE_LENGTH }),
        })}
        aria-labelledby="code-label"
      />
      <LoginError error={error} />
      <Button
        type="submit"
        fullWidth
        disabled={code.length < VERIFICATION_CODE_LENGTH || error !== null || submitting}
        loading={submitting}
      >
        {m.continue()}
      </Button>
      <Text size="sm">{m.notYourNumber()}</Text>
      {remaining > 0 ? (
        <Text size="sm" c="dimmed">
          {m.newCodeIn()}{' '}
          <Text span inherit data-testid="resend-countdown">
            {formatCountdown(remaining)}
          </Text>
        </Text>
      ) : (
        <Anchor
          component="button"
          type="button"
          onClick={() => void resend()}
          disabled={resending}
          size="md"
          py="xs"
        >
          {m.resendCode()}
        </Anchor>
      )}
    </Stack>
  );
}
