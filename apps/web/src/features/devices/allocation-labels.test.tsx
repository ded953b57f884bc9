import { MantineProvider } from '@mantine/core';
import type { TDeviceAllocationReply } from '@sage/contract';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../shared/i18n';
import { assignedTo, deviceName } from './allocation-labels';
import { BatteryBadge } from './device-status';

const base: TDeviceAllocationReply = {
  id: 'a1',
  facilityId: 'f1',
  device: {
    id: 'd1',
    type: 'SAGE_BUTTON',
    hardwareId: 'PENDANT-1',
    batteryLevel: 50,
    lastPressTimestamp: null,
  },
  unit: null,
  resident: null,
  door: null,
  room: null,
  displayName: null,
  isCheckIn: false,
  isSilent: false,
  isActive: true,
};
const unit = { id: 'u1', displayName: 'IL 301', careType: 'INDEPENDENT_LIVING' as const };

describe('assignedTo', () => {
  it.each<[string, Partial<TDeviceAllocationReply>, string]>([
    [
      'a resident with their unit',
      {
        resident: {
          id: 'r1',
          firstName: 'Ann',
          middleName: 'May',
          lastName: 'Lee',
          preferredName: null,
          unit: { id: 'u1', displayName: 'AL 101' },
        },
      },
      'Ann May Lee · AL 101',
    ],
    ['a unit', { unit }, 'IL 301'],
    [
      "a unit's check-in button: 'Check-In button'",
      { unit, room: 'CHECKIN', isCheckIn: true },
      'IL 301 · Check-In button',
    ],
    ['a door', { door: { id: 'd1', name: 'Front door' } }, 'Front door'],
    ['nothing once unallocated', { unit, isActive: false }, 'This device is not assigned.'],
  ])('%s', (_, change, expected) => {
    expect(assignedTo({ ...base, ...change })).toBe(expected);
  });

  it('names a device by its display name, else its hardware id', () => {
    expect(deviceName(base)).toBe('PENDANT-1');
    expect(deviceName({ ...base, displayName: "Ann Lee's pendant" })).toBe("Ann Lee's pendant");
  });
});

describe('BatteryBadge', () => {
  // Its messages (decision 0750), loaded before rendering, as the drawer's code has them by then.
  beforeAll(async () => {
    await loadMessages('en', 'pendants');
  });
  const render = (level: number | null, type: TDeviceAllocationReply['device']['type'] = 'SAGE_BUTTON') =>
    renderToString(
      <MantineProvider>
        <BatteryBadge type={type} level={level} />
      </MantineProvider>,
    );
  it.each<[number | null, string, string]>([
    [19, 'low', 'Battery low · Battery 19%'],
    [20, 'ok', 'Battery 20%'],
    [-1, 'unknown', 'Battery unknown'],
    [null, 'unknown', 'Battery unknown'],
  ])('"pendant low under 20; unknown when -1 or missing": %s -> %s', (level, status, text) => {
    const html = render(level);
    expect(html).toContain(`data-battery="${status}"`);
    expect(html.replace(/<!-- -->/g, '')).toContain(text);
  });
  it('uses the 80 threshold for other devices', () => {
    expect(render(79, 'DOOR_ALARM')).toContain('data-battery="low"');
  });
});
