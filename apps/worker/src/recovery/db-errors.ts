// The classification lives with the database's other rules, shared with the watchdog and the pools (decision 0591).
export { isDatabaseUnavailable } from '@sage/db';
