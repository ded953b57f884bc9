import { describe, expect, it } from 'vitest';
import {
  createDrawerQueueReducer,
  currentStep,
  type DrawerQueueAction,
  type DrawerQueueState,
  initialDrawerQueueState,
  type QueuedStep,
} from './drawer-queue';

const SUPPORTED = new Set(['confirmation', 'select-person', 'add-task-note', 'send-high-five']);
const reduce = createDrawerQueueReducer((type) => SUPPORTED.has(type));

function run(...actions: DrawerQueueAction[]): DrawerQueueState {
  return actions.reduce(reduce, initialDrawerQueueState);
}

function step(type: string, props: Record<string, unknown> = {}): QueuedStep {
  return { type, props };
}

function open(id: string, priority?: number, ...types: string[]): DrawerQueueAction {
  const steps = (types.length > 0 ? types : ['confirmation']).map((type) => step(type, { id }));
  return priority === undefined ? { type: 'open', id, steps } : { type: 'open', id, steps, priority };
}

/** Ids in the order they will be shown: the active one, then the queue. */
function order(state: DrawerQueueState): string[] {
  return [state.active?.id, ...state.queue.map((request) => request.id)].filter((id): id is string => !!id);
}

describe('drawer queue: opening', () => {
  it('shows the first drawer at once with the defaults', () => {
    const state = run(open('a'));
    expect(state.active).toMatchObject({
      id: 'a',
      stepIndex: 0,
      priority: 0,
      disableBackdropClose: false,
      closeOnEscape: false,
    });
    expect(currentStep(state)).toEqual(step('confirmation', { id: 'a' }));
  });

  it('keeps the options given', () => {
    const state = run({
      type: 'open',
      id: 'a',
      steps: [step('confirmation')],
      priority: 3,
      disableBackdropClose: true,
      closeOnEscape: true,
    });
    expect(state.active).toMatchObject({ priority: 3, disableBackdropClose: true, closeOnEscape: true });
  });

  it('ignores a request without steps', () => {
    expect(run({ type: 'open', id: 'a', steps: [] })).toEqual(initialDrawerQueueState);
  });
});

describe('drawer queue: priority', () => {
  it('shows higher priorities first', () => {
    const state = run(open('shown'), open('low', 1), open('high', 5), open('mid', 3));
    expect(order(state)).toEqual(['shown', 'high', 'mid', 'low']);
  });

  it('keeps arrival order (FIFO) for equal priority', () => {
    const state = run(open('shown'), open('b', 2), open('c', 2), open('d', 2), open('e'));
    expect(order(state)).toEqual(['shown', 'b', 'c', 'd', 'e']);
  });

  it('does not interrupt the drawer on screen for a higher priority', () => {
    const state = run(open('low', 0), open('urgent', 10));
    expect(state.active?.id).toBe('low');
    expect(order(state)).toEqual(['low', 'urgent']);
  });

  it('shows queued drawers one after another as each finishes', () => {
    let state = run(open('a'), open('b', 1), open('c', 1), open('d', 2));
    const seen: string[] = [];
    while (state.active) {
      seen.push(state.active.id);
      state = reduce(state, { type: 'next' });
    }
    expect(seen).toEqual(['a', 'd', 'b', 'c']);
    expect(state.queue).toEqual([]);
  });
});

describe('drawer queue: workflows', () => {
  const workflow: DrawerQueueAction = {
    type: 'open',
    id: 'wf',
    steps: [step('select-person'), step('add-task-note'), step('confirmation')],
  };

  it('moves through the steps with next and finishes after the last', () => {
    let state = run(workflow, open('after'));
    expect(currentStep(state)?.type).toBe('select-person');
    state = reduce(state, { type: 'next' });
    expect(currentStep(state)?.type).toBe('add-task-note');
    state = reduce(state, { type: 'next' });
    expect(currentStep(state)?.type).toBe('confirmation');
    state = reduce(state, { type: 'next' });
    expect(state.active?.id).toBe('after');
  });

  it('hands each step result on to the later steps', () => {
    let state = run(workflow);
    state = reduce(state, { type: 'next', data: { staffMemberId: 'sm-1' } });
    state = reduce(state, { type: 'next', data: { note: 'Bring towels' } });
    expect(state.active?.data).toEqual({ staffMemberId: 'sm-1', note: 'Bring towels' });
  });

  it('steps back to the previous step', () => {
    let state = run(workflow, { type: 'next' }, { type: 'next' });
    expect(state.active?.stepIndex).toBe(2);
    state = reduce(state, { type: 'back' });
    expect(currentStep(state)?.type).toBe('add-task-note');
    state = reduce(state, { type: 'back' });
    expect(currentStep(state)?.type).toBe('select-person');
  });

  it('passes over a sealed step on back (a confirmed care confirmation never re-opens)', () => {
    let state = run(workflow, { type: 'next' }, { type: 'next', seal: true });
    expect(currentStep(state)?.type).toBe('confirmation');
    state = reduce(state, { type: 'back' });
    expect(currentStep(state)?.type).toBe('select-person');
  });

  it('dismisses the workflow on back when only sealed steps come before', () => {
    const state = run(workflow, open('after'), { type: 'next', seal: true }, { type: 'back' });
    expect(state.active?.id).toBe('after');
  });

  it('dismisses the workflow on back from its first step and shows the next queued one', () => {
    const state = run(workflow, open('after'), { type: 'back' });
    expect(state.active?.id).toBe('after');
  });

  it('ignores next and back meant for a drawer that is no longer on screen', () => {
    const state = run(workflow, open('after'), { type: 'close', id: 'wf' });
    expect(reduce(state, { type: 'next', id: 'wf' })).toBe(state);
    expect(reduce(state, { type: 'back', id: 'wf' })).toBe(state);
  });

  it('does nothing on next, back or close when no drawer is open', () => {
    const state = run();
    expect(reduce(state, { type: 'next' })).toBe(state);
    expect(reduce(state, { type: 'back' })).toBe(state);
    expect(reduce(state, { type: 'close' })).toBe(state);
  });
});

describe('drawer queue: dismiss', () => {
  it('closes the drawer on screen and shows the next queued one', () => {
    const state = run(open('a'), open('b'), { type: 'close' });
    expect(order(state)).toEqual(['b']);
  });

  it('closes a whole workflow, whatever its step', () => {
    const state = run(open('wf', 0, 'select-person', 'confirmation'), { type: 'next' }, { type: 'close' });
    expect(state.active).toBeNull();
  });

  it('removes a queued drawer by id without touching the one on screen', () => {
    const state = run(open('a'), open('b'), open('c'), { type: 'close', id: 'b' });
    expect(order(state)).toEqual(['a', 'c']);
  });

  it('ignores an unknown id', () => {
    const state = run(open('a'));
    expect(reduce(state, { type: 'close', id: 'nope' })).toBe(state);
  });

  it('closes everything with close-all', () => {
    const state = run(open('a'), open('b'), { type: 'close-all' });
    expect(state.active).toBeNull();
    expect(state.queue).toEqual([]);
  });
});

describe('drawer queue: unsupported types', () => {
  it('dismisses a drawer of an unsupported type and records it for logging', () => {
    const state = run(open('x', 0, 'resident-details'));
    expect(state.active).toBeNull();
    expect(state.queue).toEqual([]);
    expect(state.rejected).toEqual([{ id: 'x', unsupportedTypes: ['resident-details'] }]);
  });

  it('dismisses a workflow with any unsupported step, leaving others untouched', () => {
    const state = run(open('a'), open('wf', 5, 'select-person', 'door-schedule'), open('b'));
    expect(order(state)).toEqual(['a', 'b']);
    expect(state.rejected).toEqual([{ id: 'wf', unsupportedTypes: ['door-schedule'] }]);
  });

  it('forgets rejected entries once acknowledged', () => {
    const state = run(open('x', 0, 'nope'), open('y', 0, 'other'), {
      type: 'acknowledge-rejected',
      ids: ['x'],
    });
    expect(state.rejected).toEqual([{ id: 'y', unsupportedTypes: ['other'] }]);
  });
});
