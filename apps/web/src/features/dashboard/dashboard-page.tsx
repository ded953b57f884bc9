import { Box, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { TEAM_ROUTE } from '@sage/contract';
import { compareBySeverityThenAge } from '@sage/domain';
import { Link } from 'react-router';
import { useDrawers } from '../../shared/drawers';
import { PageHeader } from '../../shared/page-header/page-header';
import { useSession } from '../../shared/session';
import { AdminEntries } from '../admin/enterprises/admin-entries';
import { ManageEntry } from '../admin/manage-entry';
import { useOpenTasks } from '../alerts/alerts-api';
import { TaskCard } from '../alerts/task-card';
import { useNow } from '../alerts/use-now';
import { LiveUpdates } from '../live/use-live-updates';
import { NotificationEntries } from '../notification-policies/notification-entries';
import { useProfile } from '../shift/shift-api';
import { signOut } from '../signin/session-actions';
import { openLogCareByUnit } from '../units/log-care-by-unit';
import { DeviceTroubleSection } from './device-trouble';
import { inMyCareZones } from './my-care-zones';

/**
 * The dashboard: my open claimed alerts, open alerts in my care zones (most severe, then oldest first), quick
 * actions. Updates live; an emergency arriving shows a toast that opens the alert.
 */
export function DashboardPage() {
  const session = useSession();
  const me = session?.staffMemberId ?? '';
  const profile = useProfile(me);
  const openTasks = useOpenTasks();
  const drawers = useDrawers();
  const now = useNow();
  const tasks = [...(openTasks.data ?? [])].sort(compareBySeverityThenAge);
  const mine = tasks.filter((task) => task.assignee?.id === me);
  const inZones = tasks.filter((task) => task.assignee?.id !== me && inMyCareZones(task, profile.data));

  return (
    <>
      <LiveUpdates />
      <PageHeader
        title="Dashboard"
        hideBack
        action={
          <Button variant="subtle" onClick={() => void signOut()}>
            Log Out
          </Button>
        }
      />
      <Box component="main" p="md">
        <Stack gap="lg">
          <Stack gap="sm">
            <Button
              size="lg"
              variant="light"
              onClick={() => drawers.open('search-resident', { mode: 'details' })}
            >
              Search Resident
            </Button>
            <Button size="lg" variant="light" onClick={() => openLogCareByUnit(drawers)}>
              Log Care
            </Button>
          </Stack>

          <Section title="My Alerts" label="My claimed alerts">
            {openTasks.isPending ? null : mine.length === 0 ? (
              <Text c="dimmed">No claimed alerts</Text>
            ) : (
              mine.map((task) => (
                <li key={task.id}>
                  <TaskCard task={task} now={now} staffMemberId={me} />
                </li>
              ))
            )}
          </Section>

          <Section title="Open Alerts" label="Open alerts in my care zones">
            {openTasks.isPending ? (
              <Loader aria-label="Loading" />
            ) : openTasks.isError ? (
              <Text c="red">{openTasks.error.message}</Text>
            ) : inZones.length === 0 ? (
              <Text c="dimmed">No open alerts</Text>
            ) : (
              inZones.map((task) => (
                <li key={task.id}>
                  <TaskCard task={task} now={now} staffMemberId={me} />
                </li>
              ))
            )}
          </Section>

          <Button component={Link} to="/alerts" variant="subtle" size="lg">
            All alerts
          </Button>
          <DeviceTroubleSection now={now} />
          <Button component={Link} to={TEAM_ROUTE} variant="light" size="lg">
            Team
          </Button>
          <NotificationEntries profile={profile.data} />
          <AdminEntries profile={profile.data} />
          <ManageEntry />
        </Stack>
      </Box>
    </>
  );
}

function Section({ title, label, children }: { title: string; label: string; children: React.ReactNode }) {
  return (
    <Stack gap="sm">
      <Title order={2} fz="h4">
        {title}
      </Title>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
        {children}
      </Stack>
    </Stack>
  );
}
