import { describe, expect, it } from 'vitest';
import { filterDevices } from './registry-rules';

describe('filterDevices', () => {
  const devices = [
    { hardwareId: 'PENDANT-0001', to: 'Margaret Thompson · AL 101' },
    { hardwareId: 'WALL-MC203', to: 'MC 203' },
    { hardwareId: 'DOOR-LOADING-DOCK', to: 'Loading Dock' },
  ];
  it.each([
    ['', ['PENDANT-0001', 'WALL-MC203', 'DOOR-LOADING-DOCK']],
    ['  ', ['PENDANT-0001', 'WALL-MC203', 'DOOR-LOADING-DOCK']],
    ['pendant', ['PENDANT-0001']],
    ['thompson', ['PENDANT-0001']],
    ['mc 203', ['WALL-MC203']],
    ['DOCK', ['DOOR-LOADING-DOCK']],
    ['nothing', []],
  ])('search %j -> %j (case-insensitive, hardware id or assignment)', (search, expected) => {
    expect(filterDevices(devices, search, (d) => d.to).map((d) => d.hardwareId)).toEqual(expected);
  });
});
