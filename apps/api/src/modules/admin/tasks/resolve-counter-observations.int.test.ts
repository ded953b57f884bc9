import type { TTaskReply } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { caller, insertDeviceTask, insertPendantTask, taskFootprint } from '../../../test/tasks';

const TASKS = '/admin/api/v1/tasks';

let t: TestApp;
let f: TestFacility;
/** A facility that offers only Skin and Other for assisted living, and none for memory care. */
let configured: TestFacility;
/** A facility with observations turned off. */
let noObservations: TestFacility;

beforeAll(async () => {
  t = await buildTestApp();
  [f, configured, noObservations] = await Promise.all([
    createTestFacility(t.db.prisma),
    createTestFacility(t.db.prisma, {
      observationsByCareType: { ASSISTED_LIVING: ['SKIN', 'OTHER'], MEMORY_CARE: [] },
    }),
    createTestFacility(t.db.prisma, { isObservationsEnabled: false }),
  ]);
});
afterAll(() => t.close());

const completed = (careProvided: string) => ({ outcome: 'COMPLETED', careProvided });
const bathing = { alertOutcomeType: 'RESIDENT_INTERACTION', careOutcomes: [completed('ADL_BATHING')] };

/** A pendant alert of the resident, claimed and confirmed by the press (EMERGENCY unless told). */
async function confirmedAlert(
  facility: TestFacility,
  key: 'AL' | 'MC' | 'IL' = 'AL',
  severity: 'EMERGENCY' | 'HIGH_PRIORITY' = 'EMERGENCY',
) {
  const id = await insertPendantTask(t.db.prisma, facility, key, { severity });
  await caller(t, facility.staff.caregiver.id)('PUT', `${TASKS}/${id}`, { status: 'OPEN_CLAIMED' });
  await t.db.prisma.task.update({ where: { id }, data: { status: 'OPEN_CONFIRMED', confirmingSince: null } });
  return id;
}
const resolve = (facility: TestFacility, id: string, body: object) =>
  caller(t, facility.staff.caregiver.id)('PUT', `${TASKS}/${id}/resolve`, body);

describe('[ALERTS][RESOLVE]: staffAssistCount ("Staff-assist counter: min 1, max 5, default 1"; decision 0057)', () => {
  it('an emergency stores the count sent, on the task and its care log entry, and replies with it', async () => {
    const id = await confirmedAlert(f);
    const res = await resolve(f, id, { ...bathing, staffAssistCount: 3 });
    expect(res.statusCode).toBe(200);
    expect((res.json() as TTaskReply).staffAssistCount).toBe(3);
    const activity = await t.db.prisma.residentActivity.findFirstOrThrow({ where: { taskId: id } });
    expect(activity.staffAssistCount).toBe(3);
    const get = await caller(t, f.staff.caregiver.id)('GET', `${TASKS}/${id}`);
    expect((get.json() as TTaskReply).staffAssistCount).toBe(3);
  });

  it('an emergency resolved without a count stores the default 1', async () => {
    const id = await confirmedAlert(f);
    const res = await resolve(f, id, bathing);
    expect(res.statusCode).toBe(200);
    expect((res.json() as TTaskReply).staffAssistCount).toBe(1);
  });

  it.each([0, 6, 2.5, -1])(
    'refuses %s with a 400 naming body.staffAssistCount, and writes nothing',
    async (staffAssistCount) => {
      const id = await confirmedAlert(f);
      const before = await taskFootprint(t.db.prisma, id);
      const res = await resolve(f, id, { ...bathing, staffAssistCount });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toContainEqual(expect.objectContaining({ field: 'body.staffAssistCount' }));
      expect(await taskFootprint(t.db.prisma, id)).toEqual(before);
      // Resolve it for real: one open alert per pendant.
      expect((await resolve(f, id, bathing)).statusCode).toBe(200);
    },
  );

  it('a non-emergency alert has no counter: none stored, and a count sent is a 400 (rule not-applicable)', async () => {
    const id = await confirmedAlert(f, 'AL', 'HIGH_PRIORITY');
    const refused = await resolve(f, id, { ...bathing, staffAssistCount: 2 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toContainEqual({
      field: 'body.staffAssistCount',
      rule: 'not-applicable',
      message: expect.any(String),
    });
    const res = await resolve(f, id, bathing);
    expect(res.statusCode).toBe(200);
    expect((res.json() as TTaskReply).staffAssistCount).toBeNull();
  });

  it('a door alarm has no counter, even as an emergency', async () => {
    const id = await insertDeviceTask(t.db.prisma, f, {
      deviceId: f.door.alarm.deviceId,
      severity: 'EMERGENCY',
    });
    const refused = await resolve(f, id, {
      alertOutcomeType: 'RESIDENT_INTERACTION',
      careOutcomes: [completed('REQUEST_OTHER')],
      staffAssistCount: 1,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toContainEqual(
      expect.objectContaining({ field: 'body.staffAssistCount', rule: 'not-applicable' }),
    );
    const res = await resolve(f, id, {
      alertOutcomeType: 'RESIDENT_INTERACTION',
      careOutcomes: [completed('REQUEST_OTHER')],
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as TTaskReply).staffAssistCount).toBeNull();
  });
});

describe("[ALERTS][RESOLVE]: observations offered for the unit's care type (facilityConfig; decision 0058)", () => {
  it("accepts the types the facility offers for the alert's unit", async () => {
    const id = await confirmedAlert(configured, 'AL');
    const res = await resolve(configured, id, {
      ...bathing,
      observations: ['SKIN', 'OTHER'],
      resolutionNote: 'Red patch',
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as TTaskReply).observations).toEqual(['SKIN', 'OTHER']);
  });

  it('refuses a type not offered for the care type (400 body.observations, rule care-type), writes nothing', async () => {
    const id = await confirmedAlert(configured, 'AL');
    const before = await taskFootprint(t.db.prisma, id);
    const res = await resolve(configured, id, { ...bathing, observations: ['SKIN', 'PAIN'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({
      field: 'body.observations',
      rule: 'care-type',
      message: 'Not offered for ASSISTED_LIVING: PAIN',
    });
    expect(await taskFootprint(t.db.prisma, id)).toEqual(before);
    const mc = await confirmedAlert(configured, 'MC');
    expect((await resolve(configured, mc, { ...bathing, observations: ['SKIN'] })).statusCode).toBe(400);
  });

  it('falls back to the care-type rule without a configured map: all eight except independent living', async () => {
    const mc = await confirmedAlert(f, 'MC');
    expect((await resolve(f, mc, { ...bathing, observations: ['URINE'] })).statusCode).toBe(200);
    const il = await confirmedAlert(f, 'IL');
    const res = await resolve(f, il, { ...bathing, observations: ['URINE'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual(
      expect.objectContaining({ field: 'body.observations', rule: 'care-type' }),
    );
  });

  it('refuses every observation when the facility has them turned off; none is fine', async () => {
    const id = await confirmedAlert(noObservations, 'AL');
    const refused = await resolve(noObservations, id, { ...bathing, observations: ['SKIN'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toContainEqual({
      field: 'body.observations',
      rule: 'care-type',
      message: 'Observations are turned off for this facility',
    });
    expect((await resolve(noObservations, id, bathing)).statusCode).toBe(200);
  });
});
