import type { ZResolveTaskRequestSchema } from '@sage/contract';
import {
  CLOSED_TASK_STATUSES,
  OPEN_TASK_STATUSES,
  type REQUESTABLE_TASK_STATUSES,
  type TCareConfirmationTrackerReply,
  type TCreateTaskNoteRequest,
  type TFollowUpRequest,
  type TSearchTasksRequestInput,
  type TTaskNoteReply,
  type TTaskPageReply,
  type TTaskReply,
} from '@sage/contract';
import { compareCallRank } from '@sage/domain';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, lazyParse } from '../../shared/api';
import { isTrainingTaskId, trainingTasksApi } from '../training/training-tasks';

// The reply checks load with the first call, not with the page (docs/decisions/0446); zod only for a reply they
// refuse (docs/decisions/0471).
const checks = () => import('./alerts-checks');
// A training alert's resolution is read by the request's zod schema, as the server would: only in a tour.
const schemas = () => import('./alerts-schemas');

export type RequestableTaskStatus = (typeof REQUESTABLE_TASK_STATUSES)[number];
export type ResolveTaskBody = z.input<typeof ZResolveTaskRequestSchema>;

/**
 * Admin tasks API calls (alerts doc section 7), replies validated with the contract's schemas. A training
 * alert's calls are answered in the browser and never reach the server (docs/decisions/0361).
 */
export const tasksApi = {
  get: (taskId: string): Promise<TTaskReply> =>
    isTrainingTaskId(taskId)
      ? trainingTasksApi.get(taskId)
      : api.get('admin', `/tasks/${encodeURIComponent(taskId)}`, {
          parse: lazyParse(checks, (s) => s.ZTaskReplySchema),
        }),
  search: (body: TSearchTasksRequestInput): Promise<TTaskPageReply> =>
    api.post('admin', '/tasks/search', body, { parse: lazyParse(checks, (s) => s.ZTaskPageReplySchema) }),
  mine: (body: { includeClosed: boolean; pageSize?: number }): Promise<TTaskPageReply> =>
    api.post('admin', '/tasks/mine', body, { parse: lazyParse(checks, (s) => s.ZTaskPageReplySchema) }),
  setStatus: (taskId: string, status: RequestableTaskStatus): Promise<TTaskReply> =>
    isTrainingTaskId(taskId)
      ? trainingTasksApi.setStatus(taskId, status)
      : api.put(
          'admin',
          `/tasks/${encodeURIComponent(taskId)}`,
          { status },
          { parse: lazyParse(checks, (s) => s.ZTaskReplySchema) },
        ),
  unassign: (taskId: string): Promise<TTaskReply> =>
    isTrainingTaskId(taskId)
      ? trainingTasksApi.unassign(taskId)
      : api.post('admin', `/tasks/${encodeURIComponent(taskId)}/unassign`, undefined, {
          parse: lazyParse(checks, (s) => s.ZTaskReplySchema),
        }),
  resolve: (taskId: string, body: ResolveTaskBody): Promise<TTaskReply> =>
    isTrainingTaskId(taskId)
      ? schemas().then((s) => trainingTasksApi.resolve(taskId, s.ZResolveTaskRequestSchema.parse(body)))
      : api.put('admin', `/tasks/${encodeURIComponent(taskId)}/resolve`, body, {
          parse: lazyParse(checks, (s) => s.ZTaskReplySchema),
        }),
  /** An escalated observation's follow-up closed (decision 0620); never a training alert. */
  closeFollowUp: (taskId: string, body: TFollowUpRequest): Promise<TTaskReply> =>
    api.put('admin', `/tasks/${encodeURIComponent(taskId)}/follow-up`, body, {
      parse: lazyParse(checks, (s) => s.ZTaskReplySchema),
    }),
  tracker: (taskId: string): Promise<TCareConfirmationTrackerReply> =>
    isTrainingTaskId(taskId)
      ? trainingTasksApi.tracker(taskId)
      : api.get('admin', `/tasks/${encodeURIComponent(taskId)}/care-confirmation-tracker`, {
          parse: lazyParse(checks, (s) => s.ZCareConfirmationTrackerReplySchema),
        }),
  addNote: (taskId: string, body: TCreateTaskNoteRequest): Promise<TTaskNoteReply> =>
    isTrainingTaskId(taskId)
      ? trainingTasksApi.addNote(taskId, body)
      : api.post('admin', `/tasks/${encodeURIComponent(taskId)}/notes`, body, {
          parse: lazyParse(checks, (s) => s.ZTaskNoteReplySchema),
        }),
};

/** Query keys: every task query starts with 'tasks', so one invalidation refreshes lists and details. */
export const taskKeys = {
  all: ['tasks'] as const,
  lists: ['tasks', 'list'] as const,
  open: ['tasks', 'list', 'open'] as const,
  closed: ['tasks', 'list', 'closed'] as const,
  mine: (includeClosed: boolean) => ['tasks', 'list', 'mine', includeClosed] as const,
  detail: (taskId: string) => ['tasks', 'detail', taskId] as const,
  tracker: (taskId: string) => ['tasks', 'tracker', taskId] as const,
};

/** After any change to a task: the lists and that task are refetched. */
export function invalidateTask(queryClient: QueryClient, taskId?: string): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: taskKeys.lists }),
    taskId ? queryClient.invalidateQueries({ queryKey: taskKeys.detail(taskId) }) : Promise.resolve(),
  ]).then(() => undefined);
}

const PAGE_SIZE = 200;

export function useTask(taskId: string) {
  return useQuery({ queryKey: taskKeys.detail(taskId), queryFn: () => tasksApi.get(taskId) });
}

export function useOpenTasks() {
  return useQuery({
    queryKey: taskKeys.open,
    queryFn: () => tasksApi.search({ statuses: [...OPEN_TASK_STATUSES], pageSize: PAGE_SIZE }),
    // Emergency, then routine, then trouble (decision 0516): also after live changes edit the cached page.
    select: (page) => [...page.tasks].sort(compareCallRank),
  });
}

export function useClosedTasks() {
  return useQuery({
    queryKey: taskKeys.closed,
    queryFn: () => tasksApi.search({ statuses: [...CLOSED_TASK_STATUSES], pageSize: PAGE_SIZE }),
    // Newest first for the closed list.
    select: (page) => [...page.tasks].sort((a, b) => b.creationTimestamp - a.creationTimestamp),
  });
}

/** Tasks assigned to me (open only, or with the closed ones). */
export function useMyTasks(includeClosed: boolean) {
  return useQuery({
    queryKey: taskKeys.mine(includeClosed),
    queryFn: () => tasksApi.mine({ includeClosed, pageSize: PAGE_SIZE }),
    // Open ones ranked (decision 0516), then the closed ones as the server gives them (latest first).
    select: (page) => [
      ...page.tasks.filter((t) => OPEN_TASK_STATUSES.includes(t.status)).sort(compareCallRank),
      ...page.tasks.filter((t) => !OPEN_TASK_STATUSES.includes(t.status)),
    ],
  });
}
