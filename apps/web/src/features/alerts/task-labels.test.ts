import type { TTaskReply } from '@sage/contract';
import { translate } from '@sage/i18n';
import { describe, expect, it } from 'vitest';
import { type NowhereTexts, taskWhereLine } from './task-labels';

/** The dashboard's texts in a language, formatted from the catalogue as the built app's compiled ones are. */
const textsIn = (language: 'en' | 'es'): NowhereTexts => ({
  deviceTroubleNowhere: () => translate(language, 'dashboard', 'deviceTroubleNowhere'),
  deviceNowhere: (values) => translate(language, 'dashboard', 'deviceNowhere', values),
  taskFromNowhere: (values) => translate(language, 'dashboard', 'taskFromNowhere', values),
  taskNowhere: () => translate(language, 'dashboard', 'taskNowhere'),
});

type Where = Pick<TTaskReply, 'unit' | 'resident' | 'creator' | 'kind'>;
const base: Where = {
  unit: null,
  resident: null,
  creator: { staffMember: null, device: null },
  kind: 'ALERT',
};
const resident = { id: 'r', firstName: 'Margaret', lastName: 'Thompson', preferredName: null, unitId: 'u' };

describe('taskWhereLine: a card never shows a bare dash', () => {
  it.each<[string, Where, string]>([
    [
      'unit and resident',
      { ...base, unit: { id: 'u', displayName: 'AL 101', careType: 'ASSISTED_LIVING' }, resident },
      'AL 101 · Margaret Thompson',
    ],
    [
      'a device alert without unit or resident',
      {
        ...base,
        creator: { staffMember: null, device: { id: 'd', type: 'SAGE_BUTTON', hardwareId: 'PENDANT-1' } },
      },
      'Sage Button, no unit or resident',
    ],
    ['device trouble', { ...base, kind: 'DEVICE_TROUBLE' }, 'Device trouble, no unit or resident'],
    [
      'a manual task',
      { ...base, creator: { staffMember: { id: 's', firstName: 'Emily', lastName: 'Chen' }, device: null } },
      'Task from Emily Chen, no unit or resident',
    ],
    ['nothing known', base, 'Task, no unit or resident'],
  ])('%s', (_name, task, line) => expect(taskWhereLine(task, textsIn('en'))).toBe(line));
});

describe('taskWhereLine in Spanish: the texts translated, names and units as they are', () => {
  it.each<[string, Where, string]>([
    [
      'unit and resident',
      { ...base, unit: { id: 'u', displayName: 'AL 101', careType: 'ASSISTED_LIVING' }, resident },
      'AL 101 · Margaret Thompson',
    ],
    ['device trouble', { ...base, kind: 'DEVICE_TROUBLE' }, 'Falla de dispositivo, sin unidad ni residente'],
    [
      'a manual task',
      { ...base, creator: { staffMember: { id: 's', firstName: 'Emily', lastName: 'Chen' }, device: null } },
      'Tarea de Emily Chen, sin unidad ni residente',
    ],
  ])('%s', (_name, task, line) => expect(taskWhereLine(task, textsIn('es'))).toBe(line));
});
