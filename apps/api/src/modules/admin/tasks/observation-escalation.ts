import { SEVERITY_VALUES, Severity } from '@sage/contract';
import { type Prisma, recordTaskChange, scheduleTaskNotifications, TaskUpdateType } from '@sage/db';
import {
  OBSERVATION_ESCALATION_GROUP,
  observationEscalationDescription,
  observationEscalationTitle,
} from '@sage/domain';

type Tx = Prisma.TransactionClient;

export interface ObservationEscalationInput {
  facilityId: string;
  enterpriseId: string;
  observations: readonly string[];
  residentId: string | null;
  unitId: string | null;
  creatorStaffMemberId: string;
  observerName: string;
  source: 'alert' | 'care log';
  sourceTitle?: string | null;
  note?: string | null;
}

/**
 * Raises the ESCALATION_OBSERVATION task for the facility's Nurse/MedTech group in the caller's transaction
 * (the resolution or the care log that recorded the observations): the task, its CREATED update, the live
 * change and the start of the notification policy commit with the record, or not at all (decision 0241).
 * Returns the task id, or null when the facility has no Nurse/MedTech group.
 */
export async function raiseObservationEscalation(
  tx: Tx,
  input: ObservationEscalationInput,
): Promise<string | null> {
  const group = await tx.group.findFirst({
    where: { facilityId: input.facilityId, type: OBSERVATION_ESCALATION_GROUP },
    select: { id: true },
    orderBy: { createdAt: 'asc' },
  });
  if (!group) return null;
  const resident = input.residentId
    ? await tx.resident.findUnique({
        where: { id: input.residentId },
        select: { firstName: true, lastName: true, preferredName: true },
      })
    : null;
  const unit =
    !resident && input.unitId
      ? await tx.unit.findUnique({ where: { id: input.unitId }, select: { displayName: true } })
      : null;
  const about = resident
    ? `${resident.preferredName || resident.firstName} ${resident.lastName}`
    : (unit?.displayName ?? null);
  const severity = Severity.ESCALATION_OBSERVATION;
  const task = await tx.task.create({
    data: {
      facilityId: input.facilityId,
      enterpriseId: input.enterpriseId,
      title: observationEscalationTitle(input.observations, about),
      description: observationEscalationDescription(input),
      status: 'OPEN_UNCLAIMED',
      severity,
      severityRank: SEVERITY_VALUES[severity],
      residentId: input.residentId,
      unitId: input.unitId,
      creatorStaffMemberId: input.creatorStaffMemberId,
      assigneeGroupId: group.id,
      observations: [...input.observations],
    },
    select: { id: true },
  });
  await tx.taskUpdate.create({
    data: {
      taskId: task.id,
      facilityId: input.facilityId,
      type: TaskUpdateType.CREATED,
      description: `Escalated to Nurse/MedTech by ${input.observerName}`,
      creatorStaffMemberId: input.creatorStaffMemberId,
    },
  });
  await recordTaskChange(tx, {
    facilityId: input.facilityId,
    taskId: task.id,
    status: 'OPEN_UNCLAIMED',
    severity,
  });
  await scheduleTaskNotifications(tx, {
    taskId: task.id,
    facilityId: input.facilityId,
    severityRank: SEVERITY_VALUES[severity],
  });
  return task.id;
}
