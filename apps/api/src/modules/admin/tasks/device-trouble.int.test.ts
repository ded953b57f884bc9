import type { TTaskPageReply } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/tasks';

const SEARCH = '/admin/api/v1/tasks/search';

/** Device-trouble tasks (decision 0105) are listed only when asked for, never among residents' alerts. */
describe('[ALERTS][DEVICE_TROUBLE]: trouble tasks in task searches', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;
  let troubleId: string;
  let alertId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
    const db = t.db.prisma;
    const pendant = f.residents.AL.pendant;
    const base = { facilityId: f.facilityId, enterpriseId: f.enterpriseId, severityRank: 3 } as const;
    troubleId = (
      await db.task.create({
        data: {
          ...base,
          title: 'Low battery: a pendant',
          severity: 'HIGH_PRIORITY',
          kind: 'DEVICE_TROUBLE',
          troubleCause: 'LOW_BATTERY',
          deviceId: pendant.deviceId,
          residentId: f.residents.AL.id,
          openTroubleKey: `${pendant.deviceId}:LOW_BATTERY`,
        },
      })
    ).id;
    alertId = (
      await db.task.create({
        data: {
          ...base,
          title: 'Needs assistance',
          severity: 'HIGH_PRIORITY',
          residentId: f.residents.AL.id,
        },
      })
    ).id;
  });
  afterAll(() => t.close());

  const search = async (staffId: string, body: object) => {
    const res = await caller(t, staffId)('POST', SEARCH, { statuses: ['OPEN_UNCLAIMED'], ...body });
    expect(res.statusCode).toBe(200);
    return (res.json() as TTaskPageReply).tasks;
  };

  it('leaves trouble out of a search that does not ask for it', async () => {
    const ids = (await search(f.staff.caregiver.id, { facilityId: f.facilityId })).map((task) => task.id);
    expect(ids).toContain(alertId);
    expect(ids).not.toContain(troubleId);
  });

  it('lists trouble, with its kind and cause, when asked for', async () => {
    const tasks = await search(f.staff.caregiver.id, { facilityId: f.facilityId, kinds: ['DEVICE_TROUBLE'] });
    expect(tasks.map((task) => task.id)).toEqual([troubleId]);
    expect(tasks[0]).toMatchObject({
      kind: 'DEVICE_TROUBLE',
      troubleCause: 'LOW_BATTERY',
      status: 'OPEN_UNCLAIMED',
    });
    const both = await search(f.staff.caregiver.id, {
      facilityId: f.facilityId,
      kinds: ['ALERT', 'DEVICE_TROUBLE'],
    });
    expect(both.map((task) => task.id).sort()).toEqual([alertId, troubleId].sort());
    expect(both.find((task) => task.id === alertId)).toMatchObject({ kind: 'ALERT', troubleCause: null });
  });

  it("never shows another community's trouble", async () => {
    const tasks = await search(other.staff.caregiver.id, { kinds: ['DEVICE_TROUBLE'] });
    expect(tasks.map((task) => task.id)).not.toContain(troubleId);
  });

  it('refuses an unknown kind with a 400 naming the field', async () => {
    const res = await caller(t, f.staff.caregiver.id)('POST', SEARCH, { kinds: ['FIRE'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].field).toMatch(/^body\.kinds/);
  });
});
