/** The daily check-in list's route (the spec does not show it: docs/decisions/0232). */
export const DAILY_CHECK_INS_ROUTE = '/check-ins';
