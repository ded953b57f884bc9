import type { TaskStatus, TaskUpdateType } from '@sage/contract';
import { describe, expect, it } from 'vitest';
import { assigneeRelation, planResolve, planStatusChange } from './alert-transitions';

describe('planStatusChange', () => {
  it.each<[string, TaskStatus, TaskStatus, TaskUpdateType[], 'set' | 'remove' | 'keep']>([
    [
      'Unclaimed to claimed: adds a claim update, a status-change update and an assignee.',
      'OPEN_UNCLAIMED',
      'OPEN_CLAIMED',
      ['CLAIM', 'STATUS_CHANGE'],
      'set',
    ],
    [
      'Claimed to unclaimed: assignee removed, unassignment update added.',
      'OPEN_CLAIMED',
      'OPEN_UNCLAIMED',
      ['UNASSIGNMENT'],
      'remove',
    ],
    [
      'Claimed to confirming: starts care confirmation.',
      'OPEN_CLAIMED',
      'OPEN_CONFIRMING',
      ['STATUS_CHANGE'],
      'keep',
    ],
    ['Confirming to claimed: on cancel', 'OPEN_CONFIRMING', 'OPEN_CLAIMED', ['STATUS_CHANGE'], 'keep'],
    [
      'Confirming to confirmed: when the device press is detected.',
      'OPEN_CONFIRMING',
      'OPEN_CONFIRMED',
      ['CARE_CONFIRMED'],
      'keep',
    ],
    [
      'Resolve: status becomes closed-resolved, with manual-entry updates for the care provided and a closed update.',
      'OPEN_CONFIRMED',
      'CLOSED_RESOLVED',
      ['MANUAL_ENTRY', 'CLOSED'],
      'keep',
    ],
  ])('"%s"', (_sentence, current, target, updates, assignee) => {
    expect(planStatusChange(current, target)).toEqual({ ok: true, updates, assignee });
  });

  it('"Confirming to claimed: on … failure." adds CARE_CONFIRMATION_FAILED', () => {
    expect(planStatusChange('OPEN_CONFIRMING', 'OPEN_CLAIMED', { confirmationEnd: 'failure' })).toEqual({
      ok: true,
      updates: ['CARE_CONFIRMATION_FAILED'],
      assignee: 'keep',
    });
  });

  it.each<[TaskStatus, TaskStatus, string]>([
    ['OPEN_CLAIMED', 'OPEN_CLAIMED', 'SAME_STATUS'],
    ['CLOSED_RESOLVED', 'OPEN_CLAIMED', 'TASK_CLOSED'],
    ['CLOSED_CANCELED', 'CLOSED_RESOLVED', 'TASK_CLOSED'],
    ['OPEN_CONFIRMED', 'OPEN_CLAIMED', 'NOT_ALLOWED'],
    ['OPEN_CONFIRMED', 'OPEN_CONFIRMING', 'NOT_ALLOWED'],
    ['OPEN_UNCLAIMED', 'OPEN_CONFIRMING', 'NOT_ALLOWED'],
    ['OPEN_UNCLAIMED', 'OPEN_CONFIRMED', 'NOT_ALLOWED'],
    ['OPEN_CLAIMED', 'OPEN_CONFIRMED', 'NOT_ALLOWED'],
    ['OPEN_CLAIMED', 'CLOSED_CANCELED', 'NOT_ALLOWED'],
    ['OPEN_CLAIMED', 'CLOSED_UNRESOLVED', 'NOT_ALLOWED'],
  ])(
    '"Server-side transitions beyond these are not shown": %s -> %s is refused (%s)',
    (current, target, reason) => {
      expect(planStatusChange(current, target)).toEqual({ ok: false, reason });
    },
  );
});

describe('planResolve', () => {
  it.each<[TaskStatus, number, TaskUpdateType[], 'set' | 'keep']>([
    ['OPEN_CLAIMED', 2, ['MANUAL_ENTRY', 'MANUAL_ENTRY', 'CLOSED'], 'keep'],
    ['OPEN_CONFIRMING', 1, ['MANUAL_ENTRY', 'CLOSED'], 'keep'],
    ['OPEN_UNCLAIMED', 1, ['ASSIGNMENT', 'MANUAL_ENTRY', 'CLOSED'], 'set'],
    ['OPEN_CONFIRMED', 0, ['MANUAL_ENTRY', 'CLOSED'], 'keep'],
  ])(
    '"with manual-entry updates for the care provided and a closed update": %s, %i outcomes',
    (current, n, updates, assignee) => {
      expect(planResolve(current, n)).toEqual({ ok: true, updates, assignee });
    },
  );
  it('a closed task cannot be resolved again', () => {
    expect(planResolve('CLOSED_RESOLVED', 1)).toEqual({ ok: false, reason: 'TASK_CLOSED' });
  });
});

describe('assigneeRelation', () => {
  it.each<[TaskStatus, string | null, string | null]>([
    ['OPEN_CLAIMED', 'me', 'claimedByMe'],
    ['OPEN_CONFIRMING', 'me', 'claimedByMe'],
    ['CLOSED_RESOLVED', 'me', 'resolvedByMe'],
    ['OPEN_CLAIMED', 'you', null],
    ['OPEN_UNCLAIMED', null, null],
  ])(
    "\"An assignee who is the current user counts as 'claimed by me' while open and 'resolved by me' once closed\": %s %s",
    (status, assigneeId, expected) => {
      expect(assigneeRelation({ status, assigneeId }, 'me')).toBe(expected);
    },
  );
});
