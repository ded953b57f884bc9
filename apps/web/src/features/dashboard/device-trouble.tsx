import { OPEN_TASK_STATUSES, TaskKind } from '@sage/contract';
import { compareCallRank } from '@sage/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { taskKeys, tasksApi } from '../alerts/alerts-api';

// The list and its messages (decision 0700) load only while there is trouble to show, never with the dashboard's
// first load (its budget, docs/decisions/0380).
const DeviceTroubleList = lazy(() =>
  import('./device-trouble-list').then((m) => ({ default: m.DeviceTroubleList })),
);

/**
 * Open device-trouble tasks of my facilities (decision 0105). Under the task lists' key, so every live task
 * change refreshes it with them.
 */
export function useOpenDeviceTrouble() {
  return useQuery({
    queryKey: [...taskKeys.lists, 'device-trouble'] as const,
    queryFn: () =>
      tasksApi.search({ statuses: [...OPEN_TASK_STATUSES], kinds: [TaskKind.DEVICE_TROUBLE], pageSize: 200 }),
    select: (page) => [...page.tasks].sort(compareCallRank),
  });
}

/**
 * The dashboard's 'Device trouble' section, apart from residents' alerts: silent devices and gateways, low
 * batteries. Shown only while there is trouble; no actions, since each clears itself once fixed.
 */
export function DeviceTroubleSection({ now }: { now: number }) {
  const trouble = useOpenDeviceTrouble();
  if (!trouble.data?.length) return null;
  return (
    <Suspense fallback={null}>
      <DeviceTroubleList tasks={trouble.data} now={now} />
    </Suspense>
  );
}
