import { randomUUID } from 'node:crypto';
import {
  DEVICE_QA_TEST_WINDOW_MS,
  DeviceQaMessages,
  PROFILE_HEADER,
  QA_SESSION_PRESS_OUTCOME,
  STATION_DISPLAY_DEVICE_TESTS_PATH,
  STATION_DISPLAY_TOKEN_PATH,
  STATION_DISPLAYS_PATH,
  type TAlertLocationSessionReply,
  type TAuditSessionRecordReply,
  type TAuditSessionReply,
  type TCreatedStationDisplay,
  type TDeviceQaSessionReply,
  type TDeviceTestNoticesReply,
  type TLiveServerMessage,
} from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { caller, insertDeviceTask } from '../../test/tasks';
import { openSessionToken } from '../auth/sessions/open-session';
import { connectLive, type LiveClient } from '../live/live-client';

const BASE = '/deviceaudit/api/v1';

/**
 * The device audit service (docs/decisions/0270, 0271, 0505): every route, its validation, who may call it and
 * tenancy (another community's sessions are 404, its facility 403). The walk's presses are stored here as
 * the ingest records them (a processed DeviceEvent); the worker's device-qa test posts real presses through the
 * ingest endpoint (what stays quiet and what alerts).
 */
describe('[API][DEVICE-AUDIT]', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;
  /** 13 actively allocated devices: 5 pendants, 5 wall buttons, a check-in button, a door alarm, a fall sensor. */
  const ALLOCATED = 13;

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
  });
  afterAll(() => t.close());

  const as = (id: string) => caller(t, id);
  /** A press of the walk, stored as the ingest stores it (apps/worker/src/alerts/device-qa.int.test.ts). */
  const qaPress = (
    facility: TestFacility,
    device: { deviceId: string; hardwareId: string },
    battery: number | null,
  ) =>
    t.db.prisma.deviceEvent.create({
      data: {
        eventId: randomUUID(),
        facilityId: facility.facilityId,
        gatewayId: facility.gateway.id,
        hardwareId: device.hardwareId,
        type: 'BUTTON_PRESS',
        eventTimestamp: new Date(),
        batteryLevel: battery,
        processedAt: new Date(),
        deviceId: device.deviceId,
        outcome: QA_SESSION_PRESS_OUTCOME,
      },
    });

  describe('device QA sessions', () => {
    let walk: TDeviceQaSessionReply;

    it('refuses bad input with a 400 naming the field', async () => {
      const post = (body: object) => as(f.staff.maintenance.id)('POST', `${BASE}/deviceQaSessions`, body);
      const cases: [object, string][] = [
        [{}, 'body.facilityRid'],
        [{ facilityRid: f.facilityId, durationInMin: 1 }, 'body.durationInMin'],
        [{ facilityRid: f.facilityId, durationInMin: 10_000 }, 'body.durationInMin'],
        // At most 60 minutes (decision 0505).
        [{ facilityRid: f.facilityId, durationInMin: 61 }, 'body.durationInMin'],
        [{ facilityRid: f.facilityId, notes: 'a\u0000b' }, 'body.notes'],
        [{ facilityRid: f.facilityId, extra: true }, 'body'],
      ];
      for (const [body, field] of cases) {
        const res = await post(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().issues.some((i: { field: string }) => i.field.startsWith(field))).toBe(true);
      }
      const bulk = await as(f.staff.maintenance.id)('PUT', `${BASE}/deviceQaSessions/bulk`, []);
      expect(bulk.statusCode).toBe(400);
    });

    it('is refused to care staff, housekeeping and another community (403), and without a token (401)', async () => {
      for (const who of [
        f.staff.caregiver.id,
        f.staff.housekeeper.id,
        f.staff.nurse.id,
        other.staff.manager.id,
      ]) {
        const res = await as(who)('POST', `${BASE}/deviceQaSessions`, { facilityRid: f.facilityId });
        expect(res.statusCode).toBe(403);
      }
      const list = await as(f.staff.caregiver.id)(
        'GET',
        `${BASE}/deviceQaSessions/facilities/${f.facilityId}`,
      );
      expect(list.statusCode).toBe(403);
      expect(list.json().message).toBe(DeviceQaMessages.notAllowed);
      const anonymous = await t.app.inject({
        method: 'GET',
        url: `${BASE}/deviceQaSessions/facilities/${f.facilityId}`,
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('a maintenance tech starts the walk: every allocated device listed, none heard; a second walk is 409', async () => {
      const res = await as(f.staff.maintenance.id)('POST', `${BASE}/deviceQaSessions`, {
        facilityRid: f.facilityId,
        durationInMin: 30,
      });
      expect(res.statusCode).toBe(201);
      walk = res.json();
      expect(walk).toMatchObject({
        facilityRid: f.facilityId,
        status: 'IN_PROGRESS',
        startedById: f.staff.maintenance.id,
        heardCount: 0,
        notHeardCount: ALLOCATED,
      });
      expect(walk.expiresAt - walk.startedAt).toBe(30 * 60_000);
      // No resident's name in a walk: maintenance sees no PHI.
      expect(JSON.stringify(walk)).not.toContain(f.residents.AL.lastName);
      expect(walk.devices.find((d) => d.deviceRid === f.residents.AL.pendant.deviceId)?.location).toBe(
        `${f.units.AL.displayName} · Pendant`,
      );
      const again = await as(f.staff.manager.id)('POST', `${BASE}/deviceQaSessions`, {
        facilityRid: f.facilityId,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(DeviceQaMessages.alreadyRunning);
    });

    it('lists the devices heard (when, battery) and those not heard; another community’s presses do not count', async () => {
      await qaPress(f, f.residents.AL.pendant, 15);
      await qaPress(f, f.units.MC.wallButton, 95);
      await qaPress(f, f.units.MC.wallButton, 94);
      await qaPress(f, f.door.alarm, null);
      await qaPress(other, other.residents.AL.pendant, 90);
      const res = await as(f.staff.support.id)('GET', `${BASE}/deviceQaSessions/facilities/${f.facilityId}`);
      expect(res.statusCode).toBe(200);
      const [current] = res.json() as TDeviceQaSessionReply[];
      expect(current).toMatchObject({ deviceQaSessionRid: walk.deviceQaSessionRid, heardCount: 3 });
      expect(current!.notHeardCount).toBe(ALLOCATED - 3);
      const line = (deviceId: string) => current!.devices.find((d) => d.deviceRid === deviceId)!;
      expect(line(f.residents.AL.pendant.deviceId)).toMatchObject({
        heard: true,
        pressCount: 1,
        batteryLevel: 15,
        batteryStatus: 'low',
      });
      expect(line(f.units.MC.wallButton.deviceId)).toMatchObject({
        heard: true,
        pressCount: 2,
        batteryLevel: 94,
      });
      expect(line(f.door.alarm.deviceId)).toMatchObject({ heard: true, batteryStatus: 'unknown' });
      expect(line(f.units.AL.wallButton.deviceId)).toMatchObject({
        heard: false,
        pressCount: 0,
        lastHeardAt: null,
      });
      expect(line(f.residents.AL.pendant.deviceId).lastHeardAt).toBeGreaterThanOrEqual(walk.startedAt);
      // Not heard first.
      expect(current!.devices.slice(0, ALLOCATED - 3).every((d) => !d.heard)).toBe(true);
      const inProgress = await as(f.staff.manager.id)(
        'GET',
        `${BASE}/deviceQaSessions/facilities/${f.facilityId}?status=IN_PROGRESS`,
      );
      expect((inProgress.json() as unknown[]).length).toBe(1);
      const bad = await as(f.staff.manager.id)(
        'GET',
        `${BASE}/deviceQaSessions/facilities/${f.facilityId}?status=NOPE`,
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues[0].field).toBe('querystring.status');
    });

    it('another community’s walk is 404 to read, change or delete; its facility 403', async () => {
      const outsider = as(other.staff.manager.id);
      const rid = walk.deviceQaSessionRid;
      expect(
        (await outsider('PUT', `${BASE}/deviceQaSessions/${rid}`, { status: 'COMPLETED' })).statusCode,
      ).toBe(404);
      expect((await outsider('DELETE', `${BASE}/deviceQaSessions/${rid}`)).statusCode).toBe(404);
      expect(
        (await outsider('PUT', `${BASE}/deviceQaSessions/bulk`, [{ deviceQaSessionRid: rid, notes: 'x' }]))
          .statusCode,
      ).toBe(404);
      expect((await outsider('GET', `${BASE}/deviceQaSessions/facilities/${f.facilityId}`)).statusCode).toBe(
        403,
      );
      // A caregiver of the walk's own facility: 403.
      expect(
        (await as(f.staff.caregiver.id)('PUT', `${BASE}/deviceQaSessions/${rid}`, { notes: 'x' })).statusCode,
      ).toBe(403);
    });

    it('finishing freezes the summary; presses after it do not count; finishing again is 409', async () => {
      const done = await as(f.staff.maintenance.id)(
        'PUT',
        `${BASE}/deviceQaSessions/${walk.deviceQaSessionRid}`,
        {
          status: 'COMPLETED',
          notes: 'Second floor done',
        },
      );
      expect(done.statusCode).toBe(200);
      const body = done.json() as TDeviceQaSessionReply;
      expect(body).toMatchObject({ status: 'COMPLETED', heardCount: 3, notes: 'Second floor done' });
      expect(body.endedById).toBe(f.staff.maintenance.id);
      const row = await t.db.prisma.deviceQaSession.findUniqueOrThrow({
        where: { id: walk.deviceQaSessionRid },
      });
      expect(row.activeFacilityKey).toBeNull();
      await qaPress(f, f.units.AL.wallButton, 90);
      const list = await as(f.staff.maintenance.id)(
        'GET',
        `${BASE}/deviceQaSessions/facilities/${f.facilityId}`,
      );
      expect((list.json() as TDeviceQaSessionReply[])[0]!.heardCount).toBe(3);
      const again = await as(f.staff.maintenance.id)(
        'PUT',
        `${BASE}/deviceQaSessions/${walk.deviceQaSessionRid}`,
        {
          status: 'CANCELED',
        },
      );
      expect(again.statusCode).toBe(409);
    });

    it('two walks started at once: one wins, the other is 409', async () => {
      const facility = await createTestFacility(t.db.prisma);
      const replies = await Promise.all(
        [facility.staff.manager.id, facility.staff.maintenance.id].map((id) =>
          as(id)('POST', `${BASE}/deviceQaSessions`, { facilityRid: facility.facilityId }),
        ),
      );
      expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    });

    it('bulk: all or nothing; delete removes the walk', async () => {
      const facility = await createTestFacility(t.db.prisma);
      const start = await as(facility.staff.manager.id)('POST', `${BASE}/deviceQaSessions`, {
        facilityRid: facility.facilityId,
      });
      const rid = (start.json() as TDeviceQaSessionReply).deviceQaSessionRid;
      const failed = await as(facility.staff.manager.id)('PUT', `${BASE}/deviceQaSessions/bulk`, [
        { deviceQaSessionRid: rid, status: 'CANCELED' },
        { deviceQaSessionRid: walk.deviceQaSessionRid, notes: 'not mine' },
      ]);
      expect(failed.statusCode).toBe(404);
      expect((await t.db.prisma.deviceQaSession.findUniqueOrThrow({ where: { id: rid } })).status).toBe(
        'IN_PROGRESS',
      );
      const twice = await as(facility.staff.manager.id)('PUT', `${BASE}/deviceQaSessions/bulk`, [
        { deviceQaSessionRid: rid, notes: 'a' },
        { deviceQaSessionRid: rid, notes: 'b' },
      ]);
      expect(twice.statusCode).toBe(400);
      expect(twice.json().issues[0].field).toBe('body.1.deviceQaSessionRid');
      const ok = await as(facility.staff.manager.id)('PUT', `${BASE}/deviceQaSessions/bulk`, [
        { deviceQaSessionRid: rid, status: 'CANCELED', notes: 'Fire drill' },
      ]);
      expect(ok.statusCode).toBe(200);
      expect(ok.json()[0]).toMatchObject({ status: 'CANCELED', notes: 'Fire drill' });
      expect(
        (await as(facility.staff.manager.id)('DELETE', `${BASE}/deviceQaSessions/${rid}`)).statusCode,
      ).toBe(204);
      expect(
        (await as(facility.staff.manager.id)('DELETE', `${BASE}/deviceQaSessions/${rid}`)).statusCode,
      ).toBe(404);
    });
  });

  describe('device tests during a walk and the caregivers’ banner (decision 0505)', () => {
    let g: TestFacility;
    let url: string;
    const clients: LiveClient[] = [];
    beforeAll(async () => {
      g = await createTestFacility(t.db.prisma);
      url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    });
    afterAll(() => {
      for (const c of clients) c.close();
    });
    const liveAs = async (accessToken: string, staffMemberId: string) => {
      const client = await connectLive(url, { auth: { accessToken, staffMemberId } });
      clients.push(client);
      await client.waitFor((m) => m.type === 'ready');
      return client;
    };
    const staffLive = async (staffMemberId: string) =>
      liveAs(
        (await openSessionToken(t.db.prisma, staffMemberId, t.config.JWT_SECRET, 600)).token,
        staffMemberId,
      );
    const qaChanged = (facilityId: string) => (m: TLiveServerMessage) =>
      m.type === 'deviceQa.changed' && m.facilityId === facilityId;
    const current = async (who: string) => {
      const res = await as(who)('GET', `${BASE}/deviceQaSessions/current`);
      expect(res.statusCode).toBe(200);
      return res.json() as TDeviceTestNoticesReply;
    };

    it('a walk longer than 60 minutes is refused with a 400 naming the field; the default is 60', async () => {
      const res = await as(g.staff.maintenance.id)('POST', `${BASE}/deviceQaSessions`, {
        facilityRid: g.facilityId,
        durationInMin: 90,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([expect.objectContaining({ field: 'body.durationInMin' })]);
      expect(await t.db.prisma.deviceQaSession.count({ where: { facilityId: g.facilityId } })).toBe(0);
    });

    it('starting shows the banner live on a caregiver’s socket and a station display’s, with who started it', async () => {
      const caregiver = await staffLive(g.staff.caregiver.id);
      const display = (
        await as(g.staff.manager.id)('POST', STATION_DISPLAYS_PATH, {
          facilityId: g.facilityId,
          name: 'Nurses station',
        })
      ).json() as TCreatedStationDisplay;
      const token = await t.app.inject({
        method: 'POST',
        url: STATION_DISPLAY_TOKEN_PATH,
        payload: { displayKey: display.displayKey },
      });
      const { accessToken } = token.json() as { accessToken: string };
      const displayLive = await liveAs(accessToken, display.id);
      const outsider = await staffLive(other.staff.caregiver.id);
      expect((await current(g.staff.caregiver.id)).deviceTests).toEqual([]);

      const started = await as(g.staff.maintenance.id)('POST', `${BASE}/deviceQaSessions`, {
        facilityRid: g.facilityId,
      });
      expect(started.statusCode).toBe(201);
      const walk = started.json() as TDeviceQaSessionReply;
      expect(walk.expiresAt - walk.startedAt).toBe(60 * 60_000);
      await caregiver.waitFor(qaChanged(g.facilityId));
      await displayLive.waitFor(qaChanged(g.facilityId));

      const seen = await current(g.staff.caregiver.id);
      expect(seen.deviceTests).toEqual([
        {
          deviceQaSessionRid: walk.deviceQaSessionRid,
          facilityRid: g.facilityId,
          facilityName: expect.any(String),
          timezone: g.timezone,
          startedAt: walk.startedAt,
          expiresAt: walk.expiresAt,
          startedByName: `${g.staff.maintenance.firstName} ${g.staff.maintenance.lastName}`,
          mayEnd: false,
        },
      ]);
      expect((await current(g.staff.nurse.id)).deviceTests[0]!.mayEnd).toBe(true);
      expect((await current(g.staff.manager.id)).deviceTests[0]!.mayEnd).toBe(true);
      // Another community sees nothing of it, live or read.
      expect((await current(other.staff.caregiver.id)).deviceTests).toEqual([]);
      expect(outsider.messages.some((m) => m.message.type === 'deviceQa.changed')).toBe(false);
      // The display reads it with its own token (and ends nothing); a staff token is refused there.
      const displayRead = await t.app.inject({
        method: 'GET',
        url: STATION_DISPLAY_DEVICE_TESTS_PATH,
        headers: { authorization: `Bearer ${accessToken}`, [PROFILE_HEADER]: display.id },
      });
      expect(displayRead.statusCode).toBe(200);
      expect((displayRead.json() as TDeviceTestNoticesReply).deviceTests).toMatchObject([
        { deviceQaSessionRid: walk.deviceQaSessionRid, mayEnd: false },
      ]);
      const staffOnDisplayRoute = await as(g.staff.manager.id)('GET', STATION_DISPLAY_DEVICE_TESTS_PATH);
      expect(staffOnDisplayRoute.statusCode).toBe(403);
      // The display may not end it either (every staff route refuses a display token).
      const displayEnd = await t.app.inject({
        method: 'POST',
        url: `${BASE}/deviceQaSessions/${walk.deviceQaSessionRid}/end`,
        headers: { authorization: `Bearer ${accessToken}`, [PROFILE_HEADER]: display.id },
      });
      expect(displayEnd.statusCode).toBe(403);
    });

    it('puts one device on test at a time (by id or hardware id); bad input is a 400 naming the field', async () => {
      const [walk] = (
        await as(g.staff.maintenance.id)(
          'GET',
          `${BASE}/deviceQaSessions/facilities/${g.facilityId}?status=IN_PROGRESS`,
        )
      ).json() as TDeviceQaSessionReply[];
      const rid = walk!.deviceQaSessionRid;
      const arm = (who: string, body: object) =>
        as(who)('POST', `${BASE}/deviceQaSessions/${rid}/tests`, body);
      const bad: [object, string, string][] = [
        [{}, 'body.deviceRid', 'custom'],
        [{ deviceRid: g.residents.AL.pendant.deviceId, hardwareId: 'X' }, 'body.deviceRid', 'custom'],
        [{ deviceRid: other.residents.AL.pendant.deviceId }, 'body.deviceRid', 'same facility'],
        [{ hardwareId: 'NO-SUCH-HARDWARE' }, 'body.hardwareId', 'same facility'],
        [{ hardwareId: other.residents.AL.pendant.hardwareId }, 'body.hardwareId', 'same facility'],
      ];
      for (const [body, field, rule] of bad) {
        const res = await arm(g.staff.maintenance.id, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().issues[0], JSON.stringify(body)).toMatchObject({ field, rule });
      }
      // Care staff and nurses do not test devices.
      for (const who of [g.staff.caregiver.id, g.staff.nurse.id]) {
        expect((await arm(who, { deviceRid: g.residents.AL.pendant.deviceId })).statusCode).toBe(403);
      }
      expect(
        (
          await as(other.staff.manager.id)('POST', `${BASE}/deviceQaSessions/${rid}/tests`, {
            deviceRid: other.residents.AL.pendant.deviceId,
          })
        ).statusCode,
      ).toBe(404);

      const first = await arm(g.staff.maintenance.id, { deviceRid: g.residents.AL.pendant.deviceId });
      expect(first.statusCode).toBe(200);
      const line = (reply: TDeviceQaSessionReply, deviceId: string) =>
        reply.devices.find((d) => d.deviceRid === deviceId)!;
      const armed = line(first.json(), g.residents.AL.pendant.deviceId);
      expect(armed.testedAt).toBeNull();
      expect(armed.testArmedUntil! - Date.now()).toBeGreaterThan(DEVICE_QA_TEST_WINDOW_MS - 60_000);
      expect(armed.testArmedUntil! - Date.now()).toBeLessThanOrEqual(DEVICE_QA_TEST_WINDOW_MS);

      // By hardware id: the wall button is on test, the pendant taken off.
      const second = await arm(g.staff.manager.id, { hardwareId: g.units.MC.wallButton.hardwareId });
      expect(second.statusCode).toBe(200);
      expect(line(second.json(), g.units.MC.wallButton.deviceId).testArmedUntil).not.toBeNull();
      expect(line(second.json(), g.residents.AL.pendant.deviceId).testArmedUntil).toBeNull();
      expect(
        await t.db.prisma.deviceQaTest.count({
          where: { deviceQaSessionId: rid, armedDeviceKey: { not: null } },
        }),
      ).toBe(1);

      // The ingest takes the test with the button's first press (apps/worker/src/alerts/device-qa.int.test.ts):
      // the line reads tested.
      const press = await qaPress(g, g.units.MC.wallButton, 80);
      await t.db.prisma.deviceQaTest.updateMany({
        where: { deviceQaSessionId: rid, armedDeviceKey: g.units.MC.wallButton.deviceId },
        data: { armedDeviceKey: null, testedAt: press.receivedAt, testedEventId: press.id },
      });
      const [after] = (
        await as(g.staff.maintenance.id)(
          'GET',
          `${BASE}/deviceQaSessions/facilities/${g.facilityId}?status=IN_PROGRESS`,
        )
      ).json() as TDeviceQaSessionReply[];
      expect(after).toMatchObject({ testedCount: 1, heardCount: 1 });
      expect(line(after!, g.units.MC.wallButton.deviceId)).toMatchObject({
        heard: true,
        testArmedUntil: null,
        testedAt: press.receivedAt.getTime(),
      });
    });

    it('ended from the banner by a nurse (a caregiver is 403, another community 404); the banner goes live; again 409', async () => {
      const [walk] = (await current(g.staff.nurse.id)).deviceTests;
      const rid = walk!.deviceQaSessionRid;
      const end = (who: string) => as(who)('POST', `${BASE}/deviceQaSessions/${rid}/end`);
      const refused = await end(g.staff.caregiver.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(DeviceQaMessages.notAllowedEnd);
      expect((await end(g.staff.housekeeper.id)).statusCode).toBe(403);
      expect((await end(other.staff.nurse.id)).statusCode).toBe(404);
      await as(g.staff.maintenance.id)('POST', `${BASE}/deviceQaSessions/${rid}/tests`, {
        deviceRid: g.residents.IL.pendant.deviceId,
      });

      const caregiver = await staffLive(g.staff.caregiver.id);
      const ended = await end(g.staff.nurse.id);
      expect(ended.statusCode).toBe(200);
      expect((ended.json() as TDeviceTestNoticesReply).deviceTests).toEqual([]);
      await caregiver.waitFor(qaChanged(g.facilityId));
      expect((await current(g.staff.caregiver.id)).deviceTests).toEqual([]);
      const row = await t.db.prisma.deviceQaSession.findUniqueOrThrow({ where: { id: rid } });
      expect(row).toMatchObject({
        status: 'COMPLETED',
        endedById: g.staff.nurse.id,
        activeFacilityKey: null,
      });
      // The device left on test is taken off with it (its next press alerts).
      expect(
        await t.db.prisma.deviceQaTest.count({
          where: { deviceQaSessionId: rid, armedDeviceKey: { not: null } },
        }),
      ).toBe(0);
      expect((await end(g.staff.manager.id)).statusCode).toBe(409);
      expect(
        (
          await as(g.staff.maintenance.id)('POST', `${BASE}/deviceQaSessions/${rid}/tests`, {
            deviceRid: g.residents.IL.pendant.deviceId,
          })
        ).statusCode,
      ).toBe(409);
    });

    it('a walk’s end time is queued for the worker (it expires the walk and clears the banner)', async () => {
      const started = await as(g.staff.manager.id)('POST', `${BASE}/deviceQaSessions`, {
        facilityRid: g.facilityId,
        durationInMin: 5,
      });
      const walk = started.json() as TDeviceQaSessionReply;
      const jobs = await t.db.prisma.$queryRawUnsafe<{ run_at: Date; payload: unknown }[]>(
        `SELECT v.run_at, j.payload FROM graphile_worker.jobs v JOIN graphile_worker._private_jobs j ON j.id = v.id
          WHERE v.task_identifier = 'device-qa-expired' AND v.key = $1`,
        `device-qa-expired:${walk.deviceQaSessionRid}`,
      );
      expect(jobs).toHaveLength(1);
      expect(jobs[0]!.run_at.getTime()).toBe(walk.expiresAt);
      expect(jobs[0]!.payload).toEqual({
        facilityId: g.facilityId,
        deviceQaSessionId: walk.deviceQaSessionRid,
      });
    });
  });

  describe('audit sessions', () => {
    let audit: TAuditSessionReply;

    it('refuses bad input with a 400 naming the field', async () => {
      const res = await as(f.staff.manager.id)('POST', `${BASE}/auditSessions`, {
        facilityRid: f.facilityId,
        sessionType: 'SOMETHING',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].field).toBe('body.sessionType');
      const records = await as(f.staff.manager.id)('GET', `${BASE}/auditSessions/records`);
      expect(records.statusCode).toBe(400);
      expect(records.json().issues[0].field).toBe('querystring.auditSessionRids');
      const put = await as(f.staff.manager.id)('PUT', `${BASE}/auditSessions/x`, { status: 'IN_PROGRESS' });
      expect(put.statusCode).toBe(400);
      expect(put.json().issues[0].field).toBe('body.status');
    });

    it('one DEVICE_QA session in progress per facility; a walk of it ends with it and leaves its devices as records', async () => {
      const res = await as(f.staff.manager.id)('POST', `${BASE}/auditSessions`, {
        facilityRid: f.facilityId,
        sessionType: 'DEVICE_QA',
        notes: 'Quarterly audit',
      });
      expect(res.statusCode).toBe(201);
      audit = res.json();
      expect(audit).toMatchObject({
        sessionType: 'DEVICE_QA',
        status: 'IN_PROGRESS',
        notes: 'Quarterly audit',
      });
      const again = await as(f.staff.support.id)('POST', `${BASE}/auditSessions`, {
        facilityRid: f.facilityId,
        sessionType: 'DEVICE_QA',
      });
      expect(again.statusCode).toBe(409);
      // Another community's audit session cannot hold this facility's walk.
      const wrong = await as(f.staff.maintenance.id)('POST', `${BASE}/deviceQaSessions`, {
        facilityRid: f.facilityId,
        auditSessionRid: randomUUID(),
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().issues[0].field).toBe('body.auditSessionRid');

      const walk = (
        await as(f.staff.maintenance.id)('POST', `${BASE}/deviceQaSessions`, {
          facilityRid: f.facilityId,
          auditSessionRid: audit.auditSessionRid,
        })
      ).json() as TDeviceQaSessionReply;
      expect(walk.auditSessionRid).toBe(audit.auditSessionRid);
      await qaPress(f, f.fallSensor, 85);

      const ended = await as(f.staff.manager.id)('PUT', `${BASE}/auditSessions/${audit.auditSessionRid}`, {
        status: 'COMPLETED',
      });
      expect(ended.statusCode).toBe(200);
      expect(ended.json()).toMatchObject({ status: 'COMPLETED', endedById: f.staff.manager.id });
      const walkRow = await t.db.prisma.deviceQaSession.findUniqueOrThrow({
        where: { id: walk.deviceQaSessionRid },
      });
      expect(walkRow).toMatchObject({ status: 'COMPLETED', activeFacilityKey: null });

      const records = await as(f.staff.maintenance.id)(
        'GET',
        `${BASE}/auditSessions/records?auditSessionRids=${audit.auditSessionRid}`,
      );
      expect(records.statusCode).toBe(200);
      const list = records.json() as TAuditSessionRecordReply[];
      expect(list).toHaveLength(ALLOCATED);
      expect(list.find((r) => r.deviceRid === f.fallSensor.deviceId)).toMatchObject({
        sessionType: 'DEVICE_QA',
        deviceQaSessionRid: walk.deviceQaSessionRid,
        heard: true,
        batteryLevel: 85,
        deviceType: 'FALL_DETECTION_DEVICE',
      });
      expect(list.filter((r) => r.heard)).toHaveLength(1);
      const twice = await as(f.staff.manager.id)('PUT', `${BASE}/auditSessions/${audit.auditSessionRid}`, {
        status: 'CANCELED',
      });
      expect(twice.statusCode).toBe(409);
      // Notes may still change.
      const noted = await as(f.staff.manager.id)('PUT', `${BASE}/auditSessions/${audit.auditSessionRid}`, {
        notes: 'Filed',
      });
      expect(noted.json()).toMatchObject({ status: 'COMPLETED', notes: 'Filed' });
    });

    it('lists by type and status; DELETE of the facility cancels those in progress', async () => {
      const started = await as(f.staff.manager.id)('POST', `${BASE}/auditSessions`, {
        facilityRid: f.facilityId,
        sessionType: 'ALERT_LOCATION',
      });
      expect(started.statusCode).toBe(201);
      const list = (query: string) =>
        as(f.staff.manager.id)('GET', `${BASE}/auditSessions/facilities/${f.facilityId}${query}`).then(
          (r) => r.json() as TAuditSessionReply[],
        );
      expect((await list('?sessionType=DEVICE_QA')).map((s) => s.auditSessionRid)).toEqual([
        audit.auditSessionRid,
      ]);
      expect((await list('?status=IN_PROGRESS')).map((s) => s.sessionType)).toEqual(['ALERT_LOCATION']);
      expect(await list('')).toHaveLength(2);
      const canceled = await as(f.staff.manager.id)(
        'DELETE',
        `${BASE}/auditSessions/facilities/${f.facilityId}?sessionType=ALERT_LOCATION`,
      );
      expect(canceled.statusCode).toBe(200);
      expect(canceled.json()).toEqual([
        expect.objectContaining({ sessionType: 'ALERT_LOCATION', status: 'CANCELED' }),
      ]);
      expect(await list('?status=IN_PROGRESS')).toEqual([]);
    });

    it('another community’s session is 404 everywhere; its facility 403; care staff 403', async () => {
      const outsider = as(other.staff.manager.id);
      const rid = audit.auditSessionRid;
      expect((await outsider('PUT', `${BASE}/auditSessions/${rid}`, { notes: 'x' })).statusCode).toBe(404);
      expect((await outsider('DELETE', `${BASE}/auditSessions/${rid}`)).statusCode).toBe(404);
      expect(
        (await outsider('POST', `${BASE}/auditSessions/${rid}/terminateAlertLocations`)).statusCode,
      ).toBe(404);
      expect(
        (await outsider('GET', `${BASE}/auditSessions/records?auditSessionRids=${rid}`)).statusCode,
      ).toBe(404);
      expect((await outsider('GET', `${BASE}/auditSessions/facilities/${f.facilityId}`)).statusCode).toBe(
        403,
      );
      expect((await outsider('DELETE', `${BASE}/auditSessions/facilities/${f.facilityId}`)).statusCode).toBe(
        403,
      );
      expect(
        (
          await outsider('POST', `${BASE}/auditSessions`, {
            facilityRid: f.facilityId,
            sessionType: 'DEVICE_QA',
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await as(f.staff.caregiver.id)('GET', `${BASE}/auditSessions/records?auditSessionRids=${rid}`))
          .statusCode,
      ).toBe(403);
    });
  });

  describe('alert location sessions', () => {
    it('a device’s alert is found, its place checked; terminating the audit session records it', async () => {
      const audit = (
        await as(f.staff.support.id)('POST', `${BASE}/auditSessions`, {
          facilityRid: f.facilityId,
          sessionType: 'ALERT_LOCATION',
        })
      ).json() as TAuditSessionReply;
      const bad = await as(f.staff.support.id)('POST', `${BASE}/alertLocationSessions`, {
        facilityRid: f.facilityId,
        deviceRid: other.units.AL.wallButton.deviceId,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues[0]).toMatchObject({ field: 'body.deviceRid', rule: 'same facility' });
      const missing = await as(f.staff.support.id)('POST', `${BASE}/alertLocationSessions`, {
        facilityRid: f.facilityId,
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().issues[0].field).toBe('body.deviceRid');

      const created = await as(f.staff.support.id)('POST', `${BASE}/alertLocationSessions`, {
        facilityRid: f.facilityId,
        deviceRid: f.units.STR.wallButton.deviceId,
        auditSessionRid: audit.auditSessionRid,
      });
      expect(created.statusCode).toBe(201);
      const session = created.json() as TAlertLocationSessionReply;
      expect(session).toMatchObject({ status: 'IN_PROGRESS', taskRid: null, location: null });

      // The technician's press raised an alert: the session finds it and says where it came from.
      const taskId = await insertDeviceTask(t.db.prisma, f, {
        deviceId: f.units.STR.wallButton.deviceId,
        unitId: f.units.STR.id,
      });
      const checked = await as(f.staff.support.id)(
        'PUT',
        `${BASE}/alertLocationSessions/${session.alertLocationSessionRid}`,
        {
          isLocationCorrect: true,
        },
      );
      expect(checked.statusCode).toBe(200);
      expect(checked.json()).toMatchObject({
        taskRid: taskId,
        isLocationCorrect: true,
        location: {
          source: 'ALLOCATION',
          unit: { unitRid: f.units.STR.id },
          locationName: expect.stringContaining(f.units.STR.displayName),
        },
      });
      const wrongTask = await as(f.staff.support.id)(
        'PUT',
        `${BASE}/alertLocationSessions/${session.alertLocationSessionRid}`,
        {
          taskRid: randomUUID(),
        },
      );
      expect(wrongTask.statusCode).toBe(400);
      expect(wrongTask.json().issues[0].field).toBe('body.taskRid');
      // Another community: 404.
      expect(
        (
          await as(other.staff.manager.id)(
            'PUT',
            `${BASE}/alertLocationSessions/${session.alertLocationSessionRid}`,
            { notes: 'x' },
          )
        ).statusCode,
      ).toBe(404);

      const terminated = await as(f.staff.support.id)(
        'POST',
        `${BASE}/auditSessions/${audit.auditSessionRid}/terminateAlertLocations`,
      );
      expect(terminated.statusCode).toBe(200);
      expect(terminated.json()).toEqual({
        auditSessionRid: audit.auditSessionRid,
        terminatedAlertLocationSessionRids: [session.alertLocationSessionRid],
      });
      const records = (
        await as(f.staff.support.id)(
          'GET',
          `${BASE}/auditSessions/records?auditSessionRids=${audit.auditSessionRid}`,
        )
      ).json() as TAuditSessionRecordReply[];
      expect(records).toEqual([
        expect.objectContaining({
          sessionType: 'ALERT_LOCATION',
          alertLocationSessionRid: session.alertLocationSessionRid,
          alertLocationStatus: 'TERMINATED',
          taskRid: taskId,
          isLocationCorrect: true,
        }),
      ]);
      // Ended: a second end is 409; delete is 204, then 404.
      const end = await as(f.staff.support.id)(
        'PUT',
        `${BASE}/alertLocationSessions/${session.alertLocationSessionRid}`,
        {
          status: 'COMPLETED',
        },
      );
      expect(end.statusCode).toBe(409);
      expect(
        (
          await as(f.staff.caregiver.id)(
            'DELETE',
            `${BASE}/alertLocationSessions/${session.alertLocationSessionRid}`,
          )
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await as(f.staff.support.id)(
            'DELETE',
            `${BASE}/alertLocationSessions/${session.alertLocationSessionRid}`,
          )
        ).statusCode,
      ).toBe(204);
      expect(
        (
          await as(f.staff.support.id)(
            'DELETE',
            `${BASE}/alertLocationSessions/${session.alertLocationSessionRid}`,
          )
        ).statusCode,
      ).toBe(404);
      // Deleting the audit session takes its records; then it is 404.
      expect(
        (await as(f.staff.support.id)('DELETE', `${BASE}/auditSessions/${audit.auditSessionRid}`)).statusCode,
      ).toBe(204);
      expect(
        await t.db.prisma.auditSessionRecord.count({ where: { auditSessionId: audit.auditSessionRid } }),
      ).toBe(0);
      expect(
        (await as(f.staff.support.id)('DELETE', `${BASE}/auditSessions/${audit.auditSessionRid}`)).statusCode,
      ).toBe(404);
    });
  });
});
