import type { ResponseStep, TResponseTimesReply } from '@sage/contract';
import { describe, expect, it } from 'vitest';
import { formatDuration, type ResponseBand, responseBand, responseTimesCsv } from './response-bands';

describe('responseBand', () => {
  // "across 500+ communities the average response is about 8 minutes and the best tenth answer in about 2
  // (Vigil); networked nurse-call averages 10-12 minutes (RCare)" (issue 14; decision 0302).
  it.each<[ResponseStep, number, ResponseBand]>([
    ['CONFIRM', 0, 'ACCEPTABLE'],
    ['CONFIRM', 120, 'ACCEPTABLE'],
    ['CONFIRM', 300, 'ACCEPTABLE'],
    ['CONFIRM', 300.5, 'NEEDS_IMPROVEMENT'],
    ['CONFIRM', 480, 'NEEDS_IMPROVEMENT'],
    ['CONFIRM', 600, 'NEEDS_IMPROVEMENT'],
    ['CONFIRM', 601, 'UNACCEPTABLE'],
    ['CONFIRM', 720, 'UNACCEPTABLE'],
    ['CLAIM', 60, 'ACCEPTABLE'],
    ['CLAIM', 120, 'ACCEPTABLE'],
    ['CLAIM', 121, 'NEEDS_IMPROVEMENT'],
    ['CLAIM', 300, 'NEEDS_IMPROVEMENT'],
    ['CLAIM', 301, 'UNACCEPTABLE'],
    ['RESOLVE', 900, 'ACCEPTABLE'],
    ['RESOLVE', 901, 'NEEDS_IMPROVEMENT'],
    ['RESOLVE', 1800, 'NEEDS_IMPROVEMENT'],
    ['RESOLVE', 1801, 'UNACCEPTABLE'],
  ])('%s in %f s is %s', (step, seconds, band) => {
    expect(responseBand(step, seconds)).toBe(band);
  });
});

describe('formatDuration', () => {
  it.each<[number, string]>([
    [0, '0 s'],
    [44.6, '45 s'],
    [60, '1 min 00 s'],
    [185, '3 min 05 s'],
    [3720, '1 h 02 min'],
  ])('%f s -> %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe('responseTimesCsv', () => {
  const figure = (p50Seconds: number, p90Seconds: number, count: number) => ({
    p50Seconds,
    p90Seconds,
    count,
  });
  const reply: TResponseTimesReply = {
    facilityId: 'f',
    from: '2026-01-01',
    to: '2026-01-31',
    timezone: 'America/Chicago',
    shift: null,
    careZoneId: null,
    asOf: null,
    overall: { key: 'all', label: 'All alerts', CLAIM: figure(60.4, 90, 3), CONFIRM: null, RESOLVE: null },
    byStaffMember: [
      {
        key: 's1',
        label: 'Smith, "Jo"',
        CLAIM: figure(30, 40, 2),
        CONFIRM: figure(100, 200, 1),
        RESOLVE: null,
      },
    ],
    byShift: [],
    byCareZone: [{ key: 'z', label: '=cmd', CLAIM: null, CONFIRM: null, RESOLVE: figure(1, 2, 1) }],
    byAlertKind: [],
    byHourOfDay: [],
  };
  it('writes a header, the overall line and every breakdown row; quotes and neutralises cells', () => {
    expect(responseTimesCsv(reply).split('\n')).toEqual([
      'breakdown,key,label,claimP50Seconds,claimP90Seconds,claimCount,confirmP50Seconds,confirmP90Seconds,confirmCount,resolveP50Seconds,resolveP90Seconds,resolveCount',
      'overall,all,All alerts,60,90,3,,,0,,,0',
      'byStaffMember,s1,"Smith, ""Jo""",30,40,2,100,200,1,,,0',
      "byCareZone,z,'=cmd,,,0,,,0,1,2,1",
      '',
    ]);
  });
});
