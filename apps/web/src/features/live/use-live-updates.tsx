import { Anchor } from '@mantine/core';
import { isEmergencyType } from '@sage/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { TaskTitle, taskTitlesReady } from '../../shared/i18n';
import { navigateTo } from '../../shared/navigation';
import { sessionStore, useSession } from '../../shared/session';
import { toast } from '../../shared/toast';
import { invalidateTask, taskKeys, tasksApi } from '../alerts/alerts-api';
import { updateCachedTaskLists } from '../alerts/task-cache';
import { DEVICE_TESTS_QUERY_KEY } from '../device-qa/device-test-keys';
import { insightKeys } from '../insights/insights-api';
import { LiveConnection, liveUrl } from './live-connection';

let shared: {
  connection: LiveConnection;
  users: number;
  stopTimer: ReturnType<typeof setTimeout> | null;
} | null = null;

const TRAILING_REFETCH_MS = 1_000;
const RECOGNITIONS_QUERY_KEY = insightKeys.recognitions;

/** Tasks already announced by an emergency toast (one toast per alert). */
const announced = new Set<string>();

/**
 * An emergency arriving: an error toast (15 s, like the training alert's) naming the alert and linking to
 * /alerts/alert/{taskId}.
 */
function emergencyToast(queryClient: QueryClient, taskId: string) {
  if (announced.has(taskId)) return;
  announced.add(taskId);
  void queryClient
    .fetchQuery({ queryKey: taskKeys.detail(taskId), queryFn: () => tasksApi.get(taskId) })
    .then((task) => showAlertToast(taskId, task.title, 15_000))
    .catch(() => announced.delete(taskId));
}

/**
 * An error toast naming an alert and linking to /alerts/alert/{taskId} (also the training alert's, 15 s). The
 * title is the stored (English) one, shown in the reader's language as on the alert cards (decisions 0552, 0670):
 * the toast waits for the title's messages, so it never shows the English first.
 */
export function showAlertToast(taskId: string, title: string, autoClose: number): void {
  void taskTitlesReady().then(() => showLocalizedAlertToast(taskId, title, autoClose));
}

function showLocalizedAlertToast(taskId: string, title: string, autoClose: number): void {
  toast.error(
    // Toasts render outside the router: a plain link that navigates through the app's navigator.
    <Anchor
      href={`/alerts/alert/${taskId}`}
      c="inherit"
      fw={700}
      underline="always"
      onClick={(event) => {
        event.preventDefault();
        toast.hide(`emergency:${taskId}`);
        navigateTo(`/alerts/alert/${taskId}`);
      }}
    >
      <Suspense fallback={title}>
        <TaskTitle title={title} />
      </Suspense>
    </Anchor>,
    { id: `emergency:${taskId}`, autoClose },
  );
}

function connect(queryClient: QueryClient): LiveConnection {
  let trailing: ReturnType<typeof setTimeout> | null = null;
  return new LiveConnection({
    url: liveUrl(window.location.origin),
    getSession: () => sessionStore.get(),
    handlers: {
      onTaskChanged: (message) => {
        // Every cached list at once, shown or not: a dashboard opened next never shows the old status.
        updateCachedTaskLists(queryClient, { id: message.taskId, status: message.status });
        void invalidateTask(queryClient, message.taskId);
        // Once more when the burst of changes settles: a list fetched while a change was being committed
        // elsewhere is not left stale until the next focus.
        if (trailing) clearTimeout(trailing);
        trailing = setTimeout(() => {
          trailing = null;
          void queryClient.invalidateQueries({ queryKey: taskKeys.lists });
        }, TRAILING_REFETCH_MS);
        void queryClient.invalidateQueries({ queryKey: taskKeys.tracker(message.taskId) });
        if (message.status === 'OPEN_UNCLAIMED' && isEmergencyType(message.severity)) {
          emergencyToast(queryClient, message.taskId);
        }
      },
      onResync: () => void queryClient.invalidateQueries({ queryKey: taskKeys.all }),
      // High fives: the unseen ones are refetched (the watcher opens the receive drawer).
      onRecognition: () => void queryClient.invalidateQueries({ queryKey: RECOGNITIONS_QUERY_KEY }),
      // A device QA walk started or ended (decision 0505): the banner's walks in progress are read again.
      onDeviceQaChanged: () => void queryClient.invalidateQueries({ queryKey: DEVICE_TESTS_QUERY_KEY }),
      onReady: () => {
        void queryClient.invalidateQueries({ queryKey: RECOGNITIONS_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: DEVICE_TESTS_QUERY_KEY });
      },
    },
  });
}

/**
 * Keeps the /live socket open while a signed-in screen that shows tasks is mounted (one socket shared by
 * every screen; it closes a little after the last one goes so moving between screens keeps it).
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  const session = useSession();
  const signedIn = session !== null;
  useEffect(() => {
    if (!signedIn) return;
    if (!shared) shared = { connection: connect(queryClient), users: 0, stopTimer: null };
    const current = shared;
    if (current.stopTimer) clearTimeout(current.stopTimer);
    current.stopTimer = null;
    current.users += 1;
    current.connection.start();
    return () => {
      current.users -= 1;
      if (current.users > 0) return;
      current.stopTimer = setTimeout(() => {
        current.connection.stop();
        if (shared === current) shared = null;
      }, 2_000);
    };
  }, [queryClient, signedIn]);
}

/** Mount point for screens: <LiveUpdates /> renders nothing and keeps the socket open. */
export function LiveUpdates() {
  useLiveUpdates();
  return null;
}
