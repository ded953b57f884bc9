import { DEVICE_QA_TEST_WINDOW_MS, DeviceQaSessionStatus } from '@sage/contract';
import type { Db } from './client';

/**
 * A facility's walk left in progress past its end time is marked EXPIRED and frees the facility's one-walk
 * key, and its device on test is taken off (the ingest already stopped honouring both at that time:
 * docs/decisions/0271, 0505). The ids of the walks expired.
 */
export async function expireDeviceQaSessions(db: Db, facilityId: string, now: Date): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    UPDATE "DeviceQaSession"
       SET status = ${DeviceQaSessionStatus.EXPIRED}, "activeFacilityKey" = NULL, "endedAt" = "expiresAt",
           "updatedAt" = now()
     WHERE "activeFacilityKey" = ${facilityId} AND "expiresAt" <= ${now}
    RETURNING id`;
  if (rows.length)
    await disarmDeviceQaTests(
      db,
      rows.map((r) => r.id),
    );
  return rows.map((r) => r.id);
}

/** Takes the walks' devices off test (a walk ended: its armed device alerts again at once). */
export async function disarmDeviceQaTests(db: Db, deviceQaSessionIds: readonly string[]): Promise<void> {
  await db.deviceQaTest.updateMany({
    where: { deviceQaSessionId: { in: [...deviceQaSessionIds] }, armedDeviceKey: { not: null } },
    data: { armedDeviceKey: null },
  });
}

export interface ArmDeviceQaTestInput {
  deviceQaSessionId: string;
  facilityId: string;
  deviceId: string;
  armedById: string | null;
  armedAt: Date;
}

/**
 * Puts one device on test in a walk in progress (docs/decisions/0505): its first ordinary press received before
 * `armedAt + DEVICE_QA_TEST_WINDOW_MS` is the test and raises no alert. One device on test per walk: the walk's
 * device on test before is taken off, and so is any test of this device left armed by an ended walk. Two arms of
 * one device at the same moment: the second fails with a unique violation (P2002), reported as 409.
 * Used by the device audit service and by the worker's tests (which drive the ingest).
 */
export async function armDeviceQaTest(
  db: Db,
  input: ArmDeviceQaTestInput,
): Promise<{ id: string; armedUntil: Date }> {
  await db.deviceQaTest.updateMany({
    where: {
      armedDeviceKey: { not: null },
      OR: [{ deviceQaSessionId: input.deviceQaSessionId }, { armedDeviceKey: input.deviceId }],
    },
    data: { armedDeviceKey: null },
  });
  return db.deviceQaTest.create({
    data: {
      deviceQaSessionId: input.deviceQaSessionId,
      facilityId: input.facilityId,
      deviceId: input.deviceId,
      armedById: input.armedById,
      armedAt: input.armedAt,
      armedUntil: new Date(input.armedAt.getTime() + DEVICE_QA_TEST_WINDOW_MS),
      armedDeviceKey: input.deviceId,
    },
    select: { id: true, armedUntil: true },
  });
}

export interface OpenDeviceQaSessionInput {
  facilityId: string;
  startedById: string | null;
  auditSessionId?: string | null;
  startedAt: Date;
  durationMs: number;
  notes?: string | null;
}

/**
 * Starts a facility's device QA walk: from `startedAt` until `startedAt + durationMs` the technician may put its
 * devices on test one at a time (armDeviceQaTest); the walk itself silences nothing (decision 0505). One walk per facility (the unique
 * `activeFacilityKey`): a second one fails with a unique violation (P2002), which the caller reports as 409.
 * Used by the device audit service and by the worker's tests (which drive the ingest).
 */
export async function openDeviceQaSession(db: Db, input: OpenDeviceQaSessionInput): Promise<{ id: string }> {
  await expireDeviceQaSessions(db, input.facilityId, input.startedAt);
  return db.deviceQaSession.create({
    data: {
      facilityId: input.facilityId,
      status: DeviceQaSessionStatus.IN_PROGRESS,
      activeFacilityKey: input.facilityId,
      startedById: input.startedById,
      auditSessionId: input.auditSessionId ?? null,
      startedAt: input.startedAt,
      expiresAt: new Date(input.startedAt.getTime() + input.durationMs),
      result: input.notes ? { notes: input.notes } : undefined,
    },
    select: { id: true },
  });
}
