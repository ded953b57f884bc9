import { Avatar, Button, Group, Stack, Text, Title } from '@mantine/core';
import { HIGH_FIVE_MAX_SENDERS, RECOGNITIONS_ROUTE, type TRecognitionReply } from '@sage/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type DrawerControls, DrawerLayout } from '../../shared/drawers';
import { useMessages } from '../../shared/i18n';
import { navigateTo } from '../../shared/navigation';
import { reportError } from '../../shared/report-error';
import { insightsApi, refreshInsightCaches } from './insights-api';
import './high-five-messages';

export interface ReceiveHighFiveDrawerProps {
  recognitions: TRecognitionReply[];
}

const initials = (s: { firstName: string; lastName: string }) =>
  `${s.firstName.charAt(0)}${s.lastName.charAt(0)}`.toUpperCase();

/** Different senders, newest first, at most 4 ("the high-five drawer shows at most 4 senders"). */
export function sendersOf(recognitions: TRecognitionReply[]): TRecognitionReply['sender'][] {
  const seen = new Map<string, TRecognitionReply['sender']>();
  for (const r of recognitions) if (!seen.has(r.sender.id)) seen.set(r.sender.id, r.sender);
  return [...seen.values()].slice(0, HIGH_FIVE_MAX_SENDERS);
}

/**
 * Receive high five (drawer 15): 'Congratulations!', 'You've received a high five from a colleague' or 'N high
 * fives from colleagues', up to 4 sender avatars, View Recognitions and Later. View Recognitions marks them
 * seen and opens the recognitions; Later leaves them unseen for the next visit (docs/decisions/0294). In the
 * reader's language (decision 0750); the senders' names and the note as written.
 */
export function ReceiveHighFiveDrawer({
  drawer,
  recognitions,
}: ReceiveHighFiveDrawerProps & { drawer: DrawerControls }) {
  const m = useMessages('highFive');
  const queryClient = useQueryClient();
  const view = () => {
    drawer.close();
    void Promise.all(recognitions.map((r) => insightsApi.markSeen(r.recognitionRid)))
      .catch((error) => reportError(error, { action: 'mark-recognitions-seen' }))
      .finally(() => void refreshInsightCaches(queryClient));
    navigateTo(RECOGNITIONS_ROUTE);
  };
  return (
    <DrawerLayout
      drawer={drawer}
      title={m.congratulations()}
      actions={
        <>
          <Button fullWidth size="lg" onClick={view}>
            {m.viewRecognitions()}
          </Button>
          <Button fullWidth size="lg" variant="default" onClick={drawer.close}>
            {m.later()}
          </Button>
        </>
      }
    >
      <Stack align="center" gap="md">
        <Avatar.Group aria-label={m.sentBy()}>
          {sendersOf(recognitions).map((s) => (
            <Avatar
              key={s.id}
              size={64}
              radius="xl"
              color="teal"
              src={s.profilePictureUrl}
              alt={`${s.firstName} ${s.lastName}`}
              role="img"
              aria-label={`${s.firstName} ${s.lastName}`}
            >
              {initials(s)}
            </Avatar>
          ))}
        </Avatar.Group>
        <Title order={3} ta="center" fz="h4">
          {m.received({ count: recognitions.length })}
        </Title>
        <Group>
          {recognitions[0]?.note ? (
            <Text c="dimmed" ta="center" style={{ whiteSpace: 'pre-wrap' }}>
              “{recognitions[0].note}”
            </Text>
          ) : null}
        </Group>
      </Stack>
    </DrawerLayout>
  );
}
