import {
  isClosedTaskStatus,
  SEVERITY_LABELS,
  SEVERITY_VALUES,
  TASK_STATUS_LABELS,
  type TaskStatus,
  type TCreateTaskRequest,
  type TTaskReply,
  type TUpdateTaskRequest,
} from '@sage/contract';
import {
  type Prisma,
  type PrismaClient,
  recordTaskChange,
  scheduleCareConfirmationTimeout,
  scheduleTaskNotifications,
  scheduleUnconfirmedClaimReminder,
  TaskUpdateType,
} from '@sage/db';
import { decideStatusChange, decideUnassign, type TaskActionPlan } from '@sage/domain';
import { forbidden, invalidInput } from '@sage/service-kit/errors';
import { actorIn, requireFacility, unknownStaffInFacility, type Viewer, viewerName } from './access';
import { closedRejection, type LockedTask, lockVisibleTask, sequence, taskConflict } from './task-lock';
import { loadTaskReply } from './task-reply';

type Tx = Prisma.TransactionClient;

async function staffName(tx: Tx, id: string | null): Promise<string> {
  if (!id) return 'nobody';
  const s = await tx.staffMember.findUnique({ where: { id }, select: { firstName: true, lastName: true } });
  return s ? `${s.firstName} ${s.lastName}` : 'a former staff member';
}

/** Checks the places and people a task refers to belong to its facility; 400 naming the field otherwise. */
export async function checkReferences(
  tx: Tx,
  facilityId: string,
  refs: {
    unitId?: string | null;
    residentId?: string | null;
    assigneeId?: string | null;
    assigneeGroupId?: string | null;
  },
): Promise<{ residentUnitId: string | null }> {
  const issues: { field: string; rule: string; message: string }[] = [];
  let residentUnitId: string | null = null;
  if (refs.unitId) {
    const unit = await tx.unit.findFirst({ where: { id: refs.unitId, facilityId }, select: { id: true } });
    if (!unit)
      issues.push({ field: 'body.unitId', rule: 'exists', message: 'No such unit in this facility' });
  }
  if (refs.residentId) {
    const resident = await tx.resident.findFirst({
      where: { id: refs.residentId, facilityId },
      select: { unitId: true },
    });
    if (!resident) {
      issues.push({ field: 'body.residentId', rule: 'exists', message: 'No such resident in this facility' });
    } else residentUnitId = resident.unitId;
  }
  if (refs.assigneeId && (await unknownStaffInFacility(tx, facilityId, [refs.assigneeId])).length > 0) {
    issues.push({
      field: 'body.assigneeId',
      rule: 'exists',
      message: 'No such staff member in this facility',
    });
  }
  if (refs.assigneeGroupId) {
    const group = await tx.group.findFirst({
      where: { id: refs.assigneeGroupId, facilityId },
      select: { id: true },
    });
    if (!group)
      issues.push({
        field: 'body.assigneeGroupId',
        rule: 'exists',
        message: 'No such group in this facility',
      });
  }
  if (issues.length) throw invalidInput(issues);
  return { residentUnitId };
}

/**
 * POST /tasks: a manual task (no device). Created by staff who see the facility's tasks; with an assignee it
 * starts claimed by them (CREATED, ASSIGNMENT), else unclaimed (CREATED).
 */
export async function createTask(
  prisma: PrismaClient,
  viewer: Viewer,
  body: TCreateTaskRequest,
): Promise<TTaskReply> {
  const facility = requireFacility(viewer, body.facilityId);
  if (!facility.seesAll) {
    throw forbidden('Only care staff, nurses and management create tasks in this facility');
  }
  const taskId = await prisma.$transaction(async (tx) => {
    const { residentUnitId } = await checkReferences(tx, body.facilityId, body);
    const now = new Date();
    const status: TaskStatus = body.assigneeId ? 'OPEN_CLAIMED' : 'OPEN_UNCLAIMED';
    const task = await tx.task.create({
      data: {
        facilityId: facility.facilityId,
        enterpriseId: facility.enterpriseId,
        title: body.title,
        description: body.description ?? null,
        status,
        severity: body.severity,
        severityRank: SEVERITY_VALUES[body.severity],
        unitId: body.unitId ?? residentUnitId,
        residentId: body.residentId ?? null,
        creatorStaffMemberId: viewer.staffMemberId,
        assigneeId: body.assigneeId ?? null,
        assigneeGroupId: body.assigneeGroupId ?? null,
        creationTimestamp: now,
      },
      select: { id: true },
    });
    const [created, assigned] = sequence(now, 2);
    const updates: Prisma.TaskUpdateCreateManyInput[] = [
      {
        taskId: task.id,
        facilityId: facility.facilityId,
        type: TaskUpdateType.CREATED,
        description: `Task created by ${viewerName(viewer)}`,
        creatorStaffMemberId: viewer.staffMemberId,
        createdAt: created,
      },
    ];
    if (body.assigneeId) {
      updates.push({
        taskId: task.id,
        facilityId: facility.facilityId,
        type: TaskUpdateType.ASSIGNMENT,
        description: `Assigned to ${await staffName(tx, body.assigneeId)}`,
        creatorStaffMemberId: viewer.staffMemberId,
        createdAt: assigned,
      });
    }
    await tx.taskUpdate.createMany({ data: updates });
    await recordTaskChange(tx, {
      facilityId: facility.facilityId,
      taskId: task.id,
      status,
      severity: body.severity,
    });
    // An unclaimed task starts the facility's notification policy (same transaction; docs/decisions/0060).
    if (status === 'OPEN_UNCLAIMED') {
      await scheduleTaskNotifications(tx, {
        taskId: task.id,
        facilityId: facility.facilityId,
        severityRank: SEVERITY_VALUES[body.severity],
      });
    }
    return task.id;
  });
  return loadTaskReply(prisma, taskId);
}

function describeUpdate(
  type: TaskUpdateType,
  from: TaskStatus,
  to: TaskStatus,
  who: string,
  was: string,
): string {
  switch (type) {
    case TaskUpdateType.CLAIM:
      return `Claimed by ${who}`;
    case TaskUpdateType.UNASSIGNMENT:
      return `Unassigned from ${was} by ${who}`;
    default:
      return `Status changed from ${TASK_STATUS_LABELS[from]} to ${TASK_STATUS_LABELS[to]} by ${who}`;
  }
}

/** Writes an accepted plan (status, assignee, updates, confirmation timer, live change) inside the transaction. */
async function applyPlan(
  tx: Tx,
  viewer: Viewer,
  task: LockedTask,
  plan: Extract<TaskActionPlan, { ok: true }>,
): Promise<void> {
  const now = new Date();
  const assigneeId =
    plan.assignee === 'set' ? viewer.staffMemberId : plan.assignee === 'remove' ? null : task.assigneeId;
  const confirming = plan.status === 'OPEN_CONFIRMING';
  await tx.task.update({
    where: { id: task.id },
    data: {
      status: plan.status,
      assigneeId,
      confirmingSince: confirming ? now : null,
      lastUpdateTimestamp: now,
    },
  });
  const was = await staffName(tx, task.assigneeId);
  const at = sequence(now, plan.updates.length);
  await tx.taskUpdate.createMany({
    data: plan.updates.map((type, i) => ({
      taskId: task.id,
      facilityId: task.facilityId,
      type,
      description: describeUpdate(type, task.status, plan.status, viewerName(viewer), was),
      creatorStaffMemberId: viewer.staffMemberId,
      createdAt: at[i]!,
    })),
  });
  if (confirming) {
    await scheduleCareConfirmationTimeout(tx, { taskId: task.id, confirmingSince: now.toISOString() });
  }
  // A claim: if nobody confirms care at the bedside in time, the claimer is reminded and the next escalation
  // step runs (decision 0515). The job's key is the task's, so a later claim moves the timer.
  // Device calls only: a manual task has no bedside to confirm at (the job also skips door alarms).
  if (plan.assignee === 'set' && assigneeId && task.deviceId) {
    await scheduleUnconfirmedClaimReminder(tx, {
      taskId: task.id,
      facilityId: task.facilityId,
      assigneeId,
      claimedAt: now.toISOString(),
      severityRank: SEVERITY_VALUES[task.severity],
    });
  }
  // Given back unclaimed: the notification policy runs again (docs/decisions/0060).
  if (plan.status === 'OPEN_UNCLAIMED' && task.status !== 'OPEN_UNCLAIMED') {
    await scheduleTaskNotifications(tx, {
      taskId: task.id,
      facilityId: task.facilityId,
      severityRank: SEVERITY_VALUES[task.severity],
    });
  }
  await recordTaskChange(tx, {
    facilityId: task.facilityId,
    taskId: task.id,
    status: plan.status,
    severity: task.severity,
  });
}

/**
 * PUT /tasks/{taskId} with body { status }: claim, unclaim, start or cancel care confirmation (section 4).
 * The row is locked first, so of two simultaneous claims one wins and the other gets 409 TASK_ALREADY_CLAIMED.
 */
export async function changeTaskStatus(
  prisma: PrismaClient,
  viewer: Viewer,
  taskId: string,
  target: TaskStatus,
): Promise<TTaskReply> {
  await prisma.$transaction(async (tx) => {
    const { task, facility } = await lockVisibleTask(tx, viewer, taskId);
    const plan = decideStatusChange(task, target, actorIn(viewer, facility));
    if (!plan.ok) throw await taskConflict(tx, plan.reason, task, target);
    await applyPlan(tx, viewer, task, plan);
  });
  return loadTaskReply(prisma, taskId);
}

/** POST /tasks/{taskId}/unassign: the assignee (or a supervisor) gives the task back; it becomes unclaimed. */
export async function unassignTask(
  prisma: PrismaClient,
  viewer: Viewer,
  taskId: string,
): Promise<TTaskReply> {
  await prisma.$transaction(async (tx) => {
    const { task, facility } = await lockVisibleTask(tx, viewer, taskId);
    const plan = decideUnassign(task, actorIn(viewer, facility));
    if (!plan.ok) throw await taskConflict(tx, plan.reason, task, 'OPEN_UNCLAIMED');
    await applyPlan(tx, viewer, task, plan);
  });
  return loadTaskReply(prisma, taskId);
}

/**
 * PUT /tasks/{taskId} with fields: edits an open task (title, description, severity, unit, resident,
 * assignee group, assignee). Allowed to supervisors and to the task's creator; giving a task held by someone
 * else to another person is for supervisors only. Each change leaves its update (SEVERITY_CHANGE, ASSIGNMENT,
 * REASSIGNMENT, UNASSIGNMENT).
 */
export async function updateTask(
  prisma: PrismaClient,
  viewer: Viewer,
  taskId: string,
  body: Omit<TUpdateTaskRequest, 'status'>,
): Promise<TTaskReply> {
  await prisma.$transaction(async (tx) => {
    const { task, facility } = await lockVisibleTask(tx, viewer, taskId);
    if (!facility.isSupervisor && task.creatorStaffMemberId !== viewer.staffMemberId) {
      throw forbidden('Only the creator of a task, a care-staff admin or management may edit it');
    }
    if (isClosedTaskStatus(task.status)) throw await taskConflict(tx, closedRejection(task.status), task);
    const { residentUnitId } = await checkReferences(tx, task.facilityId, body);
    const now = new Date();
    const who = viewerName(viewer);
    const updates: { type: TaskUpdateType; description: string }[] = [];
    const data: Prisma.TaskUncheckedUpdateInput = { lastUpdateTimestamp: now };
    let status = task.status;
    let severity = task.severity;

    if (body.title !== undefined) data.title = body.title;
    if (body.description !== undefined) data.description = body.description;
    if (body.unitId !== undefined) data.unitId = body.unitId;
    if (body.residentId !== undefined) {
      data.residentId = body.residentId;
      if (body.unitId === undefined && residentUnitId) data.unitId = residentUnitId;
    }
    if (body.assigneeGroupId !== undefined) data.assigneeGroupId = body.assigneeGroupId;
    if (body.severity !== undefined && body.severity !== task.severity) {
      severity = body.severity;
      data.severity = severity;
      data.severityRank = SEVERITY_VALUES[severity];
      updates.push({
        type: TaskUpdateType.SEVERITY_CHANGE,
        description: `Severity changed from ${SEVERITY_LABELS[task.severity]} to ${SEVERITY_LABELS[severity]} by ${who}`,
      });
    }
    if (body.assigneeId !== undefined && body.assigneeId !== task.assigneeId) {
      const heldByOther = task.assigneeId !== null && task.assigneeId !== viewer.staffMemberId;
      if (heldByOther && !facility.isSupervisor) {
        throw forbidden('Only a care-staff admin or management may reassign a task someone else holds');
      }
      const was = await staffName(tx, task.assigneeId);
      data.assigneeId = body.assigneeId;
      data.confirmingSince = null;
      if (body.assigneeId === null) {
        status = 'OPEN_UNCLAIMED';
        updates.push({ type: TaskUpdateType.UNASSIGNMENT, description: `Unassigned from ${was} by ${who}` });
      } else {
        const to = await staffName(tx, body.assigneeId);
        status = 'OPEN_CLAIMED';
        updates.push(
          task.assigneeId
            ? { type: TaskUpdateType.REASSIGNMENT, description: `Reassigned from ${was} to ${to} by ${who}` }
            : { type: TaskUpdateType.ASSIGNMENT, description: `Assigned to ${to} by ${who}` },
        );
      }
      data.status = status;
    }
    await tx.task.update({ where: { id: task.id }, data });
    const at = sequence(now, updates.length);
    if (updates.length) {
      await tx.taskUpdate.createMany({
        data: updates.map((u, i) => ({
          ...u,
          taskId: task.id,
          facilityId: task.facilityId,
          creatorStaffMemberId: viewer.staffMemberId,
          createdAt: at[i]!,
        })),
      });
    }
    // Given back unclaimed: the notification policy runs again (docs/decisions/0060).
    if (status === 'OPEN_UNCLAIMED' && task.status !== 'OPEN_UNCLAIMED') {
      await scheduleTaskNotifications(tx, {
        taskId: task.id,
        facilityId: task.facilityId,
        severityRank: SEVERITY_VALUES[severity],
      });
    }
    // Assigned or reassigned: the new holder's reminder replaces the earlier one (decision 0515); device calls only.
    if (body.assigneeId && body.assigneeId !== task.assigneeId && task.deviceId) {
      await scheduleUnconfirmedClaimReminder(tx, {
        taskId: task.id,
        facilityId: task.facilityId,
        assigneeId: body.assigneeId,
        claimedAt: now.toISOString(),
        severityRank: SEVERITY_VALUES[severity],
      });
    }
    await recordTaskChange(tx, { facilityId: task.facilityId, taskId: task.id, status, severity });
  });
  return loadTaskReply(prisma, taskId);
}

/**
 * DELETE /tasks/{taskId}: cancels an open task (soft delete: CLOSED_CANCELED with a CLOSED update, kept in
 * the log). Allowed to supervisors and to the creator of a manual task.
 */
export async function cancelTask(prisma: PrismaClient, viewer: Viewer, taskId: string): Promise<TTaskReply> {
  await prisma.$transaction(async (tx) => {
    const { task, facility } = await lockVisibleTask(tx, viewer, taskId);
    const isCreator = task.deviceId === null && task.creatorStaffMemberId === viewer.staffMemberId;
    if (!facility.isSupervisor && !isCreator) {
      throw forbidden('Only the creator of a manual task, a care-staff admin or management may delete it');
    }
    if (isClosedTaskStatus(task.status)) throw await taskConflict(tx, closedRejection(task.status), task);
    await writeTaskCanceled(tx, task, {
      description: `Canceled by ${viewerName(viewer)}`,
      staffMemberId: viewer.staffMemberId,
    });
  });
  return loadTaskReply(prisma, taskId);
}

/**
 * Cancels one open task in the caller's transaction: CLOSED_CANCELED with its device key freed, a CLOSED update
 * with who and why, and the task change the live channel fans out. Used by a task's cancel and by archiving its
 * resident (decision 0530).
 */
export async function writeTaskCanceled(
  tx: Prisma.TransactionClient,
  task: { id: string; facilityId: string; severity: LockedTask['severity'] },
  by: { description: string; staffMemberId: string; now?: Date },
): Promise<void> {
  const now = by.now ?? new Date();
  await tx.task.update({
    where: { id: task.id },
    data: { status: 'CLOSED_CANCELED', confirmingSince: null, openDeviceKey: null, lastUpdateTimestamp: now },
  });
  await tx.taskUpdate.create({
    data: {
      taskId: task.id,
      facilityId: task.facilityId,
      type: TaskUpdateType.CLOSED,
      description: by.description,
      creatorStaffMemberId: by.staffMemberId,
      createdAt: now,
    },
  });
  await recordTaskChange(tx, {
    facilityId: task.facilityId,
    taskId: task.id,
    status: 'CLOSED_CANCELED',
    severity: task.severity,
  });
}
