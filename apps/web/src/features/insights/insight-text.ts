import type { InsightMetric, TInsightData, TInsightReply } from '@sage/contract';
import type { Messages } from '../../shared/i18n';

const fullName = (s: { firstName: string; lastName: string }) => `${s.firstName} ${s.lastName}`.trim();

const round1 = (n: number) => Math.round(n * 10) / 10;

/** A measured value as the domain's formatMetricValue writes it, in the reader's language. */
function metricValue(
  metric: InsightMetric,
  value: number,
  m: Messages<'insightsPage'>,
  locale: string,
): string {
  const number = (n: number) => n.toLocaleString(locale, { maximumFractionDigits: 1 });
  switch (metric) {
    case 'CONFIRMATION_FAILURES':
      return m.valuePercent({ value: number(Math.round(value * 100)) });
    case 'CARE_LOGGED':
      return m.valueCareLogs({ value: number(round1(value)), count: round1(value) });
    case 'CHECK_INS_DONE':
      return m.valueCheckIns({ value: number(round1(value)), count: round1(value) });
    default:
      return m.valueMinutes({ value: number(round1(value)) });
  }
}

/**
 * What an insight says in the reader's language: the server writes it in English from what the engine measured
 * (domain describeInsight), kept as it came for an English reader; for another language written again from the
 * same figures (the person's name as stored). Without figures, the server's text is shown as it is.
 */
export function insightText(
  insight: Pick<TInsightReply, 'category' | 'title' | 'description' | 'staffMember'> & {
    data: TInsightData | null;
  },
  m: Messages<'insightsPage'>,
  english: boolean,
  locale: string,
): { title: string; description: string } {
  const data = insight.data;
  if (english || !data) return { title: insight.title, description: insight.description };
  const category = insight.category === 'TOP_PERFORMER' ? m.topPerformance() : m.needsImprovement();
  const subject = insight.staffMember ? fullName(insight.staffMember) : m.theCommunity();
  const timed = !['CARE_LOGGED', 'CHECK_INS_DONE'].includes(data.metric);
  const values = {
    subject,
    value: metricValue(data.metric, data.value, m, locale),
    days: data.periodDays,
    baseline: data.baseline === null ? 'none' : metricValue(data.metric, data.baseline, m, locale),
  };
  return {
    title: m.insightTitle({ category, metric: m[`metric_${data.metric}`]() }),
    description: timed ? m.averaged(values) : m.had(values),
  };
}
