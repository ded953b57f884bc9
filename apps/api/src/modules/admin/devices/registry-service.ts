import { randomUUID } from 'node:crypto';
import {
  type DeviceType,
  INGEST_FUTURE_TOLERANCE_MS,
  SIMULATED_PRESS_EVENT,
  SIMULATOR_GATEWAY_PREFIX,
  type TCreateDeviceRequest,
  type TDevicePageReply,
  type TListDevicesQuery,
  type TRegisteredDeviceReply,
  type TSimulateDeviceReply,
  type TSimulateDeviceRequest,
} from '@sage/contract';
import {
  type Prisma,
  type PrismaClient,
  queryPrepared,
  STORE_DEVICE_EVENTS_SQL,
  type StoredDeviceEventRow,
  storeDeviceEventsParams,
} from '@sage/db';
import { conflict, invalidInput, notFound } from '@sage/service-kit/errors';
import { uniqueOr409 } from '../enterprises/write-guards';
import { resolveFacilityScope } from '../staff/access';
import { managedFacilityIds, requireManagerAt } from './management';

const DEVICE_SELECT = {
  id: true,
  type: true,
  hardwareId: true,
  facilityId: true,
  batteryLevel: true,
  lastPressTimestamp: true,
  lastHeardAt: true,
  createdAt: true,
  allocations: { where: { isActive: true }, select: { id: true }, take: 1 },
} satisfies Prisma.DeviceSelect;
type DeviceRow = Prisma.DeviceGetPayload<{ select: typeof DEVICE_SELECT }>;

const toReply = (row: DeviceRow): TRegisteredDeviceReply => ({
  id: row.id,
  type: row.type,
  hardwareId: row.hardwareId,
  facilityId: row.facilityId,
  batteryLevel: row.batteryLevel,
  lastPressTimestamp: row.lastPressTimestamp?.getTime() ?? null,
  lastHeardAt: row.lastHeardAt?.getTime() ?? null,
  allocationId: row.allocations[0]?.id ?? null,
  isAllocated: row.allocations.length > 0,
  createdAt: row.createdAt.getTime(),
});

/** GET /devices: the devices registered to the facilities the caller manages, newest first, paged. */
export async function listDevices(
  prisma: PrismaClient,
  staffMemberId: string,
  query: TListDevicesQuery,
): Promise<TDevicePageReply> {
  const facilityIds = await managedFacilityIds(prisma, staffMemberId, { facilityId: query.facilityRid });
  const where: Prisma.DeviceWhereInput = {
    facilityId: { in: facilityIds },
    ...(query.type ? { type: query.type } : {}),
    ...(query.hardwareId ? { hardwareId: query.hardwareId } : {}),
    ...(query.createdBefore || query.createdAfter
      ? {
          createdAt: {
            ...(query.createdBefore ? { lt: query.createdBefore } : {}),
            ...(query.createdAfter ? { gt: query.createdAfter } : {}),
          },
        }
      : {}),
    ...(query.isAllocated === true ? { allocations: { some: { isActive: true } } } : {}),
    ...(query.isAllocated === false ? { allocations: { none: { isActive: true } } } : {}),
  };
  const [rows, totalCount] = await prisma.$transaction([
    prisma.device.findMany({
      where,
      select: DEVICE_SELECT,
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      skip: query.pageNumber * query.pageSize,
      take: query.pageSize,
    }),
    prisma.device.count({ where }),
  ]);
  return { devices: rows.map(toReply), pageNumber: query.pageNumber, pageSize: query.pageSize, totalCount };
}

/**
 * A device registered to one of the caller's facilities (404 otherwise, also for another community's), and the
 * caller must be management there (403).
 */
async function findManagedDevice(prisma: PrismaClient, staffMemberId: string, id: string) {
  const facilityIds = await resolveFacilityScope(prisma, staffMemberId, {});
  const row = await prisma.device.findFirst({
    where: { id, facilityId: { in: facilityIds } },
    select: DEVICE_SELECT,
  });
  if (!row?.facilityId) throw notFound(`Device ${id} not found`);
  await requireManagerAt(prisma, staffMemberId, row.facilityId);
  return { ...row, facilityId: row.facilityId };
}

/** GET /devices/{id}. */
export async function getDevice(prisma: PrismaClient, staffMemberId: string, id: string) {
  return toReply(await findManagedDevice(prisma, staffMemberId, id));
}

/** POST /devices: a hardware id is registered once in the whole product (409 when already registered). */
export async function createDevice(
  prisma: PrismaClient,
  staffMemberId: string,
  body: TCreateDeviceRequest,
): Promise<TRegisteredDeviceReply> {
  await managedFacilityIds(prisma, staffMemberId, { facilityId: body.facilityRid });
  const facilityId = body.facilityRid;
  const facility = await prisma.facility.findUniqueOrThrow({
    where: { id: facilityId },
    select: { id: true, enterpriseId: true },
  });
  const message = `A device with hardware id ${body.hardwareId} is already registered`;
  if (await prisma.device.findUnique({ where: { hardwareId: body.hardwareId }, select: { id: true } })) {
    throw conflict(message);
  }
  const row = await uniqueOr409(
    () =>
      prisma.device.create({
        data: {
          hardwareId: body.hardwareId,
          type: body.type,
          facilityId: facility.id,
          enterpriseId: facility.enterpriseId,
        },
        select: DEVICE_SELECT,
      }),
    message,
  );
  return toReply(row);
}

/** DELETE /devices/{id}: refused (409) while the device is allocated; its history goes with it. */
export async function deleteDevice(prisma: PrismaClient, staffMemberId: string, id: string): Promise<void> {
  const device = await findManagedDevice(prisma, staffMemberId, id);
  // The check and the delete are one statement: an allocation made meanwhile keeps the device (409).
  const deleted = await prisma.$executeRaw`
    DELETE FROM "Device" d WHERE d.id = ${id} AND d."facilityId" = ${device.facilityId}
       AND NOT EXISTS (SELECT 1 FROM "DeviceAllocation" a WHERE a."deviceId" = d.id AND a."isActive")`;
  if (deleted === 0) throw conflict('The device is allocated; unallocate it before deleting it');
}

/**
 * POST /devices/{deviceType}/simulate: a simulated event, stored and queued by the very statement the
 * gateway ingest uses (packages/db/src/device-events.ts), so the worker applies it exactly as a gateway's.
 * It comes from no real gateway (gatewayId 'simulator:<facility>'), so no gateway's supervision changes.
 */
export async function simulateDeviceEvent(
  prisma: PrismaClient,
  staffMemberId: string,
  deviceType: DeviceType,
  body: TSimulateDeviceRequest,
): Promise<TSimulateDeviceReply> {
  await managedFacilityIds(prisma, staffMemberId, { facilityId: body.facilityRid });
  const facilityId = body.facilityRid;
  const device = await prisma.device.findFirst({
    where: { hardwareId: body.hardwareId, facilityId },
    select: { type: true },
  });
  // Another community's hardware id reads as unknown: nothing leaks.
  if (!device) {
    throw invalidInput([
      { field: 'body.hardwareId', rule: 'same facility', message: 'No such device in this facility' },
    ]);
  }
  if (device.type !== deviceType) {
    throw invalidInput([
      {
        field: 'params.deviceType',
        rule: 'device type',
        message: `The device ${body.hardwareId} is a ${device.type}, not a ${deviceType}`,
      },
    ]);
  }
  const eventType = body.eventType ?? SIMULATED_PRESS_EVENT[deviceType];
  const eventId = `sim-${randomUUID()}`;
  // Stored with its job in one statement, as the ingest stores an event it hands to the job path.
  const rows = await queryPrepared<StoredDeviceEventRow>(
    prisma,
    STORE_DEVICE_EVENTS_SQL,
    storeDeviceEventsParams(
      [
        {
          eventId,
          facilityId,
          gatewayId: `${SIMULATOR_GATEWAY_PREFIX}${facilityId}`,
          hardwareId: body.hardwareId,
          type: eventType,
          timestamp: new Date(),
          batteryLevel: body.batteryLevel ?? null,
        },
      ],
      { futureToleranceMs: INGEST_FUTURE_TOLERANCE_MS, queueJobs: true },
    ),
  );
  const stored = rows[0];
  if (!stored) throw conflict('The simulated event was not stored');
  return { deviceEventId: stored.id, eventId, eventType };
}
