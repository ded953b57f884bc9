import type { en } from './catalogue/en';
import { templateMatcher } from './template-matching';

export type TroubleTitleKey = keyof typeof en.troubleTitles;

/** The titles themselves; the others name the device in a title's `{device}`. */
const TITLE_KEYS = ['lowBattery', 'notHeardFrom', 'gatewayOffline'] as const;
const DEVICE_KEYS = [
  'residentPendant',
  'residentDoorAlarm',
  'residentFallSensor',
  'residentM3Sensor',
  'wallButton',
  'doorAlarm',
  'fallSensor',
  'm3Sensor',
  'checkInButton',
] as const;

const pick = <K extends string>(templates: Readonly<Record<string, string>>, keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, templates[key] ?? ''])) as Record<K, string>;

/** Formats a trouble title message of the reader's language with its values. */
export type TroubleTitleFormat = (key: TroubleTitleKey, values: Record<string, string>) => string;

/**
 * The titles of device trouble tasks in the reader's language (decision 0750): the worker writes them in English
 * from the contract's DeviceTroubleTitleMessages and TroubleDeviceLabels (@sage/domain's troubleTitle), so a
 * stored title is matched against those templates as an alert's is (decision 0552), and the device it names is
 * matched in turn ("Low battery: Margaret Hale's pendant" → "Batería baja: Colgante de Margaret Hale"). Names of
 * residents, units, rooms, doors and gateways are values, as written; a title that matches nothing is shown as
 * stored. Made from the English templates given (the web app's as data from its build, vite.config.ts).
 */
export function troubleTitleLocalizer(templates: Readonly<Record<TroubleTitleKey, string>>) {
  const title = templateMatcher(pick(templates, TITLE_KEYS));
  const device = templateMatcher(pick(templates, DEVICE_KEYS));

  const deviceIn = (label: string, format: TroubleTitleFormat): string => {
    if (label === templates.unnamedDoorAlarm) return format('unnamedDoorAlarm', {});
    const found = device(label);
    if (!found) return label;
    const { place } = found.values;
    if (place === templates.unknownUnit) found.values.place = format('unknownUnit', {});
    return format(found.key, found.values);
  };

  return (text: string, format: TroubleTitleFormat): string => {
    const found = title(text);
    if (!found) return text;
    const { device: label } = found.values;
    if (label !== undefined) found.values.device = deviceIn(label, format);
    return format(found.key, found.values);
  };
}
