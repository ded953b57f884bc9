import { useSyncExternalStore } from 'react';

/** "Tour: running, confirm-end, ended" (sign-in doc section 4). */
export type TourStatus = 'running' | 'confirm-end' | 'ended';

export interface TourState {
  status: TourStatus;
  /** Index into TOUR_STEPS. */
  step: number;
  /** The training alert the tour walks through. */
  taskId: string | null;
}

const ENDED: TourState = { status: 'ended', step: 0, taskId: null };
let state: TourState = ENDED;
const listeners = new Set<() => void>();

function set(next: TourState): void {
  state = next;
  for (const listener of listeners) listener();
}

export const tourStore = {
  get: (): TourState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  start: (taskId: string): void => set({ status: 'running', step: 0, taskId }),
  /** Forward only: a step once shown is never shown again for the same alert. */
  reach: (step: number): void => {
    if (state.status === 'ended' || step <= state.step) return;
    set({ ...state, step });
  },
  askToEnd: (): void => {
    if (state.status === 'running') set({ ...state, status: 'confirm-end' });
  },
  continueTour: (): void => {
    if (state.status === 'confirm-end') set({ ...state, status: 'running' });
  },
  end: (): void => set(ENDED),
};

export function useTourState(): TourState {
  return useSyncExternalStore(tourStore.subscribe, tourStore.get, tourStore.get);
}
