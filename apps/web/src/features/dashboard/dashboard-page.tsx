import { Box, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { INSIGHTS_ROUTE, TEAM_ROUTE } from '@sage/contract';
import { compareCallRank } from '@sage/domain';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useDrawers } from '../../shared/drawers';
import { preloadMessages, useMessages } from '../../shared/i18n';
import { PageHeader } from '../../shared/page-header/page-header';
import { useSession } from '../../shared/session';
import { AdminEntries } from '../admin/enterprises/admin-entries';
import { ManageEntry } from '../admin/manage-entry';
import { openAlertSoundSettings } from '../alert-sound/alert-sound';
import { useOpenTasks } from '../alerts/alerts-api';
import { TASK_CARD_MIN_HEIGHT, TaskCard } from '../alerts/task-card';
import { useNow } from '../alerts/use-now';
import { DailyCheckInEntry } from '../check-ins/daily-check-in-entry';
import { useDeviceTests } from '../device-qa/device-tests-query';
import { ExploreInsightsPrompt } from '../insights/explore-insights-prompt';
import { LiveUpdates } from '../live/use-live-updates';
import { NotificationEntries } from '../notification-policies/notification-entries';
import { useProfile } from '../shift/shift-api';
import { WorkingInEntry } from '../shift/working-in-entry';
import { signOut } from '../signin/session-actions';
import { TakeTheTourEntry } from '../training/take-the-tour-entry';
import { isTrainingTaskId } from '../training/training-tasks';
import { useWithOpenTrainingTasks } from '../training/use-training-tasks';
import { openLogCareByUnit } from '../units/log-care-by-unit';
import { DeviceTroubleSection } from './device-trouble';
import { inMyCareZones } from './my-care-zones';

// The device test banner (decision 0505) loads only when a walk is in progress: the walks are read with the page,
// the banner's screen (its own chunk) only when there is one to show, so the first load stays within its budget
// (docs/decisions/0380).
const StaffDeviceTestBanner = lazy(() =>
  import('../device-qa/staff-device-test-banner').then((m) => ({ default: m.StaffDeviceTestBanner })),
);

function DeviceTestNotices() {
  const tests = useDeviceTests();
  if (!tests.data?.deviceTests.length) return null;
  return (
    <Suspense fallback={null}>
      <StaffDeviceTestBanner />
    </Suspense>
  );
}

/**
 * The dashboard: my open claimed alerts, open alerts in my care zones (most severe, then oldest first), quick
 * actions. Updates live; an emergency arriving shows a toast that opens the alert.
 *
 * The page itself reads no query and no clock: the lists (`DashboardLists`, with the 1 s clock of their 'time
 * since' labels) and the profile's entries (`ProfileEntries`) do, so a query's result or a tick re-renders them,
 * not the header and the buttons around them (each such update renders synchronously; decision 0850).
 */
export function DashboardPage() {
  const drawers = useDrawers();
  // The cards' messages load with the page's own (the page suspends until they are in).
  preloadMessages('dashboard', 'severity', 'status', 'entries');
  const m = useMessages('dashboard');

  return (
    <>
      <LiveUpdates />
      <ExploreInsightsPrompt />
      <PageHeader
        title={m.title()}
        hideBack
        action={
          <Button variant="subtle" onClick={() => void signOut()}>
            {m.logOut()}
          </Button>
        }
      />
      <Box component="main" p="md">
        <Stack gap="lg">
          <DeviceTestNotices />
          <Stack gap="sm">
            <Button
              size="lg"
              variant="light"
              onClick={() => drawers.open('search-resident', { mode: 'details' })}
            >
              {m.searchResident()}
            </Button>
            <Button size="lg" variant="light" onClick={() => openLogCareByUnit(drawers)}>
              {m.logCare()}
            </Button>
          </Stack>

          <DashboardLists />
          <TakeTheTourEntry />
          <DailyCheckInEntry />
          <WorkingInEntry />
          <Button component={Link} to={TEAM_ROUTE} variant="light" size="lg">
            {m.team()}
          </Button>
          <Button component={Link} to="/tasks" variant="light" size="lg">
            {m.tasks()}
          </Button>
          <Button component={Link} to={INSIGHTS_ROUTE} variant="light" size="lg">
            {m.insights()}
          </Button>
          <Button variant="light" size="lg" onClick={openAlertSoundSettings}>
            {m.alertSound()}
          </Button>
          <ProfileEntries />
          <ManageEntry />
        </Stack>
      </Box>
    </>
  );
}

/** My alerts, the open alerts in my care zones and the device trouble, with the clock of their 'time since'. */
function DashboardLists() {
  const session = useSession();
  const me = session?.staffMemberId ?? '';
  const profile = useProfile(me);
  const openTasks = useOpenTasks();
  const m = useMessages('dashboard');
  const now = useNow();
  const openWithTraining = useWithOpenTrainingTasks(openTasks.data);
  const tasks = [...(openWithTraining ?? [])].sort(compareCallRank);
  const mine = tasks.filter((task) => task.assignee?.id === me);
  // The lists wait for the profile too (it decides the care zones), so cards arrive once, not in two waves.
  const loading = openTasks.isPending || profile.isPending;
  const inZones = tasks.filter(
    (task) => task.assignee?.id !== me && (isTrainingTaskId(task.id) || inMyCareZones(task, profile.data)),
  );

  return (
    <>
      <Section
        title={m.myAlerts()}
        label={m.myClaimedAlerts()}
        action={
          // At the top of the alerts, where no list above it can push it down as cards arrive.
          <Button component={Link} to="/alerts" variant="subtle" mih={44}>
            {m.allAlerts()}
          </Button>
        }
      >
        {loading ? (
          <CardPlaceholder />
        ) : mine.length === 0 ? (
          <Text component="li" c="dimmed">
            {m.noClaimedAlerts()}
          </Text>
        ) : (
          mine.map((task) => (
            <li key={task.id}>
              <TaskCard task={task} now={now} staffMemberId={me} />
            </li>
          ))
        )}
      </Section>

      <Section title={m.openAlerts()} label={m.openAlertsInMyCareZones()}>
        {loading ? (
          <CardPlaceholder />
        ) : openTasks.isError ? (
          <Text component="li" c="red">
            {openTasks.error.message}
          </Text>
        ) : inZones.length === 0 ? (
          <Text component="li" c="dimmed">
            {m.noOpenAlerts()}
          </Text>
        ) : (
          inZones.map((task) => (
            <li key={task.id}>
              <TaskCard task={task} now={now} staffMemberId={me} />
            </li>
          ))
        )}
      </Section>

      <DeviceTroubleSection now={now} />
    </>
  );
}

/** The entries that depend on my profile (notification policies, administration). */
function ProfileEntries() {
  const session = useSession();
  const profile = useProfile(session?.staffMemberId ?? '');
  return (
    <>
      <NotificationEntries profile={profile.data} />
      <AdminEntries profile={profile.data} />
    </>
  );
}

/** Space of one alert card, held while the lists load, so nothing below jumps when they arrive (decision 0187). */
const CARD_MIN_HEIGHT = TASK_CARD_MIN_HEIGHT;

function CardPlaceholder() {
  return (
    <li aria-hidden>
      <Skeleton height={CARD_MIN_HEIGHT} radius="md" />
    </li>
  );
}

function Section({
  title,
  label,
  action,
  children,
}: {
  title: string;
  label: string;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap" mih={44}>
        <Title order={2} fz="h4">
          {title}
        </Title>
        {action}
      </Group>
      <Stack
        gap="sm"
        component="ul"
        p={0}
        m={0}
        mih={CARD_MIN_HEIGHT}
        style={{ listStyle: 'none' }}
        aria-label={label}
      >
        {children}
      </Stack>
    </Stack>
  );
}
