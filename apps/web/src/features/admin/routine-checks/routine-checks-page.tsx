import { Alert, Box, Button, Card, Group, Loader, Stack, Switch, Text } from '@mantine/core';
import { CARE_TYPE_ABBREVIATIONS, type TResidentReply, ZBulkRoutineChecksReplySchema } from '@sage/contract';
import { residentFullName } from '@sage/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api';
import { useMessages } from '../../../shared/i18n';
import { PageHeader } from '../../../shared/page-header/page-header';
import { reportError } from '../../../shared/report-error';
import { toast } from '../../../shared/toast';
import { residentKeys } from '../../residents/residents-api';
import { useAdminResidents } from '../admin-api';
import { AdminGuard } from '../admin-guard';
import '../admin-pages-messages';
import { MANAGE_ROUTE } from '../admin-shared';

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
  const m = useMessages('adminPages');
  return (
    <>
      <PageHeader title={m.routineChecksTitle()} defaultRoute={MANAGE_ROUTE} />
      <AdminGuard>{({ facilityId }) => <RoutineChecksList facilityId={facilityId} />}</AdminGuard>
    </>
  );
}

function RoutineChecksList({ facilityId }: { facilityId: string }) {
  const residents = useAdminResidents(facilityId, '', false);
  const queryClient = useQueryClient();
  const m = useMessages('adminPages');
  const update = useMutation({
    mutationFn: ({ ids, on }: { ids: string[]; on: boolean }) => setRoutineChecks(ids, on),
    onSuccess: (_reply, { ids, on }) => {
      void queryClient.invalidateQueries({ queryKey: residentKeys.all });
      const count = ids.length;
      toast.success(
        count === 1
          ? on
            ? m.routineChecksOn()
            : m.routineChecksOff()
          : on
            ? m.routineChecksOnFor({ count })
            : m.routineChecksOffFor({ count }),
      );
    },
    onError: (error) => {
      reportError(error, { action: 'routine-checks' });
      toast.error(m.routineChecksFailed());
    },
  });

  if (residents.isPending) return <Loader aria-label={m.loading()} m="md" />;
  if (residents.isError) return <Text c="red">{residents.error.message}</Text>;
  const list: TResidentReply[] = residents.data.pages.flat();
  const interval = list.find((r) => r.routineCheckIntervalInMin !== null)?.routineCheckIntervalInMin ?? null;
  const ids = list.map((r) => r.id);
  const big = { size: 'lg', mih: 48 } as const;

  return (
    <Box component="main" p="md" maw={640} mx="auto">
      <Stack gap="sm">
        {list.length > 0 && interval === null ? (
          <Alert color="orange">{m.noInterval()}</Alert>
        ) : interval !== null ? (
          <Text>{m.intervalEvery({ interval })}</Text>
        ) : null}
        {list.length === 0 ? (
          <Text c="dimmed">{m.noResidentsFound()}</Text>
        ) : (
          <>
            <Group grow>
              <Button
                {...big}
                variant="light"
                disabled={update.isPending}
                onClick={() => update.mutate({ ids, on: true })}
              >
                {m.allOn()}
              </Button>
              <Button
                {...big}
                variant="default"
                disabled={update.isPending}
                onClick={() => update.mutate({ ids, on: false })}
              >
                {m.allOff()}
              </Button>
            </Group>
            <Stack
              gap="xs"
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label={m.residentsList()}
            >
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
                            : m.noUnit()}
                        </Text>
                      </Stack>
                      <Switch
                        size="lg"
                        aria-label={m.routineChecksFor({ name: residentFullName(r) })}
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
                {m.showMore()}
              </Button>
            ) : null}
          </>
        )}
      </Stack>
    </Box>
  );
}
