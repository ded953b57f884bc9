import { type DeviceSubject, gatewayTroubleTitle, troubleTitle } from '@sage/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TitleLocalizer } from './i18n';
import { troubleTitleLocalizer } from './trouble-titles';

const subject = (s: Partial<DeviceSubject>): DeviceSubject => ({
  role: 'UNIT',
  deviceType: 'SAGE_BUTTON',
  resident: null,
  unitName: 'AL 101',
  doorName: null,
  room: null,
  ...s,
});
const margaret = { firstName: 'Margaret', lastName: "O'Hale" };

/**
 * The titles the worker writes (@sage/domain's troubleTitle, gatewayTroubleTitle) as a Spanish reader sees them on
 * the cards, the Device trouble list and the alert page: the build's compiled messages and the English templates
 * as data (vite.config.ts `virtual:trouble-title-matcher`), as the app loads them (decision 0750).
 */
describe('device trouble titles in Spanish', () => {
  let es: TitleLocalizer;
  let en: TitleLocalizer;
  beforeAll(async () => {
    [es, en] = await Promise.all([troubleTitleLocalizer('es'), troubleTitleLocalizer('en')]);
  });

  it.each<[string, string, string]>([
    [
      "a resident's pendant, low battery",
      troubleTitle('LOW_BATTERY', subject({ role: 'RESIDENT', resident: margaret })),
      "Batería baja: Colgante de Margaret O'Hale",
    ],
    [
      "a resident's fall sensor, silent",
      troubleTitle(
        'DEVICE_SILENT',
        subject({ role: 'RESIDENT', deviceType: 'FALL_DETECTION_DEVICE', resident: margaret }),
      ),
      "Sin señal: Detector de caídas de Margaret O'Hale",
    ],
    ['a wall button', troubleTitle('DEVICE_SILENT', subject({})), 'Sin señal: Botón de pared de AL 101'],
    [
      'a room sensor',
      troubleTitle('LOW_BATTERY', subject({ deviceType: 'MELTEN_M3_DEVICE', room: 'Bedroom' })),
      'Batería baja: Sensor M3 de AL 101 (Bedroom)',
    ],
    [
      'a check-in button',
      troubleTitle('LOW_BATTERY', subject({ role: 'CHECK_IN' })),
      'Batería baja: Botón de revisión diaria de AL 101',
    ],
    [
      'a door alarm',
      troubleTitle('DEVICE_SILENT', subject({ role: 'DOOR', deviceType: 'DOOR_ALARM', doorName: 'Front' })),
      'Sin señal: Alarma de puerta de Front',
    ],
    [
      'a door alarm of a door with no name',
      troubleTitle('DEVICE_SILENT', subject({ role: 'DOOR', deviceType: 'DOOR_ALARM' })),
      'Sin señal: Alarma de puerta',
    ],
    [
      'a device in no unit',
      troubleTitle('LOW_BATTERY', subject({ deviceType: 'FALL_DETECTION_DEVICE', unitName: null })),
      'Batería baja: Detector de caídas de unidad desconocida',
    ],
    ['a gateway', gatewayTroubleTitle('Olmo Pines gateway'), 'Receptor desconectado: Olmo Pines gateway'],
    ['a title a person typed', 'Replace the hallway batteries', 'Replace the hallway batteries'],
  ])('%s', (_what, title, spanish) => {
    expect(es(title)).toBe(spanish);
    expect(en(title)).toBe(title);
  });
});
