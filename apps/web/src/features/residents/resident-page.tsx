import { Box, Button, Card, Loader, Stack, Text, Title } from '@mantine/core';
import {
  getResolutionType,
  observationLabel,
  type TResidentActivitiesReply,
  ZResidentActivitiesReplySchema,
} from '@sage/contract';
import { formatTimeSince } from '@sage/domain';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { api } from '../../shared/api';
import { useDrawers } from '../../shared/drawers';
import { useMessages } from '../../shared/i18n';
import { PageHeader } from '../../shared/page-header/page-header';
import { useNow } from '../alerts/use-now';
import '../care/care-messages';
import { logCareWorkflow } from './log-care-flow';
import { ResidentSummary } from './resident-summary';
import { useResident } from './residents-api';
import './residents-messages';

/** /residents/resident/{id}: the resident profile with the latest care logged. */
export function ResidentPage() {
  const { id = '' } = useParams();
  const m = useMessages('residents');
  const resolution = useMessages('resolution') as Record<string, (() => string) | undefined>;
  const observation = useMessages('observation') as Record<string, (() => string) | undefined>;
  const careName = (id: Parameters<typeof getResolutionType>[0]) =>
    resolution[id]?.() ?? getResolutionType(id).name;
  const observationName = (id: string) => observation[id]?.() ?? observationLabel(id);
  const resident = useResident(id);
  const drawers = useDrawers();
  const now = useNow(60_000);
  const activities = useQuery({
    queryKey: ['care', 'activities', id],
    queryFn: (): Promise<TResidentActivitiesReply> =>
      api.get('admin', `/residents/${encodeURIComponent(id)}/activities`, {
        query: { pageSize: 20 },
        parse: ZResidentActivitiesReplySchema.parse,
      }),
  });
  const r = resident.data;
  return (
    <>
      <PageHeader title={m.title()} />
      <Box component="main" p="md">
        {resident.isPending ? (
          <Loader aria-label={m.loading()} />
        ) : resident.isError ? (
          <Text c="red">{resident.error.message}</Text>
        ) : (
          <Stack gap="md">
            <ResidentSummary resident={resident.data} />
            {r && r.unit?.careType !== 'INDEPENDENT_LIVING' ? (
              <Stack gap="sm">
                <Button size="lg" fullWidth onClick={() => drawers.openWorkflow(logCareWorkflow(r, false))}>
                  {m.logCare()}
                </Button>
                <Button
                  size="lg"
                  fullWidth
                  variant="light"
                  onClick={() => drawers.openWorkflow(logCareWorkflow(r, true))}
                >
                  {m.logRefusal()}
                </Button>
              </Stack>
            ) : null}
            <Title order={2} fz="h4">
              {m.careLog()}
            </Title>
            {activities.data?.activities.length === 0 ? <Text c="dimmed">{m.noCareLogged()}</Text> : null}
            {activities.data?.activities.map((activity) => (
              <Card key={activity.rid} withBorder padding="sm" radius="md">
                <Text fw={600}>
                  {activity.isRefusal
                    ? m.refused({
                        care: activity.careOutcomes.map((o) => careName(o.careProvided)).join(', '),
                      })
                    : activity.careOutcomes.map((o) => careName(o.careProvided)).join(', ')}
                </Text>
                {activity.observations.length ? (
                  <Text size="sm">
                    {m.observations({ observations: activity.observations.map(observationName).join(', ') })}
                  </Text>
                ) : null}
                {activity.resolutionNote ? <Text size="sm">{activity.resolutionNote}</Text> : null}
                <Text size="xs" c="dimmed">
                  {m.ago({ time: formatTimeSince(activity.createdAt, now) })}
                </Text>
              </Card>
            ))}
          </Stack>
        )}
      </Box>
    </>
  );
}
