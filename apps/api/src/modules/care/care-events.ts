import type {
  TCareEvent,
  TCareEventPageReply,
  TCreateCareEventNoteRequest,
  TCreateCareEventRequest,
  TLatestCareEventsReply,
  TListCareEventsQuery,
  TSearchCareEventsRequest,
  TUpdateCareEventRequest,
} from '@sage/contract';
import { isUniqueViolation, type Prisma, type PrismaClient } from '@sage/db';
import { conflict, forbidden, invalidInput, notFound } from '@sage/service-kit/errors';
import { seesTask, type Viewer } from '../admin/tasks/access';
import { sequence } from '../admin/tasks/task-lock';
import { careFacilityIds, requireCareFacility } from './care-access';
import { CARE_EVENT_SELECT, findCareEvent, toCareEvent } from './care-event-reply';
import { careOutcomeWhere } from './care-outcome-filter';

type Tx = Prisma.TransactionClient;
type Issue = { field: string; rule: string; message: string };

/** GET /careEvents and POST /careEvents/search: the section 7 query values, newest first. */
export async function findCareEvents(
  prisma: PrismaClient,
  viewer: Viewer,
  query: TListCareEventsQuery | TSearchCareEventsRequest,
): Promise<TCareEventPageReply> {
  const filters: Prisma.CareEventWhereInput[] = [
    { facilityId: { in: careFacilityIds(viewer, query.facilityRid) } },
  ];
  if (query.residentRids?.length) filters.push({ residentIds: { hasSome: query.residentRids } });
  if (query.creatorEntityRids?.length)
    filters.push({ creatorEntityIds: { hasSome: query.creatorEntityRids } });
  if (query.careEventRids?.length) filters.push({ id: { in: query.careEventRids } });
  if (query.withoutAlertRid !== undefined)
    filters.push({ taskId: query.withoutAlertRid ? null : { not: null } });
  const kind = careOutcomeWhere(query.careOutcomes);
  if (kind) filters.push({ careOutcomes: { some: kind } });
  if ('from' in query && query.from) filters.push({ eventTimestamp: { gte: query.from } });
  if ('to' in query && query.to) filters.push({ eventTimestamp: { lt: query.to } });
  const where = { AND: filters };
  const [rows, totalCount] = await Promise.all([
    prisma.careEvent.findMany({
      where,
      select: CARE_EVENT_SELECT,
      orderBy: [{ eventTimestamp: 'desc' }, { id: 'asc' }],
      skip: query.pageNumber * query.pageSize,
      take: query.pageSize,
    }),
    prisma.careEvent.count({ where }),
  ]);
  return {
    careEvents: rows.map(toCareEvent),
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    totalCount,
  };
}

/** GET /careEvents/{id} (optionally checked against the facility the caller names). */
export async function getCareEvent(
  prisma: PrismaClient,
  viewer: Viewer,
  careEventId: string,
  facilityId?: string,
): Promise<TCareEvent> {
  return toCareEvent(await findCareEvent(prisma, careEventId, careFacilityIds(viewer, facilityId)));
}

type OutcomeInput = {
  outcome: TCreateCareEventRequest['careOutcomes'][number]['outcome'];
  careProvided: string;
  residentRid?: string;
};

/** Residents must live in the facility; an outcome names its resident unless the event has only one. */
async function checkResidentsAndOutcomes(
  tx: Tx,
  facilityId: string,
  residentRids: string[],
  outcomes: OutcomeInput[] | undefined,
): Promise<Issue[]> {
  const issues: Issue[] = [];
  const found = await tx.resident.findMany({
    where: { id: { in: residentRids }, facilityId },
    select: { id: true },
  });
  const unknown = residentRids.filter((id) => !found.some((r) => r.id === id));
  if (unknown.length) {
    issues.push({
      field: 'body.residentRids',
      rule: 'exists',
      message: `Not residents of this facility: ${unknown.join(', ')}`,
    });
  }
  outcomes?.forEach((o, i) => {
    if (o.residentRid && !residentRids.includes(o.residentRid)) {
      issues.push({
        field: `body.careOutcomes.${i}.residentRid`,
        rule: 'in-residentRids',
        message: 'Not one of the residents of this care event',
      });
    }
    if (!o.residentRid && residentRids.length > 1) {
      issues.push({
        field: `body.careOutcomes.${i}.residentRid`,
        rule: 'required',
        message: 'Name the resident when the care event has several',
      });
    }
  });
  return issues;
}

/** POST /care/api/v1/careEvents: care given to one or more residents, the caller being its creator. */
export async function createCareEvent(
  prisma: PrismaClient,
  viewer: Viewer,
  body: TCreateCareEventRequest,
): Promise<TCareEvent> {
  const facility = requireCareFacility(viewer, body.facilityRid);
  const residentRids = [...new Set(body.residentRids)];
  const id = await prisma.$transaction(async (tx) => {
    const issues = await checkResidentsAndOutcomes(tx, facility.facilityId, residentRids, body.careOutcomes);
    if (
      body.unitId &&
      !(await tx.unit.findFirst({ where: { id: body.unitId, facilityId: facility.facilityId } }))
    ) {
      issues.push({ field: 'body.unitId', rule: 'exists', message: 'No such unit in this facility' });
    }
    if (issues.length) throw invalidInput(issues);
    const eventTimestamp = body.eventTimestamp ?? new Date();
    const event = await tx.careEvent.create({
      data: {
        facilityId: facility.facilityId,
        enterpriseId: facility.enterpriseId,
        residentIds: residentRids,
        creatorEntityIds: [viewer.staffMemberId],
        unitId: body.unitId ?? null,
        eventTimestamp,
      },
      select: { id: true },
    });
    const at = sequence(new Date(), body.careOutcomes.length);
    await tx.careOutcome.createMany({
      data: body.careOutcomes.map((o, i) => ({
        facilityId: facility.facilityId,
        residentId: o.residentRid ?? residentRids[0]!,
        careEventId: event.id,
        creatorId: viewer.staffMemberId,
        outcome: o.outcome,
        careProvided: o.careProvided,
        createdAt: at[i]!,
      })),
    });
    return event.id;
  });
  return getCareEvent(prisma, viewer, id);
}

/**
 * PUT /care/api/v1/careEvents/{id}: by a creator of the event, a care-staff admin or management. careOutcomes,
 * when sent, replace the event's outcomes (those shared with its care log entry or alert stay linked to them).
 */
export async function updateCareEvent(
  prisma: PrismaClient,
  viewer: Viewer,
  careEventId: string,
  body: TUpdateCareEventRequest,
): Promise<TCareEvent> {
  await prisma.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<
      { id: string }[]
    >`SELECT id FROM "CareEvent" WHERE id = ${careEventId} FOR UPDATE`;
    if (!locked.length) throw notFound(`Care event ${careEventId} not found`);
    const event = await findCareEvent(tx, careEventId, careFacilityIds(viewer));
    const facility = requireCareFacility(viewer, event.facilityId);
    if (!event.creatorEntityIds.includes(viewer.staffMemberId) && !facility.isSupervisor) {
      throw forbidden('Only a creator of a care event, a care-staff admin or management may change it');
    }
    const residentRids = body.residentRids ? [...new Set(body.residentRids)] : event.residentIds;
    const issues = await checkResidentsAndOutcomes(tx, event.facilityId, residentRids, body.careOutcomes);
    if (
      body.unitId &&
      !(await tx.unit.findFirst({ where: { id: body.unitId, facilityId: event.facilityId } }))
    ) {
      issues.push({ field: 'body.unitId', rule: 'exists', message: 'No such unit in this facility' });
    }
    if (issues.length) throw invalidInput(issues);
    await tx.careEvent.update({
      where: { id: event.id },
      data: {
        residentIds: residentRids,
        ...(body.unitId !== undefined ? { unitId: body.unitId } : {}),
        ...(body.eventTimestamp ? { eventTimestamp: body.eventTimestamp } : {}),
      },
    });
    if (body.careOutcomes) {
      const old = await tx.careOutcome.findMany({
        where: { careEventId: event.id },
        select: { residentActivityId: true, taskId: true },
      });
      const activityIds = [...new Set(old.map((o) => o.residentActivityId).filter(Boolean))];
      await tx.careOutcome.deleteMany({ where: { careEventId: event.id } });
      const at = sequence(new Date(), body.careOutcomes.length);
      await tx.careOutcome.createMany({
        data: body.careOutcomes.map((o, i) => ({
          facilityId: event.facilityId,
          residentId: o.residentRid ?? residentRids[0]!,
          careEventId: event.id,
          residentActivityId: activityIds.length === 1 ? activityIds[0]! : null,
          taskId: event.taskId,
          creatorId: viewer.staffMemberId,
          outcome: o.outcome,
          careProvided: o.careProvided,
          createdAt: at[i]!,
        })),
      });
    }
  });
  return getCareEvent(prisma, viewer, careEventId);
}

/** POST /careEvents/{id}/notes: any care user of the facility; creatorRid, when sent, must be the caller. */
export async function addCareEventNote(
  prisma: PrismaClient,
  viewer: Viewer,
  careEventId: string,
  body: TCreateCareEventNoteRequest,
): Promise<TCareEvent> {
  if (body.creatorRid && body.creatorRid !== viewer.staffMemberId) {
    throw forbidden('creatorRid must be the signed-in staff member');
  }
  const event = await findCareEvent(prisma, careEventId, careFacilityIds(viewer));
  await prisma.careEventNote.create({
    data: {
      careEventId: event.id,
      facilityId: event.facilityId,
      noteType: body.noteType ?? null,
      content: body.content.trim(),
      creatorId: viewer.staffMemberId,
    },
  });
  return getCareEvent(prisma, viewer, careEventId);
}

/** GET /care/api/v1/careEvents/latest: the latest care event per resident and per staff member asked for. */
export async function latestCareEvents(
  prisma: PrismaClient,
  viewer: Viewer,
  query: { facilityRid?: string; residentRids?: string[]; staffMemberRids?: string[] },
): Promise<TLatestCareEventsReply> {
  const facilityIds = careFacilityIds(viewer, query.facilityRid);
  const residentRids = [...new Set(query.residentRids ?? [])];
  const staffMemberRids = [...new Set(query.staffMemberRids ?? [])];
  if (residentRids.length + staffMemberRids.length > 200) {
    throw invalidInput([
      { field: 'querystring.residentRids', rule: 'maximum', message: 'At most 200 ids in all' },
    ]);
  }
  const latest = (where: Prisma.CareEventWhereInput) =>
    prisma.careEvent.findFirst({
      where: { facilityId: { in: facilityIds }, ...where },
      select: CARE_EVENT_SELECT,
      orderBy: [{ eventTimestamp: 'desc' }, { id: 'asc' }],
    });
  const [residents, staffMembers] = await Promise.all([
    Promise.all(
      residentRids.map(async (residentRid) => {
        const e = await latest({ residentIds: { has: residentRid } });
        return { residentRid, careEvent: e ? toCareEvent(e) : null };
      }),
    ),
    Promise.all(
      staffMemberRids.map(async (staffMemberRid) => {
        const e = await latest({ creatorEntityIds: { has: staffMemberRid } });
        return { staffMemberRid, careEvent: e ? toCareEvent(e) : null };
      }),
    ),
  ]);
  return { residents, staffMembers };
}

/**
 * POST /care/api/v1/careEvents/migrate: a resolved task becomes a care event (alertRid = the task): its
 * resident, its resolver and responding staff as creators, its care outcomes linked. At most once per task
 * (409 TASK_ALREADY_MIGRATED); an open task is 409 TASK_NOT_RESOLVED.
 */
export async function migrateTaskToCareEvent(
  prisma: PrismaClient,
  viewer: Viewer,
  taskRid: string,
): Promise<TCareEvent> {
  const task = await prisma.task.findUnique({
    where: { id: taskRid },
    select: {
      id: true,
      facilityId: true,
      enterpriseId: true,
      status: true,
      assigneeId: true,
      assigneeGroupId: true,
      residentId: true,
      unitId: true,
      resolvedAt: true,
      resolvedById: true,
      respondingStaffRids: true,
      staffAssistCount: true,
    },
  });
  if (!task || !seesTask(viewer, task)) throw notFound(`Task ${taskRid} not found`);
  requireCareFacility(viewer, task.facilityId);
  if (task.status !== 'CLOSED_RESOLVED') {
    throw conflict('Only a resolved task can become a care event.', 'TASK_NOT_RESOLVED');
  }
  try {
    const id = await prisma.$transaction(async (tx) => {
      const event = await tx.careEvent.create({
        data: {
          facilityId: task.facilityId,
          enterpriseId: task.enterpriseId,
          residentIds: task.residentId ? [task.residentId] : [],
          creatorEntityIds: [
            ...new Set([task.resolvedById ?? viewer.staffMemberId, ...task.respondingStaffRids]),
          ],
          taskId: task.id,
          unitId: task.unitId,
          staffAssistCount: task.staffAssistCount,
          eventTimestamp: task.resolvedAt ?? new Date(),
        },
        select: { id: true },
      });
      await tx.careOutcome.updateMany({
        where: { taskId: task.id, careEventId: null },
        data: { careEventId: event.id },
      });
      return event.id;
    });
    return getCareEvent(prisma, viewer, id);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict('This task is already a care event.', 'TASK_ALREADY_MIGRATED');
    }
    throw error;
  }
}
