import type { TCareEvent, TCareEventPageReply, TResidentActivity } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { caller, insertPendantTask } from '../../test/tasks';

const CARE = '/care/api/v1';
const ADMIN = '/admin/api/v1';

let t: TestApp;
let f: TestFacility;
let other: TestFacility;

beforeAll(async () => {
  t = await buildTestApp();
  [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
});
afterAll(() => t.close());

const as = (staffId: string) => caller(t, staffId);
const completed = (careProvided: string) => ({ outcome: 'COMPLETED', careProvided });
const refused = (careProvided: string) => ({ outcome: 'REFUSED', careProvided });

/** Resolves a pendant alert of the resident through the tasks API (claimed, confirmed by the press, resolved). */
async function resolvedAlert(facility: TestFacility, key: 'AL' | 'MC' | 'LTC', careProvided = 'ADL_BATHING') {
  const id = await insertPendantTask(t.db.prisma, facility, key);
  const me = as(facility.staff.caregiver.id);
  await me('PUT', `${ADMIN}/tasks/${id}`, { status: 'OPEN_CLAIMED' });
  await t.db.prisma.task.update({ where: { id }, data: { status: 'OPEN_CONFIRMED' } });
  const res = await me('PUT', `${ADMIN}/tasks/${id}/resolve`, {
    alertOutcomeType: 'RESIDENT_INTERACTION',
    careOutcomes: [completed(careProvided)],
  });
  expect(res.statusCode).toBe(200);
  return id;
}

describe('[CARE][LOG]: POST /loggedCare (care and refusals without an alert)', () => {
  it('logs care: a care log entry, a care event without an alert and the outcomes', async () => {
    const res = await as(f.staff.caregiver.id)('POST', `${CARE}/loggedCare`, {
      residentId: f.residents.AL.id,
      careOutcomes: [completed('ADL_BATHING'), completed('ADL_GROOMING')],
      observations: ['PAIN'],
      resolutionNote: 'Knee pain when standing',
      respondingStaffRids: [f.staff.nurse.id],
      groupId: f.groups.CareStaff,
    });
    expect(res.statusCode).toBe(201);
    const activity = res.json() as TResidentActivity;
    expect(activity).toMatchObject({
      rid: expect.any(String),
      creatorId: f.staff.caregiver.id,
      enterpriseId: f.enterpriseId,
      facilityId: f.facilityId,
      groupId: f.groups.CareStaff,
      residentId: f.residents.AL.id,
      unitId: f.residents.AL.unitId,
      taskId: null,
      careOutcomes: [completed('ADL_BATHING'), completed('ADL_GROOMING')],
      observations: ['PAIN'],
      resolutionNote: 'Knee pain when standing',
      respondingStaffRids: [f.staff.nurse.id],
      isRefusal: false,
    });
    const event = await t.db.prisma.careEvent.findUniqueOrThrow({
      where: { id: activity.careEventRid! },
      include: { careOutcomes: true },
    });
    expect(event).toMatchObject({
      residentIds: [f.residents.AL.id],
      creatorEntityIds: [f.staff.caregiver.id],
      taskId: null,
    });
    expect(event.careOutcomes.every((o) => o.residentActivityId === activity.rid)).toBe(true);
  });

  it('logs a refusal: every outcome REFUSED, only refusable care', async () => {
    const res = await as(f.staff.caregiver.id)('POST', `${CARE}/loggedCare`, {
      residentId: f.residents.MC.id,
      careOutcomes: [refused('ADL_EATING'), refused('HOUSEKEEPING_LAUNDRY')],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      isRefusal: true,
      careOutcomes: [refused('ADL_EATING'), refused('HOUSEKEEPING_LAUNDRY')],
    });
  });

  it('bad input is a 400 naming field and rule, and writes nothing', async () => {
    const before = await t.db.prisma.residentActivity.count({ where: { facilityId: f.facilityId } });
    const post = (body: object) =>
      as(f.staff.caregiver.id)('POST', `${CARE}/loggedCare`, { residentId: f.residents.LTC.id, ...body });
    const cases: [object, string, string][] = [
      [
        { careOutcomes: [refused('ADL_EATING'), completed('ADL_BATHING')] },
        'body.careOutcomes',
        'refusal-mode',
      ],
      [{ careOutcomes: [refused('EMERGENCY_FALL')] }, 'body.careOutcomes', 'refusable'],
      [{ careOutcomes: [completed('NON_EMERGENCY_FOUND_DEVICE')] }, 'body.careOutcomes', 'test-alert'],
      [
        { careOutcomes: [completed('ADL_EATING')], observations: ['OTHER'] },
        'body.resolutionNote',
        'required',
      ],
      [{ careOutcomes: [] }, 'body.careOutcomes', 'minimum'],
      [
        { careOutcomes: [completed('ADL_EATING')], respondingStaffRids: [other.staff.nurse.id] },
        'body.respondingStaffRids',
        'exists',
      ],
      [
        { careOutcomes: [completed('ADL_EATING')], residentId: other.residents.AL.id },
        'body.residentId',
        'exists',
      ],
      [
        { careOutcomes: [completed('ADL_EATING')], groupId: other.groups.CareStaff },
        'body.groupId',
        'exists',
      ],
    ];
    for (const [body, field, rule] of cases) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().issues, JSON.stringify(body)).toContainEqual(
        expect.objectContaining({ field, rule }),
      );
    }
    expect(await t.db.prisma.residentActivity.count({ where: { facilityId: f.facilityId } })).toBe(before);
  });

  it('operations staff cannot log care (403); no token is 401', async () => {
    const res = await as(f.staff.housekeeper.id)('POST', `${CARE}/loggedCare`, {
      residentId: f.residents.AL.id,
      careOutcomes: [completed('HOUSEKEEPING_BED')],
    });
    expect(res.statusCode).toBe(403);
    const anon = await t.app.inject({
      method: 'POST',
      url: `${CARE}/loggedCare`,
      payload: { residentId: f.residents.AL.id, careOutcomes: [completed('HOUSEKEEPING_BED')] },
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe('[CARE][OUTCOMES]: POST /careOutcomes and /careOutcomes/search', () => {
  it('records outcomes and finds them by resident, outcome and care type, newest first', async () => {
    const g = await createTestFacility(t.db.prisma);
    const me = as(g.staff.caregiver.id);
    const post = (body: object) => me('POST', `${CARE}/careOutcomes`, body);
    const a = await post({ residentId: g.residents.AL.id, outcome: 'REFUSED', careProvided: 'ADL_BATHING' });
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({
      facilityId: g.facilityId,
      residentId: g.residents.AL.id,
      creatorId: g.staff.caregiver.id,
    });
    await post({ residentId: g.residents.AL.id, outcome: 'COMPLETED', careProvided: 'ADL_BATHING' });
    await post({ residentId: g.residents.MC.id, outcome: 'REFUSED', careProvided: 'ADL_BATHING' });

    const search = async (body: object) => (await me('POST', `${CARE}/careOutcomes/search`, body)).json();
    const refusedBathingAL = await search({
      residentRids: [g.residents.AL.id],
      careOutcomes: ['REFUSED', 'ADL_BATHING'],
    });
    expect(refusedBathingAL.careOutcomes.map((o: { id: string }) => o.id)).toEqual([a.json().id]);
    const all = await search({ facilityId: g.facilityId, pageSize: 2 });
    expect(all.totalCount).toBe(3);
    expect(all.careOutcomes).toHaveLength(2);
    expect(all.careOutcomes[0].createdAt).toBeGreaterThanOrEqual(all.careOutcomes[1].createdAt);

    const badEvent = await post({
      residentId: g.residents.AL.id,
      outcome: 'COMPLETED',
      careProvided: 'ADL_BATHING',
      careEventRid: 'nope',
    });
    expect(badEvent.json().issues[0]).toMatchObject({ field: 'body.careEventRid', rule: 'exists' });
    const badType = await post({
      residentId: g.residents.AL.id,
      outcome: 'REFUSED',
      careProvided: 'EMERGENCY_FALL',
    });
    expect(badType.json().issues[0]).toMatchObject({ field: 'body.careProvided', rule: 'refusable' });
    const foreign = await as(other.staff.manager.id)('POST', `${CARE}/careOutcomes/search`, {
      facilityId: g.facilityId,
    });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('[CARE][EVENTS]: care events', () => {
  let g: TestFacility;
  let logged: TResidentActivity;
  let manual: TCareEvent;
  let migratedTaskId: string;
  beforeAll(async () => {
    g = await createTestFacility(t.db.prisma);
    logged = (
      await as(g.staff.caregiver.id)('POST', `${CARE}/loggedCare`, {
        residentId: g.residents.AL.id,
        careOutcomes: [refused('ADL_BATHING')],
      })
    ).json();
    const created = await as(g.staff.nurse.id)('POST', `${CARE}/careEvents`, {
      facilityRid: g.facilityId,
      residentRids: [g.residents.MC.id, g.residents.LTC.id],
      careOutcomes: [
        { ...completed('ADL_ESCORT'), residentRid: g.residents.MC.id },
        { ...completed('ADL_ESCORT'), residentRid: g.residents.LTC.id },
      ],
      // Well after the migrated alert's care event (stamped when it is resolved, below), however slow the machine.
      eventTimestamp: Date.now() + 10 * 60_000,
    });
    expect(created.statusCode).toBe(201);
    manual = created.json();
    migratedTaskId = await resolvedAlert(g, 'LTC', 'ADL_TOILETING');
  });

  it('creates a care event for several residents; outcomes name their resident', async () => {
    expect(manual).toMatchObject({
      facilityRid: g.facilityId,
      residentRids: [g.residents.MC.id, g.residents.LTC.id],
      creatorEntityRids: [g.staff.nurse.id],
      alertRid: null,
      notes: [],
    });
    expect(manual.careOutcomes.map((o) => o.residentRid)).toEqual([g.residents.MC.id, g.residents.LTC.id]);
    const ambiguous = await as(g.staff.nurse.id)('POST', `${CARE}/careEvents`, {
      facilityRid: g.facilityId,
      residentRids: [g.residents.MC.id, g.residents.LTC.id],
      careOutcomes: [completed('ADL_ESCORT')],
    });
    expect(ambiguous.json().issues[0]).toMatchObject({
      field: 'body.careOutcomes.0.residentRid',
      rule: 'required',
    });
  });

  it('migrates a resolved task once (alertRid); an open task or a second migration is 409', async () => {
    const res = await as(g.staff.caregiver.id)('POST', `${CARE}/careEvents/migrate`, {
      taskRid: migratedTaskId,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      alertRid: migratedTaskId,
      residentRids: [g.residents.LTC.id],
      creatorEntityRids: [g.staff.caregiver.id],
      careOutcomes: [expect.objectContaining(completed('ADL_TOILETING'))],
    });
    const again = await as(g.staff.caregiver.id)('POST', `${CARE}/careEvents/migrate`, {
      taskRid: migratedTaskId,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('TASK_ALREADY_MIGRATED');
    const open = await insertPendantTask(t.db.prisma, g, 'STR');
    const notResolved = await as(g.staff.caregiver.id)('POST', `${CARE}/careEvents/migrate`, {
      taskRid: open,
    });
    expect(notResolved.statusCode).toBe(409);
    expect(notResolved.json().code).toBe('TASK_NOT_RESOLVED');
    const foreign = await as(other.staff.manager.id)('POST', `${CARE}/careEvents/migrate`, {
      taskRid: migratedTaskId,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('lists with the section 7 query values (repeated keys), newest first, paged', async () => {
    const list = async (qs: string) => {
      const res = await as(g.staff.manager.id)('GET', `${CARE}/careEvents?facilityRid=${g.facilityId}${qs}`);
      expect(res.statusCode).toBe(200);
      return res.json() as TCareEventPageReply;
    };
    const ids = (r: TCareEventPageReply) => r.careEvents.map((e) => e.careEventRid);
    const all = await list('');
    expect(all.totalCount).toBe(3);
    expect(ids(all)[0]).toBe(manual.careEventRid); // its eventTimestamp is the latest
    expect(
      ids(await list(`&residentRids=${g.residents.AL.id}&residentRids=${g.residents.MC.id}`)).sort(),
    ).toEqual([logged.careEventRid!, manual.careEventRid].sort());
    expect(ids(await list(`&creatorEntityRids=${g.staff.nurse.id}`))).toEqual([manual.careEventRid]);
    expect(ids(await list(`&careEventRids=${logged.careEventRid}`))).toEqual([logged.careEventRid]);
    expect(ids(await list('&withoutAlertRid=false'))).toHaveLength(1);
    expect((await list('&withoutAlertRid=true')).totalCount).toBe(2);
    expect(ids(await list('&careOutcomes=REFUSED'))).toEqual([logged.careEventRid]);
    expect(ids(await list('&careOutcomes=ADL_ESCORT&careOutcomes=ADL_TOILETING'))).toHaveLength(2);
    const page = await list('&pageSize=2&pageNumber=1');
    expect(page).toMatchObject({ pageNumber: 1, pageSize: 2, totalCount: 3 });
    expect(page.careEvents).toHaveLength(1);

    const bad = await as(g.staff.manager.id)('GET', `${CARE}/careEvents?withoutAlertRid=maybe`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].field).toBe('querystring.withoutAlertRid');
    const searched = await as(g.staff.manager.id)('POST', `${CARE}/careEvents/search`, {
      residentRids: [g.residents.LTC.id],
      withoutAlertRid: true,
    });
    expect(searched.json().careEvents.map((e: TCareEvent) => e.careEventRid)).toEqual([manual.careEventRid]);
    const foreign = await as(other.staff.manager.id)('GET', `${CARE}/careEvents?facilityRid=${g.facilityId}`);
    expect(foreign.statusCode).toBe(403);
  });

  it('gets, updates (creator or supervisor) and annotates a care event; admin API too', async () => {
    const get = await as(g.staff.caregiver.id)('GET', `${CARE}/careEvents/${manual.careEventRid}`);
    expect(get.statusCode).toBe(200);
    expect(get.json().careEventRid).toBe(manual.careEventRid);
    const foreign = await as(other.staff.manager.id)('GET', `${CARE}/careEvents/${manual.careEventRid}`);
    expect(foreign.statusCode).toBe(404);
    const housekeeper = await as(g.staff.housekeeper.id)('GET', `${CARE}/careEvents/${manual.careEventRid}`);
    expect(housekeeper.statusCode).toBe(404);

    const notCreator = await as(g.staff.caregiver.id)('PUT', `${CARE}/careEvents/${manual.careEventRid}`, {
      residentRids: [g.residents.MC.id],
    });
    expect(notCreator.statusCode).toBe(403);
    const update = await as(g.staff.nurse.id)('PUT', `${CARE}/careEvents/${manual.careEventRid}`, {
      residentRids: [g.residents.MC.id],
      careOutcomes: [completed('ADL_TRANSFER')],
    });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toMatchObject({
      residentRids: [g.residents.MC.id],
      careOutcomes: [{ residentRid: g.residents.MC.id, ...completed('ADL_TRANSFER') }],
    });
    const empty = await as(g.staff.nurse.id)('PUT', `${CARE}/careEvents/${manual.careEventRid}`, {});
    expect(empty.statusCode).toBe(400);

    const note = await as(g.staff.caregiver.id)('POST', `${CARE}/careEvents/${manual.careEventRid}/notes`, {
      noteType: 'FOLLOW_UP',
      content: 'Walked to dining room',
    });
    expect(note.statusCode).toBe(201);
    expect(note.json().notes).toEqual([
      expect.objectContaining({
        noteType: 'FOLLOW_UP',
        content: 'Walked to dining room',
        creatorRid: g.staff.caregiver.id,
      }),
    ]);

    const admin = await as(g.staff.manager.id)(
      'GET',
      `${ADMIN}/careEvents/${manual.careEventRid}?facilityId=${g.facilityId}`,
    );
    expect(admin.statusCode).toBe(200);
    expect(admin.json().notes).toHaveLength(1);
    const adminNote = await as(g.staff.manager.id)(
      'POST',
      `${ADMIN}/careEvents/${manual.careEventRid}/notes`,
      {
        noteType: 'NURSE',
        content: 'Checked',
        creatorRid: g.staff.manager.id,
      },
    );
    expect(adminNote.statusCode).toBe(201);
    expect(adminNote.json().notes).toHaveLength(2);
    const impersonate = await as(g.staff.manager.id)(
      'POST',
      `${ADMIN}/careEvents/${manual.careEventRid}/notes`,
      {
        content: 'x',
        creatorRid: g.staff.caregiver.id,
      },
    );
    expect(impersonate.statusCode).toBe(403);
    const blank = await as(g.staff.manager.id)('POST', `${ADMIN}/careEvents/${manual.careEventRid}/notes`, {
      content: ' ',
    });
    expect(blank.json().issues[0]).toMatchObject({ field: 'body.content', rule: 'minimum' });
    const wrongFacility = await as(g.staff.manager.id)(
      'GET',
      `${ADMIN}/careEvents/${manual.careEventRid}?facilityId=${other.facilityId}`,
    );
    expect(wrongFacility.statusCode).toBe(403);
  });

  it('latest care event per resident and per staff member', async () => {
    const res = await as(g.staff.manager.id)(
      'GET',
      `${CARE}/careEvents/latest?residentRids=${g.residents.AL.id}&residentRids=${g.residents.IL.id}&staffMemberRids=${g.staff.caregiver.id}`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.residents).toEqual([
      {
        residentRid: g.residents.AL.id,
        careEvent: expect.objectContaining({ careEventRid: logged.careEventRid }),
      },
      { residentRid: g.residents.IL.id, careEvent: null },
    ]);
    // The caregiver's latest: the migrated alert (resolved after the care log).
    expect(body.staffMembers[0].careEvent.alertRid).toBe(migratedTaskId);
  });
});

describe('[CARE][ROUTINE]: careActivity/latest and resident activities', () => {
  it('gives minutes since the last care activity per resident (care given or refused; not test alerts)', async () => {
    const g = await createTestFacility(t.db.prisma);
    await as(g.staff.caregiver.id)('POST', `${CARE}/loggedCare`, {
      residentId: g.residents.AL.id,
      careOutcomes: [refused('ADL_BATHING')],
    });
    await t.db.prisma.careOutcome.create({
      data: {
        facilityId: g.facilityId,
        residentId: g.residents.MC.id,
        outcome: 'COMPLETED',
        careProvided: 'ADL_ROUTINE_CHECK',
        createdAt: new Date(Date.now() - 90 * 60_000 - 5_000),
      },
    });
    await t.db.prisma.careOutcome.create({
      data: {
        facilityId: g.facilityId,
        residentId: g.residents.LTC.id,
        outcome: 'COMPLETED',
        careProvided: 'NON_EMERGENCY_FOUND_DEVICE',
      },
    });
    const res = await as(g.staff.caregiver.id)('POST', `${ADMIN}/residents/careActivity/latest`, {
      residentRids: [g.residents.AL.id, g.residents.MC.id, g.residents.LTC.id, other.residents.AL.id],
    });
    expect(res.statusCode).toBe(200);
    const byId = Object.fromEntries(res.json().map((r: { residentRid: string }) => [r.residentRid, r]));
    expect(byId[g.residents.AL.id].timeSinceLastCareActivityInMin).toBe(0);
    expect(byId[g.residents.MC.id].timeSinceLastCareActivityInMin).toBe(90);
    expect(byId[g.residents.LTC.id]).toMatchObject({
      timeSinceLastCareActivityInMin: null,
      lastCareActivityTimestamp: null,
    });
    expect(byId[other.residents.AL.id]).toBeUndefined();

    const empty = await as(g.staff.caregiver.id)('POST', `${ADMIN}/residents/careActivity/latest`, {
      residentRids: [],
    });
    expect(empty.json().issues[0]).toMatchObject({ field: 'body.residentRids', rule: 'minimum' });
  });

  it("lists a resident's care log (logged care and resolved alerts), newest first, paged and filtered", async () => {
    const g = await createTestFacility(t.db.prisma);
    const first = await as(g.staff.caregiver.id)('POST', `${CARE}/loggedCare`, {
      residentId: g.residents.AL.id,
      careOutcomes: [refused('ADL_DRESSING')],
    });
    const taskId = await resolvedAlert(g, 'AL', 'ADL_EATING');
    const url = `${ADMIN}/residents/${g.residents.AL.id}/activities`;
    const all = await as(g.staff.nurse.id)('GET', url);
    expect(all.statusCode).toBe(200);
    expect(all.json().activities.map((a: TResidentActivity) => a.taskId)).toEqual([taskId, null]);
    expect(all.json().totalCount).toBe(2);
    const page = await as(g.staff.nurse.id)('GET', `${url}?pageSize=1&pageNumber=1`);
    expect(page.json().activities.map((a: TResidentActivity) => a.rid)).toEqual([first.json().rid]);
    const refusals = await as(g.staff.nurse.id)('GET', `${url}?careOutcomes=REFUSED`);
    expect(refusals.json().activities.map((a: TResidentActivity) => a.rid)).toEqual([first.json().rid]);
    const bad = await as(g.staff.nurse.id)('GET', `${url}?careOutcomes=SOMETIMES`);
    expect(bad.statusCode).toBe(400);
    const foreign = await as(other.staff.manager.id)('GET', url);
    expect(foreign.statusCode).toBe(404);
  });
});
