import { Avatar, Badge, Box, Button, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import {
  INSIGHT_CATEGORY_LABELS,
  type TInsightReply,
  type TRecognitionReply,
  type TWorkflowReply,
} from '@sage/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useDrawers } from '../../shared/drawers';
import { localeTag } from '../../shared/i18n';
import { PageHeader } from '../../shared/page-header/page-header';
import { reportError } from '../../shared/report-error';
import { useSession } from '../../shared/session';
import { useFacilityPermissions } from '../admin/admin-shared';
import { insightsApi, refreshInsightCaches, useInsights, useReceivedRecognitions } from './insights-api';
import { markInsightsVisited } from './insights-visits';

type Tab = 'insights' | 'recognitions';

const fullName = (s: { firstName: string; lastName: string }) => `${s.firstName} ${s.lastName}`.trim();
const initials = (s: { firstName: string; lastName: string }) =>
  `${s.firstName.charAt(0)}${s.lastName.charAt(0)}`.toUpperCase();
const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString(localeTag(), { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * The Insights screen (docs/decisions/0294). Management: the facility's insights, open ones first, to complete,
 * dismiss or answer with a high five. Everyone else: their own insights and their colleagues' top performances
 * (with a high five to send). The Recognitions tab lists the high fives received.
 */
export function InsightsPage() {
  const me = useSession()?.staffMemberId ?? '';
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'recognitions' ? 'recognitions' : 'insights';
  const { facilityId, permissions } = useFacilityPermissions();
  useEffect(() => {
    if (me) markInsightsVisited(me);
  }, [me]);

  return (
    <>
      <PageHeader title="Insights" />
      <Box component="main" p="md">
        <Stack gap="md">
          <SegmentedControl
            fullWidth
            size="md"
            value={tab}
            onChange={(value) => setParams(value === 'recognitions' ? { tab: 'recognitions' } : {})}
            data={[
              { value: 'insights', label: 'Insights' },
              { value: 'recognitions', label: 'Recognitions' },
            ]}
          />
          {tab === 'recognitions' ? (
            <Recognitions me={me} />
          ) : facilityId && permissions ? (
            <InsightList me={me} facilityId={facilityId} isManagement={permissions.isManagement} />
          ) : (
            <Text c="dimmed">Loading…</Text>
          )}
        </Stack>
      </Box>
    </>
  );
}

const isOpen = (i: TInsightReply) => i.workflows.some((w) => w.status === 'OPEN');

function InsightList({
  me,
  facilityId,
  isManagement,
}: {
  me: string;
  facilityId: string;
  isManagement: boolean;
}) {
  const insights = useInsights(facilityId);
  if (insights.isPending) return <Text c="dimmed">Loading…</Text>;
  if (insights.isError) return <Text c="red">{insights.error.message}</Text>;
  const all = [...insights.data].sort((a, b) => Number(isOpen(b)) - Number(isOpen(a)));
  const mine = all.filter((i) => i.staffMember?.id === me);
  const colleagues = all.filter((i) => i.staffMember?.id !== me && i.category === 'TOP_PERFORMER');
  if (isManagement) {
    return (
      <Stack gap="lg">
        <Section title={INSIGHT_CATEGORY_LABELS.NEEDS_IMPROVEMENT} empty="Nothing needs improvement">
          {all
            .filter((i) => i.category === 'NEEDS_IMPROVEMENT')
            .map((i) => (
              <InsightCard key={i.insightRid} insight={i} me={me} facilityId={facilityId} manages />
            ))}
        </Section>
        <Section title={INSIGHT_CATEGORY_LABELS.TOP_PERFORMER} empty="No top performances yet">
          {all
            .filter((i) => i.category === 'TOP_PERFORMER')
            .map((i) => (
              <InsightCard key={i.insightRid} insight={i} me={me} facilityId={facilityId} manages />
            ))}
        </Section>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Section title="My Insights" empty="No insights for you yet">
        {mine.map((i) => (
          <InsightCard key={i.insightRid} insight={i} me={me} facilityId={facilityId} manages={false} />
        ))}
      </Section>
      <Section title="Top Performers" empty="No top performances yet">
        {colleagues.map((i) => (
          <InsightCard key={i.insightRid} insight={i} me={me} facilityId={facilityId} manages={false} />
        ))}
      </Section>
    </Stack>
  );
}

function Section({ title, empty, children }: { title: string; empty: string; children: React.ReactNode[] }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} fz="h4">
        {title}
      </Title>
      {children.length ? (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {children}
        </Stack>
      ) : (
        <Text c="dimmed">{empty}</Text>
      )}
    </Stack>
  );
}

function closedLine(w: TWorkflowReply | undefined): string | null {
  if (!w || w.status === 'OPEN') return null;
  return w.closedBy ? `Closed by ${fullName(w.closedBy)}` : 'Closed';
}

function InsightCard({
  insight,
  me,
  facilityId,
  manages,
}: {
  insight: TInsightReply;
  me: string;
  facilityId: string;
  manages: boolean;
}) {
  const drawers = useDrawers();
  const workflow = insight.workflows.find((w) => w.status === 'OPEN') ?? insight.workflows[0];
  const open = workflow?.status === 'OPEN';
  const person = insight.staffMember;
  const name = person ? fullName(person) : 'The community';
  return (
    <Card component="li" withBorder radius="md" padding="md" aria-label={`${insight.title}, ${name}`}>
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap">
          <Avatar size={40} radius="xl" color={insight.category === 'TOP_PERFORMER' ? 'teal' : 'orange'}>
            {person ? initials(person) : '★'}
          </Avatar>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={700}>{name}</Text>
            <Text size="sm">{insight.title}</Text>
          </Stack>
        </Group>
        <Text size="sm">{insight.description}</Text>
        <Group gap="xs">
          <Badge color={open ? 'blue' : 'gray'} variant="light">
            {open ? 'Open' : 'Completed'}
          </Badge>
          {insight.periodStart ? (
            <Text size="xs" c="dimmed">
              Week of {dateOf(insight.periodStart)}
            </Text>
          ) : null}
        </Group>
        {closedLine(workflow) ? (
          <Text size="sm" c="dimmed">
            {closedLine(workflow)}
          </Text>
        ) : null}
        {manages && open && workflow ? (
          <Group grow>
            {workflow.type === 'NEEDS_IMPROVEMENT' ? (
              <Button
                mih={44}
                onClick={() =>
                  drawers.open('complete-insight', {
                    workflowRid: workflow.workflowRid,
                    summary: insight.description,
                    actionType: 'LOG_ACTION_NEEDS_IMPROVEMENT',
                  })
                }
              >
                Complete
              </Button>
            ) : null}
            {workflow.type === 'RECOGNITION' && person ? (
              <Button
                mih={44}
                onClick={() =>
                  drawers.open('send-high-five', {
                    workflowRid: workflow.workflowRid,
                    recipientName: fullName(person),
                  })
                }
              >
                High Five
              </Button>
            ) : null}
            <Button
              mih={44}
              variant="default"
              onClick={() =>
                drawers.open('complete-insight', {
                  workflowRid: workflow.workflowRid,
                  summary: insight.description,
                  actionType: 'DISMISS',
                })
              }
            >
              Dismiss
            </Button>
          </Group>
        ) : null}
        {!manages && person && person.id !== me && insight.category === 'TOP_PERFORMER' ? (
          <Button
            mih={44}
            variant="light"
            onClick={() =>
              drawers.open('send-high-five', {
                recipientRid: person.id,
                facilityRid: facilityId,
                recipientName: fullName(person),
              })
            }
          >
            High Five
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}

/** High fives marked seen from this screen (each once). */
const marked = new Set<string>();

function Recognitions({ me }: { me: string }) {
  const queryClient = useQueryClient();
  const received = useReceivedRecognitions(me);
  // Seen once listed here.
  useEffect(() => {
    const unseen = (received.data ?? []).filter((r) => !r.seenByRecipient && !marked.has(r.recognitionRid));
    if (!unseen.length) return;
    for (const r of unseen) marked.add(r.recognitionRid);
    void Promise.all(unseen.map((r) => insightsApi.markSeen(r.recognitionRid)))
      .catch((error) => reportError(error, { action: 'mark-recognitions-seen' }))
      .finally(() => void refreshInsightCaches(queryClient));
  }, [received.data, queryClient]);
  if (received.isPending) return <Text c="dimmed">Loading…</Text>;
  if (received.isError) return <Text c="red">{received.error.message}</Text>;
  if (!received.data.length) return <Text c="dimmed">No high fives yet</Text>;
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="High fives received">
      {received.data.map((r: TRecognitionReply) => (
        <Card component="li" key={r.recognitionRid} withBorder radius="md" padding="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Avatar
              size={40}
              radius="xl"
              color="teal"
              src={r.sender.profilePictureUrl}
              alt={fullName(r.sender)}
            >
              {initials(r.sender)}
            </Avatar>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={700}>High five from {fullName(r.sender)}</Text>
              {r.note ? <Text style={{ whiteSpace: 'pre-wrap' }}>{r.note}</Text> : null}
              <Text size="xs" c="dimmed">
                {dateOf(r.createdAt)}
              </Text>
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
