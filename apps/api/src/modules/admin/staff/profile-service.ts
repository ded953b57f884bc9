import type {
  TEnterpriseProfile,
  TListStaffQuery,
  TOnCallStaffMember,
  TOnCallState,
  TSetOnCallRequest,
  TStaffMember,
} from '@sage/contract';
import { isUniqueViolation, type PrismaClient } from '@sage/db';
import { observationsByCareTypeMap } from '@sage/domain';
import { conflict, forbidden, invalidInput, notFound } from '@sage/service-kit/errors';
import { normaliseNanpNumber } from '../../auth/phone';
import { type FacilityAccess, loadFacilityAccess, resolveFacilityScope } from './access';
import { ON_CALL_SELECT, staffSelect, toStaffMember } from './staff-shape';

const isManagementAdmin = (access: FacilityAccess | undefined): boolean =>
  access?.memberships.some((m) => m.group === 'Management' && m.isAdmin) ?? false;

/** PII (phone number, email) is shown to the person and to management admins of a facility they work in. */
function piiVisible(
  callerId: string,
  callerAccess: FacilityAccess[],
  target: { id: string; facilityIds: string[] },
) {
  if (target.id === callerId) return true;
  return callerAccess.some((a) => target.facilityIds.includes(a.facilityId) && isManagementAdmin(a));
}

/**
 * One staff member, as far as the caller may see them: themselves (every facility they work in), or someone
 * working in a facility the caller also works in (only those facilities). Anyone else: 404.
 */
export async function getStaffMember(
  prisma: PrismaClient,
  callerId: string,
  staffMemberId: string,
): Promise<TStaffMember> {
  const callerAccess = await loadFacilityAccess(prisma, callerId);
  const callerFacilities = callerAccess.map((a) => a.facilityId);
  const row = await prisma.staffMember.findFirst({
    where: {
      id: staffMemberId,
      ...(staffMemberId === callerId
        ? {}
        : { groupMemberships: { some: { facilityId: { in: callerFacilities } } } }),
    },
    select: staffSelect(callerFacilities),
  });
  if (!row) throw notFound(`No staff member ${staffMemberId} in your facilities`);
  const facilityIds = row.groupMemberships.map((m) => m.facilityId);
  return toStaffMember(row, piiVisible(callerId, callerAccess, { id: row.id, facilityIds }));
}

/** GET /staff: staff of the caller's facilities (or of the facility / enterprise / group asked for), paged. */
export async function listStaff(
  prisma: PrismaClient,
  callerId: string,
  query: TListStaffQuery,
): Promise<TStaffMember[]> {
  const facilityIds = await resolveFacilityScope(prisma, callerId, query);
  let phoneNumber: string | undefined;
  if (query.phoneNumber !== undefined) {
    const e164 = normaliseNanpNumber(query.phoneNumber);
    if (!e164) {
      throw invalidInput([
        { field: 'querystring.phoneNumber', rule: 'nanp', message: 'must be a North American phone number' },
      ]);
    }
    phoneNumber = e164;
  }
  const callerAccess = await loadFacilityAccess(prisma, callerId);
  const rows = await prisma.staffMember.findMany({
    where: {
      isArchived: query.isArchived ?? false,
      ...(phoneNumber ? { phoneNumber } : {}),
      groupMemberships: {
        some: { facilityId: { in: facilityIds }, ...(query.groupId ? { groupId: query.groupId } : {}) },
      },
    },
    select: staffSelect(facilityIds),
    orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
    skip: query.pageNumber * query.pageSize,
    take: query.pageSize,
  });
  return rows.map((row) =>
    toStaffMember(
      row,
      piiVisible(callerId, callerAccess, {
        id: row.id,
        facilityIds: row.groupMemberships.map((m) => m.facilityId),
      }),
    ),
  );
}

/** GET /staff/profiles: the caller's enterprises with the facilities they work in. */
export async function listEnterpriseProfiles(
  prisma: PrismaClient,
  callerId: string,
): Promise<TEnterpriseProfile[]> {
  const access = await loadFacilityAccess(prisma, callerId);
  const facilities = await prisma.facility.findMany({
    where: { id: { in: access.map((a) => a.facilityId) } },
    select: {
      id: true,
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
      enterprise: { select: { id: true, name: true } },
    },
    orderBy: [{ enterpriseId: 'asc' }, { name: 'asc' }],
  });
  const profiles = new Map<string, TEnterpriseProfile>();
  for (const { enterprise, ...facility } of facilities) {
    const profile = profiles.get(enterprise.id) ?? { id: enterprise.id, enterprise, facilities: [] };
    const {
      isAlertLocationEnabled,
      isObservationsEnabled,
      observationsByCareType,
      routineCheckIntervalInMin,
      ...summary
    } = facility;
    profile.facilities.push({
      ...summary,
      // "The facility carries facilityConfig" (docs/decisions/0058).
      facilityConfig: {
        isAlertLocationEnabled,
        isObservationsEnabled,
        observationsByCareType: observationsByCareTypeMap(observationsByCareType),
        routineCheckIntervalInMin,
      },
    });
    profiles.set(enterprise.id, profile);
  }
  return [...profiles.values()];
}

/** The caller works at the facility (else 403) and the staff member does too (else 404). */
async function facilityPair(
  prisma: PrismaClient,
  callerId: string,
  staffMemberId: string,
  facilityId: string,
) {
  const callerAccess = (await loadFacilityAccess(prisma, callerId)).find((a) => a.facilityId === facilityId);
  if (!callerAccess) throw forbidden(`You have no access to facility ${facilityId}`);
  if (staffMemberId !== callerId) {
    const works = await prisma.groupMembership.findFirst({
      where: { facilityId, staffMemberId, staffMember: { isArchived: false } },
      select: { id: true },
    });
    if (!works) throw notFound(`No staff member ${staffMemberId} at facility ${facilityId}`);
  }
  return callerAccess;
}

const offCall = (facilityId: string, staffMemberId: string): TOnCallState => ({
  facilityId,
  staffMemberId,
  isOnCall: false,
  companyPhoneId: null,
  deviceType: null,
});

export async function getOnCallState(
  prisma: PrismaClient,
  callerId: string,
  staffMemberId: string,
  facilityId: string,
): Promise<TOnCallState> {
  await facilityPair(prisma, callerId, staffMemberId, facilityId);
  const state = await prisma.onCallState.findUnique({
    where: { facilityId_staffMemberId: { facilityId, staffMemberId } },
    select: ON_CALL_SELECT,
  });
  return state ?? offCall(facilityId, staffMemberId);
}

/**
 * Puts a staff member on or off shift at a facility, with the device they are reached on (docs/decisions/0023).
 * People set their own shift; a Management group admin may take someone else off shift. Choosing a company
 * phone someone else holds moves the phone to the new holder (the previous one stays on shift without it);
 * two people taking one phone at once: one gets 409.
 */
export async function setOnCallState(
  prisma: PrismaClient,
  callerId: string,
  staffMemberId: string,
  facilityId: string,
  body: TSetOnCallRequest,
): Promise<TOnCallState> {
  const callerAccess = await facilityPair(prisma, callerId, staffMemberId, facilityId);
  if (staffMemberId !== callerId) {
    if (body.isOnCall) throw forbidden('Only the staff member can put themselves on shift');
    if (!isManagementAdmin(callerAccess)) {
      throw forbidden('Taking someone off shift needs a Management group admin of the facility');
    }
  }

  let device: { companyPhoneId: string | null; deviceType: TOnCallState['deviceType'] } = {
    companyPhoneId: null,
    deviceType: null,
  };
  if (body.isOnCall) {
    if (body.companyPhoneId) {
      if (body.deviceType && body.deviceType !== 'COMPANY_PHONE') {
        throw invalidInput([
          {
            field: 'body.deviceType',
            rule: 'company-phone',
            message: 'must be COMPANY_PHONE (or left out) with a companyPhoneId',
          },
        ]);
      }
      const phone = await prisma.companyPhone.findFirst({
        where: { id: body.companyPhoneId, facilityId },
        select: { id: true },
      });
      if (!phone) {
        throw invalidInput([
          {
            field: 'body.companyPhoneId',
            rule: 'facility',
            message: 'must be a company phone of this facility',
          },
        ]);
      }
      device = { companyPhoneId: phone.id, deviceType: 'COMPANY_PHONE' };
    } else if (body.deviceType === 'COMPANY_PHONE') {
      throw invalidInput([
        {
          field: 'body.companyPhoneId',
          rule: 'required',
          message: 'is required with deviceType COMPANY_PHONE',
        },
      ]);
    } else {
      device = { companyPhoneId: null, deviceType: body.deviceType ?? null };
    }
  }

  const data = {
    isOnCall: body.isOnCall,
    companyPhoneId: device.companyPhoneId,
    deviceType: device.deviceType,
    activeCompanyPhoneKey: device.companyPhoneId,
  };
  try {
    return await prisma.$transaction(async (tx) => {
      if (device.companyPhoneId) {
        await tx.onCallState.updateMany({
          where: {
            facilityId,
            activeCompanyPhoneKey: device.companyPhoneId,
            staffMemberId: { not: staffMemberId },
          },
          data: { companyPhoneId: null, deviceType: null, activeCompanyPhoneKey: null },
        });
      }
      return tx.onCallState.upsert({
        where: { facilityId_staffMemberId: { facilityId, staffMemberId } },
        create: { facilityId, staffMemberId, ...data },
        update: data,
        select: ON_CALL_SELECT,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict('Someone else took this company phone at the same moment: choose again');
    }
    throw error;
  }
}

/** POST /staff/oncall { facilityRid }: who is on shift at the facility, with their device and care zones. */
export async function listOnCallStaff(
  prisma: PrismaClient,
  callerId: string,
  facilityId: string,
): Promise<TOnCallStaffMember[]> {
  const [scoped] = await resolveFacilityScope(prisma, callerId, { facilityId });
  const states = await prisma.onCallState.findMany({
    where: { facilityId: scoped, isOnCall: true, staffMember: { isArchived: false } },
    select: {
      staffMemberId: true,
      companyPhoneId: true,
      deviceType: true,
      staffMember: {
        select: {
          firstName: true,
          lastName: true,
          facilityConfigs: {
            where: { facilityId: scoped },
            select: { careZones: { select: { careZoneId: true } } },
          },
        },
      },
    },
    orderBy: [{ staffMember: { lastName: 'asc' } }, { staffMember: { firstName: 'asc' } }],
  });
  return states.map((s) => ({
    staffMemberId: s.staffMemberId,
    firstName: s.staffMember.firstName,
    lastName: s.staffMember.lastName,
    companyPhoneId: s.companyPhoneId,
    deviceType: s.deviceType,
    careZoneIds: s.staffMember.facilityConfigs.flatMap((c) => c.careZones.map((z) => z.careZoneId)),
  }));
}
