import type net from 'node:net';
import { createPrisma, type PrismaClient } from '@sage/db';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import {
  createTestDatabase,
  startTcpRelay,
  type TcpRelay,
  type TestDatabase,
  testServerUrl,
} from '@sage/db/testing';
import { createOutboxSmsTransport, type SmsMessage, type SmsTransport } from '@sage/notify/sms';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Watchdog, type WatchdogOptions } from './watchdog';

/**
 * The watchdog against real PostgreSQL and real HTTP servers it probes (decisions 0510-0513): a fault past its
 * limit is texted once to the on-call managers (the outbox is a table of that database), not again on the next
 * round or by a restarted watchdog, and once more when it clears. The clock of the watchdog is driven by the test
 * (the 30 s limits are not waited for); heartbeat and gateway ages are the database's own.
 */

/** A tiny /healthz server on a free port that answers, or is closed (connection refused), on demand. */
class HealthServer {
  private app: FastifyInstance | null = null;
  port = 0;
  async up(): Promise<void> {
    if (this.app) return;
    const app = Fastify();
    app.get('/healthz', async () => ({ status: 'ok' }));
    await app.listen({ host: '127.0.0.1', port: this.port });
    this.port = (app.server.address() as net.AddressInfo).port;
    this.app = app;
  }
  async down(): Promise<void> {
    await this.app?.close();
    this.app = null;
  }
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }
}

const LIMITS = {
  apiSeconds: 30,
  ingestSeconds: 30,
  jobsSeconds: 30,
  databaseSeconds: 30,
  gatewayMinutes: 15,
};
const silentLog = process.env.WATCHDOG_TEST_LOG
  ? { info: console.log, warn: console.log, error: console.log }
  : { info() {}, warn() {}, error() {} };

let db: TestDatabase;
let prisma: PrismaClient;
let maple: TestFacility;
let cedar: TestFacility;
/** Maple's on-call manager (a Management member, not an admin); Maple's admin is not on call. */
let onCallPhone: string;
const api = new HealthServer();
const ingest = new HealthServer();
let clock: number;
const watchdogs: Watchdog[] = [];

function watchdog(overrides: Partial<WatchdogOptions> = {}): Watchdog {
  const w = new Watchdog({
    prisma,
    sms: createOutboxSmsTransport(prisma),
    log: silentLog,
    apiUrl: api.url,
    ingestUrl: ingest.url,
    limits: LIMITS,
    probeTimeoutMs: 3_000,
    intervalMs: 1_000,
    defaultSender: '+15005550006',
    now: () => new Date(clock),
    ...overrides,
  });
  watchdogs.push(w);
  return w;
}
const advance = (seconds: number) => {
  clock += seconds * 1000;
};
const outbox = (to: string) =>
  prisma.outboxMessage.findMany({ where: { to }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });

beforeAll(async () => {
  db = await createTestDatabase();
  prisma = db.prisma;
  maple = await createTestFacility(prisma);
  cedar = await createTestFacility(prisma);
  const member = await prisma.staffMember.create({
    data: { firstName: 'Olive', lastName: 'Oncall', phoneNumber: `+1415${String(Date.now()).slice(-7)}` },
  });
  const management = await prisma.group.findFirstOrThrow({
    where: { facilityId: maple.facilityId, type: 'Management' },
  });
  await prisma.groupMembership.create({
    data: { facilityId: maple.facilityId, groupId: management.id, staffMemberId: member.id },
  });
  await prisma.onCallState.create({
    data: { facilityId: maple.facilityId, staffMemberId: member.id, isOnCall: true },
  });
  onCallPhone = member.phoneNumber;
  await api.up();
  await ingest.up();
});

afterAll(async () => {
  for (const w of watchdogs) await w.stop();
  await api.down();
  await ingest.down();
  await db?.drop();
});

beforeEach(async () => {
  clock = Date.now();
  await prisma.outboxMessage.deleteMany({});
  await prisma.watchdogFault.deleteMany({});
  await prisma.$executeRaw`DELETE FROM "WorkerHeartbeat"`;
  await prisma.$executeRaw`INSERT INTO "WorkerHeartbeat" ("poolId", hostname, pid) VALUES ('pool-test', 'test', 1)`;
});

afterEach(async () => {
  await ingest.up().catch(() => {});
  await api.up().catch(() => {});
});

describe('the watchdog (issue #29)', () => {
  it('ingest down past 30 s: one text to the on-call manager of every community, none repeated, one when fixed', async () => {
    const w = watchdog();
    expect((await w.check()).texts).toEqual([]);

    await ingest.down();
    advance(1);
    const first = await w.check();
    expect(first.opened).toEqual([]);
    advance(30);
    expect((await w.check()).opened).toEqual([]);
    advance(1);
    const second = await w.check();
    expect(second.opened).toEqual(['ingest']);

    const [text] = await outbox(onCallPhone);
    expect(text?.body).toMatch(
      /^Sage Care: alerts at .+ may be delayed: the device ingest is not answering \(since \d\d:\d\d\)\. We'll text again when it's fixed\.$/,
    );
    expect(text?.body).toContain(`alerts at ${await facilityName(maple)} may be delayed`);
    expect(text?.from).toBe(maple.emergencyNotificationNumber || '+15005550006');
    // Maple's admin is not texted (a manager is on call there); Cedar has none on call: its admins are.
    expect(await outbox(maple.staff.manager.phoneNumber)).toEqual([]);
    const cedarTexts = await outbox(cedar.staff.manager.phoneNumber);
    expect(cedarTexts.map((t) => t.body)).toEqual([
      expect.stringContaining(`alerts at ${await facilityName(cedar)} may be delayed`),
    ]);
    // Caregivers are not texted.
    expect(await outbox(maple.staff.caregiver.phoneNumber)).toEqual([]);

    advance(10);
    expect((await w.check()).texts).toEqual([]);
    // A restarted watchdog (its clocks start again) neither texts it again nor calls it fixed.
    const restarted = watchdog();
    expect((await restarted.check()).texts).toEqual([]);
    expect(await prisma.watchdogFault.count({ where: { key: 'ingest' } })).toBe(1);
    expect(await outbox(onCallPhone)).toHaveLength(1);

    await ingest.up();
    advance(5);
    const fixed = await w.check();
    expect(fixed.cleared).toEqual(['ingest']);
    expect((await restarted.check()).texts).toEqual([]);
    const texts = await outbox(onCallPhone);
    expect(texts.map((t) => t.body)).toEqual([
      expect.stringContaining('the device ingest is not answering'),
      expect.stringMatching(
        /^Sage Care: fixed at .+: the device ingest answers again \(trouble since \d\d:\d\d\)\. Alerts are on time again\.$/,
      ),
    ]);
    expect(await outbox(cedar.staff.manager.phoneNumber)).toHaveLength(2);
    expect(await prisma.watchdogFault.count()).toBe(0);
  });

  it('the API down past 30 s is texted, and its recovery', async () => {
    const w = watchdog();
    await api.down();
    await w.check();
    advance(31);
    expect((await w.check()).opened).toEqual(['api']);
    await api.up();
    advance(5);
    expect((await w.check()).cleared).toEqual(['api']);
    expect((await outbox(onCallPhone)).map((t) => t.body)).toEqual([
      expect.stringContaining('the app server is not answering'),
      expect.stringContaining('the app server answers again'),
    ]);
  });

  it("the job process's heartbeat older than 30 s: one text, and one when it beats again", async () => {
    await prisma.$executeRaw`UPDATE "WorkerHeartbeat" SET "beatAt" = now() - interval '40 seconds'`;
    const w = watchdog();
    expect((await w.check()).opened).toEqual(['jobs']);
    advance(5);
    expect((await w.check()).texts).toEqual([]);
    await prisma.$executeRaw`UPDATE "WorkerHeartbeat" SET "beatAt" = now()`;
    advance(5);
    expect((await w.check()).cleared).toEqual(['jobs']);
    expect((await outbox(onCallPhone)).map((t) => t.body)).toEqual([
      expect.stringContaining('the alert sender (job process) has stopped'),
      expect.stringContaining('the alert sender (job process) runs again'),
    ]);
  });

  it('no job process beating at all (stopped cleanly, never started) is a fault after 30 s', async () => {
    await prisma.$executeRaw`DELETE FROM "WorkerHeartbeat"`;
    const w = watchdog();
    expect((await w.check()).opened).toEqual([]);
    advance(31);
    expect((await w.check()).opened).toEqual(['jobs']);
  });

  it("a gateway silent past 15 min is texted to its own community's on-call manager only", async () => {
    await prisma.$executeRaw`UPDATE "FacilityGateway" SET "createdAt" = now() - interval '20 minutes' WHERE id = ${maple.gateway.id}`;
    const w = watchdog();
    const round = await w.check();
    expect(round.opened).toEqual([`gateway:${maple.gateway.id}`]);
    const gatewayName = (await prisma.facilityGateway.findUniqueOrThrow({ where: { id: maple.gateway.id } }))
      .name;
    expect((await outbox(onCallPhone)).map((t) => t.body)).toEqual([
      expect.stringContaining(`gateway ${gatewayName} is silent`),
    ]);
    expect(await outbox(cedar.staff.manager.phoneNumber)).toEqual([]);
    advance(60);
    expect((await w.check()).texts).toEqual([]);

    // Heard again: an event from it.
    await prisma.deviceEvent.create({
      data: {
        eventId: 'watchdog-heartbeat-1',
        facilityId: maple.facilityId,
        gatewayId: maple.gateway.id,
        hardwareId: 'GATEWAY-SELF',
        type: 'HEARTBEAT',
        eventTimestamp: new Date(),
      },
    });
    advance(5);
    expect((await w.check()).cleared).toEqual([`gateway:${maple.gateway.id}`]);
    expect((await outbox(onCallPhone)).map((t) => t.body)).toEqual([
      expect.stringContaining(`gateway ${gatewayName} is silent`),
      expect.stringContaining(`gateway ${gatewayName} is heard again`),
    ]);
    expect(await outbox(cedar.staff.manager.phoneNumber)).toEqual([]);

    // Silent again, then heard through heartbeats the ingest's heartbeat path took: no event stored, the gateway's
    // own last heard written (decision 0660).
    await prisma.$executeRaw`UPDATE "DeviceEvent" SET "receivedAt" = now() - interval '20 minutes' WHERE "gatewayId" = ${maple.gateway.id}`;
    advance(60);
    expect((await w.check()).opened).toEqual([`gateway:${maple.gateway.id}`]);
    await prisma.$executeRaw`UPDATE "FacilityGateway" SET "lastHeardAt" = now() WHERE id = ${maple.gateway.id}`;
    advance(5);
    expect((await w.check()).cleared).toEqual([`gateway:${maple.gateway.id}`]);
  });

  describe('the database unreachable', () => {
    // A relay to the test's PostgreSQL: cut, the watchdog's database is unreachable (the test's own is not).
    let relay: TcpRelay;
    let relayed: PrismaClient;
    beforeAll(async () => {
      relay = await startTcpRelay(targetOf());
      const url = new URL(db.url);
      url.hostname = '127.0.0.1';
      url.port = String(relay.port);
      relayed = createPrisma(url.toString(), { max: 2, connectionTimeoutMillis: 2_000 });
    });
    afterAll(async () => {
      await relayed.$disconnect();
      await relay.close();
    });

    it('outbox: the text is queued in memory (no crash) and written, with the all-clear, when it returns', async () => {
      const w = watchdog({ prisma: relayed, sms: createOutboxSmsTransport(relayed), probeTimeoutMs: 2_000 });
      expect((await w.check()).databaseUp).toBe(true);

      await relay.cut();
      const down = await w.check();
      expect(down.databaseUp).toBe(false);
      expect(down.opened).toEqual([]);
      advance(31);
      const fault = await w.check();
      expect(fault.opened).toEqual(['database']);
      expect(fault.texts).toContainEqual({
        to: onCallPhone,
        body: expect.stringContaining('the database is unreachable'),
        outcome: 'queued',
      });
      expect(w.queuedTexts.length).toBeGreaterThanOrEqual(2);
      advance(5);
      expect((await w.check()).texts).toEqual([]);
      expect(await outbox(onCallPhone)).toEqual([]);

      await relay.restore();
      advance(5);
      const back = await w.check();
      expect(back.databaseUp).toBe(true);
      expect(back.cleared).toEqual(['database']);
      expect(w.queuedTexts).toEqual([]);
      expect((await outbox(onCallPhone)).map((t) => t.body)).toEqual([
        expect.stringContaining('the database is unreachable'),
        expect.stringContaining('the database is reachable again'),
      ]);
      expect(await prisma.watchdogFault.count()).toBe(0);
    });

    it('Twilio: texts go at once to the recipients last read', async () => {
      const sent: SmsMessage[] = [];
      // The provider's side of Twilio (an external service): what it was asked to send.
      const twilio: SmsTransport = {
        kind: 'twilio',
        async send(message) {
          sent.push(message);
          return { providerMessageId: `SM${sent.length}` };
        },
      };
      const w = watchdog({ prisma: relayed, sms: twilio, probeTimeoutMs: 2_000 });
      await w.check();
      await relay.cut();
      await w.check();
      advance(31);
      const fault = await w.check();
      expect(fault.texts).toContainEqual({
        to: onCallPhone,
        body: expect.stringContaining('the database is unreachable'),
        outcome: 'sent',
      });
      expect(sent.map((m) => m.to)).toContain(onCallPhone);
      expect(w.queuedTexts).toEqual([]);
      await relay.restore();
      advance(5);
      await w.check();
      expect(sent.filter((m) => m.to === onCallPhone).map((m) => m.body)).toEqual([
        expect.stringContaining('the database is unreachable'),
        expect.stringContaining('the database is reachable again'),
      ]);
    });
  });
});

async function facilityName(f: TestFacility): Promise<string> {
  return (await prisma.facility.findUniqueOrThrow({ where: { id: f.facilityId } })).name;
}

function targetOf(): { host: string; port: number } {
  const url = new URL(testServerUrl());
  return { host: url.hostname, port: Number(url.port || 5432) };
}
