/**
 * Tenant builders shared by the demo seed and the test factories.
 *
 * `buildFacility(db, plan)` (build.ts) writes one enterprise + facility and everything in it from a plain
 * description (a `FacilityPlan`, plan.ts), one step per kind of thing: the tenant, zones, groups and gateway
 * (tenant.ts), units and residents (residents.ts), doors and their schedules (doors.ts), devices and their
 * allocations (devices.ts), company phones and staff (staff.ts), the default alert policy (policies.ts).
 * `createTestFacility(prisma)` (test-facility.ts) builds a small, unique plan so tests need no truncation and run
 * in parallel; `seedDemo` (seed/index.ts) builds the large, fixed demo plan.
 */
export { buildFacility } from './build';
export * from './plan';
export { replaceAlertPolicy } from './policies';
export { sha256Hex } from './tenant';
export {
  createTestFacility,
  randomTestPhoneNumber,
  type TestCareZoneKey,
  type TestFacility,
  type TestFacilityOverrides,
  type TestStaffMember,
  type TestStaffRole,
  testFacilityPlan,
} from './test-facility';
