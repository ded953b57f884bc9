import { DEFAULT_INACTIVITY_LOGOFF_MINUTES } from '@sage/contract';

/** One facility the person works in, as the logoff limit reads it. */
export interface InactivityFacility {
  inactivityLogoffMinutes: number;
  managementInactivityLogoffMinutes: number;
  /** A member of the facility's Management group. */
  isManagement: boolean;
  /** On shift (on call) there. */
  isOnCall: boolean;
}

/**
 * The automatic logoff limit of a person, in minutes (decision 0142). At each facility: the facility's limit;
 * for a management member who is not on shift there, the shorter of it and the facility's management limit
 * (staff on shift must keep receiving alerts; a manager at a desk does not). Over several facilities the
 * shortest applies. Someone in no facility gets the default.
 */
export function inactivityLimitMinutes(facilities: readonly InactivityFacility[]): number {
  if (facilities.length === 0) return DEFAULT_INACTIVITY_LOGOFF_MINUTES;
  return Math.min(
    ...facilities.map((f) =>
      f.isManagement && !f.isOnCall
        ? Math.min(f.inactivityLogoffMinutes, f.managementInactivityLogoffMinutes)
        : f.inactivityLogoffMinutes,
    ),
  );
}

/**
 * When the person was last active, from what is known: the session's stored time and, when the client reports
 * it, now minus its idle seconds. Never later than now, never earlier than the stored time (a late report of
 * older activity does not shorten the session).
 */
export function lastActivityAt(storedMs: number, nowMs: number, idleSeconds: number | undefined): number {
  if (idleSeconds === undefined) return storedMs;
  return Math.min(nowMs, Math.max(storedMs, nowMs - idleSeconds * 1000));
}

/** "Inactive longer than the limit": the session ends (logoutReason session-expired). */
export function isInactiveTooLong(lastActivityMs: number, nowMs: number, limitMinutes: number): boolean {
  return nowMs - lastActivityMs > limitMinutes * 60_000;
}
