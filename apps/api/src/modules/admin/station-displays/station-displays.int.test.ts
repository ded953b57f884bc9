import {
  PROFILE_HEADER,
  STATION_DISPLAY_ALERTS_PATH,
  STATION_DISPLAY_TOKEN_PATH,
  STATION_DISPLAYS_PATH,
  type TCreatedStationDisplay,
  type TLiveServerMessage,
  type TStationAlertsReply,
} from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { caller, insertDeviceTask, insertPendantTask, taskFootprint } from '../../../test/tasks';
import { connectLive, type LiveClient } from '../../live/live-client';

describe('[STATION DISPLAY]: paired by managers, a view-only principal scoped to its facility and care zones', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;
  let url: string;
  const clients: LiveClient[] = [];
  const as = (id: string) => caller(t, id);

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
    url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await t.close();
  });

  const pair = async (facility: TestFacility, body: Record<string, unknown> = {}) => {
    const res = await as(facility.staff.manager.id)('POST', STATION_DISPLAYS_PATH, {
      facilityId: facility.facilityId,
      name: 'Nurses station',
      ...body,
    });
    expect(res.statusCode).toBe(201);
    return res.json() as TCreatedStationDisplay;
  };
  const tokenOf = async (displayKey: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: STATION_DISPLAY_TOKEN_PATH,
      payload: { displayKey },
    });
    return res;
  };
  const displayHeaders = async (displayKey: string) => {
    const res = await tokenOf(displayKey);
    expect(res.statusCode).toBe(200);
    const { accessToken, stationDisplayId } = res.json() as { accessToken: string; stationDisplayId: string };
    return { authorization: `Bearer ${accessToken}`, [PROFILE_HEADER]: stationDisplayId };
  };
  const alertsOf = async (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: STATION_DISPLAY_ALERTS_PATH, headers });

  it('only managers pair displays (403 for a caregiver, 403 for another community); bad input is a 400 naming the field', async () => {
    const caregiver = await as(f.staff.caregiver.id)('POST', STATION_DISPLAYS_PATH, {
      facilityId: f.facilityId,
      name: 'Hall',
    });
    expect(caregiver.statusCode).toBe(403);
    const foreign = await as(other.staff.manager.id)('POST', STATION_DISPLAYS_PATH, {
      facilityId: f.facilityId,
      name: 'Hall',
    });
    expect(foreign.statusCode).toBe(403);
    const blank = await as(f.staff.manager.id)('POST', STATION_DISPLAYS_PATH, {
      facilityId: f.facilityId,
      name: ' ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().issues[0]).toMatchObject({ field: 'body.name' });
    const foreignZone = await as(f.staff.manager.id)('POST', STATION_DISPLAYS_PATH, {
      facilityId: f.facilityId,
      name: 'Hall',
      careZoneIds: [f.careZones.AL.id, other.careZones.AL.id],
    });
    expect(foreignZone.statusCode).toBe(400);
    expect(foreignZone.json().issues[0]).toMatchObject({ field: 'body.careZoneIds.1' });
    const badKey = await tokenOf('short');
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().issues[0]).toMatchObject({ field: 'body.displayKey' });
    const unknownKey = await tokenOf('A'.repeat(43));
    expect(unknownKey.statusCode).toBe(401);
    expect(unknownKey.json().code).toBe('DISPLAY_KEY_INVALID');

    const list = await as(f.staff.caregiver.id)('GET', `${STATION_DISPLAYS_PATH}?facilityId=${f.facilityId}`);
    expect(list.statusCode).toBe(403);
  });

  it('reads the open alerts of its zones only, without resident names unless paired to show them', async () => {
    const display = await pair(f, { careZoneIds: [f.careZones.AL.id] });
    expect(display.displayKey).toHaveLength(43);
    expect(display.careZones).toEqual([{ id: f.careZones.AL.id, name: f.careZones.AL.name }]);
    const resident = f.residents.AL;
    const alTask = await insertPendantTask(t.db.prisma, f, 'AL', {
      title: `${resident.firstName} ${resident.lastName} needs assistance`,
    });
    const mcTask = await insertPendantTask(t.db.prisma, f, 'MC');
    const closed = await insertDeviceTask(t.db.prisma, f, {
      deviceId: f.units.AL.wallButton.deviceId,
      unitId: f.units.AL.id,
      status: 'CLOSED_RESOLVED',
    });
    const otherTask = await insertPendantTask(t.db.prisma, other, 'AL');

    const headers = await displayHeaders(display.displayKey);
    const res = await alertsOf(headers);
    expect(res.statusCode).toBe(200);
    const body = res.json() as TStationAlertsReply;
    const ids = body.alerts.map((a) => a.id);
    expect(ids).toContain(alTask);
    expect(ids).not.toContain(mcTask);
    expect(ids).not.toContain(closed);
    expect(ids).not.toContain(otherTask);
    const shown = body.alerts.find((a) => a.id === alTask);
    expect(shown).toMatchObject({
      label: `Call · ${f.units.AL.displayName}`,
      unitName: f.units.AL.displayName,
      room: null,
      residentName: null,
      careZoneName: 'Assisted Living',
    });
    expect(JSON.stringify(body)).not.toContain(resident.lastName);
    expect(body.display.careZoneNames).toEqual(['Assisted Living']);

    // Paired to show names: the title as staff see it.
    const named = await pair(f, { name: 'Office', showResidentNames: true });
    const namedBody = (await alertsOf(await displayHeaders(named.displayKey))).json() as TStationAlertsReply;
    expect(namedBody.alerts.map((a) => a.id)).toEqual(expect.arrayContaining([alTask, mcTask]));
    expect(namedBody.alerts.find((a) => a.id === alTask)?.label).toContain(resident.lastName);

    // A device in a room of its unit: the room comes with the unit (issue #32).
    const fall = await insertDeviceTask(t.db.prisma, f, {
      deviceId: f.fallSensor.deviceId,
      unitId: f.units.MC.id,
    });
    const roomBody = (await alertsOf(await displayHeaders(named.displayKey))).json() as TStationAlertsReply;
    expect(roomBody.alerts.find((a) => a.id === fall)).toMatchObject({
      unitName: f.units.MC.displayName,
      room: 'Bedroom',
    });
    expect(roomBody.alerts.find((a) => a.id === alTask)).toMatchObject({ room: null });
  });

  it('every other route refuses the display with 403 DISPLAY_READ_ONLY (claim, resolve, reads) and writes nothing', async () => {
    const display = await pair(f);
    const headers = await displayHeaders(display.displayKey);
    const taskId = await insertDeviceTask(t.db.prisma, f, {
      deviceId: f.units.MC.wallButton.deviceId,
      unitId: f.units.MC.id,
    });
    const before = await taskFootprint(t.db.prisma, taskId);
    const calls: [string, string, object | undefined][] = [
      ['PUT', `/admin/api/v1/tasks/${taskId}`, { status: 'OPEN_CLAIMED' }],
      [
        'PUT',
        `/admin/api/v1/tasks/${taskId}/resolve`,
        {
          alertOutcomeType: 'RESIDENT_INTERACTION',
          careOutcomes: [{ outcome: 'COMPLETED', careProvided: 'ADL_BATHING' }],
        },
      ],
      ['DELETE', `/admin/api/v1/tasks/${taskId}`, undefined],
      ['POST', `/admin/api/v1/tasks/${taskId}/notes`, { content: 'hi' }],
      ['GET', `/admin/api/v1/tasks/${taskId}`, undefined],
      ['POST', '/admin/api/v1/tasks/search', {}],
      ['GET', `/admin/api/v1/residents/${f.residents.AL.id}`, undefined],
      ['POST', STATION_DISPLAYS_PATH, { facilityId: f.facilityId, name: 'Sneaky' }],
      ['DELETE', `${STATION_DISPLAYS_PATH}/${display.id}`, undefined],
    ];
    for (const [method, path, payload] of calls) {
      const res = await t.app.inject({
        method: method as 'GET',
        url: path,
        headers,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(403);
      expect(res.json().code, `${method} ${path}`).toBe('DISPLAY_READ_ONLY');
    }
    const claim = await t.app.inject({
      method: 'PUT',
      url: `/admin/api/v1/tasks/${taskId}`,
      headers,
      payload: { status: 'OPEN_CLAIMED' },
    });
    expect(claim.statusCode).toBe(403);
    expect(await taskFootprint(t.db.prisma, taskId)).toEqual(before);

    // A staff token on the display's route: 403 (the route is the display's alone).
    const staff = await as(f.staff.manager.id)('GET', STATION_DISPLAY_ALERTS_PATH);
    expect(staff.statusCode).toBe(403);
    expect((await alertsOf({})).statusCode).toBe(401);
  });

  it('gets its facility changes live; once unpaired, its key and token stop working', async () => {
    const display = await pair(f, { careZoneIds: [f.careZones.AL.id] });
    const headers = await displayHeaders(display.displayKey);
    const live = await connectLive(url, {
      auth: { accessToken: headers.authorization!.slice(7), staffMemberId: display.id },
    });
    clients.push(live);
    await live.waitFor((m) => m.type === 'ready');
    const taskId = await insertPendantTask(t.db.prisma, f, 'IL');
    // A staff change of the task reaches the display's socket.
    const claimed = await as(f.staff.nurse.id)('PUT', `/admin/api/v1/tasks/${taskId}`, {
      status: 'OPEN_CLAIMED',
    });
    expect(claimed.statusCode).toBe(200);
    await live.waitFor(
      (m: TLiveServerMessage) =>
        m.type === 'task.changed' && m.taskId === taskId && m.status === 'OPEN_CLAIMED',
    );

    // Another display's key does not open another facility's feed: a forged id is refused.
    const forged = await connectLive(url, {
      auth: { accessToken: headers.authorization!.slice(7), staffMemberId: f.staff.manager.id },
    });
    clients.push(forged);
    expect((await forged.closed).code).toBe(4401);

    const removed = await as(f.staff.manager.id)('DELETE', `${STATION_DISPLAYS_PATH}/${display.id}`);
    expect(removed.statusCode).toBe(200);
    // Its socket closes at once (4401), not when its token runs out (issue #32; decision 0514).
    expect(await live.closed).toEqual({ code: 4401, reason: 'display unpaired' });
    expect((await alertsOf(headers)).statusCode).toBe(401);
    expect((await tokenOf(display.displayKey)).statusCode).toBe(401);
    const list = await as(f.staff.manager.id)('GET', `${STATION_DISPLAYS_PATH}?facilityId=${f.facilityId}`);
    expect(list.json().stationDisplays.map((d: { id: string }) => d.id)).not.toContain(display.id);
    const foreign = await as(other.staff.manager.id)('DELETE', `${STATION_DISPLAYS_PATH}/${display.id}`);
    expect(foreign.statusCode).toBe(404);
  });
});
