import type { TCareEvent, TEnterpriseProfile, TResidentActivity } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { caller } from '../../test/tasks';

const CARE = '/care/api/v1';

let t: TestApp;
let f: TestFacility;
/** Offers only Mood/Behavior and Other for memory care; observations stay on. */
let configured: TestFacility;
let noObservations: TestFacility;

beforeAll(async () => {
  t = await buildTestApp();
  [f, configured, noObservations] = await Promise.all([
    createTestFacility(t.db.prisma),
    createTestFacility(t.db.prisma, {
      observationsByCareType: { MEMORY_CARE: ['MOOD_BEHAVIOR', 'OTHER'] },
      routineCheckIntervalInMin: 90,
    }),
    createTestFacility(t.db.prisma, { isObservationsEnabled: false }),
  ]);
});
afterAll(() => t.close());

const completed = (careProvided: string) => ({ outcome: 'COMPLETED', careProvided });
const refused = (careProvided: string) => ({ outcome: 'REFUSED', careProvided });
const logCare = (facility: TestFacility, body: object) =>
  caller(t, facility.staff.caregiver.id)('POST', `${CARE}/loggedCare`, {
    residentId: facility.residents.AL.id,
    ...body,
  });

describe('[CARE][LOG]: staffAssistCount on POST /loggedCare (decision 0057)', () => {
  it('stores the count on the care log entry and its care event, and replies with it', async () => {
    const res = await logCare(f, { careOutcomes: [completed('ADL_TRANSFER')], staffAssistCount: 4 });
    expect(res.statusCode).toBe(201);
    const activity = res.json() as TResidentActivity;
    expect(activity.staffAssistCount).toBe(4);
    const event = await caller(t, f.staff.caregiver.id)(
      'GET',
      `${CARE}/careEvents/${activity.careEventRid}?facilityRid=${f.facilityId}`,
    );
    expect(event.statusCode).toBe(200);
    expect((event.json() as TCareEvent).staffAssistCount).toBe(4);
    const listed = await caller(t, f.staff.caregiver.id)(
      'GET',
      `/admin/api/v1/residents/${f.residents.AL.id}/activities`,
    );
    expect(listed.json().activities).toContainEqual(
      expect.objectContaining({ rid: activity.rid, staffAssistCount: 4 }),
    );
  });

  it('"default 1": care logged without a count stores 1', async () => {
    const res = await logCare(f, { careOutcomes: [completed('ADL_DRESSING')] });
    expect(res.statusCode).toBe(201);
    expect((res.json() as TResidentActivity).staffAssistCount).toBe(1);
  });

  it('a refusal has no counter: none stored, a count sent is a 400 (rule not-applicable)', async () => {
    const ok = await logCare(f, { careOutcomes: [refused('ADL_BATHING')] });
    expect(ok.statusCode).toBe(201);
    expect((ok.json() as TResidentActivity).staffAssistCount).toBeNull();
    const res = await logCare(f, { careOutcomes: [refused('ADL_BATHING')], staffAssistCount: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual(
      expect.objectContaining({ field: 'body.staffAssistCount', rule: 'not-applicable' }),
    );
  });

  it.each([0, 6, 1.5])(
    'refuses %s (outside 1..5) with a 400 naming body.staffAssistCount, writes nothing',
    async (n) => {
      const before = await t.db.prisma.residentActivity.count({ where: { facilityId: f.facilityId } });
      const res = await logCare(f, { careOutcomes: [completed('ADL_ESCORT')], staffAssistCount: n });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toContainEqual(expect.objectContaining({ field: 'body.staffAssistCount' }));
      expect(await t.db.prisma.residentActivity.count({ where: { facilityId: f.facilityId } })).toBe(before);
    },
  );
});

describe("[CARE][LOG]: observations offered for the resident's unit care type (decision 0058)", () => {
  it('accepts the configured types and refuses the others (400 body.observations, rule care-type)', async () => {
    const mc = configured.residents.MC.id;
    const ok = await logCare(configured, {
      residentId: mc,
      careOutcomes: [completed('ADL_EATING')],
      observations: ['MOOD_BEHAVIOR'],
    });
    expect(ok.statusCode).toBe(201);
    const res = await logCare(configured, {
      residentId: mc,
      careOutcomes: [completed('ADL_EATING')],
      observations: ['SKIN'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({
      field: 'body.observations',
      rule: 'care-type',
      message: 'Not offered for MEMORY_CARE: SKIN',
    });
    // Assisted living is not in that facility's map: the care-type rule (all eight) applies.
    const al = await logCare(configured, { careOutcomes: [completed('ADL_EATING')], observations: ['SKIN'] });
    expect(al.statusCode).toBe(201);
  });

  it('refuses observations where the facility has them turned off', async () => {
    const res = await logCare(noObservations, {
      careOutcomes: [completed('ADL_EATING')],
      observations: ['PAIN'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual(
      expect.objectContaining({ field: 'body.observations', rule: 'care-type' }),
    );
  });
});

describe('[STAFF][PROFILES]: the facility carries facilityConfig (decision 0058)', () => {
  it('GET /staff/profiles replies with each facility config', async () => {
    const res = await caller(t, configured.staff.caregiver.id)('GET', '/admin/api/v1/staff/profiles');
    expect(res.statusCode).toBe(200);
    const facility = (res.json() as TEnterpriseProfile[])
      .flatMap((p) => p.facilities)
      .find((x) => x.id === configured.facilityId);
    expect(facility?.facilityConfig).toEqual({
      isAlertLocationEnabled: false,
      isObservationsEnabled: true,
      observationsByCareType: { MEMORY_CARE: ['MOOD_BEHAVIOR', 'OTHER'] },
      routineCheckIntervalInMin: 90,
    });
    const off = await caller(t, noObservations.staff.caregiver.id)('GET', '/admin/api/v1/staff/profiles');
    expect(
      (off.json() as TEnterpriseProfile[])
        .flatMap((p) => p.facilities)
        .find((x) => x.id === noObservations.facilityId)?.facilityConfig.isObservationsEnabled,
    ).toBe(false);
  });
});
