import { Box, Button, Card, Loader, Stack, Text, Title } from '@mantine/core';
import {
  ButtonLabels,
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
import { PageHeader } from '../../shared/page-header/page-header';
import { useNow } from '../alerts/use-now';
import { logCareWorkflow } from './log-care-flow';
import { ResidentSummary } from './resident-summary';
import { useResident } from './residents-api';

/** /residents/resident/{id}: the resident profile with the latest care logged. */
export function ResidentPage() {
  const { id = '' } = useParams();
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
      <PageHeader title="Resident" />
      <Box component="main" p="md">
        {resident.isPending ? (
          <Loader aria-label="Loading" />
        ) : resident.isError ? (
          <Text c="red">{resident.error.message}</Text>
        ) : (
          <Stack gap="md">
            <ResidentSummary resident={resident.data} />
            {r && r.unit?.careType !== 'INDEPENDENT_LIVING' ? (
              <Stack gap="sm">
                <Button size="lg" fullWidth onClick={() => drawers.openWorkflow(logCareWorkflow(r, false))}>
                  {ButtonLabels.logCare}
                </Button>
                <Button
                  size="lg"
                  fullWidth
                  variant="light"
                  onClick={() => drawers.openWorkflow(logCareWorkflow(r, true))}
                >
                  {ButtonLabels.logRefusal}
                </Button>
              </Stack>
            ) : null}
            <Title order={2} fz="h4">
              Care log
            </Title>
            {activities.data?.activities.length === 0 ? <Text c="dimmed">No care logged yet</Text> : null}
            {activities.data?.activities.map((activity) => (
              <Card key={activity.rid} withBorder padding="sm" radius="md">
                <Text fw={600}>
                  {activity.isRefusal ? 'Refused: ' : ''}
                  {activity.careOutcomes.map((o) => getResolutionType(o.careProvided).name).join(', ')}
                </Text>
                {activity.observations.length ? (
                  <Text size="sm">
                    Observations: {activity.observations.map(observationLabel).join(', ')}
                  </Text>
                ) : null}
                {activity.resolutionNote ? <Text size="sm">{activity.resolutionNote}</Text> : null}
                <Text size="xs" c="dimmed">
                  {formatTimeSince(activity.createdAt, now)} ago
                </Text>
              </Card>
            ))}
          </Stack>
        )}
      </Box>
    </>
  );
}
