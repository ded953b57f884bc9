import type { TCheckInReply } from '@sage/contract';

export interface CheckInCardActions {
  /** 'Check-in Unit' is offered (a pending check-in, not on hold). */
  showCheckIn: boolean;
  /** 'Remove Unit Check-in' is offered (a completed check-in, not on hold). */
  showRemove: boolean;
  /** The offered actions are disabled: "Check-in: blocked during downtime" (docs/decisions/0059). */
  disabled: boolean;
}

/**
 * Which actions the unit check-in card offers. During downtime (before 4:00 am facility time, or once the
 * server has answered CHECK_IN_DOWNTIME) a check-in already on screen keeps its buttons, disabled, under
 * 'Daily check-in begins at 4:00 am'; nothing is fetched then, so a card opened in downtime has none.
 */
export function checkInCardActions(
  checkIn: Pick<TCheckInReply, 'status' | 'isOnHold'> | null | undefined,
  downtime: boolean,
): CheckInCardActions {
  const c = checkIn ?? null;
  return {
    showCheckIn: c !== null && c.status === 'PENDING' && !c.isOnHold,
    showRemove: c !== null && c.status === 'COMPLETE' && !c.isOnHold,
    disabled: downtime,
  };
}
