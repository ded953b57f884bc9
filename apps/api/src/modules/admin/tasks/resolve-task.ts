import {
  CARE_CONFIRMATION_REQUIRED_MESSAGE,
  type DeviceType,
  getResolutionType,
  isClosedTaskStatus,
  TaskErrorCode,
  type TBulkResolveReply,
  type TBulkResolveTasksRequest,
  type TCareOutcome,
  type TResolveTaskRequest,
  type TTaskReply,
} from '@sage/contract';
import {
  type AlertOutcomeType,
  type Prisma,
  type PrismaClient,
  recordTaskChange,
  TaskUpdateType,
} from '@sage/db';
import {
  careConfirmationMissing,
  decideResolve,
  isEmergencyFlag,
  isRefusal,
  observationsByCareTypeMap,
  observationsNotOffered,
  planResolve,
  resolutionIssues,
  shouldEscalateObservations,
  showStaffAssistCounter,
  staffAssistCountFor,
} from '@sage/domain';
import { forbidden, HttpError, invalidInput } from '@sage/service-kit/errors';
import { actorIn, requireFacility, unknownStaffInFacility, type Viewer, viewerName } from './access';
import { raiseObservationEscalation } from './observation-escalation';
import { closedRejection, type LockedTask, lockVisibleTask, sequence, taskConflict } from './task-lock';
import { loadTaskReply } from './task-reply';

type Tx = Prisma.TransactionClient;

export interface Resolution {
  alertOutcomeType: AlertOutcomeType;
  careOutcomes: TCareOutcome[];
  resolutionNote?: string | null;
  observations: string[];
  respondingStaffRids: string[];
  residentId?: string | null;
  /** The staff-assist count to store (null where the counter does not apply). */
  staffAssistCount?: number | null;
}

/** The body rules of section 4 (test alert alone, was-fall, refusal mode, OTHER needs a note ...): 400. */
function checkResolutionBody(resolution: Resolution): void {
  const issues = resolutionIssues(resolution, 'alert');
  if (issues.length) throw invalidInput(issues.map((i) => ({ ...i, field: `body.${i.field}` })));
}

/**
 * Writes a resolve of a locked, open task: status CLOSED_RESOLVED with "manual-entry updates for the care
 * provided and a closed update" (plus ASSIGNMENT when it was unclaimed: the resolver becomes the assignee),
 * the resolution fields, one CareOutcome per outcome and, for a resident and a real alert, the care log
 * entry (ResidentActivity) the resident's activity list and routine check read.
 */
async function writeResolution(
  tx: Tx,
  viewer: Viewer,
  task: LockedTask,
  resolution: Resolution,
): Promise<void> {
  const plan = planResolve(task.status, resolution.careOutcomes.length);
  if (!plan.ok) throw await taskConflict(tx, closedRejection(task.status), task);
  const issues: { field: string; rule: string; message: string }[] = [];
  let residentId = task.residentId;
  let residentUnitId: string | null = null;
  if (resolution.residentId) {
    const resident = await tx.resident.findFirst({
      where: { id: resolution.residentId, facilityId: task.facilityId },
      select: { id: true, unitId: true },
    });
    if (!resident)
      issues.push({ field: 'body.residentId', rule: 'exists', message: 'No such resident in this facility' });
    else {
      residentId = resident.id;
      residentUnitId = resident.unitId;
    }
  }
  const unknownStaff = await unknownStaffInFacility(tx, task.facilityId, resolution.respondingStaffRids);
  if (unknownStaff.length) {
    issues.push({
      field: 'body.respondingStaffRids',
      rule: 'exists',
      message: `Not staff of this facility: ${unknownStaff.join(', ')}`,
    });
  }
  if (issues.length) throw invalidInput(issues);

  const now = new Date();
  const isTest = resolution.alertOutcomeType === 'TEST_ALERT';
  const assigneeId = plan.assignee === 'set' ? viewer.staffMemberId : task.assigneeId;
  await tx.task.update({
    where: { id: task.id },
    data: {
      status: 'CLOSED_RESOLVED',
      assigneeId,
      residentId,
      resolvedAt: now,
      resolvedById: viewer.staffMemberId,
      alertOutcomeType: resolution.alertOutcomeType,
      resolutionNote: resolution.resolutionNote ?? null,
      observations: resolution.observations,
      respondingStaffRids: resolution.respondingStaffRids,
      staffAssistCount: resolution.staffAssistCount ?? null,
      isTest,
      confirmingSince: null,
      openDeviceKey: null,
      lastUpdateTimestamp: now,
    },
  });

  const who = viewerName(viewer);
  const outcomes = [...resolution.careOutcomes];
  const at = sequence(now, plan.updates.length);
  await tx.taskUpdate.createMany({
    data: plan.updates.map((type, i) => {
      const base = {
        taskId: task.id,
        facilityId: task.facilityId,
        type,
        creatorStaffMemberId: viewer.staffMemberId,
        createdAt: at[i]!,
      };
      if (type === TaskUpdateType.MANUAL_ENTRY) {
        const outcome = outcomes.shift()!;
        const label =
          outcome.outcome === 'COMPLETED' ? '' : ` (${outcome.outcome.replace('_', ' ').toLowerCase()})`;
        return {
          ...base,
          careProvided: outcome.careProvided,
          description: `${getResolutionType(outcome.careProvided).name}${label}`,
        };
      }
      if (type === TaskUpdateType.ASSIGNMENT) return { ...base, description: `Assigned to ${who}` };
      return { ...base, description: `Resolved by ${who}` };
    }),
  });

  const activity =
    residentId && !isTest
      ? await tx.residentActivity.create({
          data: {
            facilityId: task.facilityId,
            enterpriseId: task.enterpriseId,
            creatorId: viewer.staffMemberId,
            residentId,
            unitId: task.unitId ?? residentUnitId,
            taskId: task.id,
            observations: resolution.observations,
            resolutionNote: resolution.resolutionNote ?? null,
            respondingStaffRids: resolution.respondingStaffRids,
            staffAssistCount: resolution.staffAssistCount ?? null,
            isRefusal: isRefusal(resolution.careOutcomes),
            createdAt: now,
          },
          select: { id: true },
        })
      : null;
  const outcomeTimes = sequence(now, resolution.careOutcomes.length);
  await tx.careOutcome.createMany({
    data: resolution.careOutcomes.map((o, i) => ({
      facilityId: task.facilityId,
      residentId,
      taskId: task.id,
      residentActivityId: activity?.id ?? null,
      creatorId: viewer.staffMemberId,
      outcome: o.outcome,
      careProvided: o.careProvided,
      createdAt: outcomeTimes[i]!,
    })),
  });
  await recordTaskChange(tx, {
    facilityId: task.facilityId,
    taskId: task.id,
    status: 'CLOSED_RESOLVED',
    severity: task.severity,
  });
  // Observations are escalated to the nurses with the resolution, or not at all (decision 0241).
  if (
    shouldEscalateObservations({ observations: resolution.observations, isTest, taskSeverity: task.severity })
  ) {
    const { title } = await tx.task.findUniqueOrThrow({ where: { id: task.id }, select: { title: true } });
    await raiseObservationEscalation(tx, {
      facilityId: task.facilityId,
      enterpriseId: task.enterpriseId,
      observations: resolution.observations,
      residentId,
      unitId: task.unitId ?? residentUnitId,
      creatorStaffMemberId: viewer.staffMemberId,
      observerName: who,
      source: 'alert',
      sourceTitle: title,
      note: resolution.resolutionNote ?? null,
    });
  }
}

/**
 * "Observation options depend on the care type of the alert's unit or the resident's unit": observations the
 * facility does not offer for that care type (facilityConfig, docs/decisions/0058) are a 400.
 */
async function observationIssues(
  tx: Tx,
  task: LockedTask,
  resolution: Resolution,
): Promise<{ field: string; rule: string; message: string }[]> {
  if (resolution.observations.length === 0) return [];
  const facility = await tx.facility.findUniqueOrThrow({
    where: { id: task.facilityId },
    select: { isObservationsEnabled: true, observationsByCareType: true },
  });
  const residentId = resolution.residentId ?? task.residentId;
  const unit = task.unitId
    ? await tx.unit.findUnique({ where: { id: task.unitId }, select: { careType: true } })
    : residentId
      ? ((
          await tx.resident.findFirst({
            where: { id: residentId, facilityId: task.facilityId },
            select: { unit: { select: { careType: true } } },
          })
        )?.unit ?? null)
      : null;
  return observationsNotOfferedIssues(resolution.observations, facility, unit?.careType ?? null);
}

/** The 400 issue of observations not offered for a care type (shared with the care log). */
export function observationsNotOfferedIssues(
  observations: readonly string[],
  facility: { isObservationsEnabled: boolean; observationsByCareType: unknown },
  careType: string | null,
): { field: string; rule: string; message: string }[] {
  const config = {
    isObservationsEnabled: facility.isObservationsEnabled,
    observationsByCareType: observationsByCareTypeMap(facility.observationsByCareType),
  };
  const notOffered = observationsNotOffered(observations, config, careType);
  if (notOffered.length === 0) return [];
  const message = facility.isObservationsEnabled
    ? `Not offered for ${careType ?? 'this unit'}: ${notOffered.join(', ')}`
    : 'Observations are turned off for this facility';
  return [{ field: 'body.observations', rule: 'care-type', message }];
}

/**
 * The staff-assist counter (docs/decisions/0057): on a resolve it applies to non-door-alarm emergencies, as
 * the Additional Notes drawer shows it; stored as sent (default 1) there, refused elsewhere.
 */
function staffAssistIssues(
  task: LockedTask,
  deviceType: DeviceType | null,
  resolution: Resolution,
): { field: string; rule: string; message: string }[] {
  const applies = showStaffAssistCounter({
    deviceType,
    isNewCareLog: false,
    isRefusal: isRefusal(resolution.careOutcomes),
    isEmergency: isEmergencyFlag(task.severity),
  });
  const { count, issue } = staffAssistCountFor(applies, resolution.staffAssistCount);
  resolution.staffAssistCount = count;
  return issue ? [{ ...issue, field: `body.${issue.field}` }] : [];
}

/**
 * PUT /tasks/{taskId}/resolve. Body rules first (400), then under the row lock: a closed task is 409 ('This
 * alert has already been resolved.'), a task someone else holds is 409 for all but supervisors, and a real
 * alert needs confirmed care unless bypassCareConfirmationChecks (400 CARE_CONFIRMATION_REQUIRED).
 */
export async function resolveTask(
  prisma: PrismaClient,
  viewer: Viewer,
  taskId: string,
  body: TResolveTaskRequest,
): Promise<TTaskReply> {
  const resolution: Resolution = { ...body, observations: [...body.observations] };
  checkResolutionBody(resolution);
  await prisma.$transaction(async (tx) => {
    const { task, facility } = await lockVisibleTask(tx, viewer, taskId);
    const decision = decideResolve(task, actorIn(viewer, facility));
    if (!decision.ok) throw await taskConflict(tx, decision.reason, task);
    const device = task.deviceId
      ? await tx.device.findUnique({ where: { id: task.deviceId }, select: { type: true } })
      : null;
    const missing = careConfirmationMissing({
      status: task.status,
      creatorDeviceType: device?.type ?? null,
      alertOutcomeType: body.alertOutcomeType,
      bypassCareConfirmationChecks: body.bypassCareConfirmationChecks,
    });
    if (missing) {
      const message = CARE_CONFIRMATION_REQUIRED_MESSAGE;
      throw new HttpError(400, message, TaskErrorCode.CARE_CONFIRMATION_REQUIRED, [
        { field: 'body.bypassCareConfirmationChecks', rule: 'care-confirmation', message },
      ]);
    }
    const issues = [
      ...(await observationIssues(tx, task, resolution)),
      ...staffAssistIssues(task, device?.type ?? null, resolution),
    ];
    if (issues.length) throw invalidInput(issues);
    await writeResolution(tx, viewer, task, resolution);
  });
  return loadTaskReply(prisma, taskId);
}

/**
 * POST /tasks/resolve/{facilityRid}: a supervisor resolves many open tasks of a facility at once with one
 * resolution (the listed ones, or every open one). Each task is resolved in its own transaction (one live
 * change each); tasks already closed, or not found in the facility, are reported as skipped.
 */
export async function bulkResolveTasks(
  prisma: PrismaClient,
  viewer: Viewer,
  facilityId: string,
  body: TBulkResolveTasksRequest,
): Promise<TBulkResolveReply> {
  const facility = requireFacility(viewer, facilityId);
  if (!facility.isSupervisor)
    throw forbidden('Only a care-staff admin or management may resolve tasks in bulk');
  const resolution: Resolution = {
    alertOutcomeType: body.alertOutcomeType,
    careOutcomes: body.careOutcomes,
    resolutionNote: body.resolutionNote,
    observations: [...body.observations],
    respondingStaffRids: [],
  };
  checkResolutionBody(resolution);

  const candidates = await prisma.task.findMany({
    where: body.taskIds
      ? { facilityId, id: { in: body.taskIds } }
      : {
          facilityId,
          status: { in: ['OPEN_UNCLAIMED', 'OPEN_CLAIMED', 'OPEN_CONFIRMING', 'OPEN_CONFIRMED'] },
        },
    select: { id: true },
    orderBy: [{ severityRank: 'asc' }, { creationTimestamp: 'asc' }],
  });
  const found = new Set(candidates.map((t) => t.id));
  const reply: TBulkResolveReply = {
    resolvedTaskIds: [],
    skipped: (body.taskIds ?? [])
      .filter((id) => !found.has(id))
      .map((taskId) => ({ taskId, code: 'NOT_FOUND' })),
  };
  for (const { id } of candidates) {
    const outcome = await prisma.$transaction(async (tx) => {
      const { task } = await lockVisibleTask(tx, viewer, id);
      if (isClosedTaskStatus(task.status)) return closedRejection(task.status);
      await writeResolution(tx, viewer, task, resolution);
      return null;
    });
    if (outcome) reply.skipped.push({ taskId: id, code: outcome });
    else reply.resolvedTaskIds.push(id);
  }
  return reply;
}
