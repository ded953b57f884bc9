import type { InsightCategory, TInsightData } from '@sage/contract';
import { describeInsight, INSIGHT_METRIC_LABELS, RESPONSE_BAND_LABELS } from '@sage/domain';
import { type Language, translate } from '@sage/i18n';
import { describe, expect, it } from 'vitest';
import type { Messages } from '../../shared/i18n';
import { insightText } from './insight-text';

/** A namespace's messages as the app reads them, formatted by the catalogue (no build step in a test). */
const messages = <N extends 'insightsPage' | 'responseTimes'>(language: Language, namespace: N) =>
  new Proxy(
    {},
    {
      get: (_target, key: string) => (values?: Record<string, string | number>) =>
        translate(language, namespace, key as never, values),
    },
  ) as Messages<N>;

const person = { id: 's1', firstName: 'Ana', lastName: 'Ruiz' };
const data = (over: Partial<TInsightData>): TInsightData => ({
  metric: 'TIME_TO_CLAIM',
  value: 6.54,
  samples: 12,
  threshold: 5,
  baseline: 4,
  periodDays: 7,
  ...over,
});

/** The server's English (domain describeInsight) and the same written by the app in `language`. */
function both(category: InsightCategory, d: TInsightData, language: Language, withPerson = true) {
  const server = describeInsight(category, withPerson ? 'Ana Ruiz' : 'The community', d);
  const insight = { category, ...server, staffMember: withPerson ? person : null, data: d };
  return {
    server,
    written: insightText(
      insight as never,
      messages(language, 'insightsPage'),
      false,
      language === 'en' ? 'en-US' : 'es-US',
    ),
  };
}

describe('an insight in the reader language (decision 0770)', () => {
  const cases: [InsightCategory, Partial<TInsightData>, boolean][] = [
    ['NEEDS_IMPROVEMENT', {}, true],
    [
      'NEEDS_IMPROVEMENT',
      { metric: 'CONFIRMATION_FAILURES', value: 0.3, baseline: null, periodDays: 1 },
      true,
    ],
    ['TOP_PERFORMER', { metric: 'CARE_LOGGED', value: 12, baseline: 1 }, true],
    ['TOP_PERFORMER', { metric: 'CHECK_INS_DONE', value: 1, baseline: 2.5 }, false],
    ['TOP_PERFORMER', { metric: 'TIME_TO_RESOLVE', value: 2, baseline: null, periodDays: 30 }, true],
  ];

  it('the English messages write what the server writes, to the letter', () => {
    for (const [category, over, withPerson] of cases) {
      const { server, written } = both(category, data(over), 'en', withPerson);
      expect(written).toEqual(server);
    }
  });

  // es-US (the app's Spanish locale) writes a decimal point, as English does.
  it('in Spanish: the figures and the name as they are, the words in Spanish', () => {
    const { written } = both('NEEDS_IMPROVEMENT', data({}), 'es');
    expect(written.title).toBe('Necesita mejorar: Tiempo para tomar alertas');
    expect(written.description).toBe(
      'Ana Ruiz tuvo un promedio de 6.5 min en los últimos 7 días (lo usual en la comunidad: 4 min).',
    );
    const care = both(
      'TOP_PERFORMER',
      data({ metric: 'CARE_LOGGED', value: 1, baseline: null, periodDays: 1 }),
      'es',
      false,
    );
    expect(care.written.description).toBe('La comunidad tuvo 1 registro de cuidado en el último día.');
  });

  it('an English reader, or an insight without figures, reads the server text as it came', () => {
    const insight = {
      category: 'TOP_PERFORMER' as const,
      title: 'T',
      description: 'D',
      staffMember: null,
      data: null,
    };
    expect(insightText(insight, messages('es', 'insightsPage'), false, 'es-US')).toEqual({
      title: 'T',
      description: 'D',
    });
    const withData = { ...insight, data: data({}) };
    expect(insightText(withData, messages('es', 'insightsPage'), true, 'en-US')).toEqual({
      title: 'T',
      description: 'D',
    });
  });
});

describe("the domain's labels retyped in the catalogue", () => {
  it('the metric names and the response bands read as the domain has them', () => {
    const insights = messages('en', 'insightsPage');
    for (const [metric, label] of Object.entries(INSIGHT_METRIC_LABELS))
      expect(insights[`metric_${metric as keyof typeof INSIGHT_METRIC_LABELS}`](), metric).toBe(label);
    const times = messages('en', 'responseTimes');
    for (const [band, label] of Object.entries(RESPONSE_BAND_LABELS))
      expect(times[`band_${band as keyof typeof RESPONSE_BAND_LABELS}`](), band).toBe(label);
  });
});
