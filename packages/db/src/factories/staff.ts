import { randomUUID } from 'node:crypto';
import type { Db } from '../client';
import type { GroupType } from '../generated/prisma/client';
import type { BuiltCareZone, BuiltFacility, BuiltStaff, FacilityPlan, StaffPlan } from './plan';
import { must, type Tenant } from './tenant';

/** Step 8: the facility's company phones. */
export async function createCompanyPhones(
  db: Db,
  tenant: Tenant,
  phones: FacilityPlan['companyPhones'],
): Promise<BuiltFacility['companyPhones']> {
  const companyPhones = phones.map((p) => ({ id: randomUUID(), ...p }));
  if (companyPhones.length) {
    await db.companyPhone.createMany({ data: companyPhones.map((p) => ({ ...tenant, ...p })) });
  }
  return companyPhones;
}

/**
 * Step 9: the staff of the enterprise, their group memberships, their facility configs (care staff and nurses
 * receive all care alerts and messages unless the plan says otherwise) and the configs' care zones.
 */
export async function createStaff(
  db: Db,
  tenant: Tenant,
  plans: StaffPlan[],
  built: { groups: Record<GroupType, string>; careZones: Record<string, BuiltCareZone> },
): Promise<Record<string, BuiltStaff>> {
  const { facilityId, enterpriseId } = tenant;
  const staff: Record<string, BuiltStaff> = {};
  for (const s of plans) {
    if (staff[s.key]) throw new Error(`Duplicate staff key ${s.key}`);
    staff[s.key] = {
      id: randomUUID(),
      firstName: s.firstName,
      lastName: s.lastName,
      phoneNumber: s.phoneNumber,
      email: s.email ?? null,
      groups: s.memberships.map((m) => m.group),
      facilityConfigId: randomUUID(),
    };
  }
  if (!plans.length) return staff;
  const builtStaff = (s: StaffPlan) => must(staff[s.key], 'staff member');
  await db.staffMember.createMany({
    data: plans.map((s) => ({
      id: builtStaff(s).id,
      enterpriseId,
      firstName: s.firstName,
      lastName: s.lastName,
      phoneNumber: s.phoneNumber,
      email: s.email ?? null,
      jobTitle: s.jobTitle ?? null,
      isAgencyStaff: s.isAgencyStaff ?? false,
      isCareAdmin: s.isCareAdmin ?? false,
    })),
  });
  await db.groupMembership.createMany({
    data: plans.flatMap((s) =>
      s.memberships.map((m) => ({
        facilityId,
        groupId: must(built.groups[m.group], `group ${m.group}`),
        staffMemberId: builtStaff(s).id,
        isAdmin: m.isAdmin ?? false,
      })),
    ),
  });
  await db.staffMemberFacilityConfig.createMany({
    data: plans.map((s) => {
      const inCare = s.memberships.some((m) => m.group === 'CareStaff' || m.group === 'NurseMedTech');
      return {
        ...tenant,
        id: builtStaff(s).facilityConfigId,
        staffMemberId: builtStaff(s).id,
        isCareAdmin: s.isCareAdmin ?? false,
        shouldReceiveAllCareAlerts: s.shouldReceiveAllCareAlerts ?? inCare,
        shouldReceiveAllCareMessages: s.shouldReceiveAllCareMessages ?? inCare,
      };
    }),
  });
  const zoneLinks = plans.flatMap((s) =>
    (s.careZoneKeys ?? []).map((k) => ({
      facilityId,
      staffMemberFacilityConfigId: builtStaff(s).facilityConfigId,
      careZoneId: must(built.careZones[k], `care zone ${k}`).id,
    })),
  );
  if (zoneLinks.length) await db.staffMemberFacilityConfigCareZone.createMany({ data: zoneLinks });
  return staff;
}
