import { Avatar, Badge, Box, Button, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { TInsightReply, TRecognitionReply, TWorkflowReply } from '@sage/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useDrawers } from '../../shared/drawers';
import { localeTag, type Messages, useLanguage, useMessages } from '../../shared/i18n';
import { PageHeader } from '../../shared/page-header/page-header';
import { reportError } from '../../shared/report-error';
import { useSession } from '../../shared/session';
import { useFacilityPermissions } from '../admin/admin-shared';
import { insightText } from './insight-text';
import { insightsApi, refreshInsightCaches, useInsights, useReceivedRecognitions } from './insights-api';
import './insights-messages';
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
  const m = useMessages('insightsPage');
  useEffect(() => {
    if (me) markInsightsVisited(me);
  }, [me]);

  return (
    <>
      <PageHeader title={m.title()} />
      <Box component="main" p="md">
        <Stack gap="md">
          <SegmentedControl
            fullWidth
            size="md"
            // The tabs are touch targets: 44 px high (as /tasks' and /alerts').
            styles={{
              label: { minHeight: 44, display: 'flex', alignItems: 'center', justifyContent: 'center' },
            }}
            value={tab}
            onChange={(value) => setParams(value === 'recognitions' ? { tab: 'recognitions' } : {})}
            data={[
              { value: 'insights', label: m.tabInsights() },
              { value: 'recognitions', label: m.tabRecognitions() },
            ]}
          />
          {tab === 'recognitions' ? (
            <Recognitions me={me} />
          ) : facilityId && permissions ? (
            <InsightList me={me} facilityId={facilityId} isManagement={permissions.isManagement} />
          ) : (
            <Text c="dimmed">{m.loading()}</Text>
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
  const m = useMessages('insightsPage');
  if (insights.isPending) return <Text c="dimmed">{m.loading()}</Text>;
  if (insights.isError) return <Text c="red">{insights.error.message}</Text>;
  const all = [...insights.data].sort((a, b) => Number(isOpen(b)) - Number(isOpen(a)));
  const mine = all.filter((i) => i.staffMember?.id === me);
  const colleagues = all.filter((i) => i.staffMember?.id !== me && i.category === 'TOP_PERFORMER');
  if (isManagement) {
    return (
      <Stack gap="lg">
        <Section title={m.needsImprovement()} empty={m.nothingNeedsImprovement()}>
          {all
            .filter((i) => i.category === 'NEEDS_IMPROVEMENT')
            .map((i) => (
              <InsightCard key={i.insightRid} insight={i} me={me} facilityId={facilityId} manages />
            ))}
        </Section>
        <Section title={m.topPerformance()} empty={m.noTopPerformances()}>
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
      <Section title={m.myInsights()} empty={m.noInsightsForYou()}>
        {mine.map((i) => (
          <InsightCard key={i.insightRid} insight={i} me={me} facilityId={facilityId} manages={false} />
        ))}
      </Section>
      <Section title={m.topPerformers()} empty={m.noTopPerformances()}>
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

function closedLine(w: TWorkflowReply | undefined, m: Messages<'insightsPage'>): string | null {
  if (!w || w.status === 'OPEN') return null;
  return w.closedBy ? m.closedBy({ name: fullName(w.closedBy) }) : m.closed();
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
  const m = useMessages('insightsPage');
  const english = useLanguage() === 'en';
  const text = insightText(insight, m, english, localeTag());
  const workflow = insight.workflows.find((w) => w.status === 'OPEN') ?? insight.workflows[0];
  const open = workflow?.status === 'OPEN';
  const person = insight.staffMember;
  const name = person ? fullName(person) : m.theCommunity();
  return (
    <Card component="li" withBorder radius="md" padding="md" aria-label={`${text.title}, ${name}`}>
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap">
          <Avatar size={40} radius="xl" color={insight.category === 'TOP_PERFORMER' ? 'teal' : 'orange'}>
            {person ? initials(person) : '★'}
          </Avatar>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={700}>{name}</Text>
            <Text size="sm">{text.title}</Text>
          </Stack>
        </Group>
        <Text size="sm">{text.description}</Text>
        <Group gap="xs">
          <Badge color={open ? 'blue' : 'gray'} variant="light">
            {open ? m.open() : m.completed()}
          </Badge>
          {insight.periodStart ? (
            <Text size="xs" c="dimmed">
              {m.weekOf({ date: dateOf(insight.periodStart) })}
            </Text>
          ) : null}
        </Group>
        {closedLine(workflow, m) ? (
          <Text size="sm" c="dimmed">
            {closedLine(workflow, m)}
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
                    summary: text.description,
                    actionType: 'LOG_ACTION_NEEDS_IMPROVEMENT',
                  })
                }
              >
                {m.complete()}
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
                {m.highFive()}
              </Button>
            ) : null}
            <Button
              mih={44}
              variant="default"
              onClick={() =>
                drawers.open('complete-insight', {
                  workflowRid: workflow.workflowRid,
                  summary: text.description,
                  actionType: 'DISMISS',
                })
              }
            >
              {m.dismiss()}
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
            {m.highFive()}
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
  const m = useMessages('insightsPage');
  // Seen once listed here.
  useEffect(() => {
    const unseen = (received.data ?? []).filter((r) => !r.seenByRecipient && !marked.has(r.recognitionRid));
    if (!unseen.length) return;
    for (const r of unseen) marked.add(r.recognitionRid);
    void Promise.all(unseen.map((r) => insightsApi.markSeen(r.recognitionRid)))
      .catch((error) => reportError(error, { action: 'mark-recognitions-seen' }))
      .finally(() => void refreshInsightCaches(queryClient));
  }, [received.data, queryClient]);
  if (received.isPending) return <Text c="dimmed">{m.loading()}</Text>;
  if (received.isError) return <Text c="red">{received.error.message}</Text>;
  if (!received.data.length) return <Text c="dimmed">{m.noHighFives()}</Text>;
  return (
    <Stack
      gap="sm"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={m.highFivesReceived()}
    >
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
              <Text fw={700}>{m.highFiveFrom({ name: fullName(r.sender) })}</Text>
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
