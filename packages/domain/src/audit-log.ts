import type { Permissions } from './permissions';

/**
 * Who may read a facility's audit log (docs/decisions/0141). The log names which staff read which resident's
 * health information and from which address: it is PII about staff and points at PHI. The spec gives PII to
 * "management admin" only ("canSeePII, canEditPII: management admin"), so the log is theirs: a management-group
 * admin of that facility. Care staff, nurses, care-staff admins and plain management members may not.
 */
export const canReadAuditLog = (permissions: Pick<Permissions, 'canSeePII' | 'isManagementAdmin'>): boolean =>
  permissions.isManagementAdmin && permissions.canSeePII;
