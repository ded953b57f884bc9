import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_GROUP_TYPES,
  createTestFacility,
  randomTestPhoneNumber,
  sha256Hex,
  type TestFacility,
} from './factories';
import { createTestDatabase, type TestDatabase } from './testing';

describe('createTestFacility', () => {
  let db: TestDatabase;
  let a: TestFacility;
  let b: TestFacility;
  beforeAll(async () => {
    db = await createTestDatabase();
    [a, b] = await Promise.all([createTestFacility(db.prisma), createTestFacility(db.prisma)]);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('creates unique tenants side by side', () => {
    expect(a.facilityId).not.toBe(b.facilityId);
    expect(a.enterpriseId).not.toBe(b.enterpriseId);
    expect(a.tag).not.toBe(b.tag);
    expect(a.gateway.key).not.toBe(b.gateway.key);
    const phones = [a, b].flatMap((f) => Object.values(f.staff).map((s) => s.phoneNumber));
    expect(new Set(phones).size).toBe(phones.length);
    for (const phone of phones) {
      expect(phone).toMatch(/^\+1415[2-9]\d{6}$/);
      // Never one of the demo numbers (+1 415 555 01xx).
      expect(phone.startsWith('+1415555')).toBe(false);
    }
  });

  it('random test numbers are valid NANP numbers outside the demo range', () => {
    for (let i = 0; i < 1000; i++) {
      const n = randomTestPhoneNumber();
      expect(n).toMatch(/^\+1415[2-9]\d\d\d{4}$/);
      expect(n.slice(5, 8)).not.toBe('555');
    }
  });

  it('writes what it returns', async () => {
    const facility = await db.prisma.facility.findUniqueOrThrow({
      where: { id: a.facilityId },
      include: { gateways: true, groups: true, careZones: true, units: true, residents: true },
    });
    expect(facility.enterpriseId).toBe(a.enterpriseId);
    expect(facility.gateways.map((g) => g.keyHash)).toEqual([sha256Hex(a.gateway.key)]);
    expect(facility.groups.map((g) => g.type).sort()).toEqual([...ALL_GROUP_TYPES].sort());
    expect(facility.careZones).toHaveLength(5);
    expect(new Set(facility.units.map((u) => u.careType)).size).toBe(5);

    for (const resident of Object.values(a.residents)) {
      const allocation = await db.prisma.deviceAllocation.findUniqueOrThrow({
        where: { activeDeviceKey: resident.pendant.deviceId },
        include: { device: true },
      });
      expect(allocation.residentId).toBe(resident.id);
      expect(allocation.device.hardwareId).toBe(resident.pendant.hardwareId);
      expect(allocation.device.type).toBe('SAGE_BUTTON');
    }
    for (const unit of Object.values(a.units)) {
      const allocation = await db.prisma.deviceAllocation.findUniqueOrThrow({
        where: { activeDeviceKey: unit.wallButton.deviceId },
      });
      expect(allocation.unitId).toBe(unit.id);
    }
    const checkIn = await db.prisma.deviceAllocation.findUniqueOrThrow({
      where: { id: a.checkInButton.allocationId },
    });
    expect(checkIn).toMatchObject({ unitId: a.units.IL.id, isCheckIn: true, room: 'CHECKIN' });

    const door = await db.prisma.door.findUniqueOrThrow({ where: { id: a.door.id } });
    expect(door.doorAlarmScheduleId).toBe(a.door.scheduleId);
    const doorAllocation = await db.prisma.deviceAllocation.findUniqueOrThrow({
      where: { id: a.door.alarm.allocationId },
      include: { device: true },
    });
    expect(doorAllocation).toMatchObject({ doorId: a.door.id, device: { type: 'DOOR_ALARM' } });

    const caregiver = await db.prisma.staffMember.findUniqueOrThrow({
      where: { phoneNumber: a.staff.caregiver.phoneNumber },
      include: {
        groupMemberships: true,
        facilityConfigs: { include: { careZones: true } },
      },
    });
    expect(caregiver.groupMemberships).toEqual([
      expect.objectContaining({ groupId: a.groups.CareStaff, isAdmin: false, facilityId: a.facilityId }),
    ]);
    expect(caregiver.facilityConfigs[0]?.careZones.map((z) => z.careZoneId).sort()).toEqual(
      [a.careZones.AL.id, a.careZones.MC.id].sort(),
    );
    const careAdmin = await db.prisma.groupMembership.findFirstOrThrow({
      where: { staffMemberId: a.staff.careAdmin.id },
    });
    expect(careAdmin).toMatchObject({ groupId: a.groups.CareStaff, isAdmin: true });
    const manager = await db.prisma.groupMembership.findFirstOrThrow({
      where: { staffMemberId: a.staff.manager.id },
    });
    expect(manager).toMatchObject({ groupId: a.groups.Management, isAdmin: true });
  });

  it('accepts overrides', async () => {
    const f = await createTestFacility(db.prisma, {
      timezone: 'America/New_York',
      routineCheckIntervalInMin: 30,
    });
    const facility = await db.prisma.facility.findUniqueOrThrow({ where: { id: f.facilityId } });
    expect(facility).toMatchObject({ timezone: 'America/New_York', routineCheckIntervalInMin: 30 });
    expect(f.timezone).toBe('America/New_York');
  });
});

describe('schema invariants the services rely on', () => {
  let db: TestDatabase;
  let f: TestFacility;
  beforeAll(async () => {
    db = await createTestDatabase();
    f = await createTestFacility(db.prisma);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('one open task per device: openDeviceKey is an ON CONFLICT target, free again once closed', async () => {
    const deviceId = f.residents.AL.pendant.deviceId;
    const insert = () =>
      db.prisma.$queryRaw<{ id: string }[]>`
        INSERT INTO "Task" ("facilityId", "enterpriseId", "title", "severity", "severityRank", "deviceId", "openDeviceKey")
        VALUES (${f.facilityId}, ${f.enterpriseId}, 'Pendant press', 'EMERGENCY', 1, ${deviceId}, ${deviceId})
        ON CONFLICT ("openDeviceKey") DO NOTHING
        RETURNING "id"`;
    const first = await insert();
    expect(first).toHaveLength(1);
    expect(first[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await insert()).toHaveLength(0);

    await db.prisma.task.update({
      where: { id: first[0]?.id ?? '' },
      data: { status: 'CLOSED_RESOLVED', openDeviceKey: null },
    });
    expect(await insert()).toHaveLength(1);
    expect(await db.prisma.task.count({ where: { deviceId } })).toBe(2);
  });

  it('one active allocation per device: activeDeviceKey is unique', async () => {
    await expect(
      db.prisma.deviceAllocation.create({
        data: {
          facilityId: f.facilityId,
          enterpriseId: f.enterpriseId,
          deviceId: f.residents.MC.pendant.deviceId,
          residentId: f.residents.AL.id,
          activeDeviceKey: f.residents.MC.pendant.deviceId,
        },
      }),
    ).rejects.toMatchObject({ code: 'P2002' });
  });

  it('one default door schedule per facility', async () => {
    await expect(
      db.prisma.doorAlarmSchedule.create({
        data: { facilityId: f.facilityId, isFacilityDefault: true, defaultFacilityKey: f.facilityId },
      }),
    ).rejects.toMatchObject({ code: 'P2002' });
  });

  it('the live-update log hands out growing versions', async () => {
    const a = await db.prisma.taskChange.create({
      data: { facilityId: f.facilityId, taskId: 't1', status: 'OPEN_UNCLAIMED', severity: 'EMERGENCY' },
    });
    const b = await db.prisma.taskChange.create({
      data: { facilityId: f.facilityId, taskId: 't1', status: 'OPEN_CLAIMED', severity: 'EMERGENCY' },
    });
    expect(b.version > a.version).toBe(true);
  });
});
