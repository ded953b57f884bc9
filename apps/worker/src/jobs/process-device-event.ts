import type { DeviceEventType, PrismaClient } from '@sage/db';
import type pg from 'pg';
import { z } from 'zod';

export interface JobDeps {
  prisma: PrismaClient;
  pool: pg.Pool;
  logger: { info(message: string, meta?: object): void; warn(message: string, meta?: object): void };
}

const ZPayload = z.object({ deviceEventId: z.string().min(1) });

/** Outcomes recorded on the stored event, for operators and tests. */
export const DeviceEventOutcome = {
  UNALLOCATED_HARDWARE: 'UNALLOCATED_HARDWARE',
  ACTIVITY_RECORDED: 'ACTIVITY_RECORDED',
} as const;

/**
 * Processes one stored device event: records the device's activity (last press, battery).
 * Runs at most once per event: the job is keyed by the event and the event is marked processed in the
 * same transaction as its effects, so a retry after a crash finds it done.
 */
export async function processDeviceEvent(deps: JobDeps, rawPayload: unknown): Promise<void> {
  const { deviceEventId } = ZPayload.parse(rawPayload);
  await deps.prisma.$transaction(async (tx) => {
    const [event] = await tx.$queryRaw<
      {
        id: string;
        facilityId: string;
        hardwareId: string;
        type: DeviceEventType;
        eventTimestamp: Date;
        batteryLevel: number | null;
        processedAt: Date | null;
      }[]
    >`SELECT id, "facilityId", "hardwareId", type::text AS type, "eventTimestamp", "batteryLevel", "processedAt"
        FROM "DeviceEvent" WHERE id = ${deviceEventId} FOR UPDATE`;
    if (!event || event.processedAt) return;
    const device = await tx.device.findUnique({ where: { hardwareId: event.hardwareId } });
    if (!device) {
      deps.logger.warn('device event from unknown hardware', { hardwareId: event.hardwareId });
      await tx.deviceEvent.update({
        where: { id: event.id },
        data: { processedAt: new Date(), outcome: DeviceEventOutcome.UNALLOCATED_HARDWARE },
      });
      return;
    }
    const isPress = event.type !== 'HEARTBEAT';
    const knownBattery = event.batteryLevel !== null && event.batteryLevel >= 0;
    await tx.device.update({
      where: { id: device.id },
      data: {
        ...(isPress ? { lastPressTimestamp: event.eventTimestamp } : {}),
        ...(knownBattery ? { batteryLevel: event.batteryLevel } : {}),
      },
    });
    await tx.deviceActivity.create({
      data: {
        facilityId: device.facilityId ?? event.facilityId,
        deviceId: device.id,
        type: event.type,
        batteryLevel: event.batteryLevel,
        timestamp: event.eventTimestamp,
        deviceEventId: event.id,
      },
    });
    await tx.deviceEvent.update({
      where: { id: event.id },
      data: { processedAt: new Date(), deviceId: device.id, outcome: DeviceEventOutcome.ACTIVITY_RECORDED },
    });
  });
}
