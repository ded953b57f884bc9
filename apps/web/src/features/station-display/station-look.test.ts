import { describe, expect, it } from 'vitest';
import {
  liveTrouble,
  stationCardBackground,
  stationHeadline,
  stationLook,
  waitBand,
  waitedLabel,
} from './station-look';

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
    ['red', 'red.8'],
    ['orange', '#c2410c'],
    ['yellow', 'yellow.4'],
    ['gray', 'gray.3'],
  ])('a %s card is drawn on %s (white text at 4.5:1 or more, or dark text)', (color, background) => {
    expect(stationCardBackground(color)).toBe(background);
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

describe('station display: the live link in trouble (issue #29)', () => {
  it.each<[number | null, number, boolean]>([
    [null, 1_000_000, false],
    [1_000_000, 1_005_000, false],
    [1_000_000, 1_010_000, false],
    [1_000_000, 1_010_001, true],
    [1_000_000, 1_600_000, true],
  ])('down since %s, at %i: trouble %s', (downSince, now, trouble) => {
    expect(liveTrouble(downSince, now)).toBe(trouble);
  });
});

describe('station display: the place first (issue #32)', () => {
  it.each<[string, { label: string; unitName: string | null; room: string | null }, string | null, string]>([
    [
      'a named alert',
      { label: 'Virginia White needs assistance', unitName: 'AL 101', room: null },
      'AL 101',
      'Virginia White needs assistance',
    ],
    ['a call without names', { label: 'Call · AL 101', unitName: 'AL 101', room: null }, 'AL 101', 'Call'],
    [
      'a sensor in a room',
      { label: 'Possible fall · MC 201', unitName: 'MC 201', room: 'Bedroom' },
      'MC 201 · Bedroom',
      'Possible fall',
    ],
    [
      'a door (no unit)',
      { label: 'Front Entrance door opened', unitName: null, room: null },
      null,
      'Front Entrance door opened',
    ],
  ])('%s', (_name, alert, place, what) => {
    expect(stationHeadline(alert)).toEqual({ place, what });
  });
});
