import {
  ButtonLabels,
  TroubleDeviceLabels as D,
  DeviceAllocationMessages,
  DevicesAdminMessages,
  GroupMessages,
  HighFiveMessages,
  DeviceTroubleTitleMessages as T,
} from '@sage/contract';
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from './catalogue';
import { localizeTroubleTitle, translate } from './translate';

describe('staff actions, high fives, pendants (decision 0750)', () => {
  it("English is the contract's texts, placeholders filled in as its functions fill them", () => {
    const [name, group] = ["Mary O'Neil", 'Culinary'];
    const rows: [string, string][] = [
      [translate('en', 'staffActions', 'madeAdmin', { name, group }), GroupMessages.madeAdmin(name, group)],
      [
        translate('en', 'staffActions', 'dismissedAdmin', { name, group }),
        GroupMessages.dismissedAdmin(name, group),
      ],
      [translate('en', 'staffActions', 'removed', { name, group }), GroupMessages.removed(name, group)],
      [translate('en', 'staffActions', 'takenOffShift', { name }), GroupMessages.takenOffShift(name)],
      [
        translate('en', 'staffActions', 'makeAdminFailed', { name, group }),
        GroupMessages.makeAdminFailed(name, group),
      ],
      [
        translate('en', 'staffActions', 'dismissAdminFailed', { name, group }),
        GroupMessages.dismissAdminFailed(name, group),
      ],
      [
        translate('en', 'staffActions', 'removeFailed', { name, group }),
        GroupMessages.removeFailed(name, group),
      ],
      [
        translate('en', 'staffActions', 'takeOffShiftFailed', { name }),
        GroupMessages.takeOffShiftFailed(name),
      ],
      [translate('en', 'staffActions', 'call', { phone: '+1 415' }), `${ButtonLabels.call} +1 415`],
      [
        translate('en', 'staffActions', 'removeText', { name, group }),
        `${name} stops receiving ${group}'s alerts and tasks and leaves its list. An admin can add them again.`,
      ],
      [translate('en', 'highFive', 'sendTitle', { name }), `Send ${name} a High Five`],
      [translate('en', 'pendants', 'battery', { level: 15 }), DeviceAllocationMessages.battery(15)],
      [translate('en', 'pendants', 'lastPress', { since: '5m' }), DeviceAllocationMessages.lastPress('5m')],
      [translate('en', 'pendants', 'undone', { hardwareId: 'SB-1' }), DevicesAdminMessages.undone('SB-1')],
    ];
    for (const [actual, expected] of rows) expect(actual).toBe(expected);
  });

  it.each([1, 2, 3, 12])('%i high fives read as the contract says in English, and in Spanish', (count) => {
    expect(translate('en', 'highFive', 'received', { count })).toBe(HighFiveMessages.received(count));
    expect(translate('es', 'highFive', 'received', { count })).toBe(
      count === 1
        ? 'Un compañero le felicita: ¡choque esos cinco!'
        : `${count} felicitaciones de sus compañeros: ¡choque esos cinco!`,
    );
  });

  it('Spanish reads differently from English, names as written', () => {
    expect(translate('es', 'staffActions', 'removeTitle', { name: 'Ana Ruiz', group: 'Nurses' })).toBe(
      '¿Quitar a Ana Ruiz de Nurses?',
    );
    for (const namespace of ['staffActions', 'highFive', 'pendants', 'troubleTitles'] as const) {
      const english = CATALOGUES.en[namespace] as Record<string, string>;
      const spanish = CATALOGUES.es[namespace] as Record<string, string>;
      expect(
        Object.keys(english).filter((key) => english[key] === spanish[key]),
        namespace,
      ).toEqual([]);
    }
  });
});

describe('device trouble titles in the reader language (decision 0750)', () => {
  const resident = "Mary O'Neil";
  // [the title as the worker writes it (the contract's functions, as @sage/domain's troubleTitle calls them), Spanish]
  it.each<[string, string]>([
    [T.lowBattery(D.residentPendant(resident)), `Batería baja: Colgante de ${resident}`],
    [T.notHeardFrom(D.residentPendant(resident)), `Sin señal: Colgante de ${resident}`],
    [T.lowBattery(D.residentFallSensor('Ann Lee')), 'Batería baja: Detector de caídas de Ann Lee'],
    [T.lowBattery(D.residentDoorAlarm('Ann Lee')), 'Batería baja: Alarma de puerta de Ann Lee'],
    [T.notHeardFrom(D.residentM3Sensor('Ann Lee')), 'Sin señal: Sensor M3 de Ann Lee'],
    [T.lowBattery(D.wallButton('AL 101')), 'Batería baja: Botón de pared de AL 101'],
    [
      T.notHeardFrom(D.fallSensor(D.unitWithRoom('AL 101', 'Bedroom'))),
      'Sin señal: Detector de caídas de AL 101 (Bedroom)',
    ],
    [T.notHeardFrom(D.m3Sensor(D.unknownUnit)), 'Sin señal: Sensor M3 de unidad desconocida'],
    [T.lowBattery(D.checkInButton('IL 7')), 'Batería baja: Botón de revisión diaria de IL 7'],
    [T.notHeardFrom(D.doorAlarm('Front')), 'Sin señal: Alarma de puerta de Front'],
    [T.lowBattery(D.unnamedDoorAlarm), 'Batería baja: Alarma de puerta'],
    [T.gatewayOffline('Olmo Pines gateway'), 'Receptor desconectado: Olmo Pines gateway'],
    // A unit's name that reads like a device's words stays as written.
    [T.lowBattery(D.wallButton('Low battery: 3')), 'Batería baja: Botón de pared de Low battery: 3'],
  ])('%j reads %j', (title, spanish) => {
    expect(localizeTroubleTitle(title, 'es')).toBe(spanish);
    expect(localizeTroubleTitle(title, 'en')).toBe(title);
  });

  it('a title a person typed, or a device the templates do not name, stays as written', () => {
    expect(localizeTroubleTitle('Check the gateway in the attic', 'es')).toBe(
      'Check the gateway in the attic',
    );
    expect(localizeTroubleTitle(T.lowBattery('the new tablet'), 'es')).toBe('Batería baja: the new tablet');
  });

  it("English templates are the contract's, each formatted back to it", () => {
    const t = (key: string, values: Record<string, string>) =>
      translate('en', 'troubleTitles', key as never, values);
    expect(t('lowBattery', { device: 'X' })).toBe(T.lowBattery('X'));
    expect(t('notHeardFrom', { device: 'X' })).toBe(T.notHeardFrom('X'));
    expect(t('gatewayOffline', { gateway: 'G' })).toBe(T.gatewayOffline('G'));
    for (const key of [
      'residentPendant',
      'residentDoorAlarm',
      'residentFallSensor',
      'residentM3Sensor',
    ] as const)
      expect(t(key, { resident })).toBe(D[key](resident));
    for (const key of ['wallButton', 'doorAlarm', 'fallSensor', 'm3Sensor', 'checkInButton'] as const)
      expect(t(key, { place: 'AL 101' })).toBe(D[key]('AL 101'));
  });
});
