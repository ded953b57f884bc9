import {
  BatteryStatus,
  DeviceTroubleCause,
  INGEST_STALE_AFTER_MS,
  notificationJobPriorityForSeverityValue,
  QA_SESSION_PRESS_OUTCOME,
  SEVERITY_VALUES,
  type Severity,
  TaskUpdateType,
  ZDoorAlarmScheduleSchema,
} from '@sage/contract';
import {
  ADD_JOBS_SQL,
  addJobsParams,
  careConfirmationJobKey,
  JobName,
  prepared,
  recordTaskChangePg,
  TASK_CHANGED_CHANNEL,
  type TaskChangeInput,
  type TaskStatus,
} from '@sage/db';
import {
  batteryStatus,
  checkInDayOfPress,
  type DeviceEventKind,
  type DeviceKind,
  type DeviceRole,
  type DeviceSubject,
  isDeviceQaTestEvent,
  isInsideAlertPeriod,
  planDeviceEvent,
  type TaskUpdatePlan,
  troubleTitle,
} from '@sage/domain';
import type pg from 'pg';
import { CLOSE_TROUBLE_SQL, raiseTroubles, TROUBLE_CLOSED_DESCRIPTIONS } from '../supervision/trouble-tasks';

/** Outcomes recorded on the stored event (DeviceEvent.outcome), for operators and tests. */
export const DeviceEventOutcome = {
  /** No device with this hardware id. */
  UNALLOCATED_HARDWARE: 'UNALLOCATED_HARDWARE',
  /** A known device with no active allocation in the gateway's facility: activity only. */
  UNALLOCATED_DEVICE: 'UNALLOCATED_DEVICE',
  /** Activity only (heartbeat, a press with no alert meaning). */
  ACTIVITY_RECORDED: 'ACTIVITY_RECORDED',
  TASK_CREATED: 'TASK_CREATED',
  /** An update added to the device's open task. */
  TASK_UPDATED: 'TASK_UPDATED',
  CARE_CONFIRMED: 'CARE_CONFIRMED',
  CHECK_IN_COMPLETED: 'CHECK_IN_COMPLETED',
  /** A door opened outside its alert period with no open task: no alert. */
  OUTSIDE_ALERT_PERIOD: 'OUTSIDE_ALERT_PERIOD',
  /** An update-only event (door closed, M3 canceled) with no open task. */
  NO_OPEN_TASK: 'NO_OPEN_TASK',
  /**
   * A device of another community (decision 0100): refused, recorded, nothing about the device changes.
   * The gateway still got its 202, so it cannot probe other communities' hardware ids.
   */
  REFUSED_OTHER_COMMUNITY: 'REFUSED_OTHER_COMMUNITY',
  /** An event older than INGEST_STALE_AFTER_MS when received: suspect, no alert, no device change (decision 0102). */
  STALE_EVENT: 'STALE_EVENT',
  /** The test press of a device put on test during a QA walk: no alert (decision 0505). */
  QA_SESSION_PRESS: QA_SESSION_PRESS_OUTCOME,
} as const;
export type DeviceEventOutcome = (typeof DeviceEventOutcome)[keyof typeof DeviceEventOutcome];

export interface Logger {
  info(message: string, meta?: object): void;
  warn(message: string, meta?: object): void;
}

interface StoredEvent {
  id: string;
  facilityId: string;
  gatewayId: string;
  hardwareId: string;
  type: DeviceEventKind;
  eventTimestamp: Date;
  batteryLevel: number | null;
  receivedAt: Date;
  processedAt: Date | null;
}

/** A device with its active allocation and subject, as read for an event (and by the supervision check). */
export interface DeviceContext {
  deviceId: string;
  deviceType: DeviceKind;
  deviceFacilityId: string | null;
  enterpriseId: string;
  timezone: string;
  allocationId: string | null;
  residentId: string | null;
  unitId: string | null;
  doorId: string | null;
  room: string | null;
  isCheckIn: boolean | null;
  allocationScheduleId: string | null;
  doorScheduleId: string | null;
  firstName: string | null;
  lastName: string | null;
  unitName: string | null;
  doorName: string | null;
}

export interface ApplyResult {
  outcome: DeviceEventOutcome;
  /** The tasks this event changed (created, updated or confirmed). */
  taskIds: string[];
}

const CHECK_IN_ROOM = 'CHECKIN';

/**
 * Applies one stored device event, in ONE transaction on a raw `pg` client (the hot path of every press):
 * device activity (last press, battery), then the alert rules (decision 0030), the task change with its
 * single TaskChange + NOTIFY, and the event marked processed. A processed event is left alone, so a retried
 * or repeated job has no second effect.
 *
 * Events of one device apply one at a time and in the order they happened (decision 0032): the
 * transaction holds the device's advisory lock and first applies that device's earlier events still
 * waiting for their own jobs (a door's close never applies before its open); those jobs then find their
 * event processed.
 */
export async function applyDeviceEvent(
  pool: pg.Pool,
  deviceEventId: string,
  logger: Logger,
): Promise<ApplyResult | null> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await applyDeviceEventIn(client, deviceEventId, logger);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Applies one stored event inside the caller's open transaction (the ingest's group commit, decision 0410):
 * the device's lock, its earlier events still pending, then this one. Null when already processed.
 */
export async function applyDeviceEventIn(
  client: pg.PoolClient,
  deviceEventId: string,
  logger: Logger,
): Promise<ApplyResult | null> {
  let result: ApplyResult | null = null;
  for (const id of await lockDeviceAndListPending(client, deviceEventId)) {
    result = await applyInTransaction(client, id, logger);
  }
  return result;
}

/**
 * Takes the transaction-scoped lock of the event's device (facility + hardware id: the lock is taken before
 * any event row, so two jobs of one device queue here instead of deadlocking on each other's rows) and
 * returns the device's unprocessed events up to and including this one, oldest first. Empty when the
 * event is unknown or already processed.
 */
async function lockDeviceAndListPending(client: pg.PoolClient, deviceEventId: string): Promise<string[]> {
  const { rows: locked } = await client.query<{ facilityId: string; hardwareId: string }>(
    prepared(
      `SELECT "facilityId", "hardwareId",
            pg_advisory_xact_lock(hashtextextended('device:' || "facilityId" || ':' || "hardwareId", 0))
       FROM "DeviceEvent" WHERE id = $1`,
      [deviceEventId],
    ),
  );
  const event = locked[0];
  if (!event) return [];
  const { rows } = await client.query<{ id: string }>(
    prepared(
      `SELECT pending.id
       FROM "DeviceEvent" target
       JOIN "DeviceEvent" pending
         ON pending."facilityId" = target."facilityId" AND pending."hardwareId" = target."hardwareId"
        AND pending."processedAt" IS NULL
        AND (pending."eventTimestamp", pending."receivedAt", pending.id)
            <= (target."eventTimestamp", target."receivedAt", target.id)
      WHERE target.id = $1 AND target."processedAt" IS NULL
      ORDER BY pending."eventTimestamp", pending."receivedAt", pending.id`,
      [deviceEventId],
    ),
  );
  return rows.map((r) => r.id);
}

type LoadedEvent = StoredEvent &
  Partial<DeviceContext> & {
    enterpriseId: string;
    timezone: string;
    isOwnDevice: boolean;
    /** The device's armed test of the facility's walk (decision 0505), else null. */
    qaTestId: string | null;
    /** The device's open task when the events were read (a raise for it is then an update, sent in order). */
    openTaskId: string | null;
    /** Whether the event's facility had a task OPEN_CONFIRMING when the events were read. */
    facilityConfirming: boolean;
  };

/**
 * The events (locked) with their devices, allocations, subjects, open task and armed QA test, and whether their
 * facility has a task confirming care, in one round trip; `where` picks the events (on `e`).
 */
const eventsSql = (
  where: string,
) => `SELECT e.id, e."facilityId", e."gatewayId", e."hardwareId", e.type::text AS type,
            e."eventTimestamp", e."batteryLevel", e."receivedAt", e."processedAt",
            d.id AS "deviceId", d.type::text AS "deviceType", d."facilityId" AS "deviceFacilityId",
            COALESCE(d."facilityId" = e."facilityId"
                     OR (d."facilityId" IS NULL AND d."enterpriseId" = f."enterpriseId"), false) AS "isOwnDevice",
            f."enterpriseId", f.timezone,
            a.id AS "allocationId", a."residentId", COALESCE(a."unitId", r."unitId") AS "unitId", a."doorId",
            a.room, a."isCheckIn", a."doorAlarmScheduleId" AS "allocationScheduleId",
            door."doorAlarmScheduleId" AS "doorScheduleId",
            r."firstName", r."lastName", u."displayName" AS "unitName", door.name AS "doorName",
            (SELECT ot.id FROM "Task" ot WHERE ot."openDeviceKey" = d.id) AS "openTaskId",
            confirming.found IS NOT NULL AS "facilityConfirming",
            -- The device's test of the facility's QA walk, armed and not yet pressed (decision 0505): one probe
            -- of the unique armedDeviceKey index, empty for every device not on test.
            (SELECT t.id FROM "DeviceQaTest" t
               JOIN "DeviceQaSession" q ON q.id = t."deviceQaSessionId"
              WHERE t."armedDeviceKey" = d.id AND t."facilityId" = e."facilityId"
                AND t."armedAt" <= e."receivedAt" AND t."armedUntil" > e."receivedAt"
                AND q."activeFacilityKey" = e."facilityId" AND q."expiresAt" > e."receivedAt") AS "qaTestId"
       FROM "DeviceEvent" e
       JOIN "Facility" f ON f.id = e."facilityId"
       LEFT JOIN "Device" d ON d."hardwareId" = e."hardwareId"
       LEFT JOIN "DeviceAllocation" a
              ON a."activeDeviceKey" = d.id AND a."isActive" AND a."facilityId" = e."facilityId"
       LEFT JOIN "Resident" r ON r.id = a."residentId"
       LEFT JOIN "Unit" u ON u.id = COALESCE(a."unitId", r."unitId")
       LEFT JOIN "Door" door ON door.id = a."doorId"
       -- A probe of the (facilityId, status, severityRank, creationTimestamp) index per event (decision 0474).
       -- As an EXISTS, PostgreSQL could turn it into one hashed read of every task OPEN_CONFIRMING: a scan of a
       -- whole Task index per batch. The ORDER BY is that index's order, so no other index that holds both
       -- columns (where status is not second: a read of every task of the facility) ties with it on cost.
       LEFT JOIN LATERAL (SELECT true AS found FROM "Task" c
                           WHERE c."facilityId" = e."facilityId" AND c.status = 'OPEN_CONFIRMING'
                           ORDER BY c."severityRank", c."creationTimestamp" LIMIT 1) confirming
              ON true
      ${where}
      FOR UPDATE OF e`;

/** The given events (the job path's one). */
const EVENTS_BY_ID_SQL = eventsSql('WHERE e.id = ANY($1::text[])');

/**
 * The given events' devices' unprocessed events (the given ones and any earlier ones the job path stored),
 * oldest first: the batch's list, its read and its facilities' confirming tasks in one round trip
 * (decision 0456).
 */
const PENDING_EVENTS_OF_DEVICES_SQL = eventsSql(`WHERE e.id = ANY (ARRAY(
        SELECT pending.id
          FROM (SELECT DISTINCT "facilityId", "hardwareId" FROM "DeviceEvent" WHERE id = ANY($1::text[])) device
          JOIN "DeviceEvent" pending
            ON pending."facilityId" = device."facilityId" AND pending."hardwareId" = device."hardwareId"
           AND pending."processedAt" IS NULL))
      ORDER BY e."eventTimestamp", e."receivedAt", e.id`);

async function loadEvents(client: pg.PoolClient, ids: readonly string[]): Promise<Map<string, LoadedEvent>> {
  const { rows } = await client.query<LoadedEvent>(prepared(EVENTS_BY_ID_SQL, [ids]));
  return new Map(rows.map((r) => [r.id, r]));
}

async function applyInTransaction(
  client: pg.PoolClient,
  deviceEventId: string,
  logger: Logger,
): Promise<ApplyResult | null> {
  return applyLoaded(client, (await loadEvents(client, [deviceEventId])).get(deviceEventId), logger);
}

/**
 * Applies the given stored events and, before each, its device's earlier events still pending, inside the
 * caller's open transaction, which already holds the devices' locks (the ingest's group commit, decision
 * 0410). For a batch of presses that raise new alerts: the pending list, the events with their devices, the
 * batch's new alerts (decision 0455), their device activity and their escalation starts, whatever the number
 * of events.
 */
export async function applyDeviceEventsLocked(
  client: pg.PoolClient,
  deviceEventIds: readonly string[],
  logger: Logger,
): Promise<void> {
  if (!deviceEventIds.length) return;
  const { rows: events } = await client.query<LoadedEvent>(
    prepared(PENDING_EVENTS_OF_DEVICES_SQL, [deviceEventIds]),
  );
  const batch: BatchContext = {
    client,
    // Care is confirmed by a press only where a task is confirming: most batches have none to look for.
    confirming: new Set(events.flatMap((e) => (e.facilityConfirming ? [e.facilityId] : []))),
    openDevices: new Set(events.flatMap((e) => (e.openTaskId && e.deviceId ? [e.deviceId] : []))),
    raises: [],
    activities: [],
    starts: [],
  };
  const ordered = raisesFirst(client, batch);
  for (const event of events) await applyLoaded(ordered, event, logger, batch);
  await flushActivities(client, batch);
  await queueStarts(client, batch);
}

/**
 * The batch's client for the rules: every statement sent through it first sends the new alerts waiting
 * (flushRaises), so the batch's statements, and its TaskChange versions and NOTIFYs, keep the order in which
 * the events were applied; only consecutive raises are merged into one statement (decision 0455).
 */
function raisesFirst(client: pg.PoolClient, batch: BatchContext): pg.PoolClient {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'query') {
        return async (...args: unknown[]) => {
          await flushRaises(batch);
          return (target.query as (...a: unknown[]) => unknown)(...args);
        };
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * The escalation starts of the batch's new tasks: one 'start-task-notifications' job per priority holding
 * them all (decision 0413), in the batch's transaction, so the job exists exactly when the tasks commit.
 */
async function queueStarts(client: pg.PoolClient, batch: BatchContext): Promise<void> {
  const byPriority = new Map<number, { taskId: string; facilityId: string }[]>();
  for (const { priority, ...start } of batch.starts.splice(0)) {
    const list = byPriority.get(priority);
    if (list) list.push(start);
    else byPriority.set(priority, [start]);
  }
  if (!byPriority.size) return;
  // One add_jobs call (decision 0433).
  await client.query(
    prepared(
      ADD_JOBS_SQL,
      addJobsParams(
        [...byPriority].map(([priority, list]) => ({
          identifier: JobName.startTaskNotifications,
          payload: list,
          runAt: null,
          jobKey: null,
          priority,
          maxAttempts: 5,
        })),
      ),
    ),
  );
}

/** A new alert of the batch waiting for the next statement (flushRaises). */
interface PendingRaise {
  event: StoredEvent;
  device: DeviceContext;
  plan: { severity: Severity; title: string; update: TaskUpdatePlan };
  updates: TaskUpdatePlan[];
  priority: number;
  /** The event's result, completed when the raise is sent (the activity statement reads it after). */
  result: ApplyResult;
}

/** What a batch of events shares while it is applied (decisions 0411, 0455). */
interface BatchContext {
  /** The transaction's own client (the rules get raisesFirst's). */
  client: pg.PoolClient;
  /** Facilities with a task OPEN_CONFIRMING when the batch began: elsewhere no press confirms care. */
  confirming: Set<string>;
  /** Devices whose task may be open: open when the batch was read, or raised in it. */
  openDevices: Set<string>;
  /** New alerts not yet sent, in the order of their events; at most one per device. */
  raises: PendingRaise[];
  /** New tasks whose escalation starts in one job per priority at the batch's end (queueStarts). */
  starts: { taskId: string; facilityId: string; priority: number }[];
  /** Device activity of the batch's events, recorded in one statement (flushActivities). */
  activities: {
    event: StoredEvent;
    device: DeviceContext;
    result: ApplyResult;
    batteryCharged: boolean;
  }[];
}

/**
 * recordActivity for many events in ONE statement: device activity (last press, last heard, battery: the
 * latest of the device's events), the history rows, the events marked processed and the troubles they end.
 */
async function flushActivities(client: pg.PoolClient, batch: BatchContext): Promise<void> {
  // The activity rows name the tasks raised: those are sent first (their ids are read below).
  await flushRaises(batch);
  const list = batch.activities.splice(0);
  if (!list.length) return;
  // The troubles these events end, by key: a list of keys, not a subquery, so PostgreSQL probes the unique
  // index (almost every task has no trouble key) instead of reading every task (decision 0456).
  const troubleKeys = new Set<string>();
  for (const a of list) {
    troubleKeys.add(`${a.device.deviceId}:${DeviceTroubleCause.DEVICE_SILENT}`);
    if (a.batteryCharged) troubleKeys.add(`${a.device.deviceId}:${DeviceTroubleCause.LOW_BATTERY}`);
    troubleKeys.add(`${a.event.gatewayId}:${DeviceTroubleCause.GATEWAY_SILENT}`);
  }
  const { rows: closed } = await client.query<TaskChangeInput>(
    prepared(
      `WITH ev AS (
       SELECT * FROM unnest($1::text[], $2::text[], $3::bool[], $4::timestamptz[], $5::bool[], $6::int[], $7::text[],
                            $8::text[], $9::text[], $10::text[], $11::timestamptz[])
         WITH ORDINALITY AS ev(id, "deviceId", "isPress", ts, "knownBattery", battery, "facilityId", type, "taskId",
                               outcome, "receivedAt", n)
     ), dev AS (
       SELECT "deviceId", max(ts) FILTER (WHERE "isPress") AS "lastPress", max(LEAST(ts, "receivedAt")) AS heard,
              bool_or("knownBattery") AS "knownBattery",
              (array_agg(battery ORDER BY n DESC) FILTER (WHERE "knownBattery"))[1] AS battery
         FROM ev GROUP BY "deviceId"
     ), device AS (
       UPDATE "Device" d
          SET "lastPressTimestamp" = CASE WHEN dev."lastPress" IS NOT NULL
                                          THEN GREATEST(COALESCE(d."lastPressTimestamp", dev."lastPress"), dev."lastPress")
                                          ELSE d."lastPressTimestamp" END,
              "lastHeardAt" = GREATEST(COALESCE(d."lastHeardAt", dev.heard), dev.heard),
              "batteryLevel" = CASE WHEN dev."knownBattery" THEN dev.battery ELSE d."batteryLevel" END,
              "updatedAt" = now()
         FROM dev WHERE d.id = dev."deviceId"
     ), activity AS (
       INSERT INTO "DeviceActivity" ("facilityId", "deviceId", type, "batteryLevel", timestamp, "deviceEventId", "taskId")
       SELECT "facilityId", "deviceId", type::"DeviceEventType", battery, ts, id, "taskId" FROM ev ORDER BY n
     ), processed AS (
       UPDATE "DeviceEvent" e SET "processedAt" = now(), "deviceId" = ev."deviceId", outcome = ev.outcome
         FROM ev WHERE e.id = ev.id
     ), closed AS (
       ${CLOSE_TROUBLE_SQL}
        WHERE "openTroubleKey" = ANY($12::text[])
       RETURNING id, "facilityId", severity, "troubleCause", "deviceId"
     ), closed_update AS (
       INSERT INTO "TaskUpdate" ("taskId", "facilityId", "deviceId", type, description)
       SELECT id, "facilityId", CASE WHEN "troubleCause" = 'GATEWAY_SILENT' THEN NULL ELSE "deviceId" END, 'CLOSED',
              CASE "troubleCause" WHEN 'LOW_BATTERY' THEN '${TROUBLE_CLOSED_DESCRIPTIONS.LOW_BATTERY}'
                                  WHEN 'GATEWAY_SILENT' THEN '${TROUBLE_CLOSED_DESCRIPTIONS.GATEWAY_SILENT}'
                                  ELSE '${TROUBLE_CLOSED_DESCRIPTIONS.DEVICE_SILENT}' END
         FROM closed
     )
     SELECT id AS "taskId", "facilityId", 'CLOSED_RESOLVED' AS status, severity::text AS severity FROM closed`,
      [
        list.map((a) => a.event.id),
        list.map((a) => a.device.deviceId),
        list.map((a) => a.event.type !== 'HEARTBEAT'),
        list.map((a) => a.event.eventTimestamp),
        list.map((a) => a.event.batteryLevel !== null && a.event.batteryLevel >= 0),
        list.map((a) => a.event.batteryLevel),
        list.map((a) => a.device.deviceFacilityId ?? a.event.facilityId),
        list.map((a) => a.event.type),
        list.map((a) => a.result.taskIds[0] ?? null),
        list.map((a) => a.result.outcome),
        list.map((a) => a.event.receivedAt),
        [...troubleKeys],
      ],
    ),
  );
  for (const task of closed) await recordTaskChangePg(client, task);
}

async function applyLoaded(
  client: pg.PoolClient,
  row: LoadedEvent | undefined,
  logger: Logger,
  batch?: BatchContext,
): Promise<ApplyResult | null> {
  if (!row || row.processedAt) return null;
  const event: StoredEvent = row;

  if (!row.deviceId) {
    // A gateway's own heartbeat (decision 0105) is unknown hardware by design: not worth a warning.
    const log = event.type === 'HEARTBEAT' ? logger.info.bind(logger) : logger.warn.bind(logger);
    log('device event from unknown hardware', {
      hardwareId: event.hardwareId,
      facilityId: event.facilityId,
    });
    return markProcessed(client, event, DeviceEventOutcome.UNALLOCATED_HARDWARE);
  }
  if (!row.isOwnDevice) {
    // A gateway's events touch only its own community's devices (decision 0100).
    logger.warn('device event refused: the hardware belongs to another community', {
      hardwareId: event.hardwareId,
      facilityId: event.facilityId,
      gatewayId: event.gatewayId,
    });
    return markProcessed(client, event, DeviceEventOutcome.REFUSED_OTHER_COMMUNITY);
  }
  const device = row as DeviceContext;
  if (event.receivedAt.getTime() - event.eventTimestamp.getTime() > INGEST_STALE_AFTER_MS) {
    // Far older than any gateway buffer: a wrong clock or a replay. Kept for operators, no effect (decision 0102).
    logger.warn('device event stamped far in the past: recorded as suspect, not applied', {
      hardwareId: event.hardwareId,
      facilityId: event.facilityId,
      eventTimestamp: event.eventTimestamp.toISOString(),
    });
    return markProcessed(client, event, DeviceEventOutcome.STALE_EVENT, device.deviceId);
  }

  let result: ApplyResult;
  if (
    row.qaTestId &&
    isDeviceQaTestEvent(device, event.type) &&
    (await takeQaTest(client, row.qaTestId, event))
  ) {
    // The device the technician put on test, its first ordinary press within the window: the test, recorded with
    // its battery and raising no alert, completing no check-in and confirming no care (decision 0505). Its next
    // press, a fall, any other event and every other device apply the alert rules as without a walk.
    result = { outcome: DeviceEventOutcome.QA_SESSION_PRESS, taskIds: [] };
  } else if (!device.allocationId) {
    logger.warn('device event from a device not allocated in this facility', {
      hardwareId: event.hardwareId,
      facilityId: event.facilityId,
    });
    result = { outcome: DeviceEventOutcome.UNALLOCATED_DEVICE, taskIds: [] };
  } else {
    result = await applyAlertRules(client, event, device, batch);
  }
  const battery = batteryStatus(device.deviceType, event.batteryLevel);
  if (batch && battery !== BatteryStatus.LOW) {
    // Recorded with the batch's other events in one statement at its end (nothing later reads it).
    batch.activities.push({ event, device, result, batteryCharged: battery === BatteryStatus.OK });
    return result;
  }
  // A low battery raises a trouble that a later event's charged battery closes: in order, at once.
  if (batch) await flushActivities(client, batch);
  const closed = await recordActivity(client, event, device, result, battery === BatteryStatus.OK);
  for (const task of closed) await recordTaskChangePg(client, task);
  // Supervision: a low battery of an allocated device raises its trouble task (decision 0105).
  if (battery === BatteryStatus.LOW && device.allocationId) {
    await raiseTroubles(client, [
      {
        facilityId: event.facilityId,
        enterpriseId: device.enterpriseId,
        cause: DeviceTroubleCause.LOW_BATTERY,
        title: troubleTitle(DeviceTroubleCause.LOW_BATTERY, subjectOf(device)),
        deviceId: device.deviceId,
        unitId: device.unitId,
        residentId: device.residentId,
        gatewayId: null,
      },
    ]);
  }
  return result;
}

/**
 * Takes a device off test with its test press: true for the one press that does so. The conditional UPDATE is the
 * decision: two presses of the device read together (one ingest batch) both carry the test's id, and only the
 * first takes it; the second alerts (decision 0505).
 */
async function takeQaTest(client: pg.PoolClient, testId: string, event: StoredEvent): Promise<boolean> {
  const { rowCount } = await client.query(
    prepared(
      `UPDATE "DeviceQaTest" SET "armedDeviceKey" = NULL, "testedAt" = $2, "testedEventId" = $3
        WHERE id = $1 AND "armedDeviceKey" IS NOT NULL`,
      [testId, event.receivedAt, event.id],
    ),
  );
  return rowCount === 1;
}

/**
 * The event marked processed with an outcome and no effect on any device. The gateway was heard all the same:
 * its silence trouble closes, in the same statement (decision 0105).
 */
async function markProcessed(
  client: pg.PoolClient,
  event: StoredEvent,
  outcome: DeviceEventOutcome,
  deviceId: string | null = null,
): Promise<ApplyResult> {
  const { rows: closed } = await client.query<TaskChangeInput>(
    prepared(
      `WITH processed AS (
       UPDATE "DeviceEvent" SET "processedAt" = now(), outcome = $2, "deviceId" = $3 WHERE id = $1
     ), closed AS (
       ${CLOSE_TROUBLE_SQL}
        WHERE "openTroubleKey" = $4 || ':${DeviceTroubleCause.GATEWAY_SILENT}'
       RETURNING id, "facilityId", severity
     ), closed_update AS (
       INSERT INTO "TaskUpdate" ("taskId", "facilityId", type, description)
       SELECT id, "facilityId", 'CLOSED', $5 FROM closed
     )
     SELECT id AS "taskId", "facilityId", 'CLOSED_RESOLVED' AS status, severity::text AS severity FROM closed`,
      [event.id, outcome, deviceId, event.gatewayId, TROUBLE_CLOSED_DESCRIPTIONS.GATEWAY_SILENT],
    ),
  );
  for (const task of closed) await recordTaskChangePg(client, task);
  return { outcome, taskIds: [] };
}

const roleOf = (d: DeviceContext): DeviceRole => {
  if (d.isCheckIn || d.room === CHECK_IN_ROOM) return 'CHECK_IN';
  if (d.doorId) return 'DOOR';
  if (d.residentId) return 'RESIDENT';
  return 'UNIT';
};

export const subjectOf = (d: DeviceContext): DeviceSubject => ({
  role: roleOf(d),
  deviceType: d.deviceType,
  resident:
    d.residentId && d.firstName !== null ? { firstName: d.firstName, lastName: d.lastName ?? '' } : null,
  unitName: d.unitName,
  doorName: d.doorName,
  room: d.room && d.room !== CHECK_IN_ROOM ? d.room : null,
});

async function applyAlertRules(
  client: pg.PoolClient,
  event: StoredEvent,
  device: DeviceContext,
  batch?: BatchContext,
): Promise<ApplyResult> {
  const subject = subjectOf(device);
  const plan = planDeviceEvent(event.type, subject);
  switch (plan.kind) {
    case 'ACTIVITY_ONLY':
      return { outcome: DeviceEventOutcome.ACTIVITY_RECORDED, taskIds: [] };

    case 'CHECK_IN':
      await completeCheckIn(client, event, device);
      return { outcome: DeviceEventOutcome.CHECK_IN_COMPLETED, taskIds: [] };

    case 'UPDATE_OPEN_TASK': {
      const task = await updateOpenTask(client, event, device, plan.update, null);
      return task
        ? { outcome: DeviceEventOutcome.TASK_UPDATED, taskIds: [task] }
        : { outcome: DeviceEventOutcome.NO_OPEN_TASK, taskIds: [] };
    }

    case 'ALERT': {
      if (plan.confirmsCare && (!batch || batch.confirming.has(event.facilityId))) {
        const confirmed = await confirmCare(client, event, device, subject.role);
        if (confirmed.length) return { outcome: DeviceEventOutcome.CARE_CONFIRMED, taskIds: confirmed };
      }
      if (plan.onlyInDoorAlertPeriod && !(await isDoorAlerting(client, event, device))) {
        // Outside the alert period no new alert; an alert already open for the door still hears of it.
        const task = await updateOpenTask(client, event, device, plan.update, null);
        return task
          ? { outcome: DeviceEventOutcome.TASK_UPDATED, taskIds: [task] }
          : { outcome: DeviceEventOutcome.OUTSIDE_ALERT_PERIOD, taskIds: [] };
      }
      return raiseOrUpdate(client, event, device, plan, batch);
    }
  }
}

interface TaskRow {
  id: string;
  status: TaskStatus;
  severity: Severity;
  created: boolean;
}

/**
 * A new task with its updates, its TaskChange and NOTIFY (recordTaskChange's, packages/db/src/task-changes.ts)
 * and the start of its notification escalation (scheduleTaskNotifications', packages/db/src/jobs.ts; same
 * transaction, docs/decisions/0060), in ONE statement (decision 0411); or, when the device already has an
 * open task, only that task (the press is then added to it as an update). Made safe against concurrent
 * events of one device by the unique openDeviceKey. The job path's (one event); a batch sends RAISE_MANY_SQL.
 */
const RAISE_SQL = `WITH t AS (
    INSERT INTO "Task" ("facilityId", "enterpriseId", title, severity, "severityRank", "unitId", "residentId",
                        "deviceId", "creationTimestamp", "lastUpdateTimestamp", "openDeviceKey")
    VALUES ($1, $2, $3, $4::"Severity", $5, $6, $7, $8, $9, $9, $8)
    ON CONFLICT ("openDeviceKey") DO UPDATE SET "lastUpdateTimestamp" = now()
    RETURNING id, status, severity, (xmax = 0) AS created
  ), updates AS (
    INSERT INTO "TaskUpdate" ("taskId", "facilityId", "deviceId", type, description)
    SELECT t.id, $1, $8, u.type::"TaskUpdateType", u.description
      FROM t, unnest($10::text[], $11::text[]) WITH ORDINALITY AS u(type, description, n)
     WHERE t.created ORDER BY u.n
  ), change AS (
    INSERT INTO "TaskChange" ("facilityId", "taskId", status, severity)
    SELECT $1, t.id, t.status, t.severity FROM t WHERE t.created
    RETURNING version, "taskId", status, severity
  )
  SELECT t.id, t.status::text AS status, t.severity::text AS severity, t.created,
         (SELECT pg_notify('${TASK_CHANGED_CHANNEL}', json_build_object(
                   'facilityId', $1::text, 'taskId', c."taskId", 'status', c.status::text,
                   'severity', c.severity::text, 'version', c.version)::text)::text
            FROM change c) AS notified,
         CASE WHEN t.created THEN (graphile_worker.add_job($12, json_build_object('taskId', t.id, 'facilityId', $1::text),
                                     job_key := 'notify-start:' || t.id, max_attempts := 5, priority := $13)).id END AS job
    FROM t`;

/**
 * The new alerts of a batch in ONE statement (decision 0455), row by row what RAISE_SQL does for one: each
 * task (in the facility of its own event), its CREATED (and M3) updates, its TaskChange and the NOTIFY of
 * recordTaskChange (same channel, same payload), in the order of the events; the escalation starts are queued
 * at the batch's end (queueStarts). Each row's updates are rows of $10-$12, $10 naming the row (1-based).
 * The NOTIFY is sent from the TaskChange's RETURNING, so as each row is inserted: in version order. A device
 * whose task is open (a raced open, rare: the batch sends those alone) gets that task back, not created.
 */
const RAISE_MANY_SQL = `WITH r AS (
    SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[],
                         $8::text[], $9::timestamptz[])
      WITH ORDINALITY AS r("facilityId", "enterpriseId", title, severity, "severityRank", "unitId", "residentId",
                           "deviceId", at, n)
  ), t AS (
    INSERT INTO "Task" ("facilityId", "enterpriseId", title, severity, "severityRank", "unitId", "residentId",
                        "deviceId", "creationTimestamp", "lastUpdateTimestamp", "openDeviceKey")
    SELECT "facilityId", "enterpriseId", title, severity::"Severity", "severityRank", "unitId", "residentId",
           "deviceId", at, at, "deviceId"
      FROM r ORDER BY n
    ON CONFLICT ("openDeviceKey") DO UPDATE SET "lastUpdateTimestamp" = now()
    RETURNING id, "openDeviceKey", status, severity, (xmax = 0) AS created
  ), raised AS (
    SELECT r.n, r."facilityId", r."deviceId", t.id, t.status, t.severity, t.created
      FROM r JOIN t ON t."openDeviceKey" = r."deviceId"
  ), updates AS (
    INSERT INTO "TaskUpdate" ("taskId", "facilityId", "deviceId", type, description)
    SELECT raised.id, raised."facilityId", raised."deviceId", u.type::"TaskUpdateType", u.description
      FROM unnest($10::int[], $11::text[], $12::text[]) WITH ORDINALITY AS u(raise, type, description, k)
      JOIN raised ON raised.n = u.raise
     WHERE raised.created ORDER BY u.k
  ), change AS (
    INSERT INTO "TaskChange" ("facilityId", "taskId", status, severity)
    SELECT "facilityId", id, status, severity FROM raised WHERE created ORDER BY n
    RETURNING "taskId", pg_notify('${TASK_CHANGED_CHANNEL}', json_build_object(
                'facilityId', "facilityId", 'taskId', "taskId", 'status', status::text,
                'severity', severity::text, 'version', version)::text)::text AS notified
  )
  SELECT raised.n::int AS n, raised.id, raised.status::text AS status, raised.severity::text AS severity,
         raised.created, change.notified
    FROM raised LEFT JOIN change ON change."taskId" = raised.id
   ORDER BY raised.n`;

/**
 * Warm-up (issue #18, the first seconds' tail) where no press can be raised (an empty database): the batch's raise
 * statement run for no alert, which writes nothing, so this connection has it prepared with its plan (decision
 * 0489) and the relations, indexes and functions it touches in the backend's caches before a press needs it.
 */
export async function warmUpRaise(client: pg.ClientBase): Promise<void> {
  await client.query(prepared(RAISE_MANY_SQL, [[], [], [], [], [], [], [], [], [], [], [], []]));
}

/**
 * A new task for the device, or (when the device already has an open task) the press as an update on it.
 * In a batch the new alert waits for the batch's next statement, to go with the others (flushRaises).
 */
async function raiseOrUpdate(
  client: pg.PoolClient,
  event: StoredEvent,
  device: DeviceContext,
  plan: { severity: Severity; title: string; update: TaskUpdatePlan },
  batch?: BatchContext,
): Promise<ApplyResult> {
  const priority = notificationJobPriorityForSeverityValue(SEVERITY_VALUES[plan.severity]);
  const updates: TaskUpdatePlan[] = [{ type: TaskUpdateType.CREATED, description: plan.title }];
  // M3 events keep their own update type in the history, besides CREATED.
  if (plan.update.type.startsWith('M3_')) updates.push(plan.update);
  if (batch) {
    const raise: PendingRaise = {
      event,
      device,
      plan,
      updates,
      priority,
      result: { outcome: DeviceEventOutcome.TASK_CREATED, taskIds: [] },
    };
    // A device whose task may be open goes alone and at once, after what waits before it: its press is then
    // an update of that task, in order (and one statement never meets one openDeviceKey twice).
    const mayBeOpen = batch.openDevices.has(device.deviceId);
    batch.openDevices.add(device.deviceId);
    if (mayBeOpen) await flushRaises(batch);
    batch.raises.push(raise);
    if (mayBeOpen) await flushRaises(batch);
    return raise.result;
  }
  const { rows } = await client.query<TaskRow>(
    prepared(RAISE_SQL, [
      event.facilityId,
      device.enterpriseId,
      plan.title,
      plan.severity,
      SEVERITY_VALUES[plan.severity],
      device.unitId,
      device.residentId,
      device.deviceId,
      event.receivedAt,
      updates.map((u) => u.type),
      updates.map((u) => u.description),
      JobName.startTaskNotifications,
      priority,
    ]),
  );
  const task = rows[0]!;
  if (task.created) return { outcome: DeviceEventOutcome.TASK_CREATED, taskIds: [task.id] };
  await addUpdate(client, event, device, task, plan.update, plan.severity);
  return { outcome: DeviceEventOutcome.TASK_UPDATED, taskIds: [task.id] };
}

/**
 * Sends the batch's waiting new alerts in one statement (RAISE_MANY_SQL) on the transaction's own client and
 * completes their events' results; a raise that found its device's task open adds the press to it, as
 * RAISE_SQL's caller does.
 */
async function flushRaises(batch: BatchContext): Promise<void> {
  const list = batch.raises.splice(0);
  if (!list.length) return;
  const { client } = batch;
  const updates = list.flatMap((r, i) => r.updates.map((u) => ({ raise: i + 1, ...u })));
  const { rows } = await client.query<TaskRow & { n: number }>(
    prepared(RAISE_MANY_SQL, [
      list.map((r) => r.event.facilityId),
      list.map((r) => r.device.enterpriseId),
      list.map((r) => r.plan.title),
      list.map((r) => r.plan.severity),
      list.map((r) => SEVERITY_VALUES[r.plan.severity]),
      list.map((r) => r.device.unitId),
      list.map((r) => r.device.residentId),
      list.map((r) => r.device.deviceId),
      list.map((r) => r.event.receivedAt),
      updates.map((u) => u.raise),
      updates.map((u) => u.type),
      updates.map((u) => u.description),
    ]),
  );
  if (rows.length !== list.length) throw new Error(`raised ${rows.length} of ${list.length} new alerts`);
  for (const task of rows) {
    const raise = list[task.n - 1]!;
    raise.result.taskIds.push(task.id);
    if (task.created) {
      batch.starts.push({ taskId: task.id, facilityId: raise.event.facilityId, priority: raise.priority });
    } else {
      raise.result.outcome = DeviceEventOutcome.TASK_UPDATED;
      await addUpdate(client, raise.event, raise.device, task, raise.plan.update, raise.plan.severity);
    }
  }
}

/** Adds an update to the device's open task (locking it), or returns null when none is open. */
async function updateOpenTask(
  client: pg.PoolClient,
  event: StoredEvent,
  device: DeviceContext,
  update: TaskUpdatePlan,
  severity: Severity | null,
): Promise<string | null> {
  const { rows } = await client.query<TaskRow>(
    prepared(
      `UPDATE "Task" SET "lastUpdateTimestamp" = now() WHERE "openDeviceKey" = $1
     RETURNING id, status::text AS status, severity::text AS severity, false AS created`,
      [device.deviceId],
    ),
  );
  const task = rows[0];
  if (!task) return null;
  await addUpdate(client, event, device, task, update, severity);
  return task.id;
}

/** The update on an existing open task; raises its severity when the event is more severe (a fall). */
async function addUpdate(
  client: pg.PoolClient,
  event: StoredEvent,
  device: DeviceContext,
  task: TaskRow,
  update: TaskUpdatePlan,
  severity: Severity | null,
): Promise<void> {
  const updates = [update];
  let newSeverity = task.severity;
  if (severity && SEVERITY_VALUES[severity] < SEVERITY_VALUES[task.severity]) {
    newSeverity = severity;
    await client.query(
      prepared(`UPDATE "Task" SET severity = $2::"Severity", "severityRank" = $3 WHERE id = $1`, [
        task.id,
        severity,
        SEVERITY_VALUES[severity],
      ]),
    );
    updates.push({ type: TaskUpdateType.SEVERITY_CHANGE, description: `Severity raised to ${severity}` });
  }
  await insertUpdates(client, task.id, event.facilityId, device.deviceId, updates);
  await recordTaskChangePg(client, {
    facilityId: event.facilityId,
    taskId: task.id,
    status: task.status,
    severity: newSeverity,
  });
}

/**
 * "A press from the pendant of a resident (or any wall button of the unit) whose open task is
 * OPEN_CONFIRMING confirms care": the resident's pendant confirms the resident's tasks and the unit tasks
 * of the resident's unit that name no resident; a wall button confirms every task of its unit. Only presses
 * received after confirmation began count. The server-side timeout job of a confirmed task is removed.
 */
async function confirmCare(
  client: pg.PoolClient,
  event: StoredEvent,
  device: DeviceContext,
  role: DeviceRole,
): Promise<string[]> {
  if (role !== 'RESIDENT' && role !== 'UNIT') return [];
  if (!device.residentId && !device.unitId) return [];
  const { rows } = await client.query<{ id: string; status: TaskStatus; severity: Severity }>(
    prepared(
      `UPDATE "Task" t
        SET status = 'OPEN_CONFIRMED', "confirmingSince" = NULL, "lastUpdateTimestamp" = now()
      WHERE t."facilityId" = $1 AND t.status = 'OPEN_CONFIRMING'
        AND (t."confirmingSince" IS NULL OR t."confirmingSince" <= $4)
        AND CASE WHEN $2::text IS NOT NULL
                 THEN t."residentId" = $2 OR (t."residentId" IS NULL AND t."unitId" = $3)
                 ELSE t."unitId" = $3 END
     RETURNING t.id, t.status::text AS status, t.severity::text AS severity`,
      [event.facilityId, role === 'RESIDENT' ? device.residentId : null, device.unitId, event.receivedAt],
    ),
  );
  const description =
    role === 'RESIDENT' ? 'Care confirmed by pendant press' : 'Care confirmed by wall button press';
  for (const task of rows) {
    await insertUpdates(client, task.id, event.facilityId, device.deviceId, [
      { type: TaskUpdateType.CARE_CONFIRMED, description },
    ]);
    await client.query(prepared('SELECT graphile_worker.remove_job($1)', [careConfirmationJobKey(task.id)]));
    // One change per confirmed task (almost always exactly one).
    await recordTaskChangePg(client, {
      facilityId: event.facilityId,
      taskId: task.id,
      status: task.status,
      severity: task.severity,
    });
  }
  return rows.map((r) => r.id);
}

/**
 * Whether a door opening at the event's time is inside the door's alert period: the door's own schedule,
 * else the facility default, else always (decision 0008). An unreadable schedule alerts (the safe side).
 */
async function isDoorAlerting(
  client: pg.PoolClient,
  event: StoredEvent,
  device: DeviceContext,
): Promise<boolean> {
  const { rows } = await client.query<{ alwaysAlert: boolean; neverAlert: boolean; dailySchedules: unknown }>(
    prepared(
      `SELECT "alwaysAlert", "neverAlert", "dailySchedules" FROM "DoorAlarmSchedule"
      WHERE "facilityId" = $1
        AND (id = $2 OR (id = $3 AND NOT "isFacilityDefault") OR "defaultFacilityKey" = $1)
      ORDER BY CASE WHEN id = $2 THEN 0 WHEN id = $3 THEN 1 ELSE 2 END
      LIMIT 1`,
      [event.facilityId, device.doorScheduleId, device.allocationScheduleId],
    ),
  );
  const row = rows[0];
  if (!row) return true;
  const parsed = ZDoorAlarmScheduleSchema.safeParse({
    alwaysAlert: row.alwaysAlert,
    neverAlert: row.neverAlert,
    dailySchedules: row.dailySchedules ?? { dayOfWeekTimeRangeMap: { All: [] } },
  });
  if (!parsed.success) return true;
  try {
    return isInsideAlertPeriod(parsed.data, event.eventTimestamp, device.timezone);
  } catch {
    return true;
  }
}

/**
 * A check-in button press completes the unit's daily check-in with reason BUTTON_PRESSED (creating the day's
 * check-in when missing). A check-in already complete keeps its first reason and time.
 */
async function completeCheckIn(
  client: pg.PoolClient,
  event: StoredEvent,
  device: DeviceContext,
): Promise<void> {
  if (!device.unitId) return;
  await client.query(
    prepared(
      `INSERT INTO "CheckIn" ("facilityId", "enterpriseId", "unitId", date, status, "checkInReason", "checkInTimestamp")
     VALUES ($1, $2, $3, $4::date, 'COMPLETE', 'BUTTON_PRESSED', $5)
     ON CONFLICT ("facilityId", "unitId", date) DO UPDATE
        SET status = 'COMPLETE', "checkInReason" = 'BUTTON_PRESSED', "checkInTimestamp" = EXCLUDED."checkInTimestamp",
            "checkedInById" = NULL, "updatedAt" = now()
      WHERE "CheckIn".status <> 'COMPLETE'`,
      [
        event.facilityId,
        device.enterpriseId,
        device.unitId,
        checkInDayOfPress(event.eventTimestamp, device.timezone),
        event.eventTimestamp,
      ],
    ),
  );
}

async function insertUpdates(
  client: pg.PoolClient,
  taskId: string,
  facilityId: string,
  deviceId: string,
  updates: TaskUpdatePlan[],
): Promise<void> {
  const values: unknown[] = [taskId, facilityId, deviceId];
  const rows = updates.map((u) => {
    values.push(u.type, u.description);
    return `($1, $2, $3, $${values.length - 1}::"TaskUpdateType", $${values.length})`;
  });
  await client.query(
    prepared(
      `INSERT INTO "TaskUpdate" ("taskId", "facilityId", "deviceId", type, description) VALUES ${rows.join(', ')}`,
      values,
    ),
  );
}

/**
 * Device activity (last press, last heard, battery, history row), the event marked processed, and the
 * device's trouble tasks this event ends (silence always; low battery when the battery reads charged), in
 * ONE statement: a plain press costs no extra round trip for supervision (decision 0105). Returns the
 * trouble tasks closed, for their live change.
 */
async function recordActivity(
  client: pg.PoolClient,
  event: StoredEvent,
  device: DeviceContext,
  result: ApplyResult,
  batteryCharged: boolean,
): Promise<TaskChangeInput[]> {
  const isPress = event.type !== 'HEARTBEAT';
  const knownBattery = event.batteryLevel !== null && event.batteryLevel >= 0;
  const { rows } = await client.query<TaskChangeInput>(
    prepared(
      `WITH device AS (
       UPDATE "Device"
          SET "lastPressTimestamp" = CASE WHEN $3 THEN GREATEST(COALESCE("lastPressTimestamp", $4), $4) ELSE "lastPressTimestamp" END,
              "lastHeardAt" = GREATEST(COALESCE("lastHeardAt", LEAST($4, $12)), LEAST($4, $12)),
              "batteryLevel" = CASE WHEN $5 THEN $6 ELSE "batteryLevel" END,
              "updatedAt" = now()
        WHERE id = $2
     ), activity AS (
       INSERT INTO "DeviceActivity" ("facilityId", "deviceId", type, "batteryLevel", timestamp, "deviceEventId", "taskId")
       VALUES ($7, $2, $8::"DeviceEventType", $9, $4, $1, $10)
     ), processed AS (
       UPDATE "DeviceEvent" SET "processedAt" = now(), "deviceId" = $2, outcome = $11 WHERE id = $1
     ), closed AS (
       ${CLOSE_TROUBLE_SQL}
        WHERE "openTroubleKey" IN ($2 || ':${DeviceTroubleCause.DEVICE_SILENT}',
                                   CASE WHEN $13 THEN $2 || ':${DeviceTroubleCause.LOW_BATTERY}' END,
                                   $14 || ':${DeviceTroubleCause.GATEWAY_SILENT}')
       RETURNING id, "facilityId", severity, "troubleCause"
     ), closed_update AS (
       INSERT INTO "TaskUpdate" ("taskId", "facilityId", "deviceId", type, description)
       SELECT id, "facilityId", CASE WHEN "troubleCause" = 'GATEWAY_SILENT' THEN NULL ELSE $2 END, 'CLOSED',
              CASE "troubleCause" WHEN 'LOW_BATTERY' THEN '${TROUBLE_CLOSED_DESCRIPTIONS.LOW_BATTERY}'
                                  WHEN 'GATEWAY_SILENT' THEN '${TROUBLE_CLOSED_DESCRIPTIONS.GATEWAY_SILENT}'
                                  ELSE '${TROUBLE_CLOSED_DESCRIPTIONS.DEVICE_SILENT}' END
         FROM closed
     )
     SELECT id AS "taskId", "facilityId", 'CLOSED_RESOLVED' AS status, severity::text AS severity FROM closed`,
      [
        event.id,
        device.deviceId,
        isPress,
        event.eventTimestamp,
        knownBattery,
        event.batteryLevel,
        device.deviceFacilityId ?? event.facilityId,
        event.type,
        event.batteryLevel,
        result.taskIds[0] ?? null,
        result.outcome,
        event.receivedAt,
        batteryCharged,
        event.gatewayId,
      ],
    ),
  );
  return rows;
}
