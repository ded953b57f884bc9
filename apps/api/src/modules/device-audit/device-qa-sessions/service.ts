import {
  AuditSessionStatus,
  AuditSessionType,
  DEVICE_AUDIT_LIST_MAX,
  DEVICE_QA_DEFAULT_MINUTES,
  DeviceQaMessages,
  DeviceQaSessionStatus,
  type TArmDeviceQaTestRequest,
  type TBulkUpdateDeviceQaSessionsRequest,
  type TCreateDeviceQaSessionRequest,
  type TDeviceQaDevice,
  type TDeviceQaSessionReply,
  type TDeviceTestNotice,
  type TDeviceTestNoticesReply,
  type TUpdateDeviceQaSessionRequest,
} from '@sage/contract';
import {
  armDeviceQaTest,
  type Db,
  disarmDeviceQaTests,
  isUniqueViolation,
  openDeviceQaSession,
  type Prisma,
  type PrismaClient,
  scheduleDeviceQaExpiry,
} from '@sage/db';
import { deviceQaLines, deviceQaStatusAt, mayEndDeviceQaWalk, type QaDevice } from '@sage/domain';
import { DEVICE_QA_CHANNEL } from '@sage/live-bus';
import { conflict, forbidden, invalidInput, notFound } from '@sage/service-kit/errors';
import { loadFacilityAccess } from '../../admin/staff/access';
import { type AuditAccess, auditAccess } from '../access';

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
 * The walk's devices, live (decision 0505): every event but a heartbeat the ingest applied for the facility from
 * the walk's start until it ended or expired (a test press or an alert alike: the device was heard), over the
 * expected devices plus any other device heard, with the devices put on test and tested.
 */
async function liveDevices(db: Db, row: QaSessionRow, now: Date): Promise<TDeviceQaDevice[]> {
  // One query after the other: `db` may be a transaction.
  const expected = await expectedDevices(db, row.facilityId);
  const events = await db.deviceEvent.findMany({
    where: {
      facilityId: row.facilityId,
      receivedAt: { gte: row.startedAt, lt: endOf(row, now) },
      type: { not: 'HEARTBEAT' },
      outcome: { not: 'STALE_EVENT' },
      deviceId: { not: null },
      processedAt: { not: null },
    },
    select: { deviceId: true, eventTimestamp: true, batteryLevel: true },
  });
  const tests = await db.deviceQaTest.findMany({
    where: { deviceQaSessionId: row.id },
    select: { deviceId: true, armedUntil: true, armedDeviceKey: true, testedAt: true },
  });
  const known = new Set(expected.map((d) => d.deviceId));
  const others = [
    ...new Set(
      [...events.map((e) => e.deviceId!), ...tests.map((t) => t.deviceId)].filter((id) => !known.has(id)),
    ),
  ];
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
  const inProgress =
    row.activeFacilityKey !== null && deviceQaStatusAt(row.status, row.expiresAt, now) === 'IN_PROGRESS';
  return deviceQaLines(
    devices,
    events.map((e) => ({ deviceId: e.deviceId!, at: e.eventTimestamp, batteryLevel: e.batteryLevel })),
    tests.map((t) => ({
      deviceId: t.deviceId,
      armedUntil: t.armedUntil,
      isArmed: inProgress && t.armedDeviceKey !== null,
      testedAt: t.testedAt,
    })),
    now,
  );
}

/** Tells every screen of the facility (dashboards, station displays) that its walk started or ended (0505). */
async function announceWalk(db: Db, facilityId: string): Promise<void> {
  await db.$executeRaw`SELECT pg_notify(${DEVICE_QA_CHANNEL}, ${JSON.stringify({ facilityRid: facilityId })})`;
}

export async function toReply(db: Db, row: QaSessionRow, now: Date): Promise<TDeviceQaSessionReply> {
  const result = resultOf(row);
  const devices = result.devices ?? (await liveDevices(db, row, now));
  const heardCount = devices.filter((d) => d.heard).length;
  const testedCount = devices.filter((d) => d.testedAt !== null).length;
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
    testedCount,
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
  // Its device on test alerts again at once, and every screen of the facility drops the banner.
  await disarmDeviceQaTests(tx, [row.id]);
  await announceWalk(tx, row.facilityId);
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
      const durationMs = (body.durationInMin ?? DEVICE_QA_DEFAULT_MINUTES) * 60_000;
      await scheduleDeviceQaExpiry(
        tx,
        { facilityId: body.facilityRid, deviceQaSessionId: walk.id },
        new Date(now.getTime() + durationMs),
      );
      await announceWalk(tx, body.facilityRid);
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
  await prisma.$transaction(async (tx) => {
    // Its tests go with it (cascade); a walk in progress deleted ends its banner.
    await tx.deviceQaSession.deleteMany({ where: { id: row.id } });
    if (row.activeFacilityKey) await announceWalk(tx, row.facilityId);
  });
}

/** A walk in progress of the facility (409 once ended or expired). */
function requireInProgress(row: QaSessionRow, now: Date): void {
  if (row.activeFacilityKey === null || deviceQaStatusAt(row.status, row.expiresAt, now) !== 'IN_PROGRESS') {
    throw conflict('This walk has already ended');
  }
}

/**
 * POST /deviceQaSessions/{rid}/tests: puts one device of the walk's community on test (decision 0505), by its id
 * or hardware id. The device must be the community's (registered to it or actively allocated there): 400 naming
 * the field otherwise. Another device on test in the walk is taken off. Replies with the walk.
 */
export async function armTest(
  prisma: PrismaClient,
  staffMemberId: string,
  rid: string,
  body: TArmDeviceQaTestRequest,
  now: Date,
): Promise<TDeviceQaSessionReply> {
  const access = await auditAccess(prisma, staffMemberId);
  const row = await findSession(prisma, access, rid);
  requireInProgress(row, now);
  const field = body.deviceRid !== undefined ? 'body.deviceRid' : 'body.hardwareId';
  const device = await prisma.device.findFirst({
    where: {
      ...(body.deviceRid !== undefined ? { id: body.deviceRid } : { hardwareId: body.hardwareId! }),
      OR: [
        { facilityId: row.facilityId },
        { allocations: { some: { facilityId: row.facilityId, isActive: true } } },
      ],
    },
    select: { id: true },
  });
  if (!device) {
    throw invalidInput([
      { field, rule: 'same facility', message: 'Must be a device of the walk’s community' },
    ]);
  }
  try {
    await prisma.$transaction(async (tx) => {
      // Under the walk's row lock: a walk ended meanwhile is not armed.
      const ended = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM "DeviceQaSession" WHERE id = ${row.id} AND "activeFacilityKey" IS NOT NULL FOR UPDATE`;
      if (!ended.length) throw conflict('This walk has already ended');
      await armDeviceQaTest(tx, {
        deviceQaSessionId: row.id,
        facilityId: row.facilityId,
        deviceId: device.id,
        armedById: staffMemberId,
        armedAt: now,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('This device was just put on test');
    throw error;
  }
  const fresh = await prisma.deviceQaSession.findUniqueOrThrow({
    where: { id: row.id },
    select: SESSION_SELECT,
  });
  return toReply(prisma, fresh, now);
}

/**
 * The walks in progress in the given facilities, as the caregivers' banner shows them (decision 0505): when they
 * end, who started them; `mayEnd` per facility.
 */
export async function deviceTestNotices(
  prisma: PrismaClient,
  facilityIds: readonly string[],
  mayEnd: (facilityId: string) => boolean,
  now: Date,
): Promise<TDeviceTestNoticesReply> {
  const rows = facilityIds.length
    ? await prisma.deviceQaSession.findMany({
        where: { activeFacilityKey: { in: [...facilityIds] }, expiresAt: { gt: now } },
        select: {
          id: true,
          facilityId: true,
          startedAt: true,
          expiresAt: true,
          startedById: true,
          facility: { select: { name: true, timezone: true } },
        },
        orderBy: { startedAt: 'asc' },
      })
    : [];
  const starters = rows.flatMap((r) => (r.startedById ? [r.startedById] : []));
  const names = starters.length
    ? await prisma.staffMember.findMany({
        where: { id: { in: starters } },
        select: { id: true, firstName: true, lastName: true },
      })
    : [];
  const nameOf = new Map(names.map((n) => [n.id, `${n.firstName} ${n.lastName}`.trim()]));
  const deviceTests = rows.map(
    (r): TDeviceTestNotice => ({
      deviceQaSessionRid: r.id,
      facilityRid: r.facilityId,
      facilityName: r.facility.name,
      timezone: r.facility.timezone,
      startedAt: r.startedAt.getTime(),
      expiresAt: (r.expiresAt ?? r.startedAt).getTime(),
      startedByName: (r.startedById && nameOf.get(r.startedById)) || null,
      mayEnd: mayEnd(r.facilityId),
    }),
  );
  return { deviceTests, serverTime: now.getTime() };
}

/** GET /deviceQaSessions/current: the walks in progress in every community the caller works in. */
export async function currentDeviceTests(
  prisma: PrismaClient,
  staffMemberId: string,
  now: Date,
): Promise<TDeviceTestNoticesReply> {
  const access = await loadFacilityAccess(prisma, staffMemberId);
  const byFacility = new Map(access.map((a) => [a.facilityId, a.memberships]));
  return deviceTestNotices(
    prisma,
    [...byFacility.keys()],
    (facilityId) => mayEndDeviceQaWalk(byFacility.get(facilityId) ?? []),
    now,
  );
}

/**
 * POST /deviceQaSessions/{rid}/end: ends the walk from the caregivers' banner (COMPLETED, what it heard kept):
 * a manager, a nurse or a technician of the facility (403 otherwise: care staff); another community's walk is
 * 404; a walk already ended 409. Replies with the walks still in progress.
 */
export async function endFromBanner(
  prisma: PrismaClient,
  staffMemberId: string,
  rid: string,
  now: Date,
): Promise<TDeviceTestNoticesReply> {
  const access = await loadFacilityAccess(prisma, staffMemberId);
  const row = await prisma.deviceQaSession.findFirst({
    where: { id: rid, facilityId: { in: access.map((a) => a.facilityId) } },
    select: SESSION_SELECT,
  });
  if (!row) throw notFound(`No device QA session ${rid}`);
  const memberships = access.find((a) => a.facilityId === row.facilityId)?.memberships ?? [];
  if (!mayEndDeviceQaWalk(memberships)) throw forbidden(DeviceQaMessages.notAllowedEnd);
  await prisma.$transaction((tx) => endWalk(tx, row, 'COMPLETED', staffMemberId, now));
  return currentDeviceTests(prisma, staffMemberId, now);
}
