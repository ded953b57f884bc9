import { describe, expect, it } from 'vitest';
import { dailyCheckInRow } from './daily-check-in-row';

describe("\"Daily check-in list: per unit, shows 'Not Checked-In' / 'Checked-In' / 'On Hold'; the check-in button shows only for units with a pending check-in and with occupants; empty state 'No residents in this unit'\"", () => {
  it.each([
    [
      'pending, occupied',
      'PENDING',
      false,
      1,
      {
        label: 'Not Checked-In',
        status: 'PENDING',
        showCheckIn: true,
        noResidents: false,
        showDetails: true,
      },
    ],
    [
      'pending, empty',
      'PENDING',
      false,
      0,
      {
        label: 'Not Checked-In',
        status: 'PENDING',
        showCheckIn: false,
        noResidents: true,
        showDetails: false,
      },
    ],
    [
      'complete',
      'COMPLETE',
      false,
      2,
      { label: 'Checked-In', status: 'COMPLETE', showCheckIn: false, noResidents: false, showDetails: true },
    ],
    [
      'skipped on hold',
      'SKIPPED_ON_HOLD',
      true,
      1,
      {
        label: 'On Hold',
        status: 'SKIPPED_ON_HOLD',
        showCheckIn: false,
        noResidents: false,
        showDetails: false,
      },
    ],
    [
      'pending but on hold',
      'PENDING',
      true,
      1,
      {
        label: 'On Hold',
        status: 'SKIPPED_ON_HOLD',
        showCheckIn: false,
        noResidents: false,
        showDetails: false,
      },
    ],
    [
      'expired',
      'EXPIRED',
      false,
      1,
      {
        label: 'Not Checked-In',
        status: 'PENDING',
        showCheckIn: false,
        noResidents: false,
        showDetails: true,
      },
    ],
    [
      'complete, emptied since',
      'COMPLETE',
      false,
      0,
      { label: 'Checked-In', status: 'COMPLETE', showCheckIn: false, noResidents: true, showDetails: false },
    ],
  ] as const)('%s', (_name, status, isOnHold, occupants, expected) => {
    expect(dailyCheckInRow({ status, isOnHold }, occupants)).toEqual(expected);
  });
});
