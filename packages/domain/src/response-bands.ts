import {
  RESPONSE_BREAKDOWN_LABELS,
  RESPONSE_STEPS,
  RESPONSE_TIMES_CSV_COLUMNS,
  type ResponseBreakdown,
  type ResponseStep,
  type TResponseFigure,
  type TResponseTimesReply,
  type TResponseTimesRow,
} from '@sage/contract';

/**
 * Colour bands of a response time (issue 14, docs/decisions/0302). Benchmarks: "across 500+ communities the
 * average response is about 8 minutes and the best tenth answer in about 2 (Vigil); networked nurse-call
 * averages 10-12 minutes (RCare), with colour bands acceptable / needs improvement / unacceptable."
 */
export type ResponseBand = 'ACCEPTABLE' | 'NEEDS_IMPROVEMENT' | 'UNACCEPTABLE';

export const RESPONSE_BAND_LABELS = {
  ACCEPTABLE: 'Acceptable',
  NEEDS_IMPROVEMENT: 'Needs improvement',
  UNACCEPTABLE: 'Unacceptable',
} as const satisfies Record<ResponseBand, string>;

/**
 * Per step, the longest time (seconds, included) that is still acceptable, and the longest that still only
 * needs improvement; anything longer is unacceptable. The same limits judge a p50 and a p90.
 */
export const RESPONSE_BAND_LIMITS = {
  /** Claiming is a tap on the phone: the best tenth are at the bedside within 2 minutes. */
  CLAIM: { acceptableSeconds: 2 * 60, needsImprovementSeconds: 5 * 60 },
  /** At the bedside: under 5 min beats the 8 min average; over 10 min is the nurse-call average or worse. */
  CONFIRM: { acceptableSeconds: 5 * 60, needsImprovementSeconds: 10 * 60 },
  /** Resolved (care given and recorded): bedside limits plus 10 and 20 minutes of care. */
  RESOLVE: { acceptableSeconds: 15 * 60, needsImprovementSeconds: 30 * 60 },
} as const satisfies Record<ResponseStep, { acceptableSeconds: number; needsImprovementSeconds: number }>;

/** The band of a time of `step` (seconds). */
export function responseBand(step: ResponseStep, seconds: number): ResponseBand {
  const limits = RESPONSE_BAND_LIMITS[step];
  if (seconds <= limits.acceptableSeconds) return 'ACCEPTABLE';
  if (seconds <= limits.needsImprovementSeconds) return 'NEEDS_IMPROVEMENT';
  return 'UNACCEPTABLE';
}

/** '45 s', '3 min 05 s', '1 h 02 min': a duration for people. */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

const BREAKDOWNS = Object.keys(RESPONSE_BREAKDOWN_LABELS) as ResponseBreakdown[];

const csvCell = (value: string | number): string => {
  const text = String(value);
  // Quote what would split a cell or a line; a leading formula character is neutralised (CSV injection).
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

const figureCells = (figure: TResponseFigure | null): (string | number)[] =>
  figure ? [Math.round(figure.p50Seconds), Math.round(figure.p90Seconds), figure.count] : ['', '', 0];

/**
 * The figures as CSV (RESPONSE_TIMES_CSV_COLUMNS): the overall line, then every row of every breakdown;
 * seconds rounded to whole seconds; a step no alert reached has empty times and count 0.
 */
export function responseTimesCsv(reply: TResponseTimesReply): string {
  const line = (breakdown: string, row: TResponseTimesRow) =>
    [breakdown, row.key, row.label, ...RESPONSE_STEPS.flatMap((step) => figureCells(row[step]))]
      .map(csvCell)
      .join(',');
  const lines = [RESPONSE_TIMES_CSV_COLUMNS.join(','), line('overall', reply.overall)];
  for (const breakdown of BREAKDOWNS) for (const row of reply[breakdown]) lines.push(line(breakdown, row));
  return `${lines.join('\n')}\n`;
}
