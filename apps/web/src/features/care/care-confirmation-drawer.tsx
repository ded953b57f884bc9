import { Button, RingProgress, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  CARE_CONFIRMATION_POLL_MS,
  CARE_CONFIRMATION_SUCCESS_DELAY_MS,
  CARE_CONFIRMATION_TIMEOUT_MS,
} from '@sage/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../shared/api/client';
import { type DrawerControls, DrawerLayout } from '../../shared/drawers';
import { useMessages } from '../../shared/i18n';
import { reportError } from '../../shared/report-error';
import { toast } from '../../shared/toast';
import { invalidateTask, type RequestableTaskStatus, taskKeys, tasksApi } from '../alerts/alerts-api';
import { TrainingConfirmationDialog } from '../training/training-confirmation-dialog';
import { isTrainingTaskId } from '../training/training-tasks';

export interface CareConfirmationDrawerProps {
  taskId: string;
  /** The unit's name, for 'Press any wall button in {unit} to continue'. */
  unitName: string | null;
  /** The alert has a resident: 'Press the resident pendant to continue'. */
  hasResident: boolean;
}

type Phase = 'starting' | 'waiting' | 'confirmed' | 'failed' | 'closed';

/**
 * Care confirmation (drawer 3, alerts doc section 4): the task goes to OPEN_CONFIRMING on open, the tracker
 * is polled every 1 s (and on focus); after 30 s the task goes back to claimed and 'No press detected' shows
 * with Try Again; 'Confirmed!' moves on after 2 s; an alert unclaimed or resolved meanwhile closes the drawer
 * with a toast; a 409 on a status update refetches without a message.
 */
export function CareConfirmationDrawer({
  drawer,
  taskId,
  unitName,
  hasResident,
}: CareConfirmationDrawerProps & { drawer: DrawerControls }) {
  const m = useMessages('care');
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>('starting');
  /** Local time the current attempt started (from the server's timeSinceLastUpdate once known). */
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const attemptRequestedAt = useRef(0);
  const closedRef = useRef(false);
  const drawerRef = useRef(drawer);
  drawerRef.current = drawer;

  const setStatus = useCallback(
    async (status: RequestableTaskStatus) => {
      try {
        await tasksApi.setStatus(taskId, status);
      } catch (error) {
        // "A 409 on a status update triggers a refetch, not an error report."
        if (!(isApiError(error) && error.status === 409)) {
          reportError(error, { action: 'care-confirmation-status', taskId, status });
        }
      } finally {
        void invalidateTask(queryClient, taskId);
        void queryClient.invalidateQueries({ queryKey: taskKeys.tracker(taskId) });
      }
    },
    [queryClient, taskId],
  );

  const startAttempt = useCallback(async () => {
    setPhase('starting');
    setStartedAt(null);
    attemptRequestedAt.current = Date.now();
    const current = await tasksApi.get(taskId).catch(() => null);
    if (closedRef.current) return;
    // Confirmed already (care confirmed another way): nothing to confirm, on to the next step.
    if (current?.status === 'OPEN_CONFIRMED') {
      closedRef.current = true;
      phaseRef.current = 'closed';
      setPhase('closed');
      drawerRef.current.next(undefined, { seal: true });
      return;
    }
    if (current?.status !== 'OPEN_CONFIRMING') await setStatus('OPEN_CONFIRMING');
    if (!closedRef.current) setPhase('waiting');
  }, [setStatus, taskId]);

  useEffect(() => {
    void startAttempt();
  }, [startAttempt]);

  const tracker = useQuery({
    queryKey: taskKeys.tracker(taskId),
    queryFn: () => tasksApi.tracker(taskId),
    enabled: phase === 'waiting',
    refetchInterval: phase === 'waiting' ? CARE_CONFIRMATION_POLL_MS : false,
    refetchOnWindowFocus: 'always',
    retry: false,
  });

  const close = useCallback(() => {
    // Once: the drawer stays mounted during its exit animation while the tracker may answer again.
    if (closedRef.current) return;
    closedRef.current = true;
    setPhase('closed');
    drawer.close();
  }, [drawer]);

  // React to the tracker's task.
  useEffect(() => {
    if (phase !== 'waiting' || !tracker.data || closedRef.current) return;
    if (tracker.dataUpdatedAt < attemptRequestedAt.current) return;
    const { task, timeSinceLastUpdate } = tracker.data;
    if (task.status === 'CLOSED_RESOLVED') {
      toast.info(m.alertResolved());
      close();
    } else if (task.status === 'OPEN_UNCLAIMED') {
      toast.warning(m.alertUnclaimed());
      close();
    } else if (task.status === 'OPEN_CONFIRMED') {
      setPhase('confirmed');
    } else if (task.status === 'OPEN_CONFIRMING') {
      setStartedAt((started) => started ?? Date.now() - timeSinceLastUpdate);
    } else if (task.status === 'OPEN_CLAIMED') {
      // The server ended the attempt (30 s passed).
      setPhase('failed');
    } else {
      close();
    }
  }, [phase, tracker.data, tracker.dataUpdatedAt, close]);

  // The countdown.
  useEffect(() => {
    if (phase !== 'waiting') return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [phase]);
  const elapsed = startedAt === null ? 0 : Math.max(0, now - startedAt);
  useEffect(() => {
    if (phase === 'waiting' && startedAt !== null && elapsed >= CARE_CONFIRMATION_TIMEOUT_MS) {
      setPhase('failed');
      void setStatus('OPEN_CLAIMED');
    }
  }, [phase, startedAt, elapsed, setStatus]);

  // 'Confirmed!' then on after 2 s.
  useEffect(() => {
    if (phase !== 'confirmed') return;
    void invalidateTask(queryClient, taskId);
    // Sealed: a confirmed task never re-opens its confirmation (Back from the next step passes over it).
    const timer = setTimeout(
      () => drawer.next(undefined, { seal: true }),
      CARE_CONFIRMATION_SUCCESS_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [phase, drawer, queryClient, taskId]);

  // Dismissed another way (backdrop): like Cancel, the task goes back to claimed.
  const phaseRef = useRef(phase);
  phaseRef.current = phase;
  useEffect(
    () => () => {
      if (phaseRef.current === 'waiting' || phaseRef.current === 'starting') {
        closedRef.current = true;
        void setStatus('OPEN_CLAIMED');
      }
    },
    [setStatus],
  );

  const cancel = () => {
    // "Cancel sets the status back to claimed if it is confirming."
    if (phase === 'waiting' || phase === 'starting') void setStatus('OPEN_CLAIMED');
    close();
  };

  const remaining = Math.max(0, CARE_CONFIRMATION_TIMEOUT_MS - elapsed);
  const percent = (remaining / CARE_CONFIRMATION_TIMEOUT_MS) * 100;
  const prompt = hasResident ? m.pressPendant() : m.pressWallButton({ unit: unitName ?? '' });

  return (
    <DrawerLayout
      drawer={drawer}
      withBack={false}
      title={phase === 'confirmed' ? m.confirmed() : phase === 'failed' ? m.noPressDetected() : prompt}
      actions={
        phase === 'confirmed' ? null : (
          <>
            {phase === 'failed' ? (
              <Button fullWidth size="lg" onClick={() => void startAttempt()}>
                {m.tryAgain()}
              </Button>
            ) : null}
            <Button fullWidth size="lg" variant="default" onClick={cancel}>
              {m.cancel()}
            </Button>
          </>
        )
      }
    >
      <Stack align="center" gap="sm">
        {phase === 'confirmed' ? (
          <ThemeIcon size={120} radius={60} color="green" aria-hidden>
            <Text fz={64} c="white" lh={1}>
              ✓
            </Text>
          </ThemeIcon>
        ) : (
          <RingProgress
            size={160}
            thickness={14}
            roundCaps
            sections={[
              { value: phase === 'failed' ? 0 : percent, color: phase === 'failed' ? 'red' : 'blue' },
            ]}
            label={
              <Text ta="center" fz={32} fw={700} aria-label={m.secondsLeft()}>
                {phase === 'failed' ? 0 : Math.ceil(remaining / 1000)}
              </Text>
            }
          />
        )}
        {phase === 'waiting' || phase === 'starting' ? (
          <Text ta="center" c="dimmed">
            {m.hint()}
          </Text>
        ) : null}
        {/* In training the ring counts down and the dialog appears at or below 90 % (alerts doc section 4). */}
        {isTrainingTaskId(taskId) && phase === 'waiting' && startedAt !== null ? (
          <TrainingConfirmationDialog
            taskId={taskId}
            percent={percent}
            onPressed={() => void queryClient.invalidateQueries({ queryKey: taskKeys.tracker(taskId) })}
          />
        ) : null}
      </Stack>
    </DrawerLayout>
  );
}
