import { describe, expect, it } from 'vitest';
import { DEFAULT_INSIGHT_RULES, describeInsight, meetsRule, workflowTypeOf } from './insights';

const claim = { metric: 'TIME_TO_CLAIM', threshold: 4, baselineFactor: 1.5, minSamples: 5 } as const;
const careLogged = { metric: 'CARE_LOGGED', threshold: 10, baselineFactor: 2, minSamples: 1 } as const;

describe("insight rules: \"Insights flag a staff member as 'needs improvement' or 'top performer'\"", () => {
  it.each([
    // [category, definition, value, samples, baseline, raised]
    ['NEEDS_IMPROVEMENT', claim, 9, 6, 3, true],
    ['NEEDS_IMPROVEMENT', claim, 9, 4, 3, false], // too few alerts
    ['NEEDS_IMPROVEMENT', claim, 5, 6, 4, false], // above the threshold but not half again the facility's own
    ['NEEDS_IMPROVEMENT', claim, 3, 6, 1, false], // under the threshold
    ['NEEDS_IMPROVEMENT', claim, 5, 6, null, true], // no history: the threshold alone
    ['TOP_PERFORMER', { ...claim, threshold: 1, baselineFactor: 1 }, 0.5, 6, 3, true],
    ['TOP_PERFORMER', { ...claim, threshold: 1, baselineFactor: 1 }, 1.5, 6, 3, false],
    ['TOP_PERFORMER', careLogged, 25, 25, 6, true],
    ['TOP_PERFORMER', careLogged, 11, 11, 6, false], // not twice the facility's average
    ['NEEDS_IMPROVEMENT', careLogged, 2, 2, 6, true], // higher is better for work done
  ] as const)(
    '%s %o value %d (%d samples, baseline %o) → %s',
    (category, definition, value, samples, baseline, raised) => {
      expect(meetsRule(category, definition, { value, samples, baseline })).toBe(raised);
    },
  );

  it('opens coaching for needs improvement, recognition for a top performer, a note for the community', () => {
    expect(workflowTypeOf('NEEDS_IMPROVEMENT', 'USER')).toBe('NEEDS_IMPROVEMENT');
    expect(workflowTypeOf('TOP_PERFORMER', 'USER')).toBe('RECOGNITION');
    expect(workflowTypeOf('TOP_PERFORMER', 'GLOBAL')).toBe('ACKNOWLEDGE');
  });

  it('default rules: unique ids; benchmarks 8 min average, 2 min best tenth (Vigil), 10-12 min networked (RCare)', () => {
    expect(new Set(DEFAULT_INSIGHT_RULES.map((r) => r.id)).size).toBe(DEFAULT_INSIGHT_RULES.length);
    const byId = Object.fromEntries(DEFAULT_INSIGHT_RULES.map((r) => [r.id, r.definition.threshold]));
    expect(byId['default-time-to-confirm-top-performer']).toBe(2);
    expect(byId['default-time-to-confirm-needs-improvement']).toBe(10);
    expect(byId['default-community-response-needs-improvement']).toBe(8);
  });

  it('describes an insight in words ("Needs Improvement", "Top Performance")', () => {
    const data = {
      metric: 'TIME_TO_CLAIM',
      value: 9.26,
      samples: 6,
      threshold: 4,
      baseline: 3,
      periodDays: 7,
    } as const;
    expect(describeInsight('NEEDS_IMPROVEMENT', 'Ann Lee', data)).toEqual({
      title: 'Needs Improvement: Time to claim alerts',
      description: 'Ann Lee averaged 9.3 min over the last 7 days (community usual: 3 min).',
    });
    expect(
      describeInsight('TOP_PERFORMER', 'Ann Lee', {
        ...data,
        metric: 'CARE_LOGGED',
        value: 12,
        baseline: null,
      }).description,
    ).toBe('Ann Lee had 12 care logs over the last 7 days.');
  });
});
