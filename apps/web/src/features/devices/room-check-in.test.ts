import { CHECK_IN_ROOM_OPTION } from '@sage/contract';
import { describe, expect, it } from 'vitest';
import { roomOfChoice } from './room-check-in';

describe('"Room check-in: room option with id CHECKIN shown as \'Check-In button\'"', () => {
  it("shows the option as 'Check-In button' and stores its id", () => {
    expect(CHECK_IN_ROOM_OPTION).toEqual({ id: 'CHECKIN', label: 'Check-In button' });
  });

  it.each([
    ['nothing chosen yet', null, 'Bedroom', null],
    ['the check-in button (a typed room is ignored)', 'CHECKIN', 'Bedroom', { room: 'CHECKIN' }],
    ['a wall button in a room (trimmed)', 'WALL_BUTTON', '  Bedroom ', { room: 'Bedroom' }],
    ['a wall button with no room', 'WALL_BUTTON', '   ', {}],
  ] as const)('%s', (_name, choice, text, expected) => {
    expect(roomOfChoice(choice, text)).toEqual(expected);
  });
});
