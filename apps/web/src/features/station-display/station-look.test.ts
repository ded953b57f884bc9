import { describe, expect, it } from 'vitest';
import { stationLook, waitBand, waitedLabel } from './station-look';

describe('station display look (decision 0373)', () => {
  it.each([
    ['OPEN_UNCLAIMED', 0, 'NEW'],
    ['OPEN_UNCLAIMED', 120_000, 'NEW'],
    ['OPEN_UNCLAIMED', 120_001, 'WAITING'],
    ['OPEN_UNCLAIMED', 300_000, 'WAITING'],
    ['OPEN_UNCLAIMED', 300_001, 'OVERDUE'],
    ['OPEN_CLAIMED', 900_000, 'ANSWERED'],
    ['OPEN_CONFIRMING', 900_000, 'ANSWERED'],
  ] as const)('%s after %i ms is %s', (status, waited, band) => {
    expect(waitBand(status, waited)).toBe(band);
  });

  it('colours by severity and frames by waiting', () => {
    expect(stationLook('EMERGENCY', 'OPEN_UNCLAIMED', 0)).toEqual({ color: 'red', band: 'NEW', border: 0 });
    expect(stationLook('HIGH_PRIORITY', 'OPEN_UNCLAIMED', 200_000)).toMatchObject({
      color: 'orange',
      border: 4,
    });
    expect(stationLook('LOW_PRIORITY', 'OPEN_UNCLAIMED', 400_000)).toMatchObject({
      color: 'gray',
      border: 8,
    });
  });

  it.each([
    [0, '0 s'],
    [59_999, '59 s'],
    [60_000, '1 min'],
    [3_599_000, '59 min'],
    [3_900_000, '1 h 05 min'],
    [-5, '0 s'],
  ])('%i ms reads %s', (ms, text) => {
    expect(waitedLabel(ms)).toBe(text);
  });
});
