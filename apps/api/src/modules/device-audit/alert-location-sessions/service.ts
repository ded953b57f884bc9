import {
  AlertLocationSessionStatus,
  AuditSessionStatus,
  AuditSessionType,
  type TAlertLocationSessionReply,
  type TCreateAlertLocationSessionRequest,
  type TUpdateAlertLocationSessionRequest,
} from '@sage/contract';
import type { Db, Prisma, PrismaClient } from '@sage/db';
import { conflict, invalidInput, notFound } from '@sage/service-kit/errors';
import { locateTask } from '../../location-query/location-query/service';
import { type AuditAccess, auditAccess } from '../access';

const SESSION_SELECT = {
  id: true,
  facilityId: true,
  auditSessionId: true,
  deviceId: true,
  taskId: true,
  status: true,
  startedAt: true,
  endedAt: true,
  data: true,
} satisfies Prisma.AlertLocationSessionSelect;
type SessionRow = Prisma.AlertLocationSessionGetPayload<{ select: typeof SESSION_SELECT }>;

interface SessionData {
  notes?: string | null;
  isLocationCorrect?: boolean | null;
}
const dataOf = (row: { data: unknown }): SessionData =>
  row.data && typeof row.data === 'object' ? (row.data as SessionData) : {};

const TASK_SELECT = {
  id: true,
  facilityId: true,
  deviceId: true,
  unitId: true,
  residentId: true,
  creationTimestamp: true,
} satisfies Prisma.TaskSelect;

/**
 * The alert of the session: the one named, else the latest the device raised since the session started
 * (what the technician's press made).
 */
async function alertOf(db: Db, row: SessionRow) {
  if (row.taskId) {
    return db.task.findFirst({ where: { id: row.taskId, facilityId: row.facilityId }, select: TASK_SELECT });
  }
  if (!row.deviceId) return null;
  return db.task.findFirst({
    where: {
      facilityId: row.facilityId,
      deviceId: row.deviceId,
      creationTimestamp: { gte: row.startedAt, ...(row.endedAt ? { lte: row.endedAt } : {}) },
    },
    orderBy: { creationTimestamp: 'desc' },
    select: TASK_SELECT,
  });
}

async function toReply(db: Db, row: SessionRow): Promise<TAlertLocationSessionReply> {
  const task = await alertOf(db, row);
  // No resident's name: the technicians who run these may not see PHI (decision 0270).
  const location = task ? await locateTask(db, task, task.deviceId ?? row.deviceId, false) : null;
  const data = dataOf(row);
  return {
    alertLocationSessionRid: row.id,
    facilityRid: row.facilityId,
    auditSessionRid: row.auditSessionId,
    deviceRid: row.deviceId,
    taskRid: task?.id ?? null,
    status: row.status as TAlertLocationSessionReply['status'],
    startedAt: row.startedAt.getTime(),
    endedAt: row.endedAt?.getTime() ?? null,
    isLocationCorrect: data.isLocationCorrect ?? null,
    notes: data.notes ?? null,
    location,
  };
}

/** The record an ended alert location session leaves in its audit session. */
async function writeRecord(tx: Prisma.TransactionClient, row: SessionRow, status: string): Promise<void> {
  if (!row.auditSessionId) return;
  const reply = await toReply(tx, { ...row, status });
  await tx.auditSessionRecord.create({
    data: {
      auditSessionId: row.auditSessionId,
      facilityId: row.facilityId,
      deviceId: row.deviceId,
      taskId: reply.taskRid,
      data: {
        kind: AuditSessionType.ALERT_LOCATION,
        alertLocationSessionRid: row.id,
        alertLocationStatus: status,
        isLocationCorrect: reply.isLocationCorrect,
        locationName: reply.location?.locationName ?? null,
        hardwareId: reply.location?.device?.hardwareId ?? null,
        deviceType: reply.location?.device?.deviceType ?? null,
      },
    },
  });
}

/** Ends the audit session's alert location sessions in progress as TERMINATED, each leaving its record. */
export async function terminateAlertLocationSessions(
  tx: Prisma.TransactionClient,
  auditSessionId: string,
  facilityId: string,
  now: Date,
): Promise<string[]> {
  const rows = await tx.alertLocationSession.findMany({
    where: { auditSessionId, facilityId, status: AlertLocationSessionStatus.IN_PROGRESS },
    select: SESSION_SELECT,
  });
  const ended: string[] = [];
  for (const row of rows) {
    const done = await tx.alertLocationSession.updateMany({
      where: { id: row.id, status: AlertLocationSessionStatus.IN_PROGRESS },
      data: { status: AlertLocationSessionStatus.TERMINATED, endedAt: now },
    });
    if (done.count !== 1) continue;
    await writeRecord(tx, { ...row, endedAt: now }, AlertLocationSessionStatus.TERMINATED);
    ended.push(row.id);
  }
  return ended;
}

async function findSession(db: Db, access: AuditAccess, rid: string): Promise<SessionRow> {
  const row = await db.alertLocationSession.findFirst({
    where: { id: rid, facilityId: { in: access.facilityIds } },
    select: SESSION_SELECT,
  });
  if (!row) throw notFound(`No alert location session ${rid}`);
  access.require(row.facilityId);
  return row;
}

/** POST /alertLocationSessions: the device must be the facility's; the audit session one of its ALERT_LOCATION in progress. */
export async function createAlertLocationSession(
  prisma: PrismaClient,
  staffMemberId: string,
  body: TCreateAlertLocationSessionRequest,
  now: Date,
): Promise<TAlertLocationSessionReply> {
  const access = await auditAccess(prisma, staffMemberId);
  access.require(body.facilityRid);
  const issues: { field: string; rule: string; message: string }[] = [];
  const device = await prisma.device.findFirst({
    where: {
      id: body.deviceRid,
      OR: [
        { facilityId: body.facilityRid },
        { allocations: { some: { facilityId: body.facilityRid, isActive: true } } },
      ],
    },
    select: { id: true },
  });
  if (!device) {
    issues.push({
      field: 'body.deviceRid',
      rule: 'same facility',
      message: 'No such device in this facility',
    });
  }
  if (body.auditSessionRid) {
    const audit = await prisma.auditSession.findFirst({
      where: {
        id: body.auditSessionRid,
        facilityId: body.facilityRid,
        sessionType: AuditSessionType.ALERT_LOCATION,
        status: AuditSessionStatus.IN_PROGRESS,
      },
      select: { id: true },
    });
    if (!audit) {
      issues.push({
        field: 'body.auditSessionRid',
        rule: 'same facility',
        message: 'Must be an ALERT_LOCATION audit session in progress in this facility',
      });
    }
  }
  if (issues.length) throw invalidInput(issues);
  const row = await prisma.alertLocationSession.create({
    data: {
      facilityId: body.facilityRid,
      auditSessionId: body.auditSessionRid ?? null,
      deviceId: body.deviceRid,
      status: AlertLocationSessionStatus.IN_PROGRESS,
      startedById: staffMemberId,
      startedAt: now,
      data: body.notes ? { notes: body.notes } : undefined,
    },
    select: SESSION_SELECT,
  });
  return toReply(prisma, row);
}

/** PUT /alertLocationSessions/{rid}: the alert, whether its place was right, notes; ending it once (409 after). */
export async function updateAlertLocationSession(
  prisma: PrismaClient,
  staffMemberId: string,
  rid: string,
  body: TUpdateAlertLocationSessionRequest,
  now: Date,
): Promise<TAlertLocationSessionReply> {
  const access = await auditAccess(prisma, staffMemberId);
  await prisma.$transaction(async (tx) => {
    const row = await findSession(tx, access, rid);
    if (body.taskRid) {
      const task = await tx.task.findFirst({
        where: { id: body.taskRid, facilityId: row.facilityId, deviceId: row.deviceId ?? undefined },
        select: { id: true },
      });
      if (!task) {
        throw invalidInput([
          {
            field: 'body.taskRid',
            rule: 'same device',
            message: "Must be an alert of this session's device",
          },
        ]);
      }
    }
    const data: SessionData = { ...dataOf(row) };
    if (body.notes !== undefined) data.notes = body.notes;
    if (body.isLocationCorrect !== undefined) data.isLocationCorrect = body.isLocationCorrect;
    const fields: Prisma.AlertLocationSessionUpdateManyMutationInput = {
      data: data as Prisma.InputJsonValue,
      ...(body.taskRid !== undefined ? { taskId: body.taskRid } : {}),
    };
    if (body.status) {
      if (row.status !== AlertLocationSessionStatus.IN_PROGRESS) {
        throw conflict('This alert location session has already ended');
      }
      const done = await tx.alertLocationSession.updateMany({
        where: { id: row.id, status: AlertLocationSessionStatus.IN_PROGRESS },
        data: { ...fields, status: body.status, endedAt: now },
      });
      if (done.count !== 1) throw conflict('This alert location session has already ended');
      const updated = await tx.alertLocationSession.findUniqueOrThrow({
        where: { id: row.id },
        select: SESSION_SELECT,
      });
      await writeRecord(tx, updated, body.status);
    } else {
      await tx.alertLocationSession.updateMany({ where: { id: row.id }, data: fields });
    }
  });
  const row = await prisma.alertLocationSession.findUniqueOrThrow({
    where: { id: rid },
    select: SESSION_SELECT,
  });
  return toReply(prisma, row);
}

/** DELETE /alertLocationSessions/{rid} */
export async function deleteAlertLocationSession(
  prisma: PrismaClient,
  staffMemberId: string,
  rid: string,
): Promise<void> {
  const access = await auditAccess(prisma, staffMemberId);
  const row = await findSession(prisma, access, rid);
  await prisma.alertLocationSession.deleteMany({ where: { id: row.id } });
}
