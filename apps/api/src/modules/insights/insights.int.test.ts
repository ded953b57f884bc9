import type {
  InsightCategory,
  InsightScope,
  TInsightReply,
  TLiveServerMessage,
  TRecognitionReply,
  TRuleReply,
  TWorkflowActionReply,
  TWorkflowReply,
} from '@sage/contract';
import { InsightMessages } from '@sage/contract';
import type { PrismaClient } from '@sage/db';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { workflowTypeOf } from '@sage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { caller } from '../../test/tasks';
import { openSessionToken } from '../auth/sessions/open-session';
import { connectLive, type LiveClient } from '../live/live-client';

const I = '/insights/api/v1';
const G = '/gamification/api/v1';

/** An insight as the engine raises it (apps/worker/src/insights), with its open workflow. */
export async function insertInsight(
  prisma: PrismaClient,
  f: TestFacility,
  category: InsightCategory,
  staffMemberId: string | null,
  scope: InsightScope = staffMemberId ? 'USER' : 'GLOBAL',
) {
  return prisma.insight.create({
    data: {
      facilityId: f.facilityId,
      enterpriseId: f.enterpriseId,
      category,
      scope,
      staffMemberId,
      data: {
        metric: 'TIME_TO_CLAIM',
        value: category === 'NEEDS_IMPROVEMENT' ? 9 : 0.5,
        samples: 6,
        threshold: category === 'NEEDS_IMPROVEMENT' ? 4 : 1,
        baseline: 3,
        periodDays: 7,
      },
      workflows: { create: { facilityId: f.facilityId, type: workflowTypeOf(category, scope) } },
    },
    include: { workflows: true },
  });
}

describe('[INSIGHTS]: insights, workflows, rules and high fives (decisions 0290-0293)', () => {
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

  it('management sees every insight; a caregiver their own and colleagues’ top performances only', async () => {
    const slow = await insertInsight(t.db.prisma, f, 'NEEDS_IMPROVEMENT', f.staff.caregiver.id);
    const nurseSlow = await insertInsight(t.db.prisma, f, 'NEEDS_IMPROVEMENT', f.staff.nurse.id);
    const fast = await insertInsight(t.db.prisma, f, 'TOP_PERFORMER', f.staff.nurse.id);
    const community = await insertInsight(t.db.prisma, f, 'NEEDS_IMPROVEMENT', null);
    await insertInsight(t.db.prisma, other, 'NEEDS_IMPROVEMENT', other.staff.caregiver.id);

    const search = async (who: string, body: object = {}) => {
      const res = await as(who)('POST', `${I}/insights/search`, { facilityRid: f.facilityId, ...body });
      expect(res.statusCode).toBe(200);
      return (res.json() as TInsightReply[]).map((i) => i.insightRid).sort();
    };
    expect(await search(f.staff.manager.id)).toEqual([slow.id, nurseSlow.id, fast.id, community.id].sort());
    expect(await search(f.staff.caregiver.id)).toEqual([slow.id, fast.id].sort());
    expect(await search(f.staff.manager.id, { categories: ['TOP_PERFORMER'] })).toEqual([fast.id]);
    expect(await search(f.staff.manager.id, { scopes: ['GLOBAL'] })).toEqual([community.id]);

    const one = await as(f.staff.caregiver.id)('GET', `${I}/insights/${slow.id}`);
    expect(one.json()).toMatchObject({
      insightRid: slow.id,
      category: 'NEEDS_IMPROVEMENT',
      title: 'Needs Improvement: Time to claim alerts',
      staffMember: { id: f.staff.caregiver.id },
      workflows: [{ status: 'OPEN', type: 'NEEDS_IMPROVEMENT' }],
    });
    expect(one.json().description).toContain('averaged 9 min over the last 7 days');
    // A colleague's needs improvement and another community's insight: not found.
    expect((await as(f.staff.caregiver.id)('GET', `${I}/insights/${nurseSlow.id}`)).statusCode).toBe(404);
    expect((await as(other.staff.manager.id)('GET', `${I}/insights/${slow.id}`)).statusCode).toBe(404);
    const foreign = await as(other.staff.manager.id)('POST', `${I}/insights/search`, {
      facilityRid: f.facilityId,
    });
    expect(foreign.statusCode).toBe(403);
    const bad = await as(f.staff.manager.id)('POST', `${I}/insights/search`, {
      facilityRid: f.facilityId,
      categories: ['GREAT'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toMatchObject({ field: 'body.categories.0', rule: 'enum' });

    const workflows = await as(f.staff.manager.id)(
      'GET',
      `${I}/workflows?facilityRid=${f.facilityId}&type=RECOGNITION&status=OPEN`,
    );
    expect((workflows.json() as TWorkflowReply[]).map((w) => w.insightRid)).toEqual([fast.id]);
    const byInsight = await as(f.staff.caregiver.id)('GET', `${I}/workflows?insightRid=${nurseSlow.id}`);
    expect(byInsight.json()).toEqual([]);
    expect(
      (await as(other.staff.manager.id)('GET', `${I}/workflows/${slow.workflows[0]!.id}`)).statusCode,
    ).toBe(404);
  });

  it('a manager completes an insight: the workflow closes; acting again is 409 with the spec’s message', async () => {
    const insight = await insertInsight(t.db.prisma, f, 'NEEDS_IMPROVEMENT', f.staff.caregiver.id);
    const wf = insight.workflows[0]!.id;
    const denied = await as(f.staff.caregiver.id)('POST', `${I}/workflows/${wf}/actions`, {
      type: 'DISMISS',
    });
    expect(denied.statusCode).toBe(403);
    const wrongType = await as(f.staff.manager.id)('POST', `${I}/workflows/${wf}/actions`, {
      type: 'SEND_HIGH_FIVE',
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().issues[0]).toMatchObject({ field: 'body.type', rule: 'workflow type' });
    const tooLong = await as(f.staff.manager.id)('POST', `${I}/workflows/${wf}/actions`, {
      type: 'LOG_ACTION_NEEDS_IMPROVEMENT',
      note: 'x'.repeat(256),
    });
    expect(tooLong.json().issues[0]).toMatchObject({ field: 'body.note', rule: 'maximum' });

    const done = await as(f.staff.manager.id)('POST', `${I}/workflows/${wf}/actions`, {
      type: 'LOG_ACTION_NEEDS_IMPROVEMENT',
      note: 'Talked through claiming from the lock screen',
    });
    expect(done.statusCode).toBe(201);
    expect(done.json()).toMatchObject({
      type: 'LOG_ACTION_NEEDS_IMPROVEMENT',
      note: 'Talked through claiming from the lock screen',
      creator: { id: f.staff.manager.id },
    });
    const closed = (await as(f.staff.manager.id)('GET', `${I}/workflows/${wf}`)).json() as TWorkflowReply;
    expect(closed).toMatchObject({ status: 'CLOSED', closedBy: { id: f.staff.manager.id } });

    const again = await as(f.staff.manager.id)('POST', `${I}/workflows/${wf}/actions`, { type: 'DISMISS' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: InsightMessages.closed, code: 'INSIGHT_CLOSED' });
    const actions = (await as(f.staff.manager.id)('GET', `${I}/workflows/${wf}/actions`)).json();
    expect((actions as TWorkflowActionReply[]).map((a) => a.type)).toEqual(['LOG_ACTION_NEEDS_IMPROVEMENT']);

    // Reset (management) opens it again; a caregiver may not.
    expect((await as(f.staff.caregiver.id)('POST', `${I}/insights/${insight.id}/reset`)).statusCode).toBe(
      403,
    );
    const reset = await as(f.staff.manager.id)('POST', `${I}/insights/${insight.id}/reset`);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ workflows: [{ status: 'OPEN', closedAt: null }] });
    expect(reset.json().resetAt).toEqual(expect.any(String));
  });

  it('two actions at once: one wins, the other is 409, one action written', async () => {
    const insight = await insertInsight(t.db.prisma, f, 'NEEDS_IMPROVEMENT', f.staff.nurse.id);
    const wf = insight.workflows[0]!.id;
    const replies = await Promise.all([
      as(f.staff.manager.id)('POST', `${I}/workflows/${wf}/actions`, { type: 'DISMISS' }),
      as(f.staff.manager.id)('POST', `${I}/workflows/${wf}/actions`, {
        type: 'LOG_ACTION_NEEDS_IMPROVEMENT',
        note: 'Coached',
      }),
      as(f.staff.manager.id)('POST', `${I}/workflows/${wf}/actions`, { type: 'DISMISS' }),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await t.db.prisma.workflowAction.count({ where: { workflowId: wf } })).toBe(1);
  });

  it('a high five on a top performance reaches the performer live; a failed one leaves nothing written', async () => {
    const insight = await insertInsight(t.db.prisma, f, 'TOP_PERFORMER', f.staff.nurse.id);
    const wf = insight.workflows[0]!.id;
    const { token } = await openSessionToken(t.db.prisma, f.staff.nurse.id, t.config.JWT_SECRET, 600);
    const nurse = await connectLive(url, { auth: { accessToken: token, staffMemberId: f.staff.nurse.id } });
    clients.push(nurse);
    await nurse.waitFor((m) => m.type === 'ready');

    // The performer's own high five fails (400) and writes nothing: no action, no recognition, still open.
    const own = await as(f.staff.nurse.id)('POST', `${I}/workflows/${wf}/actions`, {
      type: 'SEND_HIGH_FIVE',
    });
    expect(own.statusCode).toBe(400);
    expect(await t.db.prisma.workflowAction.count({ where: { workflowId: wf } })).toBe(0);
    expect(await t.db.prisma.recognition.count({ where: { workflowId: wf } })).toBe(0);
    expect((await t.db.prisma.workflow.findUniqueOrThrow({ where: { id: wf } })).status).toBe('OPEN');

    const sent = await as(f.staff.caregiver.id)('POST', `${I}/workflows/${wf}/actions`, {
      type: 'SEND_HIGH_FIVE',
      note: 'Thanks for the quick help in 201!',
    });
    expect(sent.statusCode).toBe(201);
    const action = sent.json() as TWorkflowActionReply;
    expect(action.recognitionRid).toEqual(expect.any(String));
    const frame = await nurse.waitFor(
      (m: TLiveServerMessage) =>
        m.type === 'recognition.received' && m.recognitionRid === action.recognitionRid,
      5_000,
    );
    expect(frame).toEqual({
      type: 'recognition.received',
      recognitionRid: action.recognitionRid,
      facilityRid: f.facilityId,
    });

    const unseen = await as(f.staff.nurse.id)(
      'GET',
      `${G}/recognitions?recipientRid=${f.staff.nurse.id}&seenByRecipient=false`,
    );
    expect(unseen.json()).toEqual([
      expect.objectContaining({
        recognitionRid: action.recognitionRid,
        note: 'Thanks for the quick help in 201!',
        workflowRid: wf,
        sender: expect.objectContaining({ id: f.staff.caregiver.id }),
        seenByRecipient: false,
      }),
    ]);
    const late = await as(f.staff.manager.id)('POST', `${I}/workflows/${wf}/actions`, { type: 'DISMISS' });
    expect(late.statusCode).toBe(409);
  });

  it('recognitions: send, list, search, mark seen by the recipient only; validation and tenancy', async () => {
    const give = (who: string, body: object) => as(who)('POST', `${G}/recognitions`, body);
    const res = await give(f.staff.manager.id, {
      facilityRid: f.facilityId,
      recipientRid: f.staff.housekeeper.id,
      note: 'Spotless!\nThank you.',
    });
    expect(res.statusCode).toBe(201);
    const r = res.json() as TRecognitionReply;
    expect(r).toMatchObject({
      recipientRid: f.staff.housekeeper.id,
      facilityRid: f.facilityId,
      seenByRecipient: false,
      sender: { id: f.staff.manager.id },
      recipient: { id: f.staff.housekeeper.id },
    });

    const self = await give(f.staff.manager.id, {
      facilityRid: f.facilityId,
      recipientRid: f.staff.manager.id,
    });
    expect(self.json().issues[0]).toMatchObject({ field: 'body.recipientRid', rule: 'not self' });
    const stranger = await give(f.staff.manager.id, {
      facilityRid: f.facilityId,
      recipientRid: other.staff.caregiver.id,
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().issues[0]).toMatchObject({ field: 'body.recipientRid', rule: 'exists' });
    const elsewhere = await give(f.staff.manager.id, {
      facilityRid: other.facilityId,
      recipientRid: other.staff.caregiver.id,
    });
    expect(elsewhere.statusCode).toBe(403);
    const noRecipient = await give(f.staff.manager.id, { facilityRid: f.facilityId });
    expect(noRecipient.json().issues[0]).toMatchObject({ field: 'body.recipientRid' });

    // Seen: only the recipient; the sender may read it, a colleague may not, another community not at all.
    expect(
      (
        await as(f.staff.manager.id)('PUT', `${G}/recognitions/${r.recognitionRid}`, {
          seenByRecipient: true,
        })
      ).statusCode,
    ).toBe(403);
    expect((await as(f.staff.caregiver.id)('GET', `${G}/recognitions/${r.recognitionRid}`)).statusCode).toBe(
      404,
    );
    expect(
      (await as(other.staff.manager.id)('GET', `${G}/recognitions/${r.recognitionRid}`)).statusCode,
    ).toBe(404);
    const seen = await as(f.staff.housekeeper.id)('PUT', `${G}/recognitions/${r.recognitionRid}`, {
      seenByRecipient: true,
    });
    expect(seen.json()).toMatchObject({ seenByRecipient: true });
    const found = await as(f.staff.manager.id)('POST', `${G}/recognitions/search`, {
      facilityRid: f.facilityId,
      recipientRids: [f.staff.housekeeper.id],
      seenByRecipient: true,
    });
    expect((found.json() as TRecognitionReply[]).map((x) => x.recognitionRid)).toEqual([r.recognitionRid]);
    const mine = await as(f.staff.housekeeper.id)('GET', `${G}/recognitions?seenByRecipient=false`);
    expect(mine.json()).toEqual([]);
  });

  it('rules: management adds and edits its facility’s; built-in ones are read-only; 400 names the field', async () => {
    const definition = {
      metric: 'TIME_TO_CLAIM',
      periodDays: 7,
      minSamples: 3,
      threshold: 3,
      baselineDays: 28,
      baselineFactor: 1.5,
    };
    const body = {
      facilityRid: f.facilityId,
      name: 'Night shift claims',
      category: 'NEEDS_IMPROVEMENT',
      scope: 'USER',
      definition,
    };
    expect((await as(f.staff.caregiver.id)('POST', `${I}/rules`, body)).statusCode).toBe(403);
    expect((await as(other.staff.manager.id)('POST', `${I}/rules`, body)).statusCode).toBe(403);
    const bad = await as(f.staff.manager.id)('POST', `${I}/rules`, {
      ...body,
      definition: { ...definition, metric: 'SMILES' },
    });
    expect(bad.json().issues[0]).toMatchObject({ field: 'body.definition.metric', rule: 'enum' });
    const noPlace = await as(f.staff.manager.id)('POST', `${I}/rules`, { ...body, facilityRid: undefined });
    expect(noPlace.json().issues[0]).toMatchObject({ field: 'body.facilityRid', rule: 'required' });

    const created = await as(f.staff.manager.id)('POST', `${I}/rules`, body);
    expect(created.statusCode).toBe(201);
    const rule = created.json() as TRuleReply;
    expect(rule).toMatchObject({
      facilityRid: f.facilityId,
      enterpriseRid: f.enterpriseId,
      isDefault: false,
    });
    const edited = await as(f.staff.manager.id)('PUT', `${I}/rules/${rule.ruleRid}`, { isEnabled: false });
    expect(edited.json()).toMatchObject({ isEnabled: false, name: 'Night shift claims' });
    expect((await as(other.staff.manager.id)('GET', `${I}/rules/${rule.ruleRid}`)).statusCode).toBe(404);
    expect(
      (await as(other.staff.manager.id)('PUT', `${I}/rules/${rule.ruleRid}`, { isEnabled: true })).statusCode,
    ).toBe(404);
    const listed = await as(f.staff.caregiver.id)('POST', `${I}/rules/search`, { facilityRid: f.facilityId });
    expect((listed.json() as TRuleReply[]).map((r) => r.ruleRid)).toContain(rule.ruleRid);
    const theirs = await as(other.staff.manager.id)('POST', `${I}/rules/search`, {});
    expect((theirs.json() as TRuleReply[]).map((r) => r.ruleRid)).not.toContain(rule.ruleRid);

    await t.db.prisma.rule.create({
      data: { id: `default-test-${f.tag}`, name: 'Built in', category: 'TOP_PERFORMER', definition },
    });
    const builtIn = await as(f.staff.manager.id)('PUT', `${I}/rules/default-test-${f.tag}`, {
      isEnabled: false,
    });
    expect(builtIn.statusCode).toBe(403);
    expect((await as(f.staff.caregiver.id)('DELETE', `${I}/rules/${rule.ruleRid}`)).statusCode).toBe(403);
    const gone = await as(f.staff.manager.id)('DELETE', `${I}/rules/${rule.ruleRid}`);
    expect(gone.json()).toEqual({ deleted: [rule.ruleRid] });
    expect((await as(f.staff.manager.id)('GET', `${I}/rules/${rule.ruleRid}`)).statusCode).toBe(404);
  });
});
