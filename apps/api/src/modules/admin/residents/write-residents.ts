import {
  AdminMessages,
  EHR_LOCKED_FIELD_CODE,
  OPEN_TASK_STATUSES,
  type Severity,
  type TBulkCreateResidentsRequest,
  type TBulkRoutineChecksRequest,
  type TCreateResidentRequest,
  type TPutResidentHealthRequest,
  type TResidentHealthInfo,
  type TResidentReply,
  type TUpdateResidentRequest,
} from '@sage/contract';
import type { Prisma, PrismaClient } from '@sage/db';
import { changedLockedFields, refusedResidentFields } from '@sage/domain';
import { conflict, forbidden, HttpError, invalidInput, notFound } from '@sage/service-kit/errors';
import { writeTaskCanceled } from '../tasks/change-task';
import {
  type CallerAt,
  callerAtRecord,
  callerFacilities,
  forbiddenFields,
  nextStamp,
  requireManager,
} from './community-access';
import { loadResidentRow, type ResidentRow, toHealthReply, toResidentReply } from './resident-reply';

type Tx = Prisma.TransactionClient;

/** The stored columns of a health info written as a whole: what is not sent is not set (docs/decisions/0151). */
function healthColumns(h: TResidentHealthInfo) {
  return {
    memoryLevel: h.memoryHealthInfo?.memoryLevel ?? null,
    continenceLevel: h.continenceHealthInfo?.continenceLevel ?? null,
    productProvider: h.continenceHealthInfo?.productProvider ?? null,
    wearsPads: h.continenceHealthInfo?.wearsPads ?? null,
    wearsPullups: h.continenceHealthInfo?.wearsPullups ?? null,
    wearsBriefs: h.continenceHealthInfo?.wearsBriefs ?? null,
    safetyLevel: h.adlHealthInfo?.safetyLevel ?? null,
    feedingLevel: h.adlHealthInfo?.feedingLevel ?? null,
    bathingLevel: h.adlHealthInfo?.bathingLevel ?? null,
    toiletingLevel: h.adlHealthInfo?.toiletingLevel ?? null,
    transferringLevel: h.adlHealthInfo?.transferringLevel ?? null,
    mobilityLevel: h.adlHealthInfo?.mobilityLevel ?? null,
    dressingLevel: h.adlHealthInfo?.dressingLevel ?? null,
    groomingLevel: h.adlHealthInfo?.groomingLevel ?? null,
    resuscitationStrategy: h.resuscitationStrategy ?? 'UNKNOWN',
    hospiceStatus: h.hospiceHealthInfo?.hospiceStatus ?? 'UNKNOWN',
  } as const;
}

/** Fields present in a write (a key sent as undefined is not a write). */
const sentFields = (body: object): string[] =>
  Object.entries(body)
    .filter(([, value]) => value !== undefined)
    .map(([key]) => key);

/** 403 naming each PHI / PII field the caller may not write (prefix: 'body' or 'body.residents.3'). */
function checkFieldPermissions(at: CallerAt, body: object, prefix: string): void {
  const refused = refusedResidentFields(sentFields(body), at.permissions);
  if (refused.length)
    throw forbiddenFields(refused.map((r) => ({ field: `${prefix}.${r.field}`, rule: r.rule })));
}

/** 400 when the unit is not a unit of the resident's facility, or is archived. */
async function checkUnit(
  tx: Tx | PrismaClient,
  facilityId: string,
  unitId: string | null | undefined,
  field: string,
) {
  if (!unitId) return;
  const unit = await tx.unit.findFirst({ where: { id: unitId, facilityId }, select: { isArchived: true } });
  if (!unit) {
    throw invalidInput([{ field, rule: 'facility', message: 'No such unit in this facility' }]);
  }
  // Nobody moves into an archived unit (decision 0612).
  if (unit.isArchived) {
    throw invalidInput([{ field, rule: 'archived', message: 'This unit is archived; restore it first' }]);
  }
}

const residentData = (body: Omit<TUpdateResidentRequest, 'healthInfo' | 'ifUpdateTimestampMs'>) => {
  const { dateOfBirth, ...rest } = body;
  return {
    ...rest,
    ...(dateOfBirth !== undefined
      ? { dateOfBirth: dateOfBirth === null ? null : new Date(`${dateOfBirth}T00:00:00Z`) }
      : {}),
  };
};

async function insertResident(tx: Tx, at: CallerAt, body: TCreateResidentRequest): Promise<string> {
  const { healthInfo, facilityId, firstName, lastName, ...rest } = body;
  const created = await tx.resident.create({
    data: {
      ...residentData(rest),
      firstName,
      lastName,
      facilityId,
      enterpriseId: at.enterpriseId,
      ...(healthInfo ? { healthInfo: { create: { facilityId, ...healthColumns(healthInfo) } } } : {}),
    },
    select: { id: true },
  });
  return created.id;
}

async function managerAt(prisma: PrismaClient, staffMemberId: string, facilityId: string, field: string) {
  const at = (await callerFacilities(prisma, staffMemberId)).get(facilityId);
  if (!at) throw forbidden(`${field}: you have no access to facility ${facilityId}`);
  requireManager(at);
  return at;
}

/** POST /residents: management of the facility; PHI needs canEditPHI, PII canEditPII. */
export async function createResident(
  prisma: PrismaClient,
  staffMemberId: string,
  body: TCreateResidentRequest,
): Promise<TResidentReply> {
  const at = await managerAt(prisma, staffMemberId, body.facilityId, 'body.facilityId');
  checkFieldPermissions(at, body, 'body');
  const id = await prisma.$transaction(async (tx) => {
    await checkUnit(tx, body.facilityId, body.unitId, 'body.unitId');
    return insertResident(tx, at, body);
  });
  return toResidentReply((await loadResidentRow(prisma, id))!, at);
}

/** POST /residents/bulk: all or nothing; the first bad row is named by its index. */
export async function bulkCreateResidents(
  prisma: PrismaClient,
  staffMemberId: string,
  body: TBulkCreateResidentsRequest,
): Promise<TResidentReply[]> {
  const mine = await callerFacilities(prisma, staffMemberId);
  const ats = body.residents.map((row, i) => {
    const at = mine.get(row.facilityId);
    if (!at)
      throw forbidden(`body.residents.${i}.facilityId: you have no access to facility ${row.facilityId}`);
    requireManager(at);
    checkFieldPermissions(at, row, `body.residents.${i}`);
    return at;
  });
  const ids = await prisma.$transaction(async (tx) => {
    const out: string[] = [];
    for (const [i, row] of body.residents.entries()) {
      await checkUnit(tx, row.facilityId, row.unitId, `body.residents.${i}.unitId`);
      out.push(await insertResident(tx, ats[i]!, row));
    }
    return out;
  });
  const rows = await Promise.all(ids.map((id) => loadResidentRow(prisma, id)));
  return rows.map((row, i) => toResidentReply(row!, ats[i]));
}

/** Locks the resident's row and makes a stale write (ifUpdateTimestampMs not the stored one) a 409. */
async function lockForWrite(
  tx: Tx,
  residentId: string,
  ifUpdateTimestampMs: number | undefined,
): Promise<Date> {
  const rows = await tx.$queryRaw<{ updatedAt: Date }[]>`
    SELECT "updatedAt" FROM "Resident" WHERE id = ${residentId} FOR UPDATE`;
  const row = rows[0];
  if (!row) throw notFound(`Resident ${residentId} not found`);
  if (ifUpdateTimestampMs !== undefined && row.updatedAt.getTime() !== ifUpdateTimestampMs) {
    throw conflict(
      'This resident was changed by someone else meanwhile; reload and try again',
      'STALE_WRITE',
    );
  }
  return nextStamp(row.updatedAt);
}

/** 409 naming each EHR-locked field the write would change (docs/decisions/0152). */
function checkLockedFields(row: ResidentRow, body: TUpdateResidentRequest): void {
  const locked = row.facility.ehrLockedFields.map((f) => f.resourceField);
  if (!locked.length) return;
  const before: Record<string, unknown> = {
    ...row,
    unitId: row.unit?.id ?? null,
    dateOfBirth: row.dateOfBirth ? row.dateOfBirth.toISOString().slice(0, 10) : null,
  };
  const changes = sentFields(body)
    .filter((field) => field !== 'ifUpdateTimestampMs')
    .map((field) =>
      field === 'healthInfo'
        ? {
            field: 'resident.healthInfo',
            before: toHealthReply(row.healthInfo),
            after: toHealthReply(healthColumns(body.healthInfo!)),
          }
        : {
            field: `resident.${field}`,
            before: before[field],
            after: (body as Record<string, unknown>)[field],
          },
    );
  const refused = changedLockedFields(changes, locked);
  if (refused.length) {
    throw new HttpError(
      409,
      `${refused.join(', ')}: locked by the EHR integration`,
      EHR_LOCKED_FIELD_CODE,
      refused.map((field) => ({
        field,
        rule: 'ehrLocked',
        message: 'This field is kept by the EHR integration',
      })),
    );
  }
}

async function residentForWrite(prisma: PrismaClient, staffMemberId: string, residentId: string) {
  const row = await loadResidentRow(prisma, residentId);
  const at = await callerAtRecord(prisma, staffMemberId, row, `Resident ${residentId}`);
  return { row: row!, at };
}

/** PUT /residents/{residentId}: only the fields sent change; health info, when sent, is written as a whole. */
export async function updateResident(
  prisma: PrismaClient,
  staffMemberId: string,
  residentId: string,
  body: TUpdateResidentRequest,
): Promise<TResidentReply> {
  const { row, at } = await residentForWrite(prisma, staffMemberId, residentId);
  requireManager(at);
  const { healthInfo, ifUpdateTimestampMs, ...fields } = body;
  checkFieldPermissions(at, body, 'body');
  checkLockedFields(row, body);
  await prisma.$transaction(async (tx) => {
    const updatedAt = await lockForWrite(tx, residentId, ifUpdateTimestampMs);
    await checkUnit(tx, row.facilityId, fields.unitId, 'body.unitId');
    await tx.resident.update({
      where: { id: residentId },
      data: { ...residentData(fields), updatedAt },
    });
    if (healthInfo) await writeHealth(tx, residentId, row.facilityId, healthInfo);
  });
  return toResidentReply((await loadResidentRow(prisma, residentId))!, at);
}

async function writeHealth(tx: Tx, residentId: string, facilityId: string, h: TResidentHealthInfo) {
  const columns = healthColumns(h);
  await tx.residentHealthInfo.upsert({
    where: { residentId },
    create: { residentId, facilityId, ...columns },
    update: columns,
  });
}

/** PUT /residents/{residentId}/health: canEditPHI (management admin, care-staff admin, facility care admin). */
export async function putResidentHealth(
  prisma: PrismaClient,
  staffMemberId: string,
  residentId: string,
  body: TPutResidentHealthRequest,
): Promise<TResidentReply> {
  const { row, at } = await residentForWrite(prisma, staffMemberId, residentId);
  const { ifUpdateTimestampMs, ...healthInfo } = body;
  checkFieldPermissions(at, { healthInfo }, 'body');
  checkLockedFields(row, { healthInfo });
  await prisma.$transaction(async (tx) => {
    const updatedAt = await lockForWrite(tx, residentId, ifUpdateTimestampMs);
    await writeHealth(tx, residentId, row.facilityId, healthInfo);
    await tx.resident.update({ where: { id: residentId }, data: { updatedAt } });
  });
  return toResidentReply((await loadResidentRow(prisma, residentId))!, at);
}

/** DELETE /residents/{residentId}/health: clears it (reads then say 'Not Set'). */
export async function deleteResidentHealth(
  prisma: PrismaClient,
  staffMemberId: string,
  residentId: string,
): Promise<TResidentReply> {
  const { row, at } = await residentForWrite(prisma, staffMemberId, residentId);
  checkFieldPermissions(at, { healthInfo: {} }, 'body');
  checkLockedFields(row, { healthInfo: {} });
  await prisma.$transaction(async (tx) => {
    const updatedAt = await lockForWrite(tx, residentId, undefined);
    await tx.residentHealthInfo.deleteMany({ where: { residentId } });
    await tx.resident.update({ where: { id: residentId }, data: { updatedAt } });
  });
  return toResidentReply((await loadResidentRow(prisma, residentId))!, at);
}

/**
 * POST /residents/{residentId}/archive ?archive: archiving also unallocates the resident's devices, so a pendant
 * returns to the facility's spare devices (docs/decisions/0150). archive=false brings the resident back.
 */
export async function archiveResident(
  prisma: PrismaClient,
  staffMemberId: string,
  residentId: string,
  archive: boolean,
): Promise<TResidentReply> {
  const { at } = await residentForWrite(prisma, staffMemberId, residentId);
  requireManager(at);
  await prisma.$transaction(async (tx) => {
    const updatedAt = await lockForWrite(tx, residentId, undefined);
    await tx.resident.update({
      where: { id: residentId },
      data: { isArchived: archive, updatedAt },
    });
    if (archive) {
      await tx.deviceAllocation.updateMany({
        where: { residentId, isActive: true },
        data: { isActive: false, activeDeviceKey: null, unallocatedAt: new Date() },
      });
      await closeOpenTasksOfArchived(tx, staffMemberId, residentId);
    }
  });
  return toResidentReply((await loadResidentRow(prisma, residentId))!, at);
}

/**
 * The open tasks of a resident being archived (alerts, escalated observations) are closed as canceled, each with
 * a CLOSED update saying why: no alert stays open for a resident who has left (docs/decisions/0530). Locked
 * first, so a claim or resolve at the same moment waits and then finds the task closed (409).
 */
async function closeOpenTasksOfArchived(
  tx: Prisma.TransactionClient,
  staffMemberId: string,
  residentId: string,
): Promise<void> {
  const open = await tx.$queryRaw<{ id: string; facilityId: string; severity: Severity }[]>`
    SELECT id, "facilityId", severity FROM "Task"
    WHERE "residentId" = ${residentId} AND status::text = ANY(${[...OPEN_TASK_STATUSES]}::text[])
    ORDER BY id FOR UPDATE`;
  if (open.length === 0) return;
  const actor = await tx.staffMember.findUniqueOrThrow({
    where: { id: staffMemberId },
    select: { firstName: true, lastName: true },
  });
  const now = new Date();
  for (const task of open) {
    await writeTaskCanceled(tx, task, {
      description: AdminMessages.residentArchivedTaskNote(`${actor.firstName} ${actor.lastName}`),
      staffMemberId,
      now,
    });
  }
}

/**
 * DELETE /residents/{residentId}: only a resident without care history (alerts, care logs, devices ever
 * allocated) is deleted; otherwise 409, archive instead (care records are kept; docs/decisions/0150).
 */
export async function deleteResident(
  prisma: PrismaClient,
  staffMemberId: string,
  residentId: string,
): Promise<{ id: string }> {
  const { at } = await residentForWrite(prisma, staffMemberId, residentId);
  requireManager(at);
  await prisma.$transaction(async (tx) => {
    await lockForWrite(tx, residentId, undefined);
    const [tasks, activities, outcomes, allocations] = await Promise.all([
      tx.task.count({ where: { residentId } }),
      tx.residentActivity.count({ where: { residentId } }),
      tx.careOutcome.count({ where: { residentId } }),
      tx.deviceAllocation.count({ where: { residentId } }),
    ]);
    if (tasks + activities + outcomes + allocations > 0) {
      throw conflict('This resident has care history and cannot be deleted; archive instead', 'HAS_HISTORY');
    }
    await tx.resident.delete({ where: { id: residentId } });
  });
  return { id: residentId };
}

/** PUT /residents/bulk/routineChecks: management of each resident's facility; all or nothing. */
export async function bulkRoutineChecks(
  prisma: PrismaClient,
  staffMemberId: string,
  body: TBulkRoutineChecksRequest,
): Promise<{ updated: number }> {
  const ids = [...new Set(body.residentIds)];
  const [rows, mine] = await Promise.all([
    prisma.resident.findMany({ where: { id: { in: ids } }, select: { id: true, facilityId: true } }),
    callerFacilities(prisma, staffMemberId),
  ]);
  for (const id of ids) {
    const row = rows.find((r) => r.id === id);
    const at = row ? mine.get(row.facilityId) : undefined;
    if (!at) throw notFound(`Resident ${id} not found`);
    requireManager(at);
  }
  const { count } = await prisma.resident.updateMany({
    where: { id: { in: ids } },
    data: { isRoutineCheckEnabled: body.isRoutineCheckEnabled, updatedAt: new Date() },
  });
  return { updated: count };
}
