import type { TTaskPageReply, TTaskReply } from '@sage/contract';
import { describe, expect, it } from 'vitest';
import { applyTaskChange, listKindOf } from './task-cache';

const task = (id: string, status: TTaskReply['status']) => ({ id, status }) as TTaskReply;
const page = (...tasks: TTaskReply[]): TTaskPageReply => ({
  tasks,
  pageNumber: 0,
  pageSize: 200,
  totalCount: tasks.length,
});

describe('listKindOf (taskKeys)', () => {
  it.each([
    [['tasks', 'list', 'open'], 'open'],
    [['tasks', 'list', 'closed'], 'closed'],
    [['tasks', 'list', 'mine', false], 'mine-open'],
    [['tasks', 'list', 'mine', true], 'any'],
  ])('%j -> %s', (key, kind) => expect(listKindOf(key)).toBe(kind));
});

describe('applyTaskChange: a cached list brought up to date by a live frame', () => {
  it('replaces the status where the task is', () => {
    const next = applyTaskChange(page(task('a', 'OPEN_UNCLAIMED'), task('b', 'OPEN_UNCLAIMED')), 'open', {
      id: 'a',
      status: 'OPEN_CLAIMED',
    });
    expect(next.tasks.map((t) => [t.id, t.status])).toEqual([
      ['a', 'OPEN_CLAIMED'],
      ['b', 'OPEN_UNCLAIMED'],
    ]);
  });

  it('drops a task closed from the open lists, and one reopened from the closed list', () => {
    const open = applyTaskChange(page(task('a', 'OPEN_CLAIMED')), 'open', {
      id: 'a',
      status: 'CLOSED_RESOLVED',
    });
    expect(open).toMatchObject({ tasks: [], totalCount: 0 });
    const mine = applyTaskChange(page(task('a', 'OPEN_CLAIMED')), 'mine-open', {
      id: 'a',
      status: 'CLOSED_RESOLVED',
    });
    expect(mine.tasks).toEqual([]);
    const closed = applyTaskChange(page(task('a', 'CLOSED_RESOLVED')), 'closed', {
      id: 'a',
      status: 'OPEN_UNCLAIMED',
    });
    expect(closed.tasks).toEqual([]);
  });

  it('leaves a list without the task as it is (the refetch places it)', () => {
    const before = page(task('b', 'OPEN_UNCLAIMED'));
    expect(applyTaskChange(before, 'open', { id: 'a', status: 'OPEN_UNCLAIMED' })).toBe(before);
  });
});
