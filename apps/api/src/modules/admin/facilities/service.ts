import {
  FacilityStatus,
  GROUP_DISPLAY_NAMES,
  type TCreateFacilityRequest,
  type TDeletedReply,
  type TFacility,
  type TListFacilitiesQuery,
  type TSetFacilityStatusRequest,
  type TUpdateFacilityRequest,
} from '@sage/contract';
import type { Db, GroupType, Prisma, PrismaClient } from '@sage/db';
import { provisionBuiltInReports } from '@sage/db';
import { canSeeEnterprise } from '@sage/domain';
import { conflict, notFound } from '@sage/service-kit/errors';
import {
  facilityScopeForList,
  loadOrgAccess,
  type OrgAccess,
  requireEnterpriseAdmin,
  visibleFacility,
} from '../enterprises/org-access';
import { checkPhoneNumbers, staleWrite, unchangedSince, uniqueOr409 } from '../enterprises/write-guards';

export const FACILITY_SELECT = {
  id: true,
  enterpriseId: true,
  name: true,
  timezone: true,
  status: true,
  emergencyNotificationNumber: true,
  taskNotificationNumber: true,
  messageDeliveryMethods: true,
  isAlertLocationEnabled: true,
  isObservationsEnabled: true,
  observationsByCareType: true,
  routineCheckIntervalInMin: true,
  updatedAt: true,
} as const satisfies Prisma.FacilitySelect;

type FacilityRow = Prisma.FacilityGetPayload<{ select: typeof FACILITY_SELECT }>;

export const toFacility = (row: FacilityRow): TFacility => ({
  id: row.id,
  enterpriseId: row.enterpriseId,
  name: row.name,
  timezone: row.timezone,
  status: row.status,
  emergencyNotificationNumber: row.emergencyNotificationNumber,
  taskNotificationNumber: row.taskNotificationNumber,
  messageDeliveryMethods: row.messageDeliveryMethods,
  facilityConfig: {
    isAlertLocationEnabled: row.isAlertLocationEnabled,
    isObservationsEnabled: row.isObservationsEnabled,
    observationsByCareType: (row.observationsByCareType as Record<string, string[]> | null) ?? null,
    routineCheckIntervalInMin: row.routineCheckIntervalInMin,
  },
  updatedAt: row.updatedAt.toISOString(),
});

/** Every new community gets the known groups (so staff can be added to them at once; decision 0172). */
const DEFAULT_GROUPS: { type: GroupType; name: string }[] = [
  ...Object.entries(GROUP_DISPLAY_NAMES).map(([type, name]) => ({ type: type as GroupType, name })),
  { type: 'Activities', name: 'Activities' },
];

const NAME_TAKEN = 'The company already has a community with this name';

export async function listFacilities(
  prisma: PrismaClient,
  callerId: string,
  query: TListFacilitiesQuery,
): Promise<TFacility[]> {
  const access = await loadOrgAccess(prisma, callerId);
  const scope = await facilityScopeForList(prisma, access, { enterpriseId: query.enterpriseId });
  const rows = await prisma.facility.findMany({
    where: {
      AND: [
        scope,
        query.emergencyNotificationNumber
          ? { emergencyNotificationNumber: query.emergencyNotificationNumber }
          : {},
        query.search ? { name: { contains: query.search, mode: 'insensitive' } } : {},
      ],
    },
    select: FACILITY_SELECT,
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    take: query.pageSize,
    skip: query.pageNumber * query.pageSize,
  });
  return rows.map(toFacility);
}

async function readFacility(prisma: Db, facilityId: string) {
  const row = await prisma.facility.findUnique({ where: { id: facilityId }, select: FACILITY_SELECT });
  if (!row) throw notFound(`Facility ${facilityId} not found`);
  return toFacility(row);
}

export async function getFacility(prisma: PrismaClient, callerId: string, facilityId: string) {
  const access = await loadOrgAccess(prisma, callerId);
  await visibleFacility(prisma, access, facilityId);
  return readFacility(prisma, facilityId);
}

/** The columns of a facility's writable fields (phone numbers already normalised). */
function facilityData(body: TCreateFacilityRequest | TUpdateFacilityRequest) {
  const phones = checkPhoneNumbers({
    emergencyNotificationNumber: body.emergencyNotificationNumber,
    taskNotificationNumber: body.taskNotificationNumber,
  });
  const config = body.facilityConfig ?? {};
  return {
    name: body.name,
    timezone: body.timezone,
    ...(phones.emergencyNotificationNumber !== undefined
      ? { emergencyNotificationNumber: phones.emergencyNotificationNumber }
      : {}),
    ...(phones.taskNotificationNumber !== undefined
      ? { taskNotificationNumber: phones.taskNotificationNumber }
      : {}),
    ...(body.messageDeliveryMethods
      ? { messageDeliveryMethods: [...new Set(body.messageDeliveryMethods)] }
      : {}),
    ...(config.isAlertLocationEnabled !== undefined
      ? { isAlertLocationEnabled: config.isAlertLocationEnabled }
      : {}),
    ...(config.isObservationsEnabled !== undefined
      ? { isObservationsEnabled: config.isObservationsEnabled }
      : {}),
    ...(config.routineCheckIntervalInMin !== undefined
      ? { routineCheckIntervalInMin: config.routineCheckIntervalInMin }
      : {}),
  };
}

export async function createFacility(
  prisma: PrismaClient,
  callerId: string,
  body: TCreateFacilityRequest,
): Promise<TFacility> {
  const access = await loadOrgAccess(prisma, callerId);
  const enterprise = canSeeEnterprise(access.memberships, body.enterpriseId)
    ? await prisma.enterprise.findUnique({ where: { id: body.enterpriseId }, select: { id: true } })
    : null;
  if (!enterprise) throw notFound(`Enterprise ${body.enterpriseId} not found`);
  requireEnterpriseAdmin(access, body.enterpriseId);
  const data = facilityData(body);
  return uniqueOr409(
    () =>
      prisma.$transaction(async (tx) => {
        const facility = await tx.facility.create({
          data: { ...data, enterpriseId: body.enterpriseId, status: FacilityStatus.ACTIVE },
          select: { id: true },
        });
        await tx.group.createMany({
          data: DEFAULT_GROUPS.map((g) => ({
            ...g,
            facilityId: facility.id,
            enterpriseId: body.enterpriseId,
          })),
        });
        await provisionBuiltInReports(tx, { facilityId: facility.id, enterpriseId: body.enterpriseId });
        return readFacility(tx, facility.id);
      }),
    NAME_TAKEN,
    'FACILITY_NAME_TAKEN',
  );
}

async function administrableFacility(prisma: PrismaClient, access: OrgAccess, facilityId: string) {
  const facility = await visibleFacility(prisma, access, facilityId);
  requireEnterpriseAdmin(access, facility.enterpriseId);
  return facility;
}

export async function updateFacility(
  prisma: PrismaClient,
  callerId: string,
  facilityId: string,
  body: TUpdateFacilityRequest,
): Promise<TFacility> {
  const access = await loadOrgAccess(prisma, callerId);
  await administrableFacility(prisma, access, facilityId);
  const data = facilityData(body);
  const { count } = await uniqueOr409(
    () => prisma.facility.updateMany({ where: { id: facilityId, ...unchangedSince(body.updatedAt) }, data }),
    NAME_TAKEN,
    'FACILITY_NAME_TAKEN',
  );
  if (count === 0) throw staleWrite('The community');
  return readFacility(prisma, facilityId);
}

export async function setFacilityStatus(
  prisma: PrismaClient,
  callerId: string,
  facilityId: string,
  body: TSetFacilityStatusRequest,
): Promise<TFacility> {
  const access = await loadOrgAccess(prisma, callerId);
  await administrableFacility(prisma, access, facilityId);
  await prisma.facility.update({ where: { id: facilityId }, data: { status: body.status } });
  return readFacility(prisma, facilityId);
}

/**
 * Deletes a community that holds nothing yet (set up by mistake). One with units, residents, devices or
 * staff is a 409: set its status to INACTIVE instead, so that its records stay (decision 0172).
 */
export async function deleteFacility(
  prisma: PrismaClient,
  callerId: string,
  facilityId: string,
): Promise<TDeletedReply> {
  const access = await loadOrgAccess(prisma, callerId);
  await administrableFacility(prisma, access, facilityId);
  // One statement: anything added meanwhile makes it match nothing.
  const { count } = await prisma.facility.deleteMany({
    where: {
      id: facilityId,
      units: { none: {} },
      residents: { none: {} },
      devices: { none: {} },
      tasks: { none: {} },
      groups: { none: { memberships: { some: {} } } },
    },
  });
  if (count === 0) {
    throw conflict(
      'The community still has units, residents, devices, alerts or staff: set its status to INACTIVE instead',
      'FACILITY_IN_USE',
    );
  }
  return { deleted: [facilityId] };
}
