import type { TaskStatus } from '@sage/contract';
import { describe, expect, it } from 'vitest';
import { decideFollowUp, type FollowUpActor } from './follow-up';

const nurse: FollowUpActor = { staffMemberId: 'nurse', groupIds: ['nurses'], isManagement: false };
const caregiver: FollowUpActor = { staffMemberId: 'cg', groupIds: ['care'], isManagement: false };
const manager: FollowUpActor = { staffMemberId: 'boss', groupIds: ['mgmt'], isManagement: true };
const task = (status: TaskStatus, assigneeId: string | null = null, severity = 'ESCALATION_OBSERVATION') => ({
  severity,
  status,
  assigneeId,
  assigneeGroupId: 'nurses',
});

describe('closing an escalated observation (decision 0620)', () => {
  it.each<[string, ReturnType<typeof task>, FollowUpActor, ReturnType<typeof decideFollowUp>]>([
    [
      'a nurse closes an unclaimed one (she becomes its assignee)',
      task('OPEN_UNCLAIMED'),
      nurse,
      { ok: true, assignee: 'set' },
    ],
    [
      'a nurse closes the one she claimed',
      task('OPEN_CLAIMED', 'nurse'),
      nurse,
      { ok: true, assignee: 'keep' },
    ],
    [
      'management closes one another nurse holds',
      task('OPEN_CLAIMED', 'other'),
      manager,
      { ok: true, assignee: 'keep' },
    ],
    [
      'a call is not closed as a follow-up',
      task('OPEN_CLAIMED', 'nurse', 'HIGH_PRIORITY'),
      nurse,
      { ok: false, reason: 'NOT_AN_ESCALATION' },
    ],
    [
      'a caregiver may not close it',
      task('OPEN_UNCLAIMED'),
      caregiver,
      { ok: false, reason: 'NOT_A_RECIPIENT' },
    ],
    [
      'a caregiver may not close a closed one either',
      task('CLOSED_RESOLVED'),
      caregiver,
      { ok: false, reason: 'NOT_A_RECIPIENT' },
    ],
    [
      'the second close',
      task('CLOSED_RESOLVED', 'nurse'),
      nurse,
      { ok: false, reason: 'TASK_ALREADY_RESOLVED' },
    ],
    ['a canceled one', task('CLOSED_CANCELED'), nurse, { ok: false, reason: 'TASK_CLOSED' }],
    [
      'another nurse holds it',
      task('OPEN_CLAIMED', 'other'),
      nurse,
      { ok: false, reason: 'TASK_ALREADY_CLAIMED' },
    ],
  ])('%s', (_, t, actor, expected) => {
    expect(decideFollowUp(t, actor)).toEqual(expected);
  });
});
