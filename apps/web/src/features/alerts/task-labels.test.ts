import type { TTaskReply } from '@sage/contract';
import { describe, expect, it } from 'vitest';
import { taskWhereLine } from './task-labels';

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
      { ...base, creator: { staffMember: null, device: { id: 'd', type: 'SAGE_BUTTON' } } },
      'Sage Button, no unit or resident',
    ],
    ['device trouble', { ...base, kind: 'DEVICE_TROUBLE' }, 'Device trouble, no unit or resident'],
    [
      'a manual task',
      { ...base, creator: { staffMember: { id: 's', firstName: 'Emily', lastName: 'Chen' }, device: null } },
      'Task from Emily Chen, no unit or resident',
    ],
    ['nothing known', base, 'Task, no unit or resident'],
  ])('%s', (_name, task, line) => expect(taskWhereLine(task)).toBe(line));
});
