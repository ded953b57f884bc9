import { Alert, Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { DEFAULT_PHONE_COUNTRY, NANP_COUNTRY_CODES, type NanpCountryCode } from '@sage/contract';
import { formatCountdown, normalisePhoneInput } from '@sage/domain';
import { useEffect, useState } from 'react';
import { PRODUCT_NAME } from '../../shared/constants';
import { useMessages } from '../../shared/i18n';
import { validatePhoneNumber } from '../signin/phone-validation';
import { LanguageChoice } from './language-choice';
import { LoginError, type LoginErrorView } from './login-error';
import { phoneScreenError, retryAfterMs } from './login-errors';

export interface PhoneStepProps {
  initialPhone: string;
  /** Sends the code (or not, when one was sent to this number moments ago); rejects with the API error. */
  onContinue: (e164: string) => Promise<void>;
  onEmail: () => void;
}

/** Step 'phone-number-login' (sign-in doc sections 2, 5 and 8). */
export function PhoneStep({ initialPhone, onContinue, onEmail }: PhoneStepProps) {
  const m = useMessages('signIn');
  const [country, setCountry] = useState<NanpCountryCode>(DEFAULT_PHONE_COUNTRY);
  const [phone, setPhone] = useState(initialPhone);
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<LoginErrorView | null>(null);
  // A code went to this number moments ago (429 with the seconds to wait): count down, then allow Continue again.
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const now = useTicker(waitUntil !== null);
  const waitMs = waitUntil === null ? 0 : Math.max(0, waitUntil - now);
  useEffect(() => {
    if (waitUntil !== null && waitMs === 0) setWaitUntil(null);
  }, [waitUntil, waitMs]);
  const validation = validatePhoneNumber(phone, country);

  const submit = async () => {
    if (!validation.ok || sending || waitUntil !== null) return;
    setSending(true);
    setError(null);
    try {
      await onContinue(validation.e164);
    } catch (failure) {
      const wait = retryAfterMs(failure);
      if (wait !== null) setWaitUntil(Date.now() + wait);
      else setError(phoneScreenError(failure, m));
      setSending(false);
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
      <Title order={1} fz="h2">
        {m.welcome()} {PRODUCT_NAME}
      </Title>
      <Text>{m.enterPhone()}</Text>
      <LoginError error={error} />
      {waitUntil !== null && (
        <Alert color="yellow" variant="light" title={m.codeWaitTitle()} role="status" data-testid="code-wait">
          {m.codeWaitText({ countdown: formatCountdown(waitMs) })}
        </Alert>
      )}
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <NativeSelect
          label={m.country()}
          w={96}
          value={country}
          onChange={(event) => setCountry(event.currentTarget.value as NanpCountryCode)}
          data={NANP_COUNTRY_CODES.map((code) => ({ value: code, label: code }))}
        />
        <TextInput
          style={{ flex: 1 }}
          label={m.phoneNumber()}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+1"
          value={phone}
          onChange={(event) => {
            setPhone(normalisePhoneInput(event.currentTarget.value));
            setError(null);
          }}
          onBlur={() => setTouched(true)}
          error={touched && !validation.ok ? validation.message : undefined}
        />
      </Group>
      <Button
        type="submit"
        fullWidth
        disabled={!validation.ok || sending || waitUntil !== null}
        loading={sending}
      >
        {m.continue()}
      </Button>
      <Text size="sm" c="dimmed">
        {m.consent()}
      </Text>
      <Button variant="default" fullWidth onClick={onEmail}>
        {m.logInUsingEmail()}
      </Button>
      <LanguageChoice />
    </Stack>
  );
}

/** The time now, every 250 ms while `running`. */
function useTicker(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}
