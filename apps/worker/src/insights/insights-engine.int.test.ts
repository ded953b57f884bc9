import type { PrismaClient } from '@sage/db';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { createTestDatabase, type TestDatabase } from '@sage/db/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateRules } from './evaluate-rules';

const MIN = 60_000;
// Wednesday 18 November 2026, noon in Chicago: the last completed week is Mon 9 - Sun 15 November.
const NOW = new Date('2026-11-18T18:00:00Z');
const IN_PERIOD = new Date('2026-11-11T16:00:00Z');
const IN_BASELINE = new Date('2026-10-28T16:00:00Z');

/** An alert claimed, confirmed at the bedside and resolved by one staff member, minutes after it was raised. */
async function alertHandled(
  prisma: PrismaClient,
  f: TestFacility,
  staffId: string,
  at: Date,
  minutes: { claim: number; confirm: number; resolve: number; failed?: boolean },
) {
  const when = (m: number) => new Date(at.getTime() + m * MIN);
  await prisma.task.create({
    data: {
      facilityId: f.facilityId,
      enterpriseId: f.enterpriseId,
      title: 'Pendant pressed',
      status: 'CLOSED_RESOLVED',
      severity: 'HIGH_PRIORITY',
      severityRank: 3,
      assigneeId: staffId,
      resolvedById: staffId,
      creationTimestamp: at,
      resolvedAt: when(minutes.resolve),
      updates: {
        create: [
          { facilityId: f.facilityId, type: 'CREATED', createdAt: at },
          {
            facilityId: f.facilityId,
            type: 'CLAIM',
            creatorStaffMemberId: staffId,
            createdAt: when(minutes.claim),
          },
          ...(minutes.failed
            ? [
                {
                  facilityId: f.facilityId,
                  type: 'CARE_CONFIRMATION_FAILED' as const,
                  createdAt: when(minutes.claim + 1),
                },
              ]
            : []),
          { facilityId: f.facilityId, type: 'CARE_CONFIRMED', createdAt: when(minutes.confirm) },
          { facilityId: f.facilityId, type: 'CLOSED', createdAt: when(minutes.resolve) },
        ],
      },
    },
  });
}

describe('[INSIGHTS][ENGINE]: rules over each facility’s own history (decision 0290)', () => {
  let db: TestDatabase;
  let client: pg.Client;
  let f: TestFacility;
  let quiet: TestFacility;

  beforeAll(async () => {
    db = await createTestDatabase();
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
    [f, quiet] = await Promise.all([createTestFacility(db.prisma), createTestFacility(db.prisma)]);
    const { caregiver, nurse, careAdmin } = f.staff;
    for (let i = 0; i < 6; i++) {
      const at = new Date(IN_PERIOD.getTime() + i * 60 * MIN);
      // The slow one: 9 min to claim, 15 to the bedside, 30 to resolve, two confirmations failed.
      await alertHandled(db.prisma, f, caregiver.id, at, {
        claim: 9,
        confirm: 15,
        resolve: 30,
        failed: i < 2,
      });
      // The fast one: half a minute to claim, 1.5 to the bedside, 6 to resolve.
      await alertHandled(db.prisma, f, nurse.id, new Date(at.getTime() + 30 * MIN), {
        claim: 0.5,
        confirm: 1.5,
        resolve: 6,
      });
    }
    // The facility's own history in the four weeks before: 3 min to claim, 5 to the bedside, 12 to resolve.
    for (let i = 0; i < 10; i++) {
      const at = new Date(IN_BASELINE.getTime() + i * 60 * MIN);
      await alertHandled(db.prisma, f, careAdmin.id, at, { claim: 3, confirm: 5, resolve: 12 });
    }
  });
  afterAll(async () => {
    await client.end();
    await db.drop();
  });

  const insightsOf = (facilityId: string) =>
    db.prisma.insight.findMany({
      where: { facilityId },
      include: { workflows: true },
      orderBy: [{ category: 'asc' }, { ruleId: 'asc' }],
    });

  it('a slow caregiver gets NEEDS_IMPROVEMENT, a fast one TOP_PERFORMER, each with an open workflow', async () => {
    const runs = await evaluateRules(client, NOW);
    expect(runs.length).toBeGreaterThanOrEqual(10);
    const insights = await insightsOf(f.facilityId);
    const of = (staffId: string | null, category: string) =>
      insights
        .filter((i) => i.staffMemberId === staffId && i.category === category)
        .map((i) => i.ruleId)
        .sort();

    expect(of(f.staff.caregiver.id, 'NEEDS_IMPROVEMENT')).toEqual([
      'default-confirmation-failures-needs-improvement',
      'default-time-to-claim-needs-improvement',
      'default-time-to-confirm-needs-improvement',
      'default-time-to-resolve-needs-improvement',
    ]);
    expect(of(f.staff.caregiver.id, 'TOP_PERFORMER')).toEqual([]);
    expect(of(f.staff.nurse.id, 'TOP_PERFORMER')).toEqual([
      'default-time-to-claim-top-performer',
      'default-time-to-confirm-top-performer',
    ]);
    expect(of(f.staff.nurse.id, 'NEEDS_IMPROVEMENT')).toEqual([]);
    // The baseline's staff member did nothing in the period: no insight.
    expect(insights.filter((i) => i.staffMemberId === f.staff.careAdmin.id)).toEqual([]);
    // The facility as a whole averaged 8.25 min to the bedside, but over 12 alerts: a community rule needs 20.
    expect(of(null, 'NEEDS_IMPROVEMENT')).toEqual([]);

    const slowClaim = insights.find(
      (i) =>
        i.staffMemberId === f.staff.caregiver.id && i.ruleId === 'default-time-to-claim-needs-improvement',
    )!;
    expect(slowClaim.data).toEqual({
      metric: 'TIME_TO_CLAIM',
      value: 9,
      samples: 6,
      threshold: 4,
      baseline: 3,
      periodDays: 7,
    });
    // Monday 9 November to Monday 16 November, midnight in Chicago (UTC-6).
    expect(slowClaim.periodStart?.toISOString()).toBe('2026-11-09T06:00:00.000Z');
    expect(slowClaim.periodEnd?.toISOString()).toBe('2026-11-16T06:00:00.000Z');
    for (const insight of insights) {
      expect(insight.workflows).toHaveLength(1);
      expect(insight.workflows[0]).toMatchObject({ status: 'OPEN', facilityId: f.facilityId });
      expect(insight.workflows[0]!.type).toBe(
        insight.category === 'NEEDS_IMPROVEMENT'
          ? 'NEEDS_IMPROVEMENT'
          : insight.scope === 'USER'
            ? 'RECOGNITION'
            : 'ACKNOWLEDGE',
      );
    }
    expect(await insightsOf(quiet.facilityId)).toEqual([]);
  });

  it('is idempotent per period: later passes in the same week raise nothing twice, even side by side', async () => {
    const before = await db.prisma.insight.count();
    const other = new pg.Client({ connectionString: db.url });
    await other.connect();
    try {
      const later = new Date(NOW.getTime() + 24 * 60 * MIN);
      const runs = await Promise.all([evaluateRules(client, later), evaluateRules(other, later)]);
      expect(runs.flat().reduce((n, r) => n + r.raised, 0)).toBe(0);
    } finally {
      await other.end();
    }
    expect(await db.prisma.insight.count()).toBe(before);
    expect(await db.prisma.workflow.count()).toBe(before);
  });

  it('the next week is a new period, measured on its own samples (none here: nothing raised)', async () => {
    const before = await db.prisma.insight.count();
    const runs = await evaluateRules(client, new Date(NOW.getTime() + 7 * 24 * 60 * MIN));
    expect(runs.reduce((n, r) => n + r.raised, 0)).toBe(0);
    expect(await db.prisma.insight.count()).toBe(before);
  });

  it('a facility-wide (GLOBAL) rule measures the facility; care logged counts per person', async () => {
    await db.prisma.rule.create({
      data: {
        id: `community-claims-${f.tag}`,
        facilityId: f.facilityId,
        enterpriseId: f.enterpriseId,
        name: 'Community claims',
        category: 'TOP_PERFORMER',
        scope: 'GLOBAL',
        definition: {
          metric: 'TIME_TO_CLAIM',
          periodDays: 7,
          minSamples: 12,
          threshold: 5,
          baselineDays: 0,
          baselineFactor: 1,
        },
      },
    });
    await db.prisma.careEvent.createMany({
      data: Array.from({ length: 12 }, (_, i) => ({
        facilityId: f.facilityId,
        enterpriseId: f.enterpriseId,
        creatorEntityIds: [f.staff.housekeeper.id],
        eventTimestamp: new Date(IN_PERIOD.getTime() + i * MIN),
      })),
    });
    await evaluateRules(client, NOW);
    const community = await db.prisma.insight.findFirstOrThrow({
      where: { ruleId: `community-claims-${f.tag}` },
      include: { workflows: true },
    });
    // (6 x 9 + 6 x 0.5) / 12 = 4.75 min, under 5.
    expect(community).toMatchObject({ scope: 'GLOBAL', staffMemberId: null, facilityId: f.facilityId });
    expect(community.data).toMatchObject({ value: 4.75, samples: 12, baseline: null });
    expect(community.workflows.map((w) => w.type)).toEqual(['ACKNOWLEDGE']);
    const logged = await db.prisma.insight.findFirstOrThrow({
      where: { ruleId: 'default-care-logged-top-performer', facilityId: f.facilityId },
    });
    expect(logged).toMatchObject({ staffMemberId: f.staff.housekeeper.id, category: 'TOP_PERFORMER' });
    expect(logged.data).toMatchObject({ metric: 'CARE_LOGGED', value: 12, samples: 12 });
  });

  it('a disabled rule raises nothing; a facility rule applies to its facility only', async () => {
    await db.prisma.rule.create({
      data: {
        id: `claim-any-${f.tag}`,
        facilityId: quiet.facilityId,
        enterpriseId: quiet.enterpriseId,
        name: 'Anyone claiming',
        category: 'TOP_PERFORMER',
        scope: 'USER',
        definition: {
          metric: 'TIME_TO_CLAIM',
          periodDays: 7,
          minSamples: 1,
          threshold: 100,
          baselineDays: 0,
          baselineFactor: 1,
        },
      },
    });
    await db.prisma.rule.update({
      where: { id: 'default-time-to-claim-top-performer' },
      data: { isEnabled: false },
    });
    await evaluateRules(client, new Date('2026-11-25T18:00:00Z'));
    expect(await db.prisma.insight.count({ where: { ruleId: `claim-any-${f.tag}` } })).toBe(0);
    await db.prisma.insight.deleteMany({ where: { ruleId: 'default-time-to-claim-top-performer' } });
    await evaluateRules(client, NOW);
    expect(await db.prisma.insight.count({ where: { ruleId: 'default-time-to-claim-top-performer' } })).toBe(
      0,
    );
    // The facility rule of the quiet facility sees none of f's alerts.
    expect(await db.prisma.insight.count({ where: { ruleId: `claim-any-${f.tag}` } })).toBe(0);
  });
});
