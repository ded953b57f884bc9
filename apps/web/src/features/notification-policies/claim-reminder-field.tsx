import { Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import {
  claimReminderPath,
  MAX_UNCONFIRMED_CLAIM_REMINDER_MINUTES,
  MIN_UNCONFIRMED_CLAIM_REMINDER_MINUTES,
  type TClaimReminderReply,
  ZClaimReminderReplySchema,
} from '@sage/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, isApiError } from '../../shared/api';
import { useMessages } from '../../shared/i18n';
import { reportError } from '../../shared/report-error';
import { toast } from '../../shared/toast';
import './policies-messages';

const key = (facilityId: string) => ['claimReminder', facilityId] as const;

const valid = (n: number | string): n is number =>
  typeof n === 'number' &&
  Number.isInteger(n) &&
  n >= MIN_UNCONFIRMED_CLAIM_REMINDER_MINUTES &&
  n <= MAX_UNCONFIRMED_CLAIM_REMINDER_MINUTES;

/**
 * The claimed-but-not-confirmed reminder on the notification settings screen (UL 1069; decision 0515): minutes
 * after a claim without bedside confirmation before the claimer is re-alerted and the next step notified.
 */
export function ClaimReminderField({ facilityId }: { facilityId: string }) {
  const M = useMessages('policies');
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: key(facilityId),
    queryFn: () =>
      api.get('admin', claimReminderPath(facilityId), { parse: ZClaimReminderReplySchema.parse }),
    refetchOnWindowFocus: false,
  });
  const [value, setValue] = useState<number | string>('');
  useEffect(() => {
    if (current.data) setValue(current.data.unconfirmedClaimReminderMinutes);
  }, [current.data]);
  const save = useMutation({
    mutationFn: (minutes: number) =>
      api.put(
        'admin',
        claimReminderPath(facilityId),
        { unconfirmedClaimReminderMinutes: minutes },
        { parse: ZClaimReminderReplySchema.parse },
      ),
    onSuccess: (saved: TClaimReminderReply) => {
      queryClient.setQueryData(key(facilityId), saved);
      toast.success(M.reminderSaved());
    },
    onError: (error) => {
      reportError(error, { where: 'save claim reminder' });
      toast.error(isApiError(error) && error.status === 400 ? error.message : M.reminderSaveFailed());
    },
  });
  const error = value === '' || valid(value) ? null : M.reminderOutOfRange();
  const changed = current.data !== undefined && value !== current.data.unconfirmedClaimReminderMinutes;
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-label={M.reminderHeading()}>
      <Stack gap="md">
        <Title order={2} fz="h4">
          {M.reminderHeading()}
        </Title>
        <NumberInput
          size="lg"
          label={M.reminderLabel()}
          description={M.reminderDescription()}
          min={MIN_UNCONFIRMED_CLAIM_REMINDER_MINUTES}
          max={MAX_UNCONFIRMED_CLAIM_REMINDER_MINUTES}
          allowDecimal={false}
          allowNegative={false}
          inputMode="numeric"
          disabled={!current.data}
          value={value}
          onChange={setValue}
          error={error}
        />
        {current.isError ? (
          <Text c="red" role="alert">
            {M.reminderSaveFailed()}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button
            size="lg"
            disabled={!changed || !valid(value) || save.isPending}
            loading={save.isPending}
            onClick={() => valid(value) && save.mutate(value)}
          >
            {M.reminderSave()}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
