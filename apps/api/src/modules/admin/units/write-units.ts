import {
  OPEN_TASK_STATUSES,
  type TAdminUnit,
  type TBulkCreateUnitsRequest,
  type TCreateUnitRequest,
  type TUpdateUnitRequest,
} from '@sage/contract';
import { isUniqueViolation, type Prisma, type PrismaClient } from '@sage/db';
import { conflict, forbidden, HttpError, notFound } from '@sage/service-kit/errors';
import {
  type CallerAt,
  callerAtRecord,
  callerFacilities,
  nextStamp,
  requireManager,
} from '../residents/community-access';

/** An allow-list of the unit fields an admin reply carries. */
export const ADMIN_UNIT_SELECT = {
  id: true,
  facilityId: true,
  displayName: true,
  value: true,
  careType: true,
  ward: true,
  building: true,
  wing: true,
  floor: true,
  phoneNumber: true,
  isArchived: true,
  updatedAt: true,
  _count: { select: { residents: { where: { isArchived: false } } } },
} as const satisfies Prisma.UnitSelect;

type AdminUnitRow = Prisma.UnitGetPayload<{ select: typeof ADMIN_UNIT_SELECT }>;

export const toAdminUnit = ({ _count, updatedAt, ...unit }: AdminUnitRow): TAdminUnit => ({
  ...unit,
  occupantCount: _count.residents,
  updateTimestampMs: updatedAt.getTime(),
});

const nameTaken = (field: string, name: string) =>
  new HttpError(409, `${field}: a unit named '${name}' already exists in this facility`, 'UNIT_NAME_TAKEN', [
    { field, rule: 'unique', message: 'A unit of this name already exists in this facility' },
  ]);

function unitData(body: Omit<TUpdateUnitRequest, 'ifUpdateTimestampMs'>) {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
}

/** POST /units/bulk (and POST /units as a bulk of one): management of each facility; all or nothing. */
export async function createUnits(
  prisma: PrismaClient,
  staffMemberId: string,
  rows: TCreateUnitRequest[],
  fieldOf: (i: number, field: string) => string,
): Promise<TAdminUnit[]> {
  const mine = await callerFacilities(prisma, staffMemberId);
  const ats: CallerAt[] = rows.map((row, i) => {
    const at = mine.get(row.facilityId);
    if (!at) throw forbidden(`${fieldOf(i, 'facilityId')}: you have no access to facility ${row.facilityId}`);
    requireManager(at);
    return at;
  });
  // Name the row whose name is taken, in the request or in the facility.
  const seen = new Set<string>();
  for (const [i, row] of rows.entries()) {
    const key = `${row.facilityId}\u0000${row.displayName.toLowerCase()}`;
    if (seen.has(key)) throw nameTaken(fieldOf(i, 'displayName'), row.displayName);
    seen.add(key);
  }
  const existing = await prisma.unit.findMany({
    where: { OR: rows.map((r) => ({ facilityId: r.facilityId, displayName: r.displayName })) },
    select: { facilityId: true, displayName: true },
  });
  for (const [i, row] of rows.entries()) {
    if (existing.some((e) => e.facilityId === row.facilityId && e.displayName === row.displayName)) {
      throw nameTaken(fieldOf(i, 'displayName'), row.displayName);
    }
  }
  try {
    return await prisma.$transaction(async (tx) => {
      const out: TAdminUnit[] = [];
      for (const [i, row] of rows.entries()) {
        const { facilityId, displayName, ...rest } = row;
        const created = await tx.unit.create({
          data: { ...unitData(rest), facilityId, displayName, enterpriseId: ats[i]!.enterpriseId },
          select: ADMIN_UNIT_SELECT,
        });
        out.push(toAdminUnit(created));
      }
      return out;
    });
  } catch (error) {
    // Someone took a name meanwhile: nothing of this request stays.
    if (isUniqueViolation(error))
      throw conflict('A unit of one of these names was just created; reload and try again');
    throw error;
  }
}

export const createUnit = async (prisma: PrismaClient, staffMemberId: string, body: TCreateUnitRequest) =>
  (await createUnits(prisma, staffMemberId, [body], (_i, field) => `body.${field}`))[0]!;

export const bulkCreateUnits = (prisma: PrismaClient, staffMemberId: string, body: TBulkCreateUnitsRequest) =>
  createUnits(prisma, staffMemberId, body.units, (i, field) => `body.units.${i}.${field}`);

async function unitForWrite(prisma: PrismaClient, staffMemberId: string, unitId: string) {
  const unit = await prisma.unit.findUnique({
    where: { id: unitId },
    select: { id: true, facilityId: true },
  });
  const at = await callerAtRecord(prisma, staffMemberId, unit, `Unit ${unitId}`);
  requireManager(at);
  return unit!;
}

/** PUT /units/{unitId}: the fields sent change; 409 when stale or when the new name is taken. */
export async function updateUnit(
  prisma: PrismaClient,
  staffMemberId: string,
  unitId: string,
  body: TUpdateUnitRequest,
): Promise<TAdminUnit> {
  await unitForWrite(prisma, staffMemberId, unitId);
  const { ifUpdateTimestampMs, ...fields } = body;
  try {
    return await prisma.$transaction(async (tx) => {
      const [row] = await tx.$queryRaw<{ updatedAt: Date }[]>`
        SELECT "updatedAt" FROM "Unit" WHERE id = ${unitId} FOR UPDATE`;
      if (!row) throw notFound(`Unit ${unitId} not found`);
      if (ifUpdateTimestampMs !== undefined && row.updatedAt.getTime() !== ifUpdateTimestampMs) {
        throw conflict(
          'This unit was changed by someone else meanwhile; reload and try again',
          'STALE_WRITE',
        );
      }
      const updated = await tx.unit.update({
        where: { id: unitId },
        data: { ...unitData(fields), updatedAt: nextStamp(row.updatedAt) },
        select: ADMIN_UNIT_SELECT,
      });
      return toAdminUnit(updated);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken('body.displayName', fields.displayName ?? '');
    throw error;
  }
}

/**
 * DELETE /units/{unitId} and DELETE /units ?unitRid: management; all or nothing. A unit someone lives in, with
 * devices, alerts or check-ins on record is a 409: its history stays (docs/decisions/0153).
 */
export async function deleteUnits(
  prisma: PrismaClient,
  staffMemberId: string,
  unitIds: string[],
): Promise<{ deleted: number }> {
  const ids = [...new Set(unitIds)];
  for (const id of ids) await unitForWrite(prisma, staffMemberId, id);
  return prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Unit" WHERE id = ANY(${ids}::text[]) FOR UPDATE`;
    for (const id of ids) {
      const [occupants, allocations, tasks, checkIns] = await Promise.all([
        tx.resident.count({ where: { unitId: id, isArchived: false } }),
        tx.deviceAllocation.count({ where: { unitId: id } }),
        tx.task.count({ where: { unitId: id } }),
        tx.checkIn.count({ where: { unitId: id } }),
      ]);
      if (occupants) throw conflict(`Unit ${id} has residents; move them first`, 'UNIT_IN_USE');
      if (allocations + tasks + checkIns) {
        throw conflict(
          `Unit ${id} has devices, alerts or check-ins on record and cannot be deleted`,
          'UNIT_IN_USE',
        );
      }
    }
    const { count } = await tx.unit.deleteMany({ where: { id: { in: ids } } });
    return { deleted: count };
  });
}

/**
 * POST /units/{unitId}/archive: management of the unit's facility. The unit leaves the lists and pickers, its
 * history stays (a unit with history cannot be deleted). 409 while residents live there, a device is assigned to
 * it or an alert of it is open: they would point at a unit nobody sees. Archiving an archived unit changes
 * nothing (decision 0612).
 */
export async function archiveUnit(
  prisma: PrismaClient,
  staffMemberId: string,
  unitId: string,
): Promise<TAdminUnit> {
  await unitForWrite(prisma, staffMemberId, unitId);
  return prisma.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ updatedAt: Date; isArchived: boolean }[]>`
      SELECT "updatedAt", "isArchived" FROM "Unit" WHERE id = ${unitId} FOR UPDATE`;
    if (!row) throw notFound(`Unit ${unitId} not found`);
    if (!row.isArchived) {
      const [occupants, devices, openAlerts] = await Promise.all([
        tx.resident.count({ where: { unitId, isArchived: false } }),
        tx.deviceAllocation.count({ where: { unitId, isActive: true } }),
        tx.task.count({ where: { unitId, status: { in: [...OPEN_TASK_STATUSES] } } }),
      ]);
      if (occupants)
        throw conflict(`Unit ${unitId} has residents; move them before archiving it`, 'UNIT_IN_USE');
      if (devices) {
        throw conflict(
          `Unit ${unitId} has devices assigned; unassign them before archiving it`,
          'UNIT_IN_USE',
        );
      }
      if (openAlerts) {
        throw conflict(`Unit ${unitId} has open alerts; resolve them before archiving it`, 'UNIT_IN_USE');
      }
    }
    const updated = await tx.unit.update({
      where: { id: unitId },
      data: row.isArchived ? {} : { isArchived: true, updatedAt: nextStamp(row.updatedAt) },
      select: ADMIN_UNIT_SELECT,
    });
    return toAdminUnit(updated);
  });
}

/** POST /units/{unitId}/restore: management; the unit is back in the lists and pickers (decision 0612). */
export async function restoreUnit(
  prisma: PrismaClient,
  staffMemberId: string,
  unitId: string,
): Promise<TAdminUnit> {
  await unitForWrite(prisma, staffMemberId, unitId);
  return prisma.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ updatedAt: Date; isArchived: boolean }[]>`
      SELECT "updatedAt", "isArchived" FROM "Unit" WHERE id = ${unitId} FOR UPDATE`;
    if (!row) throw notFound(`Unit ${unitId} not found`);
    const updated = await tx.unit.update({
      where: { id: unitId },
      data: row.isArchived ? { isArchived: false, updatedAt: nextStamp(row.updatedAt) } : {},
      select: ADMIN_UNIT_SELECT,
    });
    return toAdminUnit(updated);
  });
}
