import { SEVERITY_VALUES, type Severity, type TTaskPageReply } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/tasks';

/**
 * Call ranking on the server (UL 1069; decision 0516): open tasks come emergency first, then routine calls, then
 * trouble, whatever order they arrived in; a page shorter than the list holds the emergencies.
 */
const SEARCH = '/admin/api/v1/tasks/search';
let t: TestApp;
let f: TestFacility;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  f = await createTestFacility(t.db.prisma);
  const arrived: [string, Severity, 'ALERT' | 'DEVICE_TROUBLE'][] = [
    ['silent-pendant', 'HIGH_PRIORITY', 'DEVICE_TROUBLE'],
    ['bath', 'HIGH_PRIORITY', 'ALERT'],
    ['request', 'MEDIUM_PRIORITY', 'ALERT'],
    ['fall', 'EMERGENCY', 'ALERT'],
    ['low-battery', 'MEDIUM_PRIORITY', 'DEVICE_TROUBLE'],
    ['code-blue', 'CODE_BLUE', 'ALERT'],
    ['staff-assist', 'STAFF_ASSIST', 'ALERT'],
  ];
  const start = Date.now() - 60_000;
  for (const [i, [name, severity, kind]] of arrived.entries()) {
    const task = await t.db.prisma.task.create({
      data: {
        facilityId: f.facilityId,
        enterpriseId: f.enterpriseId,
        title: name,
        severity,
        severityRank: SEVERITY_VALUES[severity],
        kind,
        creationTimestamp: new Date(start + i * 1_000),
        ...(kind === 'DEVICE_TROUBLE'
          ? {
              troubleCause: name === 'low-battery' ? 'LOW_BATTERY' : 'DEVICE_SILENT',
              openTroubleKey: `${name}:${f.tag}`,
            }
          : {}),
      },
    });
    ids[name] = task.id;
  }
});
afterAll(() => t.close());

const search = async (body: object): Promise<string[]> => {
  const res = await caller(t, f.staff.caregiver.id)('POST', SEARCH, {
    facilityId: f.facilityId,
    statuses: ['OPEN_UNCLAIMED'],
    ...body,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as TTaskPageReply).tasks.map((task) => task.title);
};

describe('[SAFETY][UL1069]: POST /tasks/search ranks emergency, then routine, then trouble', () => {
  it('calls and trouble together: emergencies (most severe, oldest first), routine, then trouble', async () => {
    expect(await search({ kinds: ['ALERT', 'DEVICE_TROUBLE'] })).toEqual([
      'code-blue',
      'fall',
      'staff-assist',
      'bath',
      'request',
      'silent-pendant',
      'low-battery',
    ]);
  });

  it('the residents’ list (calls only) and a page of two: the emergencies first', async () => {
    expect(await search({})).toEqual(['code-blue', 'fall', 'staff-assist', 'bath', 'request']);
    expect(await search({ pageSize: 2 })).toEqual(['code-blue', 'fall']);
  });
});
