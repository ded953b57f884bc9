import {
  AlertLocationSessionStatus,
  AuditSessionStatus,
  DEVICE_AUDIT_LIST_MAX,
  type TAuditSessionRecordReply,
  type TAuditSessionReply,
  type TCreateAuditSessionRequest,
  type TUpdateAuditSessionRequest,
  ZAuditSessionTypeSchema,
} from '@sage/contract';
import { type Db, isUniqueViolation, type Prisma, type PrismaClient } from '@sage/db';
import { conflict, notFound } from '@sage/service-kit/errors';
import { type AuditAccess, auditAccess } from '../access';
import { terminateAlertLocationSessions } from '../alert-location-sessions/service';
import { endWalk } from '../device-qa-sessions/service';

const SESSION_SELECT = {
  id: true,
  facilityId: true,
  sessionType: true,
  status: true,
  startedById: true,
  startedAt: true,
  endedById: true,
  endedAt: true,
  data: true,
  activeKey: true,
} satisfies Prisma.AuditSessionSelect;
type SessionRow = Prisma.AuditSessionGetPayload<{ select: typeof SESSION_SELECT }>;

const notesOf = (data: unknown): string | null => {
  const notes = data && typeof data === 'object' ? (data as { notes?: unknown }).notes : null;
  return typeof notes === 'string' ? notes : null;
};

const toReply = (row: SessionRow): TAuditSessionReply => ({
  auditSessionRid: row.id,
  facilityRid: row.facilityId,
  sessionType: ZAuditSessionTypeSchema.parse(row.sessionType),
  status: row.status as TAuditSessionReply['status'],
  startedById: row.startedById,
  startedAt: row.startedAt.getTime(),
  endedById: row.endedById,
  endedAt: row.endedAt?.getTime() ?? null,
  notes: notesOf(row.data),
});

const activeKeyOf = (facilityId: string, sessionType: string) => `${facilityId}:${sessionType}`;

async function findSession(db: Db, access: AuditAccess, rid: string) {
  const row = await db.auditSession.findFirst({
    where: { id: rid, facilityId: { in: access.facilityIds } },
    select: SESSION_SELECT,
  });
  if (!row) throw notFound(`No audit session ${rid}`);
  access.require(row.facilityId);
  return row;
}

/**
 * Ends an audit session in progress, with everything it holds: its walk in progress ends the same way (its
 * devices become records) and its alert location sessions in progress are terminated. 409 once ended.
 */
async function endSession(
  tx: Prisma.TransactionClient,
  row: SessionRow,
  status: 'COMPLETED' | 'CANCELED',
  staffMemberId: string,
  now: Date,
): Promise<void> {
  const ended = await tx.auditSession.updateMany({
    where: { id: row.id, activeKey: { not: null } },
    data: { status, activeKey: null, endedAt: now, endedById: staffMemberId },
  });
  if (ended.count !== 1) throw conflict('This audit session has already ended');
  const walks = await tx.deviceQaSession.findMany({
    where: { auditSessionId: row.id, facilityId: row.facilityId, activeFacilityKey: { not: null } },
    select: {
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
    },
  });
  for (const walk of walks) {
    if (walk.expiresAt && walk.expiresAt <= now) continue;
    await endWalk(tx, walk, status, staffMemberId, now);
  }
  await terminateAlertLocationSessions(tx, row.id, row.facilityId, now);
}

/** POST /auditSessions: one in progress per facility and type (409). */
export async function createAuditSession(
  prisma: PrismaClient,
  staffMemberId: string,
  body: TCreateAuditSessionRequest,
  now: Date,
): Promise<TAuditSessionReply> {
  const access = await auditAccess(prisma, staffMemberId);
  access.require(body.facilityRid);
  try {
    const row = await prisma.auditSession.create({
      data: {
        facilityId: body.facilityRid,
        sessionType: body.sessionType,
        status: AuditSessionStatus.IN_PROGRESS,
        activeKey: activeKeyOf(body.facilityRid, body.sessionType),
        startedById: staffMemberId,
        startedAt: now,
        data: body.notes ? { notes: body.notes } : undefined,
      },
      select: SESSION_SELECT,
    });
    return toReply(row);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict(`A ${body.sessionType} audit session is already in progress in this facility`);
    }
    throw error;
  }
}

/** GET /auditSessions/facilities/{facilityRid} ?sessionType, status: newest first. */
export async function listAuditSessions(
  prisma: PrismaClient,
  staffMemberId: string,
  facilityId: string,
  query: { sessionType?: string; status?: string },
): Promise<TAuditSessionReply[]> {
  const access = await auditAccess(prisma, staffMemberId);
  access.require(facilityId);
  const rows = await prisma.auditSession.findMany({
    where: {
      facilityId,
      ...(query.sessionType ? { sessionType: query.sessionType } : {}),
      ...(query.status ? { status: query.status } : {}),
    },
    orderBy: { startedAt: 'desc' },
    take: DEVICE_AUDIT_LIST_MAX,
    select: SESSION_SELECT,
  });
  return rows.map(toReply);
}

/** DELETE /auditSessions/facilities/{facilityRid} ?sessionType: cancels the sessions in progress (of the type). */
export async function cancelFacilityAuditSessions(
  prisma: PrismaClient,
  staffMemberId: string,
  facilityId: string,
  sessionType: string | undefined,
  now: Date,
): Promise<TAuditSessionReply[]> {
  const access = await auditAccess(prisma, staffMemberId);
  access.require(facilityId);
  const ids = await prisma.$transaction(async (tx) => {
    const rows = await tx.auditSession.findMany({
      where: { facilityId, activeKey: { not: null }, ...(sessionType ? { sessionType } : {}) },
      select: SESSION_SELECT,
    });
    for (const row of rows) await endSession(tx, row, AuditSessionStatus.CANCELED, staffMemberId, now);
    return rows.map((r) => r.id);
  });
  const rows = await prisma.auditSession.findMany({
    where: { id: { in: ids } },
    orderBy: { startedAt: 'desc' },
    select: SESSION_SELECT,
  });
  return rows.map(toReply);
}

/** GET /auditSessions/records ?auditSessionRids: every session must be the caller's (404 otherwise). */
export async function listAuditSessionRecords(
  prisma: PrismaClient,
  staffMemberId: string,
  rids: string[],
): Promise<TAuditSessionRecordReply[]> {
  const access = await auditAccess(prisma, staffMemberId);
  const unique = [...new Set(rids)];
  const sessions = await prisma.auditSession.findMany({
    where: { id: { in: unique }, facilityId: { in: access.facilityIds } },
    select: { id: true, facilityId: true, sessionType: true },
  });
  const missing = unique.find((rid) => !sessions.some((s) => s.id === rid));
  if (missing) throw notFound(`No audit session ${missing}`);
  for (const s of sessions) access.require(s.facilityId);
  const typeOf = new Map(sessions.map((s) => [s.id, ZAuditSessionTypeSchema.parse(s.sessionType)]));
  const records = await prisma.auditSessionRecord.findMany({
    where: {
      auditSessionId: { in: unique },
      facilityId: { in: [...new Set(sessions.map((s) => s.facilityId))] },
    },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return records.map((r) => {
    const d = (r.data && typeof r.data === 'object' ? r.data : {}) as Record<string, unknown>;
    const str = (k: string) => (typeof d[k] === 'string' ? (d[k] as string) : null);
    const num = (k: string) => (typeof d[k] === 'number' ? (d[k] as number) : null);
    const bool = (k: string) => (typeof d[k] === 'boolean' ? (d[k] as boolean) : null);
    const status = str('alertLocationStatus');
    return {
      recordRid: r.id,
      auditSessionRid: r.auditSessionId,
      sessionType: typeOf.get(r.auditSessionId)!,
      deviceRid: r.deviceId,
      taskRid: r.taskId,
      createdAt: r.createdAt.getTime(),
      deviceQaSessionRid: str('deviceQaSessionRid'),
      hardwareId: str('hardwareId'),
      deviceType: str('deviceType') as TAuditSessionRecordReply['deviceType'],
      location: str('location'),
      heard: bool('heard'),
      pressCount: num('pressCount'),
      firstHeardAt: num('firstHeardAt'),
      lastHeardAt: num('lastHeardAt'),
      batteryLevel: num('batteryLevel'),
      alertLocationSessionRid: str('alertLocationSessionRid'),
      alertLocationStatus: (Object.values(AlertLocationSessionStatus) as string[]).includes(status ?? '')
        ? (status as TAuditSessionRecordReply['alertLocationStatus'])
        : null,
      isLocationCorrect: bool('isLocationCorrect'),
      locationName: str('locationName'),
    };
  });
}

/** PUT /auditSessions/{rid}: end it (409 once ended) and/or change its notes. */
export async function updateAuditSession(
  prisma: PrismaClient,
  staffMemberId: string,
  rid: string,
  body: TUpdateAuditSessionRequest,
  now: Date,
): Promise<TAuditSessionReply> {
  const access = await auditAccess(prisma, staffMemberId);
  await prisma.$transaction(async (tx) => {
    const row = await findSession(tx, access, rid);
    if (body.status) await endSession(tx, row, body.status, staffMemberId, now);
    if (body.notes !== undefined) {
      const data = row.data && typeof row.data === 'object' ? (row.data as object) : {};
      await tx.auditSession.update({
        where: { id: row.id },
        data: { data: { ...data, notes: body.notes } as Prisma.InputJsonValue },
      });
    }
  });
  return toReply(await prisma.auditSession.findUniqueOrThrow({ where: { id: rid }, select: SESSION_SELECT }));
}

/** DELETE /auditSessions/{rid}: removes it and its records; its walks and alert location sessions stay, unlinked. */
export async function deleteAuditSession(
  prisma: PrismaClient,
  staffMemberId: string,
  rid: string,
): Promise<void> {
  const access = await auditAccess(prisma, staffMemberId);
  const row = await findSession(prisma, access, rid);
  await prisma.$transaction([
    prisma.deviceQaSession.updateMany({
      where: { auditSessionId: row.id, facilityId: row.facilityId },
      data: { auditSessionId: null },
    }),
    prisma.alertLocationSession.updateMany({
      where: { auditSessionId: row.id, facilityId: row.facilityId },
      data: { auditSessionId: null },
    }),
    prisma.auditSession.deleteMany({ where: { id: row.id } }),
  ]);
}

/** POST /auditSessions/{rid}/terminateAlertLocations: its alert location sessions in progress end as TERMINATED. */
export async function terminateAlertLocations(
  prisma: PrismaClient,
  staffMemberId: string,
  rid: string,
  now: Date,
): Promise<{ auditSessionRid: string; terminatedAlertLocationSessionRids: string[] }> {
  const access = await auditAccess(prisma, staffMemberId);
  const row = await findSession(prisma, access, rid);
  const terminated = await prisma.$transaction((tx) =>
    terminateAlertLocationSessions(tx, row.id, row.facilityId, now),
  );
  return { auditSessionRid: row.id, terminatedAlertLocationSessionRids: terminated };
}
