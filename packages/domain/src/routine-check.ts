import { ROUTINE_CHECK_WARNING_MINUTES } from '@sage/contract';

export type RoutineCheckChip =
  | { state: 'overdue' }
  | { state: 'due'; remainingMinutes: number; warning: boolean };

/**
 * "Routine-check chip: overdue (red) once minutes since last care activity reach the threshold; otherwise
 * 'due in' the remaining time, warning at 25 minutes or fewer."
 * The threshold is the facility's routineCheckIntervalInMin. A resident with no recorded care activity
 * (null) is overdue (our choice: nobody has checked on them yet).
 */
export const routineCheckChip = (
  minutesSinceLastCareActivity: number | null | undefined,
  routineCheckIntervalInMin: number,
): RoutineCheckChip => {
  if (minutesSinceLastCareActivity == null || minutesSinceLastCareActivity >= routineCheckIntervalInMin) {
    return { state: 'overdue' };
  }
  const remainingMinutes = routineCheckIntervalInMin - Math.max(0, minutesSinceLastCareActivity);
  return { state: 'due', remainingMinutes, warning: remainingMinutes <= ROUTINE_CHECK_WARNING_MINUTES };
};
