import { randomUUID } from 'node:crypto';
import {
  DeviceQaMessages,
  QA_SESSION_PRESS_OUTCOME,
  type TAlertLocationSessionReply,
  type TAuditSessionRecordReply,
  type TAuditSessionReply,
  type TDeviceQaSessionReply,
} from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { caller, insertDeviceTask } from '../../test/tasks';

const BASE = '/deviceaudit/api/v1';

/**
 * The device audit service (docs/decisions/0270, 0271): every route, its validation, who may call it and
 * tenancy (another community's sessions are 404, its facility 403). The walk's presses are stored here as
 * the ingest records them (a processed DeviceEvent with the QA outcome); the worker's device-qa test posts
 * real presses through the ingest endpoint.
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
