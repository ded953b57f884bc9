import { Alert, Box, Button, Card, Group, Loader, Stack, Switch, Text } from '@mantine/core';
import {
  AdminMessages,
  CARE_TYPE_ABBREVIATIONS,
  EmptyStateMessages,
  type TResidentReply,
  ZBulkRoutineChecksReplySchema,
} from '@sage/contract';
import { residentFullName } from '@sage/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api';
import { PageHeader } from '../../../shared/page-header/page-header';
import { reportError } from '../../../shared/report-error';
import { toast } from '../../../shared/toast';
import { residentKeys } from '../../residents/residents-api';
import { useAdminResidents } from '../admin-api';
import { AdminGuard } from '../admin-guard';
import { MANAGE_ROUTE } from '../admin-shared';
import { ROUTINE_CHECKS_TITLE } from './routine-checks-route';

/** PUT /residents/bulk/routineChecks: routine checks on or off for residents (management). */
const setRoutineChecks = (residentIds: string[], isRoutineCheckEnabled: boolean) =>
  api.put(
    'admin',
    '/residents/bulk/routineChecks',
    { residentIds, isRoutineCheckEnabled },
    { parse: ZBulkRoutineChecksReplySchema.parse },
  );

/**
 * /manage/routine-checks (docs/decisions/0234): the community's current residents, each with a 'Routine checks'
 * switch, and both at once for those listed. The chip's threshold is the community's routineCheckIntervalInMin
 * (set on the community's settings); without it no chip shows, which the page says.
 */
export function RoutineChecksPage() {
  return (
    <>
      <PageHeader title={ROUTINE_CHECKS_TITLE} defaultRoute={MANAGE_ROUTE} />
      <AdminGuard>{({ facilityId }) => <RoutineChecksList facilityId={facilityId} />}</AdminGuard>
    </>
  );
}

function RoutineChecksList({ facilityId }: { facilityId: string }) {
  const residents = useAdminResidents(facilityId, '', false);
  const queryClient = useQueryClient();
  const update = useMutation({
    mutationFn: ({ ids, on }: { ids: string[]; on: boolean }) => setRoutineChecks(ids, on),
    onSuccess: (_reply, { ids, on }) => {
      void queryClient.invalidateQueries({ queryKey: residentKeys.all });
      toast.success(
        ids.length === 1
          ? `Routine checks ${on ? 'on' : 'off'}`
          : `Routine checks ${on ? 'on' : 'off'} for ${ids.length} residents`,
      );
    },
    onError: (error) => {
      reportError(error, { action: 'routine-checks' });
      toast.error('Error updating routine checks, please try again');
    },
  });

  if (residents.isPending) return <Loader aria-label="Loading" m="md" />;
  if (residents.isError) return <Text c="red">{residents.error.message}</Text>;
  const list: TResidentReply[] = residents.data.pages.flat();
  const interval = list.find((r) => r.routineCheckIntervalInMin !== null)?.routineCheckIntervalInMin ?? null;
  const ids = list.map((r) => r.id);
  const big = { size: 'lg', mih: 48 } as const;

  return (
    <Box component="main" p="md" maw={640} mx="auto">
      <Stack gap="sm">
        {list.length > 0 && interval === null ? (
          <Alert color="orange">
            No routine-check interval is set for this community: set 'Routine check every (minutes)' in its
            settings for the routine-check chip to show.
          </Alert>
        ) : interval !== null ? (
          <Text>Routine check every {interval} minutes</Text>
        ) : null}
        {list.length === 0 ? (
          <Text c="dimmed">{EmptyStateMessages.noResidentsFound}</Text>
        ) : (
          <>
            <Group grow>
              <Button
                {...big}
                variant="light"
                disabled={update.isPending}
                onClick={() => update.mutate({ ids, on: true })}
              >
                All on
              </Button>
              <Button
                {...big}
                variant="default"
                disabled={update.isPending}
                onClick={() => update.mutate({ ids, on: false })}
              >
                All off
              </Button>
            </Group>
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Residents">
              {list.map((r) => (
                <li key={r.id}>
                  <Card withBorder padding="sm" mih={56}>
                    <Group justify="space-between" wrap="nowrap">
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {residentFullName(r)}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {r.unit
                            ? `${r.unit.displayName}${CARE_TYPE_ABBREVIATIONS[r.unit.careType] ? ` · ${CARE_TYPE_ABBREVIATIONS[r.unit.careType]}` : ''}`
                            : 'No unit'}
                        </Text>
                      </Stack>
                      <Switch
                        size="lg"
                        aria-label={`Routine checks for ${residentFullName(r)}`}
                        checked={r.isRoutineCheckEnabled}
                        disabled={update.isPending}
                        onChange={(e) => update.mutate({ ids: [r.id], on: e.currentTarget.checked })}
                        styles={{ body: { minHeight: 44, alignItems: 'center' } }}
                      />
                    </Group>
                  </Card>
                </li>
              ))}
            </Stack>
            {residents.hasNextPage ? (
              <Button
                variant="subtle"
                size="lg"
                loading={residents.isFetchingNextPage}
                onClick={() => void residents.fetchNextPage()}
              >
                {AdminMessages.showMore}
              </Button>
            ) : null}
          </>
        )}
      </Stack>
    </Box>
  );
}
