import { randomUUID } from 'node:crypto';
import type { Db } from '../client';
import { HospiceStatus, ResuscitationStrategy } from '../generated/prisma/client';
import type { BuiltResident, BuiltUnit, ResidentPlan, UnitPlan } from './plan';
import { must, type Tenant } from './tenant';

/** Step 4: the units, by the plan's unit keys. */
export async function createUnits(
  db: Db,
  tenant: Tenant,
  plans: UnitPlan[],
): Promise<Record<string, BuiltUnit>> {
  const units: Record<string, BuiltUnit> = {};
  for (const u of plans) {
    if (units[u.key]) throw new Error(`Duplicate unit key ${u.key}`);
    units[u.key] = { id: randomUUID(), displayName: u.displayName, careType: u.careType };
  }
  await db.unit.createMany({
    data: plans.map((u) => ({
      ...tenant,
      id: must(units[u.key], 'unit').id,
      displayName: u.displayName,
      careType: u.careType,
      value: u.value ?? null,
      ward: u.ward ?? null,
      building: u.building ?? null,
      wing: u.wing ?? null,
      floor: u.floor ?? null,
      phoneNumber: u.phoneNumber ?? null,
    })),
  });
  return units;
}

/** Step 5: the residents in their units, with their health info and contacts. */
export async function createResidents(
  db: Db,
  tenant: Tenant,
  plans: ResidentPlan[],
  units: Record<string, BuiltUnit>,
): Promise<Record<string, BuiltResident>> {
  const { facilityId } = tenant;
  const residents: Record<string, BuiltResident> = {};
  for (const r of plans) {
    const unit = must(units[r.unitKey], `unit ${r.unitKey}`);
    residents[r.key] = {
      id: randomUUID(),
      firstName: r.firstName,
      lastName: r.lastName,
      unitId: unit.id,
      unitDisplayName: unit.displayName,
      careType: unit.careType,
    };
  }
  const residentId = (r: ResidentPlan) => must(residents[r.key], 'resident').id;
  await db.resident.createMany({
    data: plans.map((r) => ({
      ...tenant,
      id: residentId(r),
      unitId: must(units[r.unitKey], 'unit').id,
      salutation: r.salutation ?? null,
      firstName: r.firstName,
      middleName: r.middleName ?? null,
      lastName: r.lastName,
      preferredName: r.preferredName ?? null,
      dateOfBirth: r.dateOfBirth ?? null,
      isRoutineCheckEnabled: r.isRoutineCheckEnabled ?? false,
      isOnHold: r.isOnHold ?? false,
      isArchived: r.isArchived ?? false,
    })),
  });
  await db.residentHealthInfo.createMany({
    data: plans.map((r) => ({
      facilityId,
      residentId: residentId(r),
      ...r.health,
      resuscitationStrategy: r.health?.resuscitationStrategy ?? ResuscitationStrategy.UNKNOWN,
      hospiceStatus: r.health?.hospiceStatus ?? HospiceStatus.UNKNOWN,
    })),
  });
  const contacts = plans.flatMap((r) =>
    (r.contacts ?? []).map((c) => ({ ...c, facilityId, residentId: residentId(r) })),
  );
  if (contacts.length) await db.residentContact.createMany({ data: contacts });
  return residents;
}
