import {
  SEVERITY_VALUES,
  type Severity,
  type TaskStatus,
  type TSearchTasksRequestInput,
} from '@sage/contract';
import type { PrismaClient } from '@sage/db';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import type { TestApp } from './app';

/** Calls the API as one staff member: `const as = caller(t, id); await as('POST', '/admin/api/v1/tasks', body)`. */
export function caller(t: TestApp, staffMemberId: string) {
  return async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const headers = await t.headersFor(staffMemberId);
    return t.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  };
}

/**
 * Inserts an alert as the worker's ingest does for a press of `deviceId` (one open task per device:
 * openDeviceKey = deviceId), with its CREATED update.
 */
export async function insertDeviceTask(
  prisma: PrismaClient,
  facility: TestFacility,
  opts: {
    deviceId: string;
    residentId?: string | null;
    unitId?: string | null;
    severity?: Severity;
    status?: TaskStatus;
    assigneeId?: string | null;
    title?: string;
    creationTimestamp?: Date;
  },
): Promise<string> {
  const severity = opts.severity ?? 'EMERGENCY';
  const task = await prisma.task.create({
    data: {
      facilityId: facility.facilityId,
      enterpriseId: facility.enterpriseId,
      title: opts.title ?? 'Pendant pressed',
      status: opts.status ?? 'OPEN_UNCLAIMED',
      severity,
      severityRank: SEVERITY_VALUES[severity],
      unitId: opts.unitId ?? null,
      residentId: opts.residentId ?? null,
      deviceId: opts.deviceId,
      openDeviceKey: opts.deviceId,
      assigneeId: opts.assigneeId ?? null,
      creationTimestamp: opts.creationTimestamp ?? new Date(),
      updates: {
        create: {
          facilityId: facility.facilityId,
          type: 'CREATED',
          description: 'Alert raised',
          deviceId: opts.deviceId,
        },
      },
    },
    select: { id: true },
  });
  return task.id;
}

/** A pendant alert for a resident of the test facility (AL by default). */
export const insertPendantTask = (
  prisma: PrismaClient,
  facility: TestFacility,
  key: 'AL' | 'MC' | 'IL' | 'LTC' | 'STR' = 'AL',
  extra: Parameters<typeof insertDeviceTask>[2] extends infer O ? Partial<O> : never = {},
) =>
  insertDeviceTask(prisma, facility, {
    deviceId: facility.residents[key].pendant.deviceId,
    residentId: facility.residents[key].id,
    unitId: facility.residents[key].unitId,
    ...extra,
  });

/** Counts of what a task has written, to prove a refused call wrote nothing. */
export async function taskFootprint(prisma: PrismaClient, taskId: string) {
  const [task, updates, notes, outcomes, activities, changes] = await Promise.all([
    prisma.task.findUniqueOrThrow({ where: { id: taskId } }),
    prisma.taskUpdate.count({ where: { taskId } }),
    prisma.taskNote.count({ where: { taskId } }),
    prisma.careOutcome.count({ where: { taskId } }),
    prisma.residentActivity.count({ where: { taskId } }),
    prisma.taskChange.count({ where: { taskId } }),
  ]);
  return {
    status: task.status,
    assigneeId: task.assigneeId,
    lastUpdateTimestamp: task.lastUpdateTimestamp.getTime(),
    updates,
    notes,
    outcomes,
    activities,
    changes,
  };
}

/**
 * Search bodies covering every filter the task search takes, its paging and an empty filter, for the tests
 * that compare a search implementation with the one it replaced. Times are hours after `base`: `createdAfter`
 * alone, `createdBefore` alone, and a range (`from`-`to`) with two closed statuses.
 */
export function taskSearchBodies(
  f: TestFacility,
  base: number,
  hours: { after: number; before: number; from: number; to: number },
): TSearchTasksRequestInput[] {
  const al = f.residents.AL!;
  return [
    { facilityId: f.facilityId },
    { facilityId: f.facilityId, statuses: ['OPEN_UNCLAIMED', 'OPEN_CLAIMED'] },
    { facilityId: f.facilityId, statuses: ['CLOSED_RESOLVED', 'CLOSED_CANCELED'] },
    { facilityId: f.facilityId, statuses: ['CLOSED_RESOLVED'], pageSize: 4, pageNumber: 2 },
    { facilityId: f.facilityId, pageSize: 7, pageNumber: 1 },
    { facilityId: f.facilityId, pageSize: 50, pageNumber: 30 },
    { facilityId: f.facilityId, severities: ['CODE_BLUE', 'LOW_PRIORITY'] },
    { facilityId: f.facilityId, unitIds: [al.unitId!] },
    { facilityId: f.facilityId, residentIds: [al.id, f.residents.MC!.id] },
    { facilityId: f.facilityId, assigneeIds: [f.staff.housekeeper.id] },
    { facilityId: f.facilityId, kinds: ['DEVICE_TROUBLE'] },
    { facilityId: f.facilityId, kinds: ['ALERT', 'DEVICE_TROUBLE'], pageSize: 200 },
    { facilityId: f.facilityId, createdAfter: base + hours.after * 3_600_000 },
    { facilityId: f.facilityId, createdBefore: new Date(base + hours.before * 3_600_000).toISOString() },
    {
      facilityId: f.facilityId,
      statuses: ['CLOSED_UNRESOLVED', 'CLOSED_RESOLVED'],
      createdAfter: base + hours.from * 3_600_000,
      createdBefore: base + hours.to * 3_600_000,
      pageSize: 3,
    },
    { facilityId: f.facilityId, statuses: [], severities: [] },
    { statuses: ['OPEN_UNCLAIMED', 'CLOSED_RESOLVED'] },
    {},
  ];
}

/** Every task status and severity, in the spec's order (test data cycles through them). */
export const EVERY_TASK_STATUS: TaskStatus[] = [
  'OPEN_UNCLAIMED',
  'OPEN_CLAIMED',
  'OPEN_CONFIRMING',
  'CLOSED_RESOLVED',
  'CLOSED_CANCELED',
  'CLOSED_UNRESOLVED',
];
export const EVERY_SEVERITY: Severity[] = [
  'CODE_BLUE',
  'EMERGENCY',
  'HIGH_PRIORITY',
  'MEDIUM_PRIORITY',
  'LOW_PRIORITY',
];

/**
 * Two facilities; the nurse of the first also works in the second (care staff there), so a search without
 * facilityId covers both.
 */
export async function facilitiesWithSharedNurse(t: TestApp): Promise<[TestFacility, TestFacility]> {
  const [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
  await t.db.prisma.groupMembership.create({
    data: { facilityId: other.facilityId, groupId: other.groups.CareStaff, staffMemberId: f.staff.nurse.id },
  });
  return [f, other];
}
