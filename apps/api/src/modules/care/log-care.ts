import type {
  ResolutionType,
  TCareOutcomeRecord,
  TCreateCareOutcomeRequest,
  TLogCareRequest,
  TResidentActivity,
  TSearchCareOutcomesRequest,
} from '@sage/contract';
import type { Prisma, PrismaClient } from '@sage/db';
import {
  isRefusal,
  resolutionIssues,
  shouldEscalateObservations,
  showStaffAssistCounter,
  staffAssistCountFor,
} from '@sage/domain';
import { invalidInput } from '@sage/service-kit/errors';
import { unknownStaffInFacility, type Viewer } from '../admin/tasks/access';
import { raiseObservationEscalation } from '../admin/tasks/observation-escalation';
import { observationsNotOfferedIssues } from '../admin/tasks/resolve-task';
import { sequence } from '../admin/tasks/task-lock';
import { careFacilityIds, requireCareFacility } from './care-access';
import { careOutcomeWhere } from './care-outcome-filter';

type Tx = Prisma.TransactionClient;
type Issue = { field: string; rule: string; message: string };

export const RESIDENT_ACTIVITY_SELECT = {
  id: true,
  creatorId: true,
  enterpriseId: true,
  facilityId: true,
  groupId: true,
  residentId: true,
  unitId: true,
  taskId: true,
  observations: true,
  resolutionNote: true,
  respondingStaffRids: true,
  staffAssistCount: true,
  isRefusal: true,
  createdAt: true,
  careOutcomes: {
    select: { outcome: true, careProvided: true, careEventId: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  },
} as const satisfies Prisma.ResidentActivitySelect;

export const toResidentActivity = (
  a: Prisma.ResidentActivityGetPayload<{ select: typeof RESIDENT_ACTIVITY_SELECT }>,
): TResidentActivity => ({
  rid: a.id,
  creatorId: a.creatorId,
  enterpriseId: a.enterpriseId,
  facilityId: a.facilityId,
  groupId: a.groupId,
  residentId: a.residentId,
  unitId: a.unitId,
  taskId: a.taskId,
  careEventRid: a.careOutcomes.find((o) => o.careEventId)?.careEventId ?? null,
  careOutcomes: a.careOutcomes.map((o) => ({
    outcome: o.outcome,
    careProvided: o.careProvided as ResolutionType,
  })),
  observations: a.observations,
  resolutionNote: a.resolutionNote,
  respondingStaffRids: a.respondingStaffRids,
  staffAssistCount: a.staffAssistCount,
  isRefusal: a.isRefusal,
  createdAt: a.createdAt.getTime(),
});

/** A resident of one of the caller's care facilities (400 naming the field otherwise). */
async function residentFor(
  tx: Tx | PrismaClient,
  viewer: Viewer,
  residentId: string,
  field = 'body.residentId',
) {
  const resident = await tx.resident.findFirst({
    where: { id: residentId, facilityId: { in: [...viewer.facilities.keys()] } },
    select: { id: true, facilityId: true, enterpriseId: true, unitId: true, isArchived: true },
  });
  // Another facility's resident and an unknown id get the same answer: existence is not revealed.
  if (!resident)
    throw invalidInput([{ field, rule: 'exists', message: 'No such resident in your facilities' }]);
  requireCareFacility(viewer, resident.facilityId);
  return resident;
}

/**
 * POST /care/api/v1/loggedCare: care or a refusal logged for a resident without an alert. Writes, in one
 * transaction, the care log entry (ResidentActivity), a care event without an alert (the care service's
 * record, listed with withoutAlertRid=true) and one CareOutcome per outcome linked to both.
 */
export async function logCare(
  prisma: PrismaClient,
  viewer: Viewer,
  body: TLogCareRequest,
): Promise<TResidentActivity> {
  const issues: Issue[] = resolutionIssues(body, 'careLog').map((i) => ({ ...i, field: `body.${i.field}` }));
  // "Staff-assist counter ... shown only for non-door-alarm items that are new care logs (not refusals)":
  // stored as sent (default 1) for care, refused for a refusal (docs/decisions/0057).
  const staffAssist = staffAssistCountFor(
    showStaffAssistCounter({
      deviceType: null,
      isNewCareLog: true,
      isRefusal: isRefusal(body.careOutcomes),
      isEmergency: false,
    }),
    body.staffAssistCount,
  );
  if (staffAssist.issue) issues.push({ ...staffAssist.issue, field: `body.${staffAssist.issue.field}` });
  if (issues.length) throw invalidInput(issues);
  const activityId = await prisma.$transaction(async (tx) => {
    const resident = await residentFor(tx, viewer, body.residentId);
    if (resident.isArchived)
      issues.push({ field: 'body.residentId', rule: 'not-archived', message: 'The resident is archived' });
    let careType: string | null = null;
    if (body.unitId) {
      const unit = await tx.unit.findFirst({
        where: { id: body.unitId, facilityId: resident.facilityId },
        select: { id: true, careType: true },
      });
      if (!unit)
        issues.push({ field: 'body.unitId', rule: 'exists', message: 'No such unit in this facility' });
      careType = unit?.careType ?? null;
    } else if (resident.unitId) {
      careType =
        (await tx.unit.findUnique({ where: { id: resident.unitId }, select: { careType: true } }))
          ?.careType ?? null;
    }
    if (body.observations.length > 0) {
      // "Observation options depend on the care type of ... the resident's unit" (docs/decisions/0058).
      const facility = await tx.facility.findUniqueOrThrow({
        where: { id: resident.facilityId },
        select: { isObservationsEnabled: true, observationsByCareType: true },
      });
      issues.push(...observationsNotOfferedIssues(body.observations, facility, careType));
    }
    if (body.groupId) {
      const group = await tx.group.findFirst({
        where: { id: body.groupId, facilityId: resident.facilityId },
        select: { id: true },
      });
      if (!group)
        issues.push({ field: 'body.groupId', rule: 'exists', message: 'No such group in this facility' });
    }
    const unknownStaff = await unknownStaffInFacility(tx, resident.facilityId, body.respondingStaffRids);
    if (unknownStaff.length) {
      issues.push({
        field: 'body.respondingStaffRids',
        rule: 'exists',
        message: `Not staff of this facility: ${unknownStaff.join(', ')}`,
      });
    }
    if (issues.length) throw invalidInput(issues);

    const now = new Date();
    const unitId = body.unitId ?? resident.unitId;
    const activity = await tx.residentActivity.create({
      data: {
        facilityId: resident.facilityId,
        enterpriseId: resident.enterpriseId,
        creatorId: viewer.staffMemberId,
        groupId: body.groupId ?? null,
        residentId: resident.id,
        unitId,
        observations: body.observations,
        resolutionNote: body.resolutionNote ?? null,
        respondingStaffRids: body.respondingStaffRids,
        staffAssistCount: staffAssist.count,
        isRefusal: isRefusal(body.careOutcomes),
        createdAt: now,
      },
      select: { id: true },
    });
    const event = await tx.careEvent.create({
      data: {
        facilityId: resident.facilityId,
        enterpriseId: resident.enterpriseId,
        residentIds: [resident.id],
        creatorEntityIds: [viewer.staffMemberId],
        unitId,
        staffAssistCount: staffAssist.count,
        eventTimestamp: now,
      },
      select: { id: true },
    });
    const at = sequence(now, body.careOutcomes.length);
    await tx.careOutcome.createMany({
      data: body.careOutcomes.map((o, i) => ({
        facilityId: resident.facilityId,
        residentId: resident.id,
        careEventId: event.id,
        residentActivityId: activity.id,
        creatorId: viewer.staffMemberId,
        outcome: o.outcome,
        careProvided: o.careProvided,
        createdAt: at[i]!,
      })),
    });
    // Observations are escalated to the nurses with the care log, or not at all (decision 0241).
    if (shouldEscalateObservations({ observations: body.observations, isTest: false, taskSeverity: null })) {
      await raiseObservationEscalation(tx, {
        facilityId: resident.facilityId,
        enterpriseId: resident.enterpriseId,
        observations: body.observations,
        residentId: resident.id,
        unitId,
        creatorStaffMemberId: viewer.staffMemberId,
        observerName: `${viewer.firstName} ${viewer.lastName}`.trim(),
        source: 'care log',
        note: body.resolutionNote ?? null,
      });
    }
    return activity.id;
  });
  const activity = await prisma.residentActivity.findUniqueOrThrow({
    where: { id: activityId },
    select: RESIDENT_ACTIVITY_SELECT,
  });
  return toResidentActivity(activity);
}

const CARE_OUTCOME_SELECT = {
  id: true,
  facilityId: true,
  residentId: true,
  taskId: true,
  careEventId: true,
  residentActivityId: true,
  creatorId: true,
  outcome: true,
  careProvided: true,
  createdAt: true,
} as const satisfies Prisma.CareOutcomeSelect;

const toCareOutcomeRecord = (
  o: Prisma.CareOutcomeGetPayload<{ select: typeof CARE_OUTCOME_SELECT }>,
): TCareOutcomeRecord => ({
  id: o.id,
  facilityId: o.facilityId,
  residentId: o.residentId,
  taskId: o.taskId,
  careEventRid: o.careEventId,
  residentActivityRid: o.residentActivityId,
  creatorId: o.creatorId,
  outcome: o.outcome,
  careProvided: o.careProvided as ResolutionType,
  createdAt: o.createdAt.getTime(),
});

/** POST /care/api/v1/careOutcomes: one outcome of care for a resident, optionally on one of their care events. */
export async function createCareOutcome(
  prisma: PrismaClient,
  viewer: Viewer,
  body: TCreateCareOutcomeRequest,
): Promise<TCareOutcomeRecord> {
  const issues = resolutionIssues({ careOutcomes: [body] }, 'careLog').map((i) => ({
    ...i,
    field: i.field === 'careOutcomes' ? 'body.careProvided' : `body.${i.field}`,
  }));
  if (issues.length) throw invalidInput(issues);
  const resident = await residentFor(prisma, viewer, body.residentId);
  if (body.careEventRid) {
    const event = await prisma.careEvent.findFirst({
      where: { id: body.careEventRid, facilityId: resident.facilityId, residentIds: { has: resident.id } },
      select: { id: true },
    });
    if (!event) {
      throw invalidInput([
        {
          field: 'body.careEventRid',
          rule: 'exists',
          message: 'No care event of this resident with this id',
        },
      ]);
    }
  }
  const outcome = await prisma.careOutcome.create({
    data: {
      facilityId: resident.facilityId,
      residentId: resident.id,
      careEventId: body.careEventRid ?? null,
      creatorId: viewer.staffMemberId,
      outcome: body.outcome,
      careProvided: body.careProvided,
    },
    select: CARE_OUTCOME_SELECT,
  });
  return toCareOutcomeRecord(outcome);
}

/** POST /care/api/v1/careOutcomes/search: newest first. */
export async function searchCareOutcomes(
  prisma: PrismaClient,
  viewer: Viewer,
  body: TSearchCareOutcomesRequest,
) {
  const filters: Prisma.CareOutcomeWhereInput[] = [
    { facilityId: { in: careFacilityIds(viewer, body.facilityId) } },
  ];
  if (body.residentRids) filters.push({ residentId: { in: body.residentRids } });
  if (body.creatorRids) filters.push({ creatorId: { in: body.creatorRids } });
  if (body.careEventRids) filters.push({ careEventId: { in: body.careEventRids } });
  if (body.taskRids) filters.push({ taskId: { in: body.taskRids } });
  const kind = careOutcomeWhere(body.careOutcomes);
  if (kind) filters.push(kind);
  if (body.from) filters.push({ createdAt: { gte: body.from } });
  if (body.to) filters.push({ createdAt: { lt: body.to } });
  const where = { AND: filters };
  const [rows, totalCount] = await Promise.all([
    prisma.careOutcome.findMany({
      where,
      select: CARE_OUTCOME_SELECT,
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      skip: body.pageNumber * body.pageSize,
      take: body.pageSize,
    }),
    prisma.careOutcome.count({ where }),
  ]);
  return {
    careOutcomes: rows.map(toCareOutcomeRecord),
    pageNumber: body.pageNumber,
    pageSize: body.pageSize,
    totalCount,
  };
}
