import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../client';
import type { GroupType } from '../generated/prisma/client';
import {
  type BuiltCareZone,
  type BuiltFacility,
  DEFAULT_OBSERVATIONS_BY_CARE_TYPE,
  type FacilityPlan,
  GROUP_NAMES,
  type ZonePlan,
} from './plan';

/** The tenant every row of a built facility is scoped to. */
export interface Tenant {
  enterpriseId: string;
  facilityId: string;
}

export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');

/** A plan's reference (a unit key, a group…) that must name something the plan built. */
export function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Facility plan refers to an unknown ${what}`);
  return value;
}

/** Step 1: the enterprise and its facility (new ids). */
export async function createTenant(db: Db, plan: FacilityPlan): Promise<Tenant> {
  const tenant = { enterpriseId: randomUUID(), facilityId: randomUUID() };
  await db.enterprise.create({ data: { id: tenant.enterpriseId, name: plan.enterpriseName } });
  await db.facility.create({
    data: {
      id: tenant.facilityId,
      enterpriseId: tenant.enterpriseId,
      name: plan.facilityName,
      timezone: plan.timezone,
      emergencyNotificationNumber: plan.emergencyNotificationNumber ?? null,
      taskNotificationNumber: plan.taskNotificationNumber ?? null,
      messageDeliveryMethods: plan.messageDeliveryMethods,
      isAlertLocationEnabled: plan.isAlertLocationEnabled ?? false,
      isObservationsEnabled: plan.isObservationsEnabled ?? true,
      observationsByCareType: plan.observationsByCareType ?? DEFAULT_OBSERVATIONS_BY_CARE_TYPE,
      routineCheckIntervalInMin: plan.routineCheckIntervalInMin ?? null,
    },
  });
  return tenant;
}

/** Step 2: the care zones, by the plan's zone keys. */
export async function createCareZones(
  db: Db,
  tenant: Tenant,
  zones: readonly ZonePlan[],
): Promise<Record<string, BuiltCareZone>> {
  const careZones: Record<string, BuiltCareZone> = {};
  for (const z of zones) careZones[z.key] = { id: randomUUID(), name: z.name, careTypes: [...z.careTypes] };
  await db.careZone.createMany({
    data: zones.map((z) => ({
      ...tenant,
      id: must(careZones[z.key], 'care zone').id,
      name: z.name,
      careTypes: [...z.careTypes],
    })),
  });
  return careZones;
}

/** Step 3: the groups (one per type given), their ids by type. */
export async function createGroups(
  db: Db,
  tenant: Tenant,
  groupTypes: readonly GroupType[],
): Promise<Record<GroupType, string>> {
  const groups = {} as Record<GroupType, string>;
  for (const g of groupTypes) groups[g] = randomUUID();
  await db.group.createMany({
    data: groupTypes.map((g) => ({ ...tenant, id: groups[g], type: g, name: GROUP_NAMES[g] })),
  });
  return groups;
}

/** The gateway the ingest accepts the facility's device events from (its key stored hashed). */
export async function createGateway(
  db: Db,
  tenant: Tenant,
  gateway: FacilityPlan['gateway'],
): Promise<BuiltFacility['gateway']> {
  const id = randomUUID();
  await db.facilityGateway.create({
    data: { id, facilityId: tenant.facilityId, name: gateway.name, keyHash: sha256Hex(gateway.key) },
  });
  return { id, name: gateway.name, key: gateway.key };
}
