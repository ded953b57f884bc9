import { isClosedTaskStatus, type TaskStatus, type TTaskPageReply, type TTaskReply } from '@sage/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** What is known of a task's change: its status (a live frame), or the whole task (a mutation's reply). */
export type TaskChange = { id: string; status: TaskStatus; task?: TTaskReply };

type ListKind = 'open' | 'closed' | 'mine-open' | 'any';

/** Which tasks a cached list holds, from its key (see taskKeys). */
export function listKindOf(key: QueryKey): ListKind {
  if (key[2] === 'open') return 'open';
  if (key[2] === 'closed') return 'closed';
  if (key[2] === 'mine' && key[3] === false) return 'mine-open';
  return 'any';
}

/**
 * A cached page of tasks with one change applied: the task's status (or the task) replaced where it is, and the
 * task dropped from a list of open tasks once closed, or from the closed list once open again. A task not in
 * the page is left to the refetch (where it sorts, and whether it belongs, is the server's to say).
 */
export function applyTaskChange(page: TTaskPageReply, kind: ListKind, change: TaskChange): TTaskPageReply {
  const index = page.tasks.findIndex((task) => task.id === change.id);
  if (index < 0) return page;
  const closed = isClosedTaskStatus(change.status);
  const leaves = ((kind === 'open' || kind === 'mine-open') && closed) || (kind === 'closed' && !closed);
  if (leaves) {
    return {
      ...page,
      tasks: page.tasks.filter((task) => task.id !== change.id),
      totalCount: Math.max(0, page.totalCount - 1),
    };
  }
  const current = page.tasks[index] as TTaskReply;
  const next = change.task ?? { ...current, status: change.status };
  const tasks = [...page.tasks];
  tasks[index] = next;
  return { ...page, tasks };
}

/**
 * Brings every cached list of tasks up to date with a change at once, on screen or not, so that a screen
 * mounted later never shows the task as it was (its refetch follows: decision 0185).
 */
export function updateCachedTaskLists(queryClient: QueryClient, change: TaskChange): void {
  for (const [key, page] of queryClient.getQueriesData<TTaskPageReply>({ queryKey: ['tasks', 'list'] })) {
    if (!page || !Array.isArray(page.tasks)) continue;
    const next = applyTaskChange(page, listKindOf(key), change);
    if (next !== page) queryClient.setQueryData(key, next);
  }
  // A frame says only the status: the detail (timeline, assignee) waits for its refetch.
  if (change.task) queryClient.setQueryData(['tasks', 'detail', change.id], change.task);
}
