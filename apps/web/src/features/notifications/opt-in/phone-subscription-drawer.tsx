import { Alert, Box, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { type DrawerControls, DrawerLayout } from '../../../shared/drawers';
import { useMessages } from '../../../shared/i18n';
import { reportError } from '../../../shared/report-error';
import { useCurrentFacility } from '../../shift/shift-api';
import { useMyPhoneSubscriptions } from './opt-in-api';
import {
  bottomButtonLabel,
  formatPhoneForDisplay,
  type SenderRow,
  senderRows,
  shouldOfferOptIn,
  statusLabel,
  subscribeSmsLink,
} from './opt-in-rules';
import './opt-in-messages';

export interface PhoneSubscriptionDrawerProps {
  /** Runs when the drawer is left with Continue or Skip. */
  onDone?: () => void;
}

const TOPIC_LABELS = { ALERTS: 'alertsNumber', TASKS: 'tasksNumber' } as const;

function SenderNumber({ row }: { row: SenderRow }) {
  const m = useMessages('optIn');
  const display = formatPhoneForDisplay(row.senderPhoneNumber);
  const subscribed = row.status === 'SUBSCRIBED';
  const topic = m[TOPIC_LABELS[row.topic]]();
  const name = `${topic} ${display}`;
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-label={name}>
      <Stack gap="xs">
        <Stack gap={2}>
          <Text fw={700}>{topic}</Text>
          <Text fz="xl" style={{ whiteSpace: 'nowrap' }}>
            {display}
          </Text>
          <Group gap={6} wrap="nowrap">
            <Box
              aria-hidden
              w={10}
              h={10}
              style={{ borderRadius: '50%', flexShrink: 0 }}
              bg={subscribed ? 'green.7' : 'gray.5'}
            />
            <Text fw={600} c={subscribed ? 'green.8' : 'dimmed'}>
              {m[statusLabel(row.status)]()}
            </Text>
          </Group>
        </Stack>
        {subscribed ? null : (
          <Button component="a" href={subscribeSmsLink(row.senderPhoneNumber)} size="lg" fullWidth>
            {m.subscribe()}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Notifications opt-in (drawer type 'phone-subscription'): the alert and task sender numbers with the
 * caller's status, a Subscribe text-message link (START) for each number not yet subscribed, and Continue
 * (both subscribed) or Skip (sign-in doc section 2; docs/decisions/0066).
 */
export function PhoneSubscriptionDrawer({
  drawer,
  onDone,
}: PhoneSubscriptionDrawerProps & { drawer: DrawerControls }) {
  const m = useMessages('optIn');
  const facility = useCurrentFacility();
  const subscriptions = useMyPhoneSubscriptions(facility.data?.id);
  const rows = facility.data && subscriptions.data ? senderRows(facility.data, subscriptions.data) : [];
  const failed = facility.isError || subscriptions.isError;

  useEffect(() => {
    const error = facility.error ?? subscriptions.error;
    if (error) reportError(error, { where: 'phone subscription drawer' });
  }, [facility.error, subscriptions.error]);

  const finish = () => {
    drawer.next();
    onDone?.();
  };

  return (
    <DrawerLayout
      drawer={drawer}
      title={m.title()}
      backLabel={m.back()}
      actions={
        <Button size="lg" fullWidth variant={rows.length > 0 ? 'filled' : 'default'} onClick={finish}>
          {m[bottomButtonLabel(rows)]()}
        </Button>
      }
    >
      {failed ? (
        <Alert color="red" variant="light" role="alert">
          <Stack gap="sm">
            <Text>{m.loadFailed()}</Text>
            <Button
              onClick={() => {
                void facility.refetch();
                void subscriptions.refetch();
              }}
            >
              {m.retry()}
            </Button>
          </Stack>
        </Alert>
      ) : facility.isPending || (Boolean(facility.data) && subscriptions.isPending) ? (
        <Loader aria-label={m.loading()} />
      ) : rows.length === 0 ? (
        <Text>{m.noNumbers()}</Text>
      ) : (
        <Stack gap="md">
          <Text>{shouldOfferOptIn(rows) ? m.intro() : m.allSet()}</Text>
          {rows.map((row) => (
            <SenderNumber key={row.topic} row={row} />
          ))}
        </Stack>
      )}
    </DrawerLayout>
  );
}
