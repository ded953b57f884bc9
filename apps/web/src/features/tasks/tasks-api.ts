import {
  TASK_SCHEDULES_PATH,
  type TCreateTaskRequestInput,
  type TCreateTaskScheduleRequestInput,
  type TDeletedReply,
  type TTaskPageReply,
  type TTaskReply,
  type TTaskSchedule,
  type TTaskSchedulePageReply,
  type TUpdateTaskScheduleRequest,
  ZDeletedReplySchema,
  ZTaskPageReplySchema,
  ZTaskReplySchema,
  ZTaskSchedulePageReplySchema,
  ZTaskScheduleSchema,
} from '@sage/contract';
import { compareCallRank } from '@sage/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api';

/** The admin API paths are relative to the service base (/admin/api/v1). */
const SCHEDULES = TASK_SCHEDULES_PATH.replace('/admin/api/v1', '');

/** Manual tasks, escalated observations and task schedules (docs/decisions/0240, 0241, 0242). */
export const manualTasksApi = {
  create: (body: TCreateTaskRequestInput): Promise<TTaskReply> =>
    api.post('admin', '/tasks', body, { parse: ZTaskReplySchema.parse }),
  observations: (facilityId: string): Promise<TTaskPageReply> =>
    api.post(
      'admin',
      '/tasks/search',
      {
        facilityId,
        severities: ['ESCALATION_OBSERVATION'],
        statuses: ['OPEN_UNCLAIMED', 'OPEN_CLAIMED', 'OPEN_CONFIRMING', 'OPEN_CONFIRMED'],
        pageSize: 200,
      },
      { parse: ZTaskPageReplySchema.parse },
    ),
  mine: (facilityId: string): Promise<TTaskPageReply> =>
    api.post(
      'admin',
      '/tasks/mine',
      { facilityId, includeClosed: false, pageSize: 200 },
      {
        parse: ZTaskPageReplySchema.parse,
      },
    ),
  schedules: (facilityId: string): Promise<TTaskSchedulePageReply> =>
    api.post(
      'admin',
      `${SCHEDULES}/search`,
      { facilityId, pageSize: 200 },
      {
        parse: ZTaskSchedulePageReplySchema.parse,
      },
    ),
  createSchedule: (body: TCreateTaskScheduleRequestInput): Promise<TTaskSchedule> =>
    api.post('admin', SCHEDULES, body, { parse: ZTaskScheduleSchema.parse }),
  updateSchedule: (id: string, body: TUpdateTaskScheduleRequest): Promise<TTaskSchedule> =>
    api.put('admin', `${SCHEDULES}/${encodeURIComponent(id)}`, body, { parse: ZTaskScheduleSchema.parse }),
  removeSchedule: (id: string): Promise<TDeletedReply> =>
    api.delete('admin', `${SCHEDULES}/${encodeURIComponent(id)}`, { parse: ZDeletedReplySchema.parse }),
};

export const manualTaskKeys = {
  schedules: (facilityId: string) => ['task-schedules', facilityId] as const,
  // Under 'tasks', so live task changes (which invalidate ['tasks', 'list']) refresh them too.
  observations: (facilityId: string) => ['tasks', 'list', 'observations', facilityId] as const,
  mine: (facilityId: string) => ['tasks', 'list', 'mine-open', facilityId] as const,
};

export const useTaskSchedules = (facilityId: string | undefined) =>
  useQuery({
    queryKey: manualTaskKeys.schedules(facilityId ?? ''),
    queryFn: () => manualTasksApi.schedules(facilityId as string),
    enabled: Boolean(facilityId),
  });

export const useEscalatedObservations = (facilityId: string | undefined) =>
  useQuery({
    queryKey: manualTaskKeys.observations(facilityId ?? ''),
    queryFn: () => manualTasksApi.observations(facilityId as string),
    enabled: Boolean(facilityId),
    select: (page) => [...page.tasks].sort(compareCallRank),
  });

export const useMyOpenTasks = (facilityId: string | undefined) =>
  useQuery({
    queryKey: manualTaskKeys.mine(facilityId ?? ''),
    queryFn: () => manualTasksApi.mine(facilityId as string),
    enabled: Boolean(facilityId),
    // Emergency, then routine, then trouble (decision 0516).
    select: (page) => [...page.tasks].sort(compareCallRank),
  });
