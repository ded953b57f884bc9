/**
 * The drawer queue and workflow state machine, as a pure reducer.
 *
 * - A request is one drawer or a workflow of several steps; one request is shown at a time.
 * - Requests wait in a queue ordered by priority (higher first); equal priorities keep arrival order (FIFO).
 *   A new request never interrupts the drawer on screen: it waits for it to finish.
 * - `next` moves a workflow to its next step (merging the step's result into the workflow's data), and
 *   finishes the request after the last step. `back` returns to the previous step; on the first step it
 *   dismisses the request. `close` dismisses a request, whether on screen or still queued.
 * - A request with a step of an unsupported type (no registered component) is never shown: it is dismissed
 *   and recorded in `rejected` for the host to log.
 */

export interface QueuedStep {
  type: string;
  props: unknown;
}

export interface DrawerRequest {
  id: string;
  steps: QueuedStep[];
  stepIndex: number;
  priority: number;
  /** Arrival order, for FIFO among equal priorities. */
  seq: number;
  disableBackdropClose: boolean;
  closeOnEscape: boolean;
  /** Results handed on by the steps of a workflow (`next(data)`), available to every later step. */
  data: Record<string, unknown>;
  /** Steps left with `next(data, { seal: true })`: done for good, so `back` passes over them. */
  sealed?: number[];
}

export interface RejectedDrawer {
  id: string;
  unsupportedTypes: string[];
}

export interface DrawerQueueState {
  active: DrawerRequest | null;
  queue: DrawerRequest[];
  nextSeq: number;
  /** Requests dismissed because of an unsupported type, waiting to be logged. */
  rejected: RejectedDrawer[];
}

export interface OpenDrawerOptions {
  /** Higher is shown first. @default 0 */
  priority?: number;
  /** Keeps the drawer open when the backdrop is tapped. @default false */
  disableBackdropClose?: boolean;
  /** Closes the drawer on the Escape key. @default false */
  closeOnEscape?: boolean;
}

export type DrawerQueueAction =
  | ({ type: 'open'; id: string; steps: QueuedStep[] } & OpenDrawerOptions)
  /** `id` names the request the action is meant for; the action is ignored when another one is on screen. */
  | { type: 'next'; id?: string; data?: Record<string, unknown>; seal?: boolean }
  | { type: 'back'; id?: string }
  | { type: 'close'; id?: string }
  | { type: 'close-all' }
  | { type: 'acknowledge-rejected'; ids: string[] };

export const initialDrawerQueueState: DrawerQueueState = {
  active: null,
  queue: [],
  nextSeq: 0,
  rejected: [],
};

/** Queue order: priority descending, then arrival ascending. */
export function compareRequests(a: DrawerRequest, b: DrawerRequest): number {
  return b.priority - a.priority || a.seq - b.seq;
}

function insertByPriority(queue: DrawerRequest[], request: DrawerRequest): DrawerRequest[] {
  const index = queue.findIndex((queued) => compareRequests(request, queued) < 0);
  return index === -1 ? [...queue, request] : [...queue.slice(0, index), request, ...queue.slice(index)];
}

/** Shows the first queued request when nothing is on screen. */
function promote(state: DrawerQueueState): DrawerQueueState {
  if (state.active || state.queue.length === 0) return state;
  const [first, ...rest] = state.queue;
  return { ...state, active: first ?? null, queue: rest };
}

function targetsActive(
  state: DrawerQueueState,
  id: string | undefined,
): state is DrawerQueueState & {
  active: DrawerRequest;
} {
  return state.active !== null && (id === undefined || state.active.id === id);
}

export function createDrawerQueueReducer(isSupported: (type: string) => boolean) {
  return function drawerQueueReducer(state: DrawerQueueState, action: DrawerQueueAction): DrawerQueueState {
    switch (action.type) {
      case 'open': {
        if (action.steps.length === 0) return state;
        const unsupportedTypes = action.steps.map((step) => step.type).filter((type) => !isSupported(type));
        if (unsupportedTypes.length > 0) {
          return { ...state, rejected: [...state.rejected, { id: action.id, unsupportedTypes }] };
        }
        const request: DrawerRequest = {
          id: action.id,
          steps: action.steps,
          stepIndex: 0,
          priority: action.priority ?? 0,
          seq: state.nextSeq,
          disableBackdropClose: action.disableBackdropClose ?? false,
          closeOnEscape: action.closeOnEscape ?? false,
          data: {},
        };
        return promote({
          ...state,
          nextSeq: state.nextSeq + 1,
          queue: insertByPriority(state.queue, request),
        });
      }

      case 'next': {
        if (!targetsActive(state, action.id)) return state;
        const { active } = state;
        const data = action.data ? { ...active.data, ...action.data } : active.data;
        if (active.stepIndex < active.steps.length - 1) {
          const sealed = action.seal ? [...(active.sealed ?? []), active.stepIndex] : active.sealed;
          return {
            ...state,
            active: { ...active, stepIndex: active.stepIndex + 1, data, ...(sealed ? { sealed } : {}) },
          };
        }
        return promote({ ...state, active: null });
      }

      case 'back': {
        if (!targetsActive(state, action.id)) return state;
        const { active } = state;
        let previous = active.stepIndex - 1;
        while (previous >= 0 && active.sealed?.includes(previous)) previous -= 1;
        if (previous >= 0) return { ...state, active: { ...active, stepIndex: previous } };
        // Nothing to return to (the first step, or only sealed ones before): the workflow is dismissed.
        return promote({ ...state, active: null });
      }

      case 'close': {
        if (targetsActive(state, action.id)) return promote({ ...state, active: null });
        if (action.id === undefined) return state;
        const queue = state.queue.filter((request) => request.id !== action.id);
        return queue.length === state.queue.length ? state : { ...state, queue };
      }

      case 'close-all':
        return { ...state, active: null, queue: [] };

      case 'acknowledge-rejected': {
        const rejected = state.rejected.filter((entry) => !action.ids.includes(entry.id));
        return rejected.length === state.rejected.length ? state : { ...state, rejected };
      }
    }
  };
}

/** The step on screen, if any. */
export function currentStep(state: DrawerQueueState): QueuedStep | null {
  return state.active?.steps[state.active.stepIndex] ?? null;
}
