import type {
  TStaffFacilitySearchRequest,
  TStaffMemberFacilityConfig,
  TStaffMemberFacilityConfigRequest,
} from '@sage/contract';
import { isUniqueViolation, type PrismaClient } from '@sage/db';
import { careZoneSelectionProblem } from '@sage/domain';
import { conflict, forbidden, invalidInput, notFound } from '@sage/service-kit/errors';
import { loadFacilityAccess, resolveFacilityScope } from './access';
import { CARE_ZONE_SELECT, FACILITY_CONFIG_SELECT, toCareZone, toFacilityConfig } from './staff-shape';

/**
 * Who may change a facility config: the person themselves, or a Management group admin of the facility.
 * The caller must work at the facility (403) and so must the person (404).
 */
async function authorise(prisma: PrismaClient, callerId: string, facilityId: string, staffMemberId: string) {
  const access = (await loadFacilityAccess(prisma, callerId)).find((a) => a.facilityId === facilityId);
  if (!access) throw forbidden(`You have no access to facility ${facilityId}`);
  if (staffMemberId === callerId) return;
  const works = await prisma.groupMembership.findFirst({
    where: { facilityId, staffMemberId },
    select: { id: true },
  });
  if (!works) throw notFound(`No staff member ${staffMemberId} at facility ${facilityId}`);
  if (!access.memberships.some((m) => m.group === 'Management' && m.isAdmin)) {
    throw forbidden("Changing someone else's care zones needs a Management group admin of the facility");
  }
}

/** The zones must be the facility's, of one grouping ("only zones of the same grouping may be selected together"). */
async function checkZones(
  prisma: PrismaClient,
  facilityId: string,
  careZoneIds: string[],
): Promise<string[]> {
  const ids = [...new Set(careZoneIds)];
  const zones = (await prisma.careZone.findMany({ where: { facilityId }, select: CARE_ZONE_SELECT })).map(
    toCareZone,
  );
  const problem = careZoneSelectionProblem(zones, ids, { requireOne: false });
  if (problem === 'unknown-zone') {
    throw invalidInput([
      { field: 'body.careZoneIds', rule: 'facility', message: 'must be care zones of the facility' },
    ]);
  }
  if (problem === 'same-grouping') {
    throw invalidInput([
      {
        field: 'body.careZoneIds',
        rule: 'same-grouping',
        message: 'only zones of the same grouping may be selected together',
      },
    ]);
  }
  return ids;
}

export async function getFacilityConfig(
  prisma: PrismaClient,
  callerId: string,
  id: string,
): Promise<TStaffMemberFacilityConfig> {
  const facilityIds = (await loadFacilityAccess(prisma, callerId)).map((a) => a.facilityId);
  const row = await prisma.staffMemberFacilityConfig.findFirst({
    where: { id, facilityId: { in: facilityIds } },
    select: FACILITY_CONFIG_SELECT,
  });
  if (!row) throw notFound(`No staff member facility config ${id} in your facilities`);
  return toFacilityConfig(row);
}

/** POST /staffMemberFacilityConfig: "a create is used when the person has no facility config yet". */
export async function createFacilityConfig(
  prisma: PrismaClient,
  callerId: string,
  body: TStaffMemberFacilityConfigRequest,
): Promise<TStaffMemberFacilityConfig> {
  await authorise(prisma, callerId, body.facilityId, body.staffMemberId);
  const careZoneIds = await checkZones(prisma, body.facilityId, body.careZoneIds);
  const facility = await prisma.facility.findUniqueOrThrow({
    where: { id: body.facilityId },
    select: { enterpriseId: true },
  });
  try {
    const row = await prisma.staffMemberFacilityConfig.create({
      data: {
        facilityId: body.facilityId,
        enterpriseId: facility.enterpriseId,
        staffMemberId: body.staffMemberId,
        shouldReceiveAllCareAlerts: body.shouldReceiveAllCareAlerts ?? false,
        shouldReceiveAllCareMessages: body.shouldReceiveAllCareMessages ?? false,
        careZones: { create: careZoneIds.map((careZoneId) => ({ careZoneId, facilityId: body.facilityId })) },
      },
      select: FACILITY_CONFIG_SELECT,
    });
    return toFacilityConfig(row);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict('This staff member already has a config for the facility: update it instead');
    }
    throw error;
  }
}

/** PUT /staffMemberFacilityConfig/{id}: "an update is skipped if the zone set is unchanged" (and the flags). */
export async function updateFacilityConfig(
  prisma: PrismaClient,
  callerId: string,
  id: string,
  body: TStaffMemberFacilityConfigRequest,
): Promise<TStaffMemberFacilityConfig> {
  const current = await getFacilityConfig(prisma, callerId, id);
  const mismatches = (['facilityId', 'staffMemberId'] as const)
    .filter((field) => body[field] !== current[field])
    .map((field) => ({
      field: `body.${field}`,
      rule: 'matches-config',
      message: `must be the config's ${field}`,
    }));
  if (mismatches.length) throw invalidInput(mismatches);
  await authorise(prisma, callerId, current.facilityId, current.staffMemberId);
  const careZoneIds = await checkZones(prisma, current.facilityId, body.careZoneIds);

  const before = new Set(current.careZones.map((z) => z.id));
  const zonesChanged =
    before.size !== careZoneIds.length || careZoneIds.some((zoneId) => !before.has(zoneId));
  const flags = {
    shouldReceiveAllCareAlerts: body.shouldReceiveAllCareAlerts ?? current.shouldReceiveAllCareAlerts,
    shouldReceiveAllCareMessages: body.shouldReceiveAllCareMessages ?? current.shouldReceiveAllCareMessages,
  };
  const flagsChanged =
    flags.shouldReceiveAllCareAlerts !== current.shouldReceiveAllCareAlerts ||
    flags.shouldReceiveAllCareMessages !== current.shouldReceiveAllCareMessages;
  if (!zonesChanged && !flagsChanged) return current;

  const row = await prisma.$transaction(async (tx) => {
    await tx.staffMemberFacilityConfigCareZone.deleteMany({
      where: { staffMemberFacilityConfigId: id, careZoneId: { notIn: careZoneIds } },
    });
    await tx.staffMemberFacilityConfigCareZone.createMany({
      data: careZoneIds.map((careZoneId) => ({
        staffMemberFacilityConfigId: id,
        careZoneId,
        facilityId: current.facilityId,
      })),
      skipDuplicates: true,
    });
    return tx.staffMemberFacilityConfig.update({
      where: { id },
      data: flags,
      select: FACILITY_CONFIG_SELECT,
    });
  });
  return toFacilityConfig(row);
}

/** DELETE /staffMemberFacilityConfig/{id}: the person or a Management group admin of the facility. */
export async function deleteFacilityConfig(
  prisma: PrismaClient,
  callerId: string,
  id: string,
): Promise<void> {
  const current = await getFacilityConfig(prisma, callerId, id);
  await authorise(prisma, callerId, current.facilityId, current.staffMemberId);
  await prisma.staffMemberFacilityConfig.delete({ where: { id } });
}

/** POST /staffMemberFacilityConfig/search: configs of the staff of the caller's facilities. */
export async function searchFacilityConfigs(
  prisma: PrismaClient,
  callerId: string,
  body: TStaffFacilitySearchRequest,
): Promise<TStaffMemberFacilityConfig[]> {
  const facilityIds = await resolveFacilityScope(prisma, callerId, body);
  const rows = await prisma.staffMemberFacilityConfig.findMany({
    where: {
      facilityId: { in: facilityIds },
      ...(body.staffMemberIds ? { staffMemberId: { in: body.staffMemberIds } } : {}),
    },
    select: FACILITY_CONFIG_SELECT,
    orderBy: [{ facilityId: 'asc' }, { staffMemberId: 'asc' }],
    take: 5000,
  });
  return rows.map(toFacilityConfig);
}
