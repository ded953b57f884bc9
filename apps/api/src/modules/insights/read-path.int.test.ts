import { createPrisma } from '@sage/db';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { caller, insertDeviceTask } from '../../test/tasks';

/**
 * The read path (decision 0521): with READ_DATABASE_URL set, insights and response-time figures are read through
 * it. Here it is the test's own database in read-only sessions (`default_transaction_read_only`, what a replica's
 * sessions are) under an application name of its own, so which connection answered shows in pg_stat_activity; the
 * multi-host test (packages/db hosts.int.test.ts) runs the same roles against a real standby.
 */
const READ_APP = 'sage-read-path-test';

function readOnlyUrl(url: string): string {
  const u = new URL(url);
  u.searchParams.set('options', '-c default_transaction_read_only=on');
  u.searchParams.set('application_name', READ_APP);
  return u.toString();
}

describe('READ_DATABASE_URL: the read path on a read-only server, the alert path never', () => {
  let t: TestApp;
  let f: TestFacility;

  beforeAll(async () => {
    t = await buildTestApp((url) => ({ READ_DATABASE_URL: readOnlyUrl(url) }));
    f = await createTestFacility(t.db.prisma);
  });
  afterAll(async () => {
    await t?.close();
  });

  const readSessions = async () =>
    (
      await t.db.prisma.$queryRawUnsafe<{ n: number }[]>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
        READ_APP,
      )
    )[0]!.n;

  it('answers the figures and insights from the read URL', async () => {
    expect(t.app.readPrisma).not.toBe(t.app.prisma);
    expect(await readSessions()).toBe(0);
    const as = caller(t, f.staff.manager.id);
    const figures = await as(
      'GET',
      `/insights/api/v1/responseTimes?facilityId=${f.facilityId}&from=2026-01-01&to=2026-01-31`,
    );
    expect(figures.statusCode, figures.body).toBe(200);
    const insights = await as('POST', '/insights/api/v1/insights/search', { facilityRid: f.facilityId });
    expect(insights.statusCode, insights.body).toBe(200);
    // Read-only sessions answered both (a write in them would have failed with 25006).
    expect(await readSessions()).toBeGreaterThan(0);
  });

  it('the alert path writes through the primary (an alert assigned)', async () => {
    const id = await insertDeviceTask(t.db.prisma, f, {
      deviceId: f.residents.AL.pendant.deviceId,
      residentId: f.residents.AL.id,
      unitId: f.residents.AL.unitId,
      severity: 'HIGH_PRIORITY',
      status: 'OPEN_UNCLAIMED',
      assigneeId: null,
    });
    const res = await caller(t, f.staff.manager.id)('PUT', `/admin/api/v1/tasks/${id}`, {
      assigneeId: f.staff.caregiver.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'OPEN_CLAIMED', assignee: { id: f.staff.caregiver.id } });
  });

  it('a primary client given the read URL refuses it', async () => {
    const wrong = createPrisma(readOnlyUrl(t.db.url), { max: 1 });
    const error = await wrong.$queryRawUnsafe('SELECT 1').catch((e: unknown) => e);
    await wrong.$disconnect();
    expect(String(error)).toMatch(/is read-only, not read-write: the connection was closed/);
  });
});
