import { ZHardwareIdSchema } from '@sage/contract';
import { describe, expect, it } from 'vitest';
import type { Messages } from '../../shared/i18n';
import { filterDevices, hardwareIdCheck } from './registry-rules';

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

describe('hardwareIdCheck', () => {
  const load = async (language: 'en' | 'es') =>
    (language === 'en'
      ? await import('virtual:messages/en/deviceRegistry')
      : await import('virtual:messages/es/deviceRegistry')
    ).default as unknown as Messages<'deviceRegistry'>;
  const issueOf = (value: string) => {
    const parsed = ZHardwareIdSchema.safeParse(value);
    if (parsed.success) throw new Error(`${value} passed`);
    return parsed.error.issues[0] as { code: string; message: string };
  };
  it.each([
    ['', 'Escriba el ID del dispositivo'],
    ['x'.repeat(201), 'El ID puede tener 200 caracteres como máximo'],
    ['a\u0001b', 'No puede tener caracteres de control'],
  ])('names the check of %j in Spanish, as the schema words it in English', async (value, spanish) => {
    const issue = issueOf(value);
    expect(hardwareIdCheck(issue, await load('en'))).toBe(issue.message);
    expect(hardwareIdCheck(issue, await load('es'))).toBe(spanish);
    // A reply's issue carries the code as its rule.
    expect(hardwareIdCheck({ rule: issue.code, message: issue.message }, await load('es'))).toBe(spanish);
  });
});
