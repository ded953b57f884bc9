import { createHash, randomBytes } from 'node:crypto';
import {
  CHECK_IN_ROOM_OPTION,
  OPEN_TASK_STATUSES,
  StationDisplayErrorCode,
  type TCreatedStationDisplay,
  type TCreateStationDisplayRequest,
  type TStationAlert,
  type TStationAlertsReply,
  type TStationDisplay,
  type TStationDisplayList,
  type TStationDisplayTokenReply,
} from '@sage/contract';
import type { Prisma, PrismaClient } from '@sage/db';
import { HttpError, invalidInput, notFound } from '@sage/service-kit/errors';
import { announceSessionEnded, displaySessionKey } from '../../auth/sessions/registry';
import { signDisplayToken } from '../../auth/tokens/access-token';
import { callerAtRecord, managerAtFacility, requireManager } from '../residents/community-access';

/**
 * Station displays (docs/decisions/0370-0372): a manager pairs one for a facility and care zones and gets its
 * key once; the display trades the key for short view-only tokens and reads the open alerts of its zones.
 */

const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

const DISPLAY_SELECT = {
  id: true,
  facilityId: true,
  name: true,
  careZoneIds: true,
  showResidentNames: true,
  createdAt: true,
} as const satisfies Prisma.StationDisplaySelect;
type DisplayRow = Prisma.StationDisplayGetPayload<{ select: typeof DISPLAY_SELECT }>;

async function zonesOf(prisma: PrismaClient, facilityId: string, ids: readonly string[]) {
  if (!ids.length) return [];
  return prisma.careZone.findMany({
    where: { facilityId, id: { in: [...ids] } },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
}

async function toDisplay(prisma: PrismaClient, row: DisplayRow): Promise<TStationDisplay> {
  const zones = await zonesOf(prisma, row.facilityId, row.careZoneIds);
  return {
    id: row.id,
    facilityId: row.facilityId,
    name: row.name,
    careZones: zones.map((z) => ({ id: z.id, name: z.name })),
    showResidentNames: row.showResidentNames,
    createdAt: row.createdAt.getTime(),
  };
}

export async function createStationDisplay(
  prisma: PrismaClient,
  staffMemberId: string,
  body: TCreateStationDisplayRequest,
): Promise<TCreatedStationDisplay> {
  const at = await managerAtFacility(prisma, staffMemberId, body.facilityId);
  const careZoneIds = [...new Set(body.careZoneIds ?? [])];
  const found = await zonesOf(prisma, body.facilityId, careZoneIds);
  const known = new Set(found.map((z) => z.id));
  const unknown = careZoneIds.findIndex((id) => !known.has(id));
  if (unknown >= 0) {
    throw invalidInput([
      {
        field: `body.careZoneIds.${unknown}`,
        rule: 'careZoneOfFacility',
        message: 'Must be a care zone of the facility',
      },
    ]);
  }
  const displayKey = randomBytes(32).toString('base64url');
  const row = await prisma.stationDisplay.create({
    data: {
      facilityId: at.facilityId,
      enterpriseId: at.enterpriseId,
      name: body.name,
      careZoneIds,
      showResidentNames: body.showResidentNames ?? false,
      keyHash: hashKey(displayKey),
      createdById: staffMemberId,
    },
    select: DISPLAY_SELECT,
  });
  return { ...(await toDisplay(prisma, row)), displayKey };
}

export async function listStationDisplays(
  prisma: PrismaClient,
  staffMemberId: string,
  facilityId: string,
): Promise<TStationDisplayList> {
  await managerAtFacility(prisma, staffMemberId, facilityId);
  const rows = await prisma.stationDisplay.findMany({
    where: { facilityId, revokedAt: null },
    select: DISPLAY_SELECT,
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
  return { stationDisplays: await Promise.all(rows.map((row) => toDisplay(prisma, row))) };
}

/**
 * Unpairs a display: its key stops working, its next read is refused, and its live sockets are closed at once
 * (announced as the end of its session, `display:<id>`, in the same transaction: decision 0514), so the screen
 * learns it at once rather than when its token expires.
 */
export async function removeStationDisplay(
  prisma: PrismaClient,
  staffMemberId: string,
  stationDisplayId: string,
): Promise<{ id: string }> {
  const row = await prisma.stationDisplay.findFirst({
    where: { id: stationDisplayId, revokedAt: null },
    select: { id: true, facilityId: true },
  });
  const at = await callerAtRecord(prisma, staffMemberId, row, 'Station display');
  requireManager(at);
  await prisma.$transaction(async (tx) => {
    await tx.stationDisplay.update({ where: { id: stationDisplayId }, data: { revokedAt: new Date() } });
    await announceSessionEnded(tx, displaySessionKey(stationDisplayId));
  });
  return { id: stationDisplayId };
}

export async function stationDisplayToken(
  prisma: PrismaClient,
  displayKey: string,
  jwt: { secret: string; ttlSeconds: number },
): Promise<TStationDisplayTokenReply> {
  const row = await prisma.stationDisplay.findUnique({
    where: { keyHash: hashKey(displayKey) },
    select: { id: true, revokedAt: true },
  });
  if (!row || row.revokedAt) {
    throw new HttpError(
      401,
      'This display key is unknown or was removed: ask a manager to pair the display again',
      StationDisplayErrorCode.DISPLAY_KEY_INVALID,
    );
  }
  const { token, expiresIn } = await signDisplayToken(row.id, jwt.secret, jwt.ttlSeconds);
  return { accessToken: token, expiresIn, stationDisplayId: row.id };
}

const KIND_LABELS: Record<string, string> = {
  SAGE_BUTTON: 'Call',
  DOOR_ALARM: 'Door alarm',
  FALL_DETECTION_DEVICE: 'Possible fall',
  MELTEN_M3_DEVICE: 'Sensor alert',
};

/**
 * What a display says of an alert (decision 0371). An alert's title names its resident when it has one
 * ('Margaret Hale needs assistance'), and a staff member's task title is free text: without
 * `showResidentNames`, such alerts are labelled by kind and place instead ('Call · AL 101').
 */
export function stationAlertLabel(
  task: { title: string; residentId: string | null; deviceType: string | null; unitName: string | null },
  showResidentNames: boolean,
): string {
  if (showResidentNames || (task.deviceType && !task.residentId)) return task.title;
  const kind = (task.deviceType && KIND_LABELS[task.deviceType]) ?? 'Task';
  return task.unitName ? `${kind} · ${task.unitName}` : kind;
}

/** The room of a device's allocation in its unit ('Bedroom'); a check-in button's is no room. */
const roomOf = (allocation: { room: string | null; isCheckIn: boolean } | undefined): string | null =>
  allocation?.room && !allocation.isCheckIn && allocation.room !== CHECK_IN_ROOM_OPTION.id
    ? allocation.room
    : null;

/** The open alerts of the display's zones (any when it has none), most severe first, then oldest first. */
export async function stationAlerts(
  prisma: PrismaClient,
  stationDisplayId: string,
): Promise<TStationAlertsReply> {
  const display = await prisma.stationDisplay.findUnique({
    where: { id: stationDisplayId },
    select: { ...DISPLAY_SELECT, facility: { select: { name: true } } },
  });
  if (!display) throw notFound('Station display not found');
  const zones = await zonesOf(prisma, display.facilityId, display.careZoneIds);
  const zoneUnits: Prisma.UnitWhereInput[] = zones.flatMap((zone) => [
    { id: { in: zone.unitRids } },
    { ward: { in: zone.wards } },
    { careType: { in: zone.careTypes } },
    { building: { in: zone.buildings } },
    { wing: { in: zone.wings } },
    { floor: { in: zone.floors } },
  ]);
  // A display paired with zones that were all deleted since shows nothing rather than everything.
  const zoned = display.careZoneIds.length > 0;
  const tasks = await prisma.task.findMany({
    where: {
      facilityId: display.facilityId,
      status: { in: [...OPEN_TASK_STATUSES] },
      kind: 'ALERT',
      isTest: false,
      ...(zoned
        ? { OR: [{ unitId: null }, { unit: { OR: zoneUnits.length ? zoneUnits : [{ id: { in: [] } }] } }] }
        : {}),
    },
    select: {
      id: true,
      title: true,
      status: true,
      severity: true,
      residentId: true,
      creationTimestamp: true,
      unit: {
        select: {
          displayName: true,
          careType: true,
          id: true,
          ward: true,
          building: true,
          wing: true,
          floor: true,
        },
      },
      resident: { select: { firstName: true, lastName: true, preferredName: true } },
      device: {
        select: {
          type: true,
          allocations: { where: { isActive: true }, select: { room: true, isCheckIn: true }, take: 1 },
        },
      },
    },
    orderBy: [{ severityRank: 'asc' }, { creationTimestamp: 'asc' }],
    take: 200,
  });
  const zoneOf = (unit: (typeof tasks)[number]['unit']): string | null => {
    if (!unit) return null;
    const zone = zones.find(
      (z) =>
        z.unitRids.includes(unit.id) ||
        (unit.ward !== null && z.wards.includes(unit.ward)) ||
        z.careTypes.includes(unit.careType) ||
        (unit.building !== null && z.buildings.includes(unit.building)) ||
        (unit.wing !== null && z.wings.includes(unit.wing)) ||
        (unit.floor !== null && z.floors.includes(unit.floor)),
    );
    return zone?.name ?? null;
  };
  const alerts: TStationAlert[] = tasks.map((task) => ({
    id: task.id,
    label: stationAlertLabel(
      {
        title: task.title,
        residentId: task.residentId,
        deviceType: task.device?.type ?? null,
        unitName: task.unit?.displayName ?? null,
      },
      display.showResidentNames,
    ),
    unitName: task.unit?.displayName ?? null,
    room: roomOf(task.device?.allocations[0]),
    careZoneName: zoneOf(task.unit),
    residentName:
      display.showResidentNames && task.resident
        ? `${task.resident.preferredName ?? task.resident.firstName} ${task.resident.lastName}`
        : null,
    severity: task.severity,
    status: task.status,
    createdAt: task.creationTimestamp.getTime(),
  }));
  return {
    display: {
      id: display.id,
      name: display.name,
      facilityName: display.facility.name,
      careZoneNames: zones.map((z) => z.name),
    },
    alerts,
    serverTime: Date.now(),
  };
}
