import type { Db } from '../client';
import { provisionBuiltInReports } from '../tabular-records';
import { createDevices } from './devices';
import { createDoors } from './doors';
import { ALL_GROUP_TYPES, type BuiltFacility, type FacilityPlan } from './plan';
import { createDefaultAlertPolicy } from './policies';
import { createResidents, createUnits } from './residents';
import { createCompanyPhones, createStaff } from './staff';
import { createCareZones, createGateway, createGroups, createTenant } from './tenant';

/**
 * Writes the enterprise, facility and everything in the plan, one step per kind of thing (each step one
 * createMany per table, ids generated here so rows can be linked without read-backs), in the order their
 * references need. Run it inside a transaction (`prisma.$transaction(tx => buildFacility(tx, plan))`) so a
 * failure leaves nothing behind.
 */
export async function buildFacility(db: Db, plan: FacilityPlan): Promise<BuiltFacility> {
  const tenant = await createTenant(db, plan);
  const careZones = await createCareZones(db, tenant, plan.careZones);
  const groups = await createGroups(db, tenant, plan.groups ?? ALL_GROUP_TYPES);
  const units = await createUnits(db, tenant, plan.units);
  const residents = await createResidents(db, tenant, plan.residents, units);
  const { doors, defaultDoorScheduleId } = await createDoors(db, tenant, plan);
  const { sensors, spareDevices } = await createDevices(db, tenant, plan, {
    residents,
    units,
    doors,
    defaultDoorScheduleId,
  });
  const companyPhones = await createCompanyPhones(db, tenant, plan.companyPhones);
  const staff = await createStaff(db, tenant, plan.staff, { groups, careZones });
  const notificationPolicyId =
    (plan.notificationPolicy ?? true) ? await createDefaultAlertPolicy(db, tenant, groups) : null;
  const gateway = await createGateway(db, tenant, plan.gateway);
  // The built-in reports of every community (decision 0283).
  await provisionBuiltInReports(db, tenant);

  return {
    ...tenant,
    timezone: plan.timezone,
    careZones,
    groups,
    units,
    residents,
    doors,
    sensors,
    spareDevices,
    companyPhones,
    staff,
    gateway,
    notificationPolicyId,
    defaultDoorScheduleId,
  };
}
