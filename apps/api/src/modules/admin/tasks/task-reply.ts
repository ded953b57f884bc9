import type { ResolutionType, TTaskReply } from '@sage/contract';
import type { Db, Prisma } from '@sage/db';
import { notFound } from '@sage/service-kit/errors';

const STAFF_REF = { select: { id: true, firstName: true, lastName: true } } as const;

/** What a task reply reads: an allow-list, so a new column never leaks (no health information here). */
export const TASK_REPLY_SELECT = {
  id: true,
  facilityId: true,
  title: true,
  description: true,
  status: true,
  severity: true,
  isTest: true,
  kind: true,
  troubleCause: true,
  creationTimestamp: true,
  lastUpdateTimestamp: true,
  confirmingSince: true,
  resolvedAt: true,
  alertOutcomeType: true,
  resolutionNote: true,
  observations: true,
  respondingStaffRids: true,
  staffAssistCount: true,
  unit: { select: { id: true, displayName: true, careType: true } },
  resident: { select: { id: true, firstName: true, lastName: true, preferredName: true, unitId: true } },
  creatorStaffMember: STAFF_REF,
  device: { select: { id: true, type: true, hardwareId: true } },
  assignee: STAFF_REF,
  assigneeGroup: { select: { id: true, name: true } },
  resolvedBy: STAFF_REF,
  updates: {
    select: {
      id: true,
      type: true,
      description: true,
      careProvided: true,
      createdAt: true,
      creatorStaffMember: STAFF_REF,
    },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  },
  notes: {
    select: {
      id: true,
      taskId: true,
      content: true,
      subject: true,
      createdAt: true,
      updatedAt: true,
      creator: STAFF_REF,
    },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  },
  careOutcomes: {
    select: { outcome: true, careProvided: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  },
} as const satisfies Prisma.TaskSelect;

export type TaskRow = Prisma.TaskGetPayload<{ select: typeof TASK_REPLY_SELECT }>;

const ms = (d: Date | null): number | null => (d ? d.getTime() : null);

export function toTaskReply(t: TaskRow): TTaskReply {
  return {
    id: t.id,
    facilityId: t.facilityId,
    title: t.title,
    description: t.description,
    status: t.status,
    severity: t.severity,
    isTest: t.isTest,
    kind: t.kind,
    troubleCause: t.troubleCause,
    updates: t.updates.map((u) => ({
      id: u.id,
      type: u.type,
      description: u.description,
      careProvided: (u.careProvided as ResolutionType | null) ?? null,
      creator: u.creatorStaffMember,
      createdAt: u.createdAt.getTime(),
    })),
    unit: t.unit,
    resident: t.resident,
    creator: { staffMember: t.creatorStaffMember, device: t.device },
    assignee: t.assignee,
    assigneeGroup: t.assigneeGroup,
    creationTimestamp: t.creationTimestamp.getTime(),
    lastUpdateTimestamp: t.lastUpdateTimestamp.getTime(),
    confirmingSince: ms(t.confirmingSince),
    notes: t.notes.map((n) => ({
      id: n.id,
      taskId: n.taskId,
      content: n.content,
      subject: n.subject,
      creator: n.creator,
      createdAt: n.createdAt.getTime(),
      updatedAt: n.updatedAt.getTime(),
    })),
    resolvedAt: ms(t.resolvedAt),
    resolvedBy: t.resolvedBy,
    alertOutcomeType: t.alertOutcomeType,
    resolutionNote: t.resolutionNote,
    careOutcomes: t.careOutcomes.map((c) => ({
      outcome: c.outcome,
      careProvided: c.careProvided as ResolutionType,
    })),
    observations: t.observations,
    respondingStaffRids: t.respondingStaffRids,
    staffAssistCount: t.staffAssistCount,
  };
}

export async function loadTaskReply(db: Db, taskId: string): Promise<TTaskReply> {
  const task = await db.task.findUnique({ where: { id: taskId }, select: TASK_REPLY_SELECT });
  if (!task) throw notFound(`Task ${taskId} not found`);
  return toTaskReply(task);
}
