import { CHECK_IN_ROOM_OPTION } from '@sage/contract';

/** The choices of the select room check-in drawer: the unit's check-in button, or a wall button (in a room). */
export type RoomChoice = typeof CHECK_IN_ROOM_OPTION.id | 'WALL_BUTTON';

/**
 * The allocation's room for a choice: 'CHECKIN' for the check-in button ("room option with id CHECKIN shown
 * as 'Check-In button'"), else the room typed (trimmed; none when blank). Null while nothing is chosen.
 */
export function roomOfChoice(choice: RoomChoice | null, roomText: string): { room?: string } | null {
  if (choice === null) return null;
  if (choice === CHECK_IN_ROOM_OPTION.id) return { room: CHECK_IN_ROOM_OPTION.id };
  const trimmed = roomText.trim();
  return trimmed ? { room: trimmed } : {};
}
