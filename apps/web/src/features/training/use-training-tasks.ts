import { isOpenTaskStatus, type TTaskReply } from '@sage/contract';
import { useMemo, useSyncExternalStore } from 'react';
import { trainingAlerts } from './training-tasks';

/**
 * The server's open alerts with the open training alert among them (lists of the alerts page and the
 * dashboard only: the alert sound and the station display never see it; docs/decisions/0361).
 */
export function useWithOpenTrainingTasks(tasks: TTaskReply[] | undefined): TTaskReply[] | undefined {
  const version = useSyncExternalStore(
    trainingAlerts.subscribe,
    trainingAlerts.version,
    trainingAlerts.version,
  );
  return useMemo(() => {
    void version;
    const training = trainingAlerts
      .all()
      .map((alert) => alert.task)
      .filter((task) => isOpenTaskStatus(task.status));
    if (!tasks) return tasks;
    if (training.length === 0) return tasks;
    const ids = new Set(training.map((task) => task.id));
    return [...training, ...tasks.filter((task) => !ids.has(task.id))];
  }, [tasks, version]);
}
