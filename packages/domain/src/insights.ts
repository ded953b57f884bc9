import {
  INSIGHT_CATEGORY_LABELS,
  INSIGHT_METRIC_LOWER_IS_BETTER,
  type InsightCategory,
  type InsightMetric,
  type InsightScope,
  type InsightTypeName,
  type TInsightData,
  type TRuleDefinition,
} from '@sage/contract';

/** A built-in rule (no facility, no enterprise): applies to every facility; read-only. */
export interface DefaultInsightRule {
  id: string;
  name: string;
  category: InsightCategory;
  scope: InsightScope;
  definition: TRuleDefinition;
}

const WEEK = 7;
const FOUR_WEEKS = 28;

/**
 * The default rules and where their numbers come from (docs/decisions/0290). Published benchmarks: an average
 * response to a call of about 8 minutes, the best tenth of responders about 2 minutes (Vigil); networked
 * nurse-call systems average 10-12 minutes (RCare). "Response" there is the time to reach the resident: our
 * time to confirm care at the bedside. Claiming comes first (half of it), resolving after the care (three
 * times the published average, twice the top of the networked range). Each person is also compared with
 * their facility's own last four weeks, so a facility is measured against its own history.
 */
export const DEFAULT_INSIGHT_RULES: readonly DefaultInsightRule[] = [
  {
    id: 'default-time-to-confirm-needs-improvement',
    name: 'Slow to reach residents',
    category: 'NEEDS_IMPROVEMENT',
    scope: 'USER',
    // Slower than the networked nurse-call average (10-12 min, RCare) and half again the facility's own.
    definition: {
      metric: 'TIME_TO_CONFIRM',
      periodDays: WEEK,
      minSamples: 5,
      threshold: 10,
      baselineDays: FOUR_WEEKS,
      baselineFactor: 1.5,
    },
  },
  {
    id: 'default-time-to-confirm-top-performer',
    name: 'Fastest to reach residents',
    category: 'TOP_PERFORMER',
    scope: 'USER',
    // The best tenth reach the resident in about 2 minutes (Vigil); and no slower than the facility's own.
    definition: {
      metric: 'TIME_TO_CONFIRM',
      periodDays: WEEK,
      minSamples: 5,
      threshold: 2,
      baselineDays: FOUR_WEEKS,
      baselineFactor: 1,
    },
  },
  {
    id: 'default-time-to-claim-needs-improvement',
    name: 'Slow to claim alerts',
    category: 'NEEDS_IMPROVEMENT',
    scope: 'USER',
    // Half of the 8-minute average response (Vigil): claiming is the first half of getting there.
    definition: {
      metric: 'TIME_TO_CLAIM',
      periodDays: WEEK,
      minSamples: 5,
      threshold: 4,
      baselineDays: FOUR_WEEKS,
      baselineFactor: 1.5,
    },
  },
  {
    id: 'default-time-to-claim-top-performer',
    name: 'Fastest to claim alerts',
    category: 'TOP_PERFORMER',
    scope: 'USER',
    // Half of the best tenth's 2 minutes (Vigil).
    definition: {
      metric: 'TIME_TO_CLAIM',
      periodDays: WEEK,
      minSamples: 5,
      threshold: 1,
      baselineDays: FOUR_WEEKS,
      baselineFactor: 1,
    },
  },
  {
    id: 'default-time-to-resolve-needs-improvement',
    name: 'Slow to resolve alerts',
    category: 'NEEDS_IMPROVEMENT',
    scope: 'USER',
    // Twice the top of the networked nurse-call range (12 min, RCare): the response plus the care given.
    definition: {
      metric: 'TIME_TO_RESOLVE',
      periodDays: WEEK,
      minSamples: 5,
      threshold: 24,
      baselineDays: FOUR_WEEKS,
      baselineFactor: 1.5,
    },
  },
  {
    id: 'default-confirmation-failures-needs-improvement',
    name: 'Care confirmations failing',
    category: 'NEEDS_IMPROVEMENT',
    scope: 'USER',
    // One claimed alert in four with a failed bedside confirmation, and half again the facility's share.
    definition: {
      metric: 'CONFIRMATION_FAILURES',
      periodDays: WEEK,
      minSamples: 5,
      threshold: 0.25,
      baselineDays: FOUR_WEEKS,
      baselineFactor: 1.5,
    },
  },
  {
    id: 'default-care-logged-top-performer',
    name: 'Most care logged',
    category: 'TOP_PERFORMER',
    scope: 'USER',
    // At least 10 care logs in the week and twice the facility's weekly average per person.
    definition: {
      metric: 'CARE_LOGGED',
      periodDays: WEEK,
      minSamples: 1,
      threshold: 10,
      baselineDays: FOUR_WEEKS,
      baselineFactor: 2,
    },
  },
  {
    id: 'default-check-ins-top-performer',
    name: 'Most check-ins done',
    category: 'TOP_PERFORMER',
    scope: 'USER',
    // At least 10 unit check-ins in the week and twice the facility's weekly average per person.
    definition: {
      metric: 'CHECK_INS_DONE',
      periodDays: WEEK,
      minSamples: 1,
      threshold: 10,
      baselineDays: FOUR_WEEKS,
      baselineFactor: 2,
    },
  },
  {
    id: 'default-community-response-needs-improvement',
    name: 'Community slow to reach residents',
    category: 'NEEDS_IMPROVEMENT',
    scope: 'GLOBAL',
    // The facility as a whole above the 8-minute published average (Vigil) and a quarter worse than its own.
    definition: {
      metric: 'TIME_TO_CONFIRM',
      periodDays: WEEK,
      minSamples: 20,
      threshold: 8,
      baselineDays: FOUR_WEEKS,
      baselineFactor: 1.25,
    },
  },
  {
    id: 'default-community-response-top-performer',
    name: 'Community quick to reach residents',
    category: 'TOP_PERFORMER',
    scope: 'GLOBAL',
    // The facility as a whole at half the 8-minute published average (Vigil) or better, and no worse than its own.
    definition: {
      metric: 'TIME_TO_CONFIRM',
      periodDays: WEEK,
      minSamples: 20,
      threshold: 4,
      baselineDays: FOUR_WEEKS,
      baselineFactor: 1,
    },
  },
];

/** Whether a measured value raises an insight of the category (the engine's SQL says the same). */
export function meetsRule(
  category: InsightCategory,
  definition: Pick<TRuleDefinition, 'metric' | 'threshold' | 'baselineFactor' | 'minSamples'>,
  measured: { value: number; samples: number; baseline: number | null },
): boolean {
  if (measured.samples < definition.minSamples) return false;
  const lower = INSIGHT_METRIC_LOWER_IS_BETTER[definition.metric];
  const limit = measured.baseline === null ? null : measured.baseline * definition.baselineFactor;
  const worse = (a: number, b: number) => (lower ? a > b : a < b);
  if (category === 'NEEDS_IMPROVEMENT') {
    return worse(measured.value, definition.threshold) && (limit === null || worse(measured.value, limit));
  }
  return !worse(measured.value, definition.threshold) && (limit === null || !worse(measured.value, limit));
}

/** The workflow an insight opens: coaching, recognition by colleagues, or a facility-wide note. */
export function workflowTypeOf(category: InsightCategory, scope: InsightScope): InsightTypeName {
  if (category === 'NEEDS_IMPROVEMENT') return 'NEEDS_IMPROVEMENT';
  return scope === 'USER' ? 'RECOGNITION' : 'ACKNOWLEDGE';
}

export const INSIGHT_METRIC_LABELS = {
  TIME_TO_CLAIM: 'Time to claim alerts',
  TIME_TO_CONFIRM: 'Time to reach the resident',
  TIME_TO_RESOLVE: 'Time to resolve alerts',
  CONFIRMATION_FAILURES: 'Failed care confirmations',
  CARE_LOGGED: 'Care logged',
  CHECK_INS_DONE: 'Check-ins done',
} as const satisfies Record<InsightMetric, string>;

const round1 = (n: number) => Math.round(n * 10) / 10;

/** A measured value as people read it: '6.5 min', '30%', '12 care logs'. */
export function formatMetricValue(metric: InsightMetric, value: number): string {
  switch (metric) {
    case 'CONFIRMATION_FAILURES':
      return `${Math.round(value * 100)}%`;
    case 'CARE_LOGGED':
      return `${round1(value)} care ${round1(value) === 1 ? 'log' : 'logs'}`;
    case 'CHECK_INS_DONE':
      return `${round1(value)} ${round1(value) === 1 ? 'check-in' : 'check-ins'}`;
    default:
      return `${round1(value)} min`;
  }
}

/** The title and description of an insight from what the engine measured. */
export function describeInsight(
  category: InsightCategory,
  subject: string,
  data: TInsightData | null,
): { title: string; description: string } {
  if (!data) return { title: INSIGHT_CATEGORY_LABELS[category], description: subject };
  const label = INSIGHT_METRIC_LABELS[data.metric];
  const timed = !['CARE_LOGGED', 'CHECK_INS_DONE'].includes(data.metric);
  const average = timed ? 'averaged ' : 'had ';
  const days = data.periodDays === 1 ? 'day' : `${data.periodDays} days`;
  const baseline =
    data.baseline === null ? '' : ` (community usual: ${formatMetricValue(data.metric, data.baseline)})`;
  return {
    title: `${INSIGHT_CATEGORY_LABELS[category]}: ${label}`,
    description: `${subject} ${average}${formatMetricValue(data.metric, data.value)} over the last ${days}${baseline}.`,
  };
}
