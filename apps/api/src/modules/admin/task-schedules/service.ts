import type {
  TCreateTaskScheduleRequest,
  TSearchTaskSchedulesRequest,
  TTaskSchedule,
  TTaskSchedulePageReply,
  TUpdateTaskScheduleRequest,
} from '@sage/contract';
import type { Db, Prisma, PrismaClient } from '@sage/db';
import { firstRunAt } from '@sage/domain';
import { conflict, forbidden, notFound } from '@sage/service-kit/errors';
import { type FacilityViewer, facilityScope, requireFacility, type Viewer } from '../tasks/access';
import { checkReferences } from '../tasks/change-task';

/**
 * Task schedules (sign-in doc section 7; docs/decisions/0240): read by everyone who sees the facility's tasks,
 * written by management. The worker creates the tasks (apps/worker/src/task-schedules).
 */
const SELECT = {
  id: true,
  facilityId: true,
  title: true,
  description: true,
  severity: true,
  assigneeId: true,
  assigneeGroupId: true,
  residentId: true,
  unitId: true,
  startAt: true,
  durationInMin: true,
  recurringIntervalInMin: true,
  nextRunAt: true,
  isActive: true,
  createdAt: true,
  updatedAt: true,
  facility: { select: { timezone: true } },
} as const satisfies Prisma.TaskScheduleSelect;
type Row = Prisma.TaskScheduleGetPayload<{ select: typeof SELECT }>;

const toReply = ({ facility, ...row }: Row): TTaskSchedule => ({
  ...row,
  startAt: row.startAt.toISOString(),
  nextRunAt: row.nextRunAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  timezone: facility.timezone,
});

function requireManager(facility: FacilityViewer): void {
  if (!facility.permissions.isManagement) throw forbidden('Only management may change task schedules');
}

function requireReader(facility: FacilityViewer): void {
  if (!facility.seesAll) throw forbidden('Only care staff, nurses and management see task schedules');
}

/** The schedule if the caller sees its facility (404 otherwise: another community's ids are not told apart). */
async function visibleSchedule(
  db: Db,
  viewer: Viewer,
  scheduleId: string,
): Promise<{ row: Row; facility: FacilityViewer }> {
  const row = await db.taskSchedule.findUnique({ where: { id: scheduleId }, select: SELECT });
  const facility = row ? viewer.facilities.get(row.facilityId) : undefined;
  if (!row || !facility) throw notFound(`Task schedule ${scheduleId} not found`);
  requireReader(facility);
  return { row, facility };
}

const nextRun = (
  startAt: Date,
  interval: number | null,
  timeZone: string,
  isActive: boolean,
): Date | null => {
  if (!isActive) return null;
  const at = firstRunAt(
    { startAtMs: startAt.getTime(), recurringIntervalInMin: interval, timeZone },
    Date.now(),
  );
  return at === null ? null : new Date(at);
};

type Fields = Omit<TUpdateTaskScheduleRequest, 'updatedAt'>;

function data(fields: Fields, timeZone: string) {
  const startAt = new Date(fields.startAt);
  const interval = fields.recurringIntervalInMin ?? null;
  return {
    title: fields.title,
    description: fields.description ?? null,
    severity: fields.severity,
    assigneeId: fields.assigneeId ?? null,
    assigneeGroupId: fields.assigneeGroupId ?? null,
    residentId: fields.residentId ?? null,
    unitId: fields.unitId ?? null,
    startAt,
    durationInMin: fields.durationInMin ?? null,
    recurringIntervalInMin: interval,
    isActive: fields.isActive,
    nextRunAt: nextRun(startAt, interval, timeZone, fields.isActive),
  };
}

/** POST /schedules/tasks. */
export async function createTaskSchedule(
  prisma: PrismaClient,
  viewer: Viewer,
  body: TCreateTaskScheduleRequest,
): Promise<TTaskSchedule> {
  const facility = requireFacility(viewer, body.facilityId);
  requireManager(facility);
  const id = await prisma.$transaction(async (tx) => {
    await checkReferences(tx, body.facilityId, body);
    const { timezone } = await tx.facility.findUniqueOrThrow({
      where: { id: body.facilityId },
      select: { timezone: true },
    });
    const { facilityId: _f, ...fields } = body;
    const created = await tx.taskSchedule.create({
      data: {
        facilityId: facility.facilityId,
        enterpriseId: facility.enterpriseId,
        createdById: viewer.staffMemberId,
        ...data(fields, timezone),
      },
      select: { id: true },
    });
    return created.id;
  });
  return getTaskSchedule(prisma, viewer, id);
}

/** GET /schedules/tasks/{scheduleId}. */
export async function getTaskSchedule(
  prisma: PrismaClient,
  viewer: Viewer,
  scheduleId: string,
): Promise<TTaskSchedule> {
  return toReply((await visibleSchedule(prisma, viewer, scheduleId)).row);
}

/** PUT /schedules/tasks/{scheduleId}: the whole schedule; the next run is worked out again from now. */
export async function updateTaskSchedule(
  prisma: PrismaClient,
  viewer: Viewer,
  scheduleId: string,
  body: TUpdateTaskScheduleRequest,
): Promise<TTaskSchedule> {
  await prisma.$transaction(async (tx) => {
    const { row, facility } = await visibleSchedule(tx, viewer, scheduleId);
    requireManager(facility);
    await checkReferences(tx, row.facilityId, body);
    const { updatedAt, ...fields } = body;
    const { count } = await tx.taskSchedule.updateMany({
      where: { id: scheduleId, ...(updatedAt ? { updatedAt: new Date(updatedAt) } : {}) },
      data: data(fields, row.facility.timezone),
    });
    if (count === 0) {
      throw conflict('The task schedule was changed by someone else; reload it and try again', 'STALE_WRITE');
    }
  });
  return getTaskSchedule(prisma, viewer, scheduleId);
}

/** DELETE /schedules/tasks/{scheduleId}: no more tasks from it; tasks already created stay. */
export async function deleteTaskSchedule(
  prisma: PrismaClient,
  viewer: Viewer,
  scheduleId: string,
): Promise<{ deleted: string[] }> {
  const { facility } = await visibleSchedule(prisma, viewer, scheduleId);
  requireManager(facility);
  const { count } = await prisma.taskSchedule.deleteMany({ where: { id: scheduleId } });
  if (count === 0) throw notFound(`Task schedule ${scheduleId} not found`);
  return { deleted: [scheduleId] };
}

/** POST /schedules/tasks/search: the caller's facilities (or the one asked for), next run first. */
export async function searchTaskSchedules(
  prisma: PrismaClient,
  viewer: Viewer,
  body: TSearchTaskSchedulesRequest,
): Promise<TTaskSchedulePageReply> {
  const facilities = facilityScope(viewer, body.facilityId).filter((f) => f.seesAll);
  if (body.facilityId && facilities.length === 0) {
    throw forbidden('Only care staff, nurses and management see task schedules');
  }
  const rows = await prisma.taskSchedule.findMany({
    where: {
      facilityId: { in: facilities.map((f) => f.facilityId) },
      ...(body.isActive === undefined ? {} : { isActive: body.isActive }),
      ...(body.assigneeId ? { assigneeId: body.assigneeId } : {}),
      ...(body.assigneeGroupId ? { assigneeGroupId: body.assigneeGroupId } : {}),
    },
    select: SELECT,
    orderBy: [{ isActive: 'desc' }, { nextRunAt: { sort: 'asc', nulls: 'last' } }, { id: 'asc' }],
    skip: body.pageNumber * body.pageSize,
    take: body.pageSize + 1,
  });
  return {
    schedules: rows.slice(0, body.pageSize).map(toReply),
    pageNumber: body.pageNumber,
    pageSize: body.pageSize,
    hasMore: rows.length > body.pageSize,
  };
}

/** POST /schedules/tasks/{scheduleId}/unassign: later tasks go to nobody in particular (the group stays). */
export async function unassignTaskSchedule(
  prisma: PrismaClient,
  viewer: Viewer,
  scheduleId: string,
): Promise<TTaskSchedule> {
  const { facility } = await visibleSchedule(prisma, viewer, scheduleId);
  requireManager(facility);
  await prisma.taskSchedule.updateMany({ where: { id: scheduleId }, data: { assigneeId: null } });
  return getTaskSchedule(prisma, viewer, scheduleId);
}

/** POST /schedules/tasks/{scheduleId}/unset-duration: occurrences no longer have a duration. */
export async function unsetTaskScheduleDuration(
  prisma: PrismaClient,
  viewer: Viewer,
  scheduleId: string,
): Promise<TTaskSchedule> {
  const { facility } = await visibleSchedule(prisma, viewer, scheduleId);
  requireManager(facility);
  await prisma.taskSchedule.updateMany({ where: { id: scheduleId }, data: { durationInMin: null } });
  return getTaskSchedule(prisma, viewer, scheduleId);
}
