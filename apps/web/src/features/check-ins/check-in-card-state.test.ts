import { describe, expect, it } from 'vitest';
import { checkInCardActions } from './check-in-card-state';

describe('unit check-in card actions', () => {
  it.each([
    [
      'pending',
      { status: 'PENDING', isOnHold: false },
      false,
      { showCheckIn: true, showRemove: false, disabled: false },
    ],
    [
      'complete',
      { status: 'COMPLETE', isOnHold: false },
      false,
      { showCheckIn: false, showRemove: true, disabled: false },
    ],
    [
      'on hold',
      { status: 'PENDING', isOnHold: true },
      false,
      { showCheckIn: false, showRemove: false, disabled: false },
    ],
    [
      'skipped on hold',
      { status: 'SKIPPED_ON_HOLD', isOnHold: false },
      false,
      { showCheckIn: false, showRemove: false, disabled: false },
    ],
    [
      '"blocked during downtime": pending, disabled',
      { status: 'PENDING', isOnHold: false },
      true,
      { showCheckIn: true, showRemove: false, disabled: true },
    ],
    [
      '"blocked during downtime": complete, disabled',
      { status: 'COMPLETE', isOnHold: false },
      true,
      { showCheckIn: false, showRemove: true, disabled: true },
    ],
    [
      'downtime with nothing fetched: no actions',
      null,
      true,
      { showCheckIn: false, showRemove: false, disabled: true },
    ],
  ] as const)('%s', (_name, checkIn, downtime, expected) => {
    expect(checkInCardActions(checkIn, downtime)).toEqual(expected);
  });
});
