import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../factories';
import { createTestDatabase, type TestDatabase } from '../testing';
import { DEMO, seedDemo } from './index';

/** Row counts of every table the seed writes. */
async function tableCounts(db: TestDatabase['prisma']) {
  const p = db;
  return {
    enterprise: await p.enterprise.count(),
    facility: await p.facility.count(),
    careZone: await p.careZone.count(),
    unit: await p.unit.count(),
    resident: await p.resident.count(),
    residentHealthInfo: await p.residentHealthInfo.count(),
    residentContact: await p.residentContact.count(),
    door: await p.door.count(),
    doorAlarmSchedule: await p.doorAlarmSchedule.count(),
    device: await p.device.count(),
    deviceAllocation: await p.deviceAllocation.count(),
    companyPhone: await p.companyPhone.count(),
    group: await p.group.count(),
    groupMembership: await p.groupMembership.count(),
    staffMember: await p.staffMember.count(),
    staffMemberFacilityConfig: await p.staffMemberFacilityConfig.count(),
    staffMemberFacilityConfigCareZone: await p.staffMemberFacilityConfigCareZone.count(),
    notificationPolicy: await p.notificationPolicy.count(),
    notificationBlock: await p.notificationBlock.count(),
    notificationFilter: await p.notificationFilter.count(),
    facilityGateway: await p.facilityGateway.count(),
  };
}

describe('seedDemo', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('is idempotent: a second run changes nothing', async () => {
    const first = await seedDemo(db.prisma);
    expect(first.created).toBe(true);
    const after1 = await tableCounts(db.prisma);
    const second = await seedDemo(db.prisma);
    expect(second.created).toBe(false);
    expect(second.facilityId).toBe(first.facilityId);
    expect(second.counts).toEqual(first.counts);
    expect(await tableCounts(db.prisma)).toEqual(after1);
    expect(after1.enterprise).toBe(1);
    expect(after1.facility).toBe(1);
  });

  it('survives concurrent runs on a fresh database: one writes, the other waits and skips', async () => {
    const fresh = await createTestDatabase();
    try {
      const results = await Promise.all([seedDemo(fresh.prisma), seedDemo(fresh.prisma)]);
      expect(results.map((r) => r.created).sort()).toEqual([false, true]);
      expect(results[0]?.counts).toEqual(results[1]?.counts);
      expect(await fresh.prisma.facility.count()).toBe(1);
    } finally {
      await fresh.drop();
    }
  });

  it('holds the demo facility described in ARCHITECTURE.md', async () => {
    const facility = await db.prisma.facility.findFirstOrThrow({
      where: { name: DEMO.facilityName },
      include: { careZones: true, groups: true, gateways: true },
    });
    expect(facility.timezone).toBe('America/Chicago');
    expect(facility.messageDeliveryMethods).toEqual(['PUSH_NOTIFICATION', 'SMS']);
    // facilityConfig (docs/decisions/0058)
    expect(facility).toMatchObject({
      isObservationsEnabled: true,
      isAlertLocationEnabled: false,
      routineCheckIntervalInMin: 120,
    });
    const observations = facility.observationsByCareType as Record<string, string[]>;
    expect(observations.INDEPENDENT_LIVING).toEqual([]);
    expect(observations.MEMORY_CARE).toHaveLength(8);
    expect(facility.emergencyNotificationNumber).toMatch(/^\+141555501\d\d$/);
    expect(facility.taskNotificationNumber).toMatch(/^\+141555501\d\d$/);
    expect(facility.emergencyNotificationNumber).not.toBe(facility.taskNotificationNumber);

    expect(facility.careZones.map((z) => [z.name, z.careTypes]).sort()).toEqual(
      [
        ['Assisted Living', ['ASSISTED_LIVING']],
        ['Independent Living', ['INDEPENDENT_LIVING']],
        ['Long Term Care', ['LONG_TERM_CARE']],
        ['Memory Care', ['MEMORY_CARE']],
        ['Short Term Rehab', ['SHORT_TERM_REHAB']],
      ].sort(),
    );
    expect(facility.groups.map((g) => g.type).sort()).toEqual(
      [
        'Activities',
        'CareStaff',
        'Culinary',
        'Housekeeping',
        'Maintenance',
        'Management',
        'NurseMedTech',
        'SageSupport',
        'Transportation',
      ].sort(),
    );
    expect(facility.gateways).toHaveLength(1);
    expect(facility.gateways[0]?.name).toBe('Dev gateway');
    expect(facility.gateways[0]?.keyHash).toBe(sha256Hex('dev-gateway-key'));

    const units = await db.prisma.unit.groupBy({
      by: ['careType'],
      where: { facilityId: facility.id },
      _count: true,
    });
    const total = units.reduce((n, u) => n + u._count, 0);
    expect(total).toBeGreaterThanOrEqual(45);
    expect(total).toBeLessThanOrEqual(55);
    expect(units.map((u) => u.careType).sort()).toEqual(
      ['ASSISTED_LIVING', 'INDEPENDENT_LIVING', 'LONG_TERM_CARE', 'MEMORY_CARE', 'SHORT_TERM_REHAB'].sort(),
    );

    const residents = await db.prisma.resident.findMany({
      where: { facilityId: facility.id },
      include: { healthInfo: true },
    });
    expect(residents.length).toBeGreaterThanOrEqual(65);
    expect(residents.length).toBeLessThanOrEqual(75);
    expect(residents.every((r) => r.healthInfo !== null && r.unitId !== null)).toBe(true);
    expect(residents.some((r) => r.isOnHold)).toBe(true);
    expect(new Set(residents.map((r) => r.healthInfo?.resuscitationStrategy))).toEqual(
      new Set(['CPR', 'DNR', 'UNKNOWN']),
    );
    expect(residents.some((r) => r.healthInfo?.hospiceStatus === 'HOSPICE_CARE')).toBe(true);
  });

  it('has the five fixed sign-in numbers in their groups, and staff in every group', async () => {
    const member = (phoneNumber: string) =>
      db.prisma.staffMember.findUniqueOrThrow({
        where: { phoneNumber },
        include: { groupMemberships: { include: { group: true } } },
      });
    const groupsOf = async (phone: string) =>
      (await member(phone)).groupMemberships.map((m) => ({ type: m.group.type, isAdmin: m.isAdmin }));

    expect(await groupsOf(DEMO.phones.manager)).toEqual([{ type: 'Management', isAdmin: true }]);
    expect(await groupsOf(DEMO.phones.caregiver)).toEqual([{ type: 'CareStaff', isAdmin: false }]);
    expect(await groupsOf(DEMO.phones.nurse)).toEqual([{ type: 'NurseMedTech', isAdmin: false }]);
    expect(await groupsOf(DEMO.phones.housekeeper)).toEqual([{ type: 'Housekeeping', isAdmin: false }]);
    expect(await groupsOf(DEMO.phones.careAdmin)).toEqual([{ type: 'CareStaff', isAdmin: true }]);
    const manager = await member(DEMO.phones.manager);
    expect(manager.email).toMatch(/^[a-z]+@demo\.sagecare\.test$/);

    const groups = await db.prisma.group.findMany({ include: { _count: { select: { memberships: true } } } });
    for (const g of groups) expect(g._count.memberships, g.name).toBeGreaterThan(0);
    expect(await db.prisma.staffMember.count()).toBeGreaterThanOrEqual(15);
  });

  it('allocates the demo devices the tests rely on', async () => {
    const allocation = (hardwareId: string) =>
      db.prisma.deviceAllocation.findFirstOrThrow({
        where: { device: { hardwareId }, isActive: true },
        include: { device: true, resident: { include: { unit: true } }, unit: true, door: true },
      });

    const pendant = await allocation(DEMO.hardwareIds.caregiverResidentPendant);
    expect(pendant.device.type).toBe('SAGE_BUTTON');
    expect(pendant.activeDeviceKey).toBe(pendant.deviceId);
    expect(pendant.resident?.firstName).toBe(DEMO.caregiverResident.firstName);
    expect(pendant.resident?.unit?.displayName).toBe(DEMO.caregiverResident.unitDisplayName);

    const wall = await allocation(DEMO.hardwareIds.caregiverResidentWallButton);
    expect(wall.unitId).toBe(pendant.resident?.unitId);
    expect(wall.isCheckIn).toBe(false);

    // The caregiver works in the zone of that unit's care type.
    const caregiver = await db.prisma.staffMemberFacilityConfig.findFirstOrThrow({
      where: { staffMember: { phoneNumber: DEMO.phones.caregiver } },
      include: { careZones: { include: { careZone: true } } },
    });
    expect(caregiver.careZones.flatMap((z) => z.careZone.careTypes)).toContain(wall.unit?.careType);

    const checkIn = await allocation(DEMO.hardwareIds.checkInButton);
    expect(checkIn.isCheckIn).toBe(true);
    expect(checkIn.unit?.careType).toBe('INDEPENDENT_LIVING');
    const ilUnits = await db.prisma.unit.count({ where: { careType: 'INDEPENDENT_LIVING' } });
    expect(await db.prisma.deviceAllocation.count({ where: { isCheckIn: true, isActive: true } })).toBe(
      ilUnits,
    );

    const door = await allocation(DEMO.hardwareIds.frontDoor);
    expect(door.device.type).toBe('DOOR_ALARM');
    expect(door.door?.name).toBe('Front Entrance');
    const schedule = await db.prisma.doorAlarmSchedule.findUniqueOrThrow({
      where: { id: door.door?.doorAlarmScheduleId ?? '' },
    });
    expect(schedule.dailySchedules).toEqual({
      dayOfWeekTimeRangeMap: { All: [{ startTime: '19:00', endTime: '07:00' }] },
    });
    expect(await db.prisma.doorAlarmSchedule.count({ where: { isFacilityDefault: true } })).toBe(1);

    const fall = await allocation(DEMO.hardwareIds.fallSensor);
    expect(fall.device.type).toBe('FALL_DETECTION_DEVICE');

    const policy = await db.prisma.notificationPolicy.findFirstOrThrow({
      include: { blocks: { orderBy: { executionTimeAfterStartInMs: 'asc' } } },
    });
    expect(policy.type).toBe('ALERT');
    expect(
      policy.blocks.map((b) => [b.executionTimeAfterStartInMs, b.recurringIntervalInMs, b.isBreakGlass]),
    ).toEqual([
      [0, 60_000, false],
      [120_000, 0, true],
    ]);
    expect(
      (await db.prisma.companyPhone.findMany({ orderBy: { displayName: 'asc' } })).map((p) => p.displayName),
    ).toEqual(['Community Phone 1', 'Community Phone 2', 'Community Phone 3', 'Community Phone 4']);
  });

  it('holds five weeks of history before today: resolved alerts at every pace, care logs, check-ins (issue 14)', async () => {
    const facility = await db.prisma.facility.findFirstOrThrow({ where: { name: DEMO.facilityName } });
    const [row] = await db.prisma.$queryRawUnsafe<{ today: Date }[]>(
      `SELECT ((now() AT TIME ZONE $1)::date)::timestamp AT TIME ZONE $1 AS today`,
      facility.timezone,
    );
    const today = row!.today;
    const tasks = await db.prisma.task.findMany({
      where: { facilityId: facility.id },
      select: { status: true, creationTimestamp: true, resolvedById: true },
    });
    expect(tasks.length).toBe(35 * 30);
    expect(tasks.every((t) => t.status === 'CLOSED_RESOLVED' && t.creationTimestamp < today)).toBe(true);
    expect(new Set(tasks.map((t) => t.resolvedById)).size).toBeGreaterThanOrEqual(5);
    const steps = await db.prisma.responseTimeStep.groupBy({
      by: ['step'],
      where: { facilityId: facility.id },
      _count: true,
      _min: { seconds: true },
    });
    // Every alert claimed and resolved; all but the door alarms confirmed at the bedside.
    expect(Object.fromEntries(steps.map((s) => [s.step, s._count]))).toMatchObject({
      CLAIM: 1050,
      RESOLVE: 1050,
    });
    expect(steps.find((s) => s.step === 'CONFIRM')?._count).toBeGreaterThan(900);
    expect(
      await db.prisma.residentActivity.count({ where: { facilityId: facility.id, taskId: null } }),
    ).toBeGreaterThan(300);
    expect(
      await db.prisma.checkIn.count({ where: { facilityId: facility.id, status: 'COMPLETE' } }),
    ).toBeGreaterThan(0);
  });
});
