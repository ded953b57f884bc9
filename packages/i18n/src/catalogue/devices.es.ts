import type { Catalogue } from './types';

/** The device test banner and the Device trouble section in Spanish (decision 0700; docs/glossary-es.md). */
export const devices: Catalogue['devices'] = {
  banner: 'Prueba de dispositivos en curso: los dispositivos en prueba no envían alertas al presionarlos',
  bannerDetail: 'La empezó {who} · termina a las {until}',
  bannerSomeone: 'un técnico',
  endTest: 'Terminar la prueba',
  trouble: 'Problemas de dispositivos',
  openTrouble: 'Problemas de dispositivos sin arreglar',
  timeSinceCreation: 'Tiempo desde que empezó',
  DEVICE_SILENT: 'Sin señal',
  LOW_BATTERY: 'Batería baja',
  GATEWAY_SILENT: 'Receptor desconectado',
  DEVICE_SILENT_hint:
    'Revise que el dispositivo esté en su lugar y al alcance. Se quita solo cuando vuelve a dar señal.',
  LOW_BATTERY_hint: 'Cambie o cargue la batería. Se quita solo cuando llega el aviso de una batería cargada.',
  GATEWAY_SILENT_hint:
    'Revise la corriente y la red del receptor. Se quita solo cuando el receptor vuelve a enviar datos.',
};
