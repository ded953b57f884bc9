import { CHECK_IN_STATUS_LABELS, type TCheckIn } from '@sage/contract';

export interface DailyCheckInRow {
  /** 'Not Checked-In' / 'Checked-In' / 'On Hold'. */
  label: string;
  /** The status the label names (its key in the `checkIns` messages: `status_<status>`). */
  status: keyof typeof CHECK_IN_STATUS_LABELS;
  /** The check-in button: "only for units with a pending check-in and with occupants". */
  showCheckIn: boolean;
  /** "empty state 'No residents in this unit'". */
  noResidents: boolean;
  /**
   * 'Details' opens the unit check-in drawer (Check-in Unit, Remove Unit Check-in): for occupied units not on
   * hold (docs/decisions/0330).
   */
  showDetails: boolean;
}

/**
 * A unit's row of the daily check-in list (alerts doc section 2): "per unit, shows 'Not Checked-In' /
 * 'Checked-In' / 'On Hold'; the check-in button shows only for units with a pending check-in and with
 * occupants; empty state 'No residents in this unit'." A check-in on hold shows 'On Hold' whatever its status.
 */
export function dailyCheckInRow(
  checkIn: Pick<TCheckIn, 'status' | 'isOnHold'>,
  occupantCount: number,
): DailyCheckInRow {
  const onHold = checkIn.isOnHold || checkIn.status === 'SKIPPED_ON_HOLD';
  const status = onHold ? 'SKIPPED_ON_HOLD' : checkIn.status === 'COMPLETE' ? 'COMPLETE' : 'PENDING';
  return {
    label: CHECK_IN_STATUS_LABELS[status],
    status,
    showCheckIn: !onHold && checkIn.status === 'PENDING' && occupantCount > 0,
    noResidents: occupantCount === 0,
    showDetails: !onHold && occupantCount > 0,
  };
}
