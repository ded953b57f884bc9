import type { DeviceType } from '@sage/contract';
import { describe, expect, it } from 'vitest';
import { claimReminderBlock, nextClaimReminderBlock } from './claim-reminder';
import type { ScheduledBlock } from './notification-rules';
import { needsBedsideConfirmation } from './resolution-rules';

const block = (atMs: number, isBreakGlass = false): ScheduledBlock => ({
  executionTimeAfterStartInMs: atMs,
  recurringIntervalInMs: 0,
  isBreakGlass,
  priority: 1,
});
// Steps at 0, 2 min (break-glass) and 10 min after the press.
const steps = [block(0), block(120_000, true), block(600_000)];
const start = 1_000_000;

describe('[DECISION-0515] claimReminderBlock: the escalation step a claimed-not-confirmed reminder runs', () => {
  it.each<[string, readonly ScheduledBlock[], number | null, number, number | undefined, number | null]>([
    ['claimed after the first step only: the second', steps, start, start + 60_000, undefined, 1],
    ['claimed after two steps: the third', steps, start, start + 300_000, undefined, 2],
    ['claimed after every step: the last', steps, start, start + 900_000, undefined, 2],
    ['a step due exactly at the claim had run: the next', steps, start, start + 120_000, undefined, 2],
    ['created claimed (no escalation): the first', steps, null, start, undefined, 0],
    ['a later round: the step chosen before', steps, start, start + 60_000, 2, 2],
    ['a later round past the end: the last', steps, start, start + 60_000, 7, 2],
    ['no steps: nobody but the claimer', [], start, start + 60_000, undefined, null],
    ['no steps on a later round either', [], start, start, 3, null],
  ])('%s', (_name, blocks, startedAtMs, claimedAtMs, nextBlock, expected) => {
    expect(claimReminderBlock(blocks, startedAtMs, claimedAtMs, nextBlock)).toBe(expected);
  });

  it.each<[readonly ScheduledBlock[], number | null, number]>([
    [steps, 0, 1],
    [steps, 1, 2],
    [steps, 2, 2],
    [[], null, 0],
  ])('the round after step %#: the next, never past the last', (blocks, from, expected) => {
    expect(nextClaimReminderBlock(blocks, from)).toBe(expected);
  });
});

describe('[DECISION-0515] needsBedsideConfirmation: which calls are cleared only at the bedside (and reminded)', () => {
  it.each<[DeviceType | null, boolean]>([
    ['SAGE_BUTTON', true],
    ['FALL_DETECTION_DEVICE', true],
    ['MELTEN_M3_DEVICE', true],
    ['DOOR_ALARM', false],
    [null, false],
  ])('%s -> %s', (deviceType, expected) => {
    expect(needsBedsideConfirmation(deviceType)).toBe(expected);
  });
});
