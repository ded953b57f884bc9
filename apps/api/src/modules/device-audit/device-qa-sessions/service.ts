import {
  AuditSessionStatus,
  AuditSessionType,
  DEVICE_AUDIT_LIST_MAX,
  DEVICE_QA_DEFAULT_MINUTES,
  DeviceQaMessages,
  DeviceQaSessionStatus,
  QA_SESSION_PRESS_OUTCOME,
  type TBulkUpdateDeviceQaSessionsRequest,
  type TCreateDeviceQaSessionRequest,
  type TDeviceQaDevice,
  type TDeviceQaSessionReply,
  type TUpdateDeviceQaSessionRequest,
} from '@sage/contract';
import { openDeviceQaSession, type Prisma, type PrismaClient } from '@sage/db';
import { deviceQaLines, deviceQaStatusAt, type QaDevice } from '@sage/domain';
import { conflict, invalidInput, notFound } from '@sage/service-kit/errors';
import { isUniqueViolation } from '../../admin/devices/management';
import { type AuditAccess, auditAccess } from '../access';

type Db = PrismaClient | Prisma.TransactionClient;

const SESSION_SELECT = {
  id: true,
  facilityId: true,
  auditSessionId: true,
  status: true,
  startedById: true,
  startedAt: true,
  expiresAt: true,
  endedById: true,
  endedAt: true,
  result: true,
  activeFacilityKey: true,
} satisfies Prisma.DeviceQaSessionSelect;
export type QaSessionRow = Prisma.DeviceQaSessionGetPayload<{ select: typeof SESSION_SELECT }>;

/** What a walk keeps in its `result`: its notes, and its devices once it has ended. */
interface QaResult {
  notes?: string | null;
  devices?: TDeviceQaDevice[];
}
const resultOf = (row: { result: unknown }): QaResult =>
  row.result && typeof row.result === 'object' ? (row.result as QaResult) : {};

const endOf = (row: QaSessionRow, now: Date): Date => {
  const expires = (row.expiresAt ?? now).getTime();
  return new Date(Math.min((row.endedAt ?? now).getTime(), expires));
};

/** The devices a facility's walk expects: every actively allocated device, with where it is. */
async function expectedDevices(db: Db, facilityId: string): Promise<QaDevice[]> {
  const allocations = await db.deviceAllocation.findMany({
    where: { facilityId, isActive: true },
    select: {
      deviceId: true,
      room: true,
      isCheckIn: true,
      residentId: true,
      device: { select: { hardwareId: true, type: true } },
      unit: { select: { displayName: true } },
      resident: { select: { unit: { select: { displayName: true } } } },
      door: { select: { name: true } },
    },
  });
  return allocations.map((a) => ({
    deviceId: a.deviceId,
    hardwareId: a.device.hardwareId,
    deviceType: a.device.type,
    isAllocated: true,
    unitName: a.unit?.displayName ?? a.resident?.unit?.displayName ?? null,
    room: a.room,
    doorName: a.door?.name ?? null,
    isCheckIn: a.isCheckIn || a.room === 'CHECKIN',
    isPendant: a.residentId !== null,
  }));
}

/**
 * The walk's devices, live: the facility's presses the ingest applied as the walk's (decision 0271) from its
 * start until it ended or expired, over the expected devices plus any other device heard.
 */
async function liveDevices(db: Db, row: QaSessionRow, now: Date): Promise<TDeviceQaDevice[]> {
  // One query after the other: `db` may be a transaction.
  const expected = await expectedDevices(db, row.facilityId);
  const events = await db.deviceEvent.findMany({
    where: {
      facilityId: row.facilityId,
      receivedAt: { gte: row.startedAt, lt: endOf(row, now) },
      outcome: QA_SESSION_PRESS_OUTCOME,
      deviceId: { not: null },
    },
    select: { deviceId: true, eventTimestamp: true, batteryLevel: true },
  });
  const known = new Set(expected.map((d) => d.deviceId));
  const others = [...new Set(events.map((e) => e.deviceId!).filter((id) => !known.has(id)))];
  const extra = others.length
    ? await db.device.findMany({
        where: { id: { in: others } },
        select: { id: true, hardwareId: true, type: true },
      })
    : [];
  const devices: QaDevice[] = [
    ...expected,
    ...extra.map((d) => ({
      deviceId: d.id,
      hardwareId: d.hardwareId,
      deviceType: d.type,
      isAllocated: false,
      unitName: null,
      room: null,
      doorName: null,
      isCheckIn: false,
      isPendant: false,
    })),
  ];
  return deviceQaLines(
    devices,
    events.map((e) => ({ deviceId: e.deviceId!, at: e.eventTimestamp, batteryLevel: e.batteryLevel })),
  );
}

export async function toReply(db: Db, row: QaSessionRow, now: Date): Promise<TDeviceQaSessionReply> {
  const result = resultOf(row);
  const devices = result.devices ?? (await liveDevices(db, row, now));
  const heardCount = devices.filter((d) => d.heard).length;
  return {
    deviceQaSessionRid: row.id,
    facilityRid: row.facilityId,
    auditSessionRid: row.auditSessionId,
    status: deviceQaStatusAt(row.status, row.expiresAt, now),
    startedById: row.startedById,
    startedAt: row.startedAt.getTime(),
    expiresAt: (row.expiresAt ?? row.startedAt).getTime(),
    endedById: row.endedById,
    endedAt: row.endedAt?.getTime() ?? null,
    notes: result.notes ?? null,
    heardCount,
    notHeardCount: devices.length - heardCount,
    devices,
  };
}

/** A walk of one of the caller's facilities (404 otherwise), and 403 unless they may audit devices there. */
async function findSession(db: Db, access: AuditAccess, rid: string): Promise<QaSessionRow> {
  const row = await db.deviceQaSession.findFirst({
    where: { id: rid, facilityId: { in: access.facilityIds } },
    select: SESSION_SELECT,
  });
  if (!row) throw notFound(`No device QA session ${rid}`);
  access.require(row.facilityId);
  return row;
}

/**
 * Ends a walk in progress (COMPLETED or CANCELED): its devices are frozen into its result and, when it
 * belongs to an audit session, written as that session's records. A walk already ended or expired is 409
 * (the conditional update makes a race have one winner).
 */
export async function endWalk(
  tx: Prisma.TransactionClient,
  row: QaSessionRow,
  status: 'COMPLETED' | 'CANCELED',
  staffMemberId: string,
  now: Date,
  notes?: string | null,
): Promise<void> {
  if (row.activeFacilityKey === null || deviceQaStatusAt(row.status, row.expiresAt, now) !== 'IN_PROGRESS') {
    throw conflict('This walk has already ended');
  }
  const devices = await liveDevices(tx, row, now);
  const result: QaResult = { notes: notes === undefined ? (resultOf(row).notes ?? null) : notes, devices };
  const ended = await tx.deviceQaSession.updateMany({
    where: { id: row.id, activeFacilityKey: { not: null } },
    data: {
      status,
      activeFacilityKey: null,
      endedAt: now,
      endedById: staffMemberId,
      result: result as Prisma.InputJsonValue,
    },
  });
  if (ended.count !== 1) throw conflict('This walk has already ended');
  if (row.auditSessionId) {
    await tx.auditSessionRecord.createMany({
      data: devices.map((d) => ({
        auditSessionId: row.auditSessionId!,
        facilityId: row.facilityId,
        deviceId: d.deviceRid,
        data: { kind: AuditSessionType.DEVICE_QA, deviceQaSessionRid: row.id, ...d },
      })),
    });
  }
}

/** POST /deviceQaSessions: starts the facility's walk; one at a time (409). */
export async function startWalk(
  prisma: PrismaClient,
  staffMemberId: string,
  body: TCreateDeviceQaSessionRequest,
  now: Date,
): Promise<TDeviceQaSessionReply> {
  const access = await auditAccess(prisma, staffMemberId);
  access.require(body.facilityRid);
  try {
    const id = await prisma.$transaction(async (tx) => {
      if (body.auditSessionRid) {
        const audit = await tx.auditSession.findFirst({
          where: {
            id: body.auditSessionRid,
            facilityId: body.facilityRid,
            sessionType: AuditSessionType.DEVICE_QA,
            status: AuditSessionStatus.IN_PROGRESS,
          },
          select: { id: true },
        });
        if (!audit) {
          throw invalidInput([
            {
              field: 'body.auditSessionRid',
              rule: 'same facility',
              message: 'Must be a DEVICE_QA audit session in progress in this facility',
            },
          ]);
        }
      }
      const walk = await openDeviceQaSession(tx, {
        facilityId: body.facilityRid,
        startedById: staffMemberId,
        auditSessionId: body.auditSessionRid ?? null,
        startedAt: now,
        durationMs: (body.durationInMin ?? DEVICE_QA_DEFAULT_MINUTES) * 60_000,
        notes: body.notes ?? null,
      });
      return walk.id;
    });
    const row = await prisma.deviceQaSession.findUniqueOrThrow({ where: { id }, select: SESSION_SELECT });
    return toReply(prisma, row, now);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DeviceQaMessages.alreadyRunning);
    throw error;
  }
}

/** GET /deviceQaSessions/facilities/{facilityRid} ?status: the facility's walks, newest first. */
export async function listWalks(
  prisma: PrismaClient,
  staffMemberId: string,
  facilityId: string,
  status: string | undefined,
  now: Date,
): Promise<TDeviceQaSessionReply[]> {
  const access = await auditAccess(prisma, staffMemberId);
  access.require(facilityId);
  const where: Prisma.DeviceQaSessionWhereInput = { facilityId };
  if (status === DeviceQaSessionStatus.IN_PROGRESS) Object.assign(where, { status, expiresAt: { gt: now } });
  else if (status === DeviceQaSessionStatus.EXPIRED) {
    where.OR = [{ status }, { status: DeviceQaSessionStatus.IN_PROGRESS, expiresAt: { lte: now } }];
  } else if (status) where.status = status;
  const rows = await prisma.deviceQaSession.findMany({
    where,
    orderBy: { startedAt: 'desc' },
    take: DEVICE_AUDIT_LIST_MAX,
    select: SESSION_SELECT,
  });
  return Promise.all(rows.map((row) => toReply(prisma, row, now)));
}

async function applyUpdate(
  tx: Prisma.TransactionClient,
  access: AuditAccess,
  staffMemberId: string,
  rid: string,
  body: TUpdateDeviceQaSessionRequest,
  now: Date,
): Promise<string> {
  const row = await findSession(tx, access, rid);
  if (body.status) {
    await endWalk(tx, row, body.status, staffMemberId, now, body.notes);
  } else if (body.notes !== undefined) {
    await tx.deviceQaSession.update({
      where: { id: row.id },
      data: { result: { ...resultOf(row), notes: body.notes } as Prisma.InputJsonValue },
    });
  }
  return row.id;
}

/** PUT /deviceQaSessions/{rid}: finish or cancel the walk (409 once ended), and/or its notes. */
export async function updateWalk(
  prisma: PrismaClient,
  staffMemberId: string,
  rid: string,
  body: TUpdateDeviceQaSessionRequest,
  now: Date,
): Promise<TDeviceQaSessionReply> {
  const access = await auditAccess(prisma, staffMemberId);
  const id = await prisma.$transaction((tx) => applyUpdate(tx, access, staffMemberId, rid, body, now));
  const row = await prisma.deviceQaSession.findUniqueOrThrow({ where: { id }, select: SESSION_SELECT });
  return toReply(prisma, row, now);
}

/** PUT /deviceQaSessions/bulk: every item in one transaction, all or nothing. */
export async function bulkUpdateWalks(
  prisma: PrismaClient,
  staffMemberId: string,
  items: TBulkUpdateDeviceQaSessionsRequest,
  now: Date,
): Promise<TDeviceQaSessionReply[]> {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (seen.has(item.deviceQaSessionRid)) {
      throw invalidInput([
        { field: `body.${i}.deviceQaSessionRid`, rule: 'unique', message: 'The same session is given twice' },
      ]);
    }
    seen.add(item.deviceQaSessionRid);
  });
  const access = await auditAccess(prisma, staffMemberId);
  const ids = await prisma.$transaction(async (tx) => {
    const out: string[] = [];
    for (const { deviceQaSessionRid, ...body } of items) {
      out.push(await applyUpdate(tx, access, staffMemberId, deviceQaSessionRid, body, now));
    }
    return out;
  });
  const rows = await prisma.deviceQaSession.findMany({ where: { id: { in: ids } }, select: SESSION_SELECT });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return Promise.all(ids.map((id) => toReply(prisma, byId.get(id)!, now)));
}

/** DELETE /deviceQaSessions/{rid}: removes the walk (presses alert again from then). */
export async function deleteWalk(prisma: PrismaClient, staffMemberId: string, rid: string): Promise<void> {
  const access = await auditAccess(prisma, staffMemberId);
  const row = await findSession(prisma, access, rid);
  await prisma.deviceQaSession.deleteMany({ where: { id: row.id } });
}
