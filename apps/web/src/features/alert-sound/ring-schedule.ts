import { type Severity, TaskStatus as Status, type TaskStatus } from '@sage/contract';
import { isEmergencyType } from '@sage/domain';

/**
 * When the open app rings for alerts (issue #15, decision 0320): every open alert nobody has claimed sounds, at
 * once when it arrives and again every 10 s until someone claims it (or it closes). Emergency-type alerts ring
 * with their own, louder pattern.
 */
export const RING_REPEAT_MS = 10_000;

export type RingKind = 'alert' | 'emergency';

export interface SoundableTask {
  id: string;
  status: TaskStatus;
  severity: Severity;
}

/** The alerts that should sound now: open and unclaimed. */
export function soundingTasks<T extends SoundableTask>(tasks: readonly T[]): T[] {
  return tasks.filter((task) => task.status === Status.OPEN_UNCLAIMED);
}

/** One ring covers every sounding alert: the emergency pattern when any of them is emergency-type. */
export function ringKindOf(tasks: readonly SoundableTask[]): RingKind | null {
  if (tasks.length === 0) return null;
  return tasks.some((task) => isEmergencyType(task.severity)) ? 'emergency' : 'alert';
}

export interface RingState {
  /** When the app last rang (ms), null when nothing has rung since the last silence. */
  lastRingAt: number | null;
  /** The alerts already announced: a new one rings at once, without waiting for the 10 s. */
  heard: readonly string[];
}

export const SILENT: RingState = { lastRingAt: null, heard: [] };

/**
 * Whether to ring now, and the state after. Rings when an alert not heard yet is sounding, or when 10 s have
 * passed since the last ring while any is sounding; nothing sounding resets to silence.
 */
export function decideRing(
  state: RingState,
  sounding: readonly SoundableTask[],
  now: number,
): { ring: RingKind | null; state: RingState } {
  const kind = ringKindOf(sounding);
  if (kind === null) return { ring: null, state: SILENT };
  const ids = sounding.map((task) => task.id);
  const somethingNew = ids.some((id) => !state.heard.includes(id));
  const due = state.lastRingAt === null || now - state.lastRingAt >= RING_REPEAT_MS;
  if (somethingNew || due) return { ring: kind, state: { lastRingAt: now, heard: ids } };
  return { ring: null, state: { lastRingAt: state.lastRingAt, heard: ids } };
}
