import enAllocation from 'virtual:messages/en/deviceAllocation';
import esAllocation from 'virtual:messages/es/deviceAllocation';
import { MantineProvider } from '@mantine/core';
import type { TDeviceAllocationReply } from '@sage/contract';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMessages, type Messages, setLanguage } from '../../shared/i18n';
import { assignedTo, assignedToTexts, deviceName } from './allocation-labels';
import { BatteryBadge } from './device-status';

const en = enAllocation as unknown as Messages<'deviceAllocation'>;
const es = esAllocation as unknown as Messages<'deviceAllocation'>;

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
    // The English messages give the same words (decision 0790).
    expect(assignedTo({ ...base, ...change }, assignedToTexts(en))).toBe(expected);
  });

  it("says the check-in button and an unassigned device in the reader's language, names as they are", () => {
    const texts = assignedToTexts(es);
    expect(assignedTo({ ...base, unit, room: 'CHECKIN', isCheckIn: true }, texts)).toBe(
      'IL 301 · Botón de revisión',
    );
    expect(assignedTo({ ...base, unit, room: 'Bathroom' }, texts)).toBe('IL 301 · Bathroom');
    expect(assignedTo({ ...base, unit, isActive: false }, texts)).toBe('Este dispositivo no está asignado.');
  });

  it('names a device by its display name, else its hardware id', () => {
    expect(deviceName(base)).toBe('PENDANT-1');
    expect(deviceName({ ...base, displayName: "Ann Lee's pendant" })).toBe("Ann Lee's pendant");
  });
});

describe('BatteryBadge', () => {
  // Its messages (decision 0750), loaded before rendering, as the drawer's code has them by then.
  beforeAll(async () => {
    await Promise.all([loadMessages('en', 'pendants'), loadMessages('es', 'pendants')]);
  });
  afterAll(() => setLanguage('en'));
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
  it('reads in Spanish for a Spanish reader', () => {
    setLanguage('es');
    expect(render(19, 'SAGE_BUTTON').replace(/<!-- -->/g, '')).toContain('Batería baja · Batería 19 %');
    expect(render(null, 'SAGE_BUTTON')).toContain('Batería desconocida');
    setLanguage('en');
  });
  it('uses the 80 threshold for other devices', () => {
    expect(render(79, 'DOOR_ALARM')).toContain('data-battery="low"');
  });
});
