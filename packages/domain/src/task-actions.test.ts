import type { TaskStatus } from '@sage/contract';
import { describe, expect, it } from 'vitest';
import { derivePermissions } from './permissions';
import { decideResolve, decideStatusChange, decideUnassign, isTaskSupervisor } from './task-actions';

const me = { staffMemberId: 'me', isSupervisor: false };
const boss = { staffMemberId: 'boss', isSupervisor: true };
const task = (status: TaskStatus, assigneeId: string | null = null) => ({ status, assigneeId });

describe('status changes asked for by staff', () => {
  it('"Unclaimed to claimed: adds a claim update, a status-change update and an assignee."', () => {
    expect(decideStatusChange(task('OPEN_UNCLAIMED'), 'OPEN_CLAIMED', me)).toEqual({
      ok: true,
      status: 'OPEN_CLAIMED',
      updates: ['CLAIM', 'STATUS_CHANGE'],
      assignee: 'set',
    });
  });
  it('"Claimed to unclaimed: assignee removed, unassignment update added."', () => {
    expect(decideStatusChange(task('OPEN_CLAIMED', 'me'), 'OPEN_UNCLAIMED', me)).toEqual({
      ok: true,
      status: 'OPEN_UNCLAIMED',
      updates: ['UNASSIGNMENT'],
      assignee: 'remove',
    });
  });
  it.each<[string, TaskStatus, string | null, TaskStatus, string]>([
    ['the lost claim race', 'OPEN_CLAIMED', 'other', 'OPEN_CLAIMED', 'TASK_ALREADY_CLAIMED'],
    [
      'confirming a task someone else claimed',
      'OPEN_CLAIMED',
      'other',
      'OPEN_CONFIRMING',
      'TASK_ALREADY_CLAIMED',
    ],
    [
      'unclaiming a task someone else claimed',
      'OPEN_CLAIMED',
      'other',
      'OPEN_UNCLAIMED',
      'TASK_ALREADY_CLAIMED',
    ],
    ['claiming twice', 'OPEN_CLAIMED', 'me', 'OPEN_CLAIMED', 'TASK_STATUS_CHANGED'],
    ['a resolved task', 'CLOSED_RESOLVED', 'me', 'OPEN_CLAIMED', 'TASK_ALREADY_RESOLVED'],
    ['a canceled task', 'CLOSED_CANCELED', null, 'OPEN_CLAIMED', 'TASK_CLOSED'],
    [
      'unclaimed to confirming (claim first)',
      'OPEN_UNCLAIMED',
      null,
      'OPEN_CONFIRMING',
      'INVALID_STATUS_TRANSITION',
    ],
    ['confirmed back to claimed', 'OPEN_CONFIRMED', 'me', 'OPEN_CLAIMED', 'INVALID_STATUS_TRANSITION'],
  ])('refuses %s', (_what, status, assigneeId, target, reason) => {
    expect(decideStatusChange(task(status, assigneeId), target, me)).toEqual({ ok: false, reason });
  });
  it('"Claimed to confirming: starts care confirmation." / "Confirming to claimed: on cancel"', () => {
    expect(decideStatusChange(task('OPEN_CLAIMED', 'me'), 'OPEN_CONFIRMING', me)).toMatchObject({
      ok: true,
      updates: ['STATUS_CHANGE'],
    });
    expect(decideStatusChange(task('OPEN_CONFIRMING', 'me'), 'OPEN_CLAIMED', me)).toMatchObject({
      ok: true,
      updates: ['STATUS_CHANGE'],
      assignee: 'keep',
    });
  });
  it('a supervisor may release a colleague’s task but not confirm for them', () => {
    expect(decideStatusChange(task('OPEN_CLAIMED', 'me'), 'OPEN_UNCLAIMED', boss)).toMatchObject({
      ok: true,
    });
    expect(decideStatusChange(task('OPEN_CLAIMED', 'me'), 'OPEN_CONFIRMING', boss)).toEqual({
      ok: false,
      reason: 'TASK_ALREADY_CLAIMED',
    });
  });
  it('supervisors are responder supervisors (care-staff admins) and management', () => {
    const perms = (group: 'CareStaff' | 'Management' | 'NurseMedTech', isAdmin: boolean) =>
      derivePermissions({ memberships: [{ group, isAdmin }] });
    expect(isTaskSupervisor(perms('CareStaff', true))).toBe(true);
    expect(isTaskSupervisor(perms('Management', false))).toBe(true);
    expect(isTaskSupervisor(perms('CareStaff', false))).toBe(false);
    expect(isTaskSupervisor(perms('NurseMedTech', true))).toBe(false);
  });
});

describe('unassign', () => {
  it.each<TaskStatus>(['OPEN_CLAIMED', 'OPEN_CONFIRMING', 'OPEN_CONFIRMED'])(
    'returns a held task (%s) to OPEN_UNCLAIMED with an UNASSIGNMENT update',
    (status) => {
      expect(decideUnassign(task(status, 'me'), me)).toEqual({
        ok: true,
        status: 'OPEN_UNCLAIMED',
        updates: ['UNASSIGNMENT'],
        assignee: 'remove',
      });
    },
  );
  it.each<[TaskStatus, string | null, typeof me, string]>([
    ['OPEN_UNCLAIMED', null, me, 'TASK_NOT_ASSIGNED'],
    ['OPEN_CLAIMED', 'other', me, 'TASK_ALREADY_CLAIMED'],
    ['CLOSED_RESOLVED', 'me', me, 'TASK_ALREADY_RESOLVED'],
  ])('refuses %s held by %s', (status, assigneeId, actor, reason) => {
    expect(decideUnassign(task(status, assigneeId), actor)).toEqual({ ok: false, reason });
  });
  it('a supervisor may unassign a colleague', () => {
    expect(decideUnassign(task('OPEN_CONFIRMING', 'me'), boss)).toMatchObject({ ok: true });
  });
});

describe('who may resolve', () => {
  it.each<[TaskStatus, string | null, typeof me, unknown]>([
    ['OPEN_UNCLAIMED', null, me, { ok: true }],
    ['OPEN_CONFIRMED', 'me', me, { ok: true }],
    ['OPEN_CLAIMED', 'other', me, { ok: false, reason: 'TASK_ALREADY_CLAIMED' }],
    ['OPEN_CLAIMED', 'other', boss, { ok: true }],
    ['CLOSED_RESOLVED', 'me', me, { ok: false, reason: 'TASK_ALREADY_RESOLVED' }],
    ['CLOSED_CANCELED', null, boss, { ok: false, reason: 'TASK_CLOSED' }],
  ])('%s held by %s', (status, assigneeId, actor, expected) => {
    expect(decideResolve(task(status, assigneeId), actor)).toEqual(expected);
  });
});
