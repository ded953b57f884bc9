import {
  DEVICE_TYPE_LABELS,
  DeviceAllocationMessages,
  DeviceQaMessages,
  DevicesAdminMessages,
  REGISTRATION_KIND_LABELS,
  ZHardwareIdSchema,
} from '@sage/contract';
import { describe, expect, it } from 'vitest';
import { translate } from './translate';

/** The manager's device screens' messages (decision 0790). */
describe('the device screens', () => {
  const en = (ns: Parameters<typeof translate>[1], key: string, values?: Record<string, string | number>) =>
    translate('en', ns, key as never, values);
  const es = (ns: Parameters<typeof translate>[1], key: string, values?: Record<string, string | number>) =>
    translate('es', ns, key as never, values);

  it('names each device type and registration kind as the contract does, once in Spanish', () => {
    for (const [type, label] of Object.entries(DEVICE_TYPE_LABELS))
      expect(en('deviceType', type)).toBe(label);
    for (const [kind, label] of Object.entries(REGISTRATION_KIND_LABELS))
      expect(en('deviceRegistry', `kind_${kind}`)).toBe(label);
    expect(es('deviceType', 'SAGE_BUTTON')).toBe('Botón Sage');
    expect(es('deviceRegistry', 'kind_PENDANT')).toBe('Botón Sage (colgante)');
    expect(es('deviceRegistry', 'kind_WALL_BUTTON')).toBe('Botón Sage (botón de pared)');
    // A registration kind of one type reads as that type's one Spanish name.
    expect(es('deviceRegistry', 'kind_DOOR_SENSOR')).toBe(es('deviceType', 'DOOR_ALARM'));
    expect(es('deviceRegistry', 'kind_FALL_SENSOR')).toBe(es('deviceType', 'FALL_DETECTION_DEVICE'));
    expect(es('doors', 'doorSensor', { hardwareId: 'D-1' })).toBe(`${es('deviceType', 'DOOR_ALARM')} D-1`);
  });

  it("words the hardware id's field checks as the schema does in English", () => {
    const check = (value: string) => {
      const parsed = ZHardwareIdSchema.safeParse(value);
      return parsed.success ? null : parsed.error.issues[0]?.message;
    };
    expect(en('deviceRegistry', 'hardwareIdEmpty')).toBe(check('  '));
    expect(en('deviceRegistry', 'hardwareIdTooLong')).toBe(check('x'.repeat(201)));
    expect(en('deviceRegistry', 'controlCharacters')).toBe(check('a\u0001b'));
    expect(en('deviceRegistry', 'wellFormed')).toBe(check('a\ud800'));
    expect(es('deviceRegistry', 'hardwareIdEmpty')).toBe('Escriba el ID del dispositivo');
  });

  it("counts as the contract's functions in English, and in Spanish with its plural forms", () => {
    for (const count of [0, 1, 2, 12]) {
      expect(en('deviceAllocation', 'buttons', { count })).toBe(
        count === 0 ? DeviceAllocationMessages.noButtons : `${count} ${count === 1 ? 'button' : 'buttons'}`,
      );
      expect(en('deviceQa', 'presses', { count })).toBe(DeviceQaMessages.presses(count));
      expect(en('deviceQa', 'counts', { heard: 1, total: count })).toBe(DeviceQaMessages.counts(1, count));
      expect(en('deviceQa', 'testedCount', { tested: 1, total: count })).toBe(
        DeviceQaMessages.testedCount(1, count),
      );
      if (count > 0)
        expect(en('deviceQa', 'summaryMissing', { count })).toBe(DeviceQaMessages.summaryMissing(count));
    }
    expect(es('deviceAllocation', 'buttons', { count: 0 })).toBe('Sin botones');
    expect(es('deviceAllocation', 'buttons', { count: 1 })).toBe('1 botón');
    expect(es('deviceAllocation', 'buttons', { count: 3 })).toBe('3 botones');
    expect(es('deviceQa', 'presses', { count: 1 })).toBe('1 presión');
    expect(es('deviceQa', 'presses', { count: 4 })).toBe('4 presiones');
    expect(es('deviceQa', 'counts', { heard: 0, total: 1 })).toBe('0 de 1 dispositivo con señal');
    expect(es('deviceQa', 'counts', { heard: 2, total: 5 })).toBe('2 de 5 dispositivos con señal');
    expect(es('deviceQa', 'summaryMissing', { count: 2 })).toBe('2 dispositivos no dieron señal.');
  });

  it("fills the texts with values as the contract's functions do", () => {
    expect(en('deviceRegistry', 'registered', { type: 'Door Alarm', hardwareId: 'D-1' })).toBe(
      DevicesAdminMessages.registered('Door Alarm', 'D-1'),
    );
    expect(en('pendants', 'lastPress', { since: '5m' })).toBe(DeviceAllocationMessages.lastPress('5m'));
    expect(en('pendants', 'battery', { level: 19 })).toBe(DeviceAllocationMessages.battery(19));
    expect(en('doors', 'alertHoursDefault', { hours: 'Always Alert' })).toBe(
      `${DevicesAdminMessages.alertHours}: Always Alert (${DevicesAdminMessages.facilityDefault})`,
    );
    expect(es('pendants', 'lastPress', { since: '5m' })).toBe('Presionado por última vez hace 5m');
  });
});
