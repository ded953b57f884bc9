/** The managers' routine-check settings (docs/decisions/0234). */
export const ROUTINE_CHECKS_ROUTE = '/manage/routine-checks';
export const ROUTINE_CHECKS_TITLE = 'Routine Checks';
