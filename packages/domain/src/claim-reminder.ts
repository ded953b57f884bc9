import { blockRunAt, type ScheduledBlock } from './notification-rules';

/**
 * Acknowledged but not cleared (UL 1069; docs/decisions/0515): which escalation step a claimed-not-confirmed
 * reminder runs, given the task's escalation steps in run order (`orderBlocks`).
 * - A later round runs the step the round before chose (`nextBlock`), kept within the steps.
 * - The first round runs the first step that had not run yet when the task was claimed (its first run after the
 *   claim, counted from the escalation's start); with none left, or no escalation started (`startedAtMs` null:
 *   the task was created claimed), the last step when something ran, the first when nothing did.
 * - No steps: null (the claimer alone is reminded).
 * Once past the last step every round runs the last one: a claimed alert never waits silently.
 */
export function claimReminderBlock(
  blocks: readonly ScheduledBlock[],
  startedAtMs: number | null,
  claimedAtMs: number,
  nextBlock?: number,
): number | null {
  if (blocks.length === 0) return null;
  const last = blocks.length - 1;
  if (nextBlock !== undefined) return Math.min(Math.max(nextBlock, 0), last);
  if (startedAtMs === null) return 0;
  const notRun = blocks.findIndex((b) => (blockRunAt(b, startedAtMs, 0) ?? 0) > claimedAtMs);
  return notRun === -1 ? last : notRun;
}

/** The step the round after `block` runs. */
export const nextClaimReminderBlock = (blocks: readonly ScheduledBlock[], block: number | null): number =>
  block === null ? 0 : Math.min(block + 1, Math.max(blocks.length - 1, 0));
