import { Anchor } from '@mantine/core';
import { isEmergencyType } from '@sage/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { sessionStore, useSession } from '../../shared/session';
import { toast } from '../../shared/toast';
import { invalidateTask, taskKeys } from '../alerts/alerts-api';
import { LiveConnection, liveUrl } from './live-connection';

let shared: { connection: LiveConnection; users: number; stopTimer: ReturnType<typeof setTimeout> | null } | null =
  null;

/** Tasks already announced by an emergency toast (one toast per alert). */
const announced = new Set<string>();

function emergencyToast(taskId: string) {
  if (announced.has(taskId)) return;
  announced.add(taskId);
  toast.error(
    <Anchor component={Link} to={`/alerts/alert/${taskId}`} c="inherit" fw={700} underline="always">
      New emergency alert: open it
    </Anchor>,
    { id: `emergency:${taskId}`, autoClose: 15_000 },
  );
}

function connect(queryClient: QueryClient): LiveConnection {
  return new LiveConnection({
    url: liveUrl(window.location.origin),
    getSession: () => sessionStore.get(),
    handlers: {
      onTaskChanged: (message) => {
        void invalidateTask(queryClient, message.taskId);
        void queryClient.invalidateQueries({ queryKey: taskKeys.tracker(message.taskId) });
        if (message.status === 'OPEN_UNCLAIMED' && isEmergencyType(message.severity)) {
          emergencyToast(message.taskId);
        }
      },
      onResync: () => void queryClient.invalidateQueries({ queryKey: taskKeys.all }),
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
