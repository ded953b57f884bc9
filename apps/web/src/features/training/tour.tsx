import { ActionIcon, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { TOUR_CARD_MAX_WIDTH_PX, TOUR_STEP_START_DELAY_MS, type TStaffRef } from '@sage/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useId, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { DEFAULT_ROUTE } from '../../shared/constants';
import { useActiveDrawerType } from '../../shared/drawers';
import { useMessages } from '../../shared/i18n';
import { reportError } from '../../shared/report-error';
import { toast } from '../../shared/toast';
import { startTraining } from './start-training';
import { tourApi, tourKeys } from './tour-api';
import { hasCompletionControls, LAST_TOUR_STEP, reachedTourStep, TOUR_STEPS } from './tour-steps';
import { tourStore, useTourState } from './tour-store';
import { isTrainingTaskId, trainingAlerts } from './training-tasks';
import './training-messages';

/**
 * The CSS variable holding a drawer's height limit (90dvh when unset), read by the drawer frame (DrawerLayout,
 * which every drawer of the tour uses; spelled out there: it is part of the first load, this constant is not).
 */
const DRAWER_MAX_HEIGHT_VAR = '--sage-drawer-max-height';

/** The gap kept between the card and the screen's edge, and between the card and a drawer below it. */
const CARD_GAP_PX = 8;

/**
 * While the card sits at the top over a bottom drawer, the drawer may only grow up to the card's lower edge
 * (its height limit, DRAWER_MAX_HEIGHT_VAR, follows the card's height): the drawer's title and controls are
 * never under the card; a long drawer scrolls its body instead (issue #32, decision 0615).
 */
function useDrawerBelowCard(card: RefObject<HTMLElement | null>, active: boolean): void {
  useLayoutEffect(() => {
    const element = card.current;
    if (!active || !element) return;
    const root = document.documentElement;
    const limitDrawer = () => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      root.style.setProperty(DRAWER_MAX_HEIGHT_VAR, `calc(100dvh - ${height + 2 * CARD_GAP_PX}px)`);
    };
    limitDrawer();
    const observer = new ResizeObserver(limitDrawer);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(DRAWER_MAX_HEIGHT_VAR);
    };
  }, [card, active]);
}

function useTrainingVersion(): number {
  return useSyncExternalStore(trainingAlerts.subscribe, trainingAlerts.version, trainingAlerts.version);
}

/**
 * The guided tour (sign-in doc sections 2 and 4): a card of at most 500 px with the step's title, content and
 * Next, over whatever the trainee is doing with the training alert; the steps follow what they do. Closing asks
 * 'Are you sure you want to end the tour?'. Mounted once in the signed-in app.
 */
export function GuidedTour({ staffMemberId }: { staffMemberId: string }) {
  const tour = useTourState();
  const location = useLocation();
  const navigate = useNavigate();
  const drawerType = useActiveDrawerType();
  const queryClient = useQueryClient();
  const m = useMessages('training');
  useTrainingVersion();
  const alert = tour.taskId ? trainingAlerts.get(tour.taskId) : undefined;
  const status = alert?.task.status ?? null;
  const titleId = useId();
  const cardRef = useRef<HTMLDivElement>(null);
  // Over a bottom drawer the card sits at the top, compact, and the drawer below it; otherwise at the bottom,
  // clear of the page's header.
  const atTop = drawerType !== null;
  const visible = tour.status !== 'ended' && Boolean(tour.taskId);
  useDrawerBelowCard(cardRef, atTop && visible);

  // The training alert's page and lists follow its simulated changes at once.
  useEffect(
    () =>
      trainingAlerts.subscribe(() => {
        void queryClient.invalidateQueries({
          predicate: (query) => query.queryKey[0] === 'tasks' && isTrainingTaskId(String(query.queryKey[2])),
        });
      }),
    [queryClient],
  );

  // Steps reached by doing: each starts after the tour's step delay (500 ms), once the drawer has settled.
  const reached =
    tour.taskId && tour.status !== 'ended'
      ? reachedTourStep({ path: location.pathname, taskId: tour.taskId, status, drawerType })
      : 0;
  useEffect(() => {
    if (reached <= tour.step) return;
    const timer = setTimeout(() => tourStore.reach(reached), TOUR_STEP_START_DELAY_MS);
    return () => clearTimeout(timer);
  }, [reached, tour.step]);

  // The training alert resolved: the tour is completed, recorded once on the server for managers to see.
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (status !== 'CLOSED_RESOLVED' || !tour.taskId || recorded.current === tour.taskId) return;
    recorded.current = tour.taskId;
    tourApi
      .record(staffMemberId, { event: 'COMPLETED' })
      .then(() => queryClient.invalidateQueries({ queryKey: tourKeys.all }))
      .catch((error: unknown) => reportError(error, { action: 'record-tour' }));
  }, [status, tour.taskId, staffMemberId, queryClient]);

  if (tour.status === 'ended' || !tour.taskId) return null;

  const end = (to: string | null) => {
    tourStore.end();
    trainingAlerts.clear();
    if (tour.taskId) toast.hide(`emergency:${tour.taskId}`);
    if (to) navigate(to);
  };
  const retry = () => {
    const trainee: TStaffRef | undefined = alert?.trainee;
    const facilityId = alert?.task.facilityId;
    end(null);
    if (trainee && facilityId)
      startTraining({ facilityId, trainee }).catch((error: unknown) =>
        reportError(error, { action: 'start-training' }),
      );
    else navigate('/alerts');
  };

  const step = TOUR_STEPS[Math.min(tour.step, LAST_TOUR_STEP)] ?? TOUR_STEPS[0];
  const confirming = tour.status === 'confirm-end';
  const completion = hasCompletionControls(tour.step);

  return (
    <Paper
      ref={cardRef}
      role="dialog"
      aria-labelledby={titleId}
      data-testid="tour-card"
      data-tour-step={step.id}
      withBorder
      shadow="xl"
      radius="lg"
      p={atTop ? 'sm' : 'md'}
      style={{
        position: 'fixed',
        left: '50%',
        transform: 'translateX(-50%)',
        width: 'calc(100% - 16px)',
        maxWidth: TOUR_CARD_MAX_WIDTH_PX,
        zIndex: 1000,
        ...(atTop
          ? { top: CARD_GAP_PX }
          : { bottom: `calc(${CARD_GAP_PX}px + env(safe-area-inset-bottom))` }),
      }}
    >
      {confirming ? (
        <Stack gap="sm">
          <Title order={2} fz="h4" id={titleId}>
            {m.confirmEnd()}
          </Title>
          <Group grow gap="sm" wrap="nowrap">
            <Button size="md" mih={44} variant="default" onClick={() => tourStore.continueTour()}>
              {m.continueTour()}
            </Button>
            <Button size="md" mih={44} color="red" onClick={() => end(DEFAULT_ROUTE)}>
              {m.endTour()}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                {m.stepOf({ step: tour.step + 1, count: TOUR_STEPS.length })}
              </Text>
              <Title order={2} fz="h4" id={titleId}>
                {m[step.title]()}
              </Title>
            </Stack>
            <ActionIcon
              size={44}
              variant="subtle"
              color="gray"
              aria-label={m.close()}
              onClick={() => tourStore.askToEnd()}
            >
              <Text fz={24} lh={1} aria-hidden>
                ×
              </Text>
            </ActionIcon>
          </Group>
          <Text size="sm">{m[step.content]()}</Text>
          {completion ? (
            // Three buttons side by side at 360 px cut their labels ('Retr / Complet / Nex'): stacked, full width.
            <Stack gap="xs">
              <Button size="md" mih={44} fullWidth variant="default" onClick={retry}>
                {m.retry()}
              </Button>
              <Button size="md" mih={44} fullWidth variant="light" onClick={() => end(DEFAULT_ROUTE)}>
                {m.complete()}
              </Button>
              <Button size="md" mih={44} fullWidth onClick={() => end(null)}>
                {m.next()}
              </Button>
            </Stack>
          ) : (
            <Group gap="sm" wrap="nowrap" grow>
              <Button
                size="md"
                mih={44}
                onClick={() => (tour.step >= LAST_TOUR_STEP ? end(null) : tourStore.reach(tour.step + 1))}
              >
                {m.next()}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Paper>
  );
}
