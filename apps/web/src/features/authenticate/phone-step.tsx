import { Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  DEFAULT_PHONE_COUNTRY,
  LoginMessages,
  NANP_COUNTRY_CODES,
  type NanpCountryCode,
} from '@sage/contract';
import { normalisePhoneInput } from '@sage/domain';
import { useState } from 'react';
import { PRODUCT_NAME } from '../../shared/constants';
import { validatePhoneNumber } from '../signin/phone-validation';
import { LoginError, type LoginErrorView } from './login-error';
import { phoneScreenError } from './login-errors';

export interface PhoneStepProps {
  initialPhone: string;
  /** Sends the code (or not, when one was sent to this number moments ago); rejects with the API error. */
  onContinue: (e164: string) => Promise<void>;
  onEmail: () => void;
}

/** Step 'phone-number-login' (sign-in doc sections 2, 5 and 8). */
export function PhoneStep({ initialPhone, onContinue, onEmail }: PhoneStepProps) {
  const [country, setCountry] = useState<NanpCountryCode>(DEFAULT_PHONE_COUNTRY);
  const [phone, setPhone] = useState(initialPhone);
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<LoginErrorView | null>(null);
  const validation = validatePhoneNumber(phone, country);

  const submit = async () => {
    if (!validation.ok || sending) return;
    setSending(true);
    setError(null);
    try {
      await onContinue(validation.e164);
    } catch (failure) {
      setError(phoneScreenError(failure));
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
        {LoginMessages.welcome} {PRODUCT_NAME}
      </Title>
      <Text>{LoginMessages.enterPhone}</Text>
      <LoginError error={error} />
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <NativeSelect
          label="Country"
          w={96}
          value={country}
          onChange={(event) => setCountry(event.currentTarget.value as NanpCountryCode)}
          data={NANP_COUNTRY_CODES.map((code) => ({ value: code, label: code }))}
        />
        <TextInput
          style={{ flex: 1 }}
          label="Phone number"
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
      <Button type="submit" fullWidth disabled={!validation.ok || sending} loading={sending}>
        Continue
      </Button>
      <Text size="sm" c="dimmed">
        {LoginMessages.consent}
      </Text>
      <Button variant="default" fullWidth onClick={onEmail}>
        {LoginMessages.logInUsingEmail}
      </Button>
    </Stack>
  );
}
