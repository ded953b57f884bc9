import { randomUUID } from 'node:crypto';
import { GATEWAY_KEY_HEADER, INGEST_EVENTS_PATH, type IngestEventType } from '@sage/contract';
import {
  queryPrepared,
  STORE_DEVICE_EVENTS_SQL,
  type StoredDeviceEventRow,
  storeDeviceEventsParams,
  TASK_CHANGED_CHANNEL,
  type TaskChangedNotification,
} from '@sage/db';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { createTestDatabase, freePort, type TestDatabase } from '@sage/db/testing';
import {
  createNatsLiveBus,
  DEVICE_QA_CHANNEL,
  type NatsLiveBus,
  RECOGNITION_CHANNEL,
  SESSION_ENDED_CHANNEL,
} from '@sage/live-bus';
import { type NatsServer, startNatsServer } from '@sage/live-bus/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, spawnWorkerProcess, type TestWorkerProcess } from '../test/worker';

const quiet = { info() {}, warn() {}, error() {} };

/**
 * With LIVE_BUS_URL at a NATS server (decision 0400) no transaction NOTIFYs: the relay publishes the committed
 * TaskChange rows. Here the ingest and the job process run as deployed, each a process of its own with that
 * setting, while a connection of the test LISTENs on every live channel: every way a device event changes a task
 * (a new alert, a press on an open task, care confirmed, a trouble raised and closed by a battery report, a
 * gateway's trouble closed by an event of unknown hardware, and an event applied by its job, the simulated
 * press's way) reaches a NATS subscriber, and not one notification reaches the listener.
 */
describe('[WORKER][INGEST][NATS]: with the NATS live bus the ingest and the job path never NOTIFY', () => {
  let db: TestDatabase;
  let nats: NatsServer;
  let f: TestFacility;
  let listener: pg.Client;
  let bus: NatsLiveBus;
  let ingestUrl: string;
  const children: TestWorkerProcess[] = [];
  const notified: { channel: string; payload: string | undefined }[] = [];
  const frames: TaskChangedNotification[] = [];

  const start = (entry: string, env: Record<string, string>): TestWorkerProcess => {
    const child = spawnWorkerProcess(entry, {
      DATABASE_URL: db.url,
      LIVE_BUS_URL: nats.url,
      INSIGHTS_ENGINE: 'off',
      ...env,
    });
    children.push(child);
    return child;
  };
  /** A process of the test that stopped is a failure of its own, not a wait that times out. */
  const running = () => {
    for (const child of children) {
      if (child.exitCode !== null) throw new Error(`a process of the test stopped:\n${child.output()}`);
    }
  };

  beforeAll(async () => {
    [db, nats] = await Promise.all([createTestDatabase(), startNatsServer()]);
    f = await createTestFacility(db.prisma);
    listener = new pg.Client({ connectionString: db.url });
    await listener.connect();
    listener.on('notification', (n) => notified.push({ channel: n.channel, payload: n.payload }));
    for (const channel of [
      TASK_CHANGED_CHANNEL,
      SESSION_ENDED_CHANNEL,
      RECOGNITION_CHANNEL,
      DEVICE_QA_CHANNEL,
    ]) {
      await listener.query(`LISTEN ${channel}`);
    }
    bus = await createNatsLiveBus({
      natsUrl: nats.url,
      connectionString: db.url,
      logger: quiet,
      // Frames from NATS only: the heal reads the rows themselves.
      healIntervalMs: 3_600_000,
    });
    bus.subscribe((change) => frames.push(change));
    const port = await freePort();
    ingestUrl = `http://127.0.0.1:${port}${INGEST_EVENTS_PATH}`;
    start('src/ingest-main.ts', { INGEST_PORT: String(port) });
    // The job process: the per-event jobs, and the relay that publishes to NATS (few connections: the server is shared).
    start('src/jobs-main.ts', { WORKER_CONCURRENCY: '2', WORKER_TIMER_CONCURRENCY: '2' });
    await eventually(async () => {
      running();
      return (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.ok ?? false;
    }, 30_000);
  }, 60_000);
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await bus?.close();
    await listener?.end();
    await nats?.stop();
    await db?.drop();
  });

  const send = async (hardwareId: string, type: IngestEventType, batteryLevel?: number) => {
    const eventId = randomUUID();
    const res = await fetch(ingestUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [GATEWAY_KEY_HEADER]: f.gateway.key },
      body: JSON.stringify({
        eventId,
        hardwareId,
        type,
        timestamp: new Date().toISOString(),
        ...(batteryLevel !== undefined ? { batteryLevel } : {}),
      }),
    });
    expect(res.status).toBe(202);
    // The 202 comes after the batch's commit: the event is applied.
    return db.prisma.deviceEvent.findFirstOrThrow({ where: { eventId, processedAt: { not: null } } });
  };
  const openTaskOf = (deviceId: string) =>
    db.prisma.task.findUniqueOrThrow({ where: { openDeviceKey: deviceId } });

  it('every task change of the ingest and of the job path reaches NATS, and nothing is NOTIFYed', async () => {
    // A new alert, then a press on it (an update of the open task).
    const pendant = f.residents.AL.pendant;
    expect((await send(pendant.hardwareId, 'BUTTON_PRESS')).outcome).toBe('TASK_CREATED');
    expect((await send(pendant.hardwareId, 'BUTTON_PRESS')).outcome).toBe('TASK_UPDATED');
    expect((await send(f.fallSensor.hardwareId, 'FALL_DETECTED')).outcome).toBe('TASK_CREATED');

    // Care confirmed by the resident's pendant.
    const mc = f.residents.MC.pendant;
    await send(mc.hardwareId, 'BUTTON_PRESS');
    const confirming = await openTaskOf(mc.deviceId);
    await db.prisma.task.update({
      where: { id: confirming.id },
      data: {
        status: 'OPEN_CONFIRMING',
        assigneeId: f.staff.caregiver.id,
        confirmingSince: new Date(Date.now() - 1_000),
      },
    });
    expect((await send(mc.hardwareId, 'BUTTON_PRESS')).outcome).toBe('CARE_CONFIRMED');

    // A low battery raises a trouble task; a charged report closes it.
    const ltc = f.residents.LTC.pendant;
    await send(ltc.hardwareId, 'HEARTBEAT', 12);
    const trouble = await db.prisma.task.findUniqueOrThrow({
      where: { openTroubleKey: `${ltc.deviceId}:LOW_BATTERY` },
    });
    await send(ltc.hardwareId, 'HEARTBEAT', 95);
    expect((await db.prisma.task.findUniqueOrThrow({ where: { id: trouble.id } })).status).toBe(
      'CLOSED_RESOLVED',
    );

    // The gateway's silence trouble, closed by an event of hardware nobody registered.
    const gatewayTrouble = await db.prisma.task.create({
      data: {
        facilityId: f.facilityId,
        enterpriseId: f.enterpriseId,
        title: 'Gateway not heard from',
        severity: 'MEDIUM_PRIORITY',
        severityRank: 4,
        kind: 'DEVICE_TROUBLE',
        troubleCause: 'GATEWAY_SILENT',
        gatewayId: f.gateway.id,
        openTroubleKey: `${f.gateway.id}:GATEWAY_SILENT`,
      },
    });
    expect((await send(`unknown-${randomUUID()}`, 'BUTTON_PRESS')).outcome).toBe('UNALLOCATED_HARDWARE');
    expect((await db.prisma.task.findUniqueOrThrow({ where: { id: gatewayTrouble.id } })).status).toBe(
      'CLOSED_RESOLVED',
    );

    // The job path (the API's simulated press, a failed batch's events): stored with its job, applied by the job
    // process.
    const wall = f.units.LTC.wallButton;
    const [stored] = await queryPrepared<StoredDeviceEventRow>(
      db.prisma,
      STORE_DEVICE_EVENTS_SQL,
      storeDeviceEventsParams(
        [
          {
            eventId: randomUUID(),
            facilityId: f.facilityId,
            gatewayId: f.gateway.id,
            hardwareId: wall.hardwareId,
            type: 'BUTTON_PRESS',
            timestamp: new Date(),
            batteryLevel: null,
          },
        ],
        { futureToleranceMs: 5_000, queueJobs: true },
      ),
    );
    const applied = await eventually(async () => {
      running();
      return db.prisma.deviceEvent.findFirst({ where: { id: stored!.id, processedAt: { not: null } } });
    }, 20_000);
    expect(applied.outcome).toBe('TASK_CREATED');

    // Every change recorded reaches the NATS subscriber.
    const changes = await db.prisma.taskChange.findMany({ orderBy: { version: 'asc' } });
    const tasks = [confirming.id, trouble.id, gatewayTrouble.id, (await openTaskOf(wall.deviceId)).id];
    for (const id of tasks) expect(changes.some((c) => c.taskId === id)).toBe(true);
    expect(changes.length).toBeGreaterThanOrEqual(9);
    await eventually(async () => {
      running();
      return changes.every((c) => frames.some((m) => m.version === Number(c.version)));
    }, 20_000);

    // A round trip on the listening connection: a NOTIFY committed before it is delivered before its answer.
    await listener.query('SELECT 1');
    expect(notified).toEqual([]);
  }, 90_000);
});
