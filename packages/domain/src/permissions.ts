import { GroupId, OPERATIONS_GROUPS } from '@sage/contract';

export interface PermissionInput {
  memberships: readonly { group: GroupId; isAdmin: boolean }[];
  /** facilityConfig isCareAdmin of the staff member at the current facility. */
  isFacilityCareAdmin?: boolean;
}

export interface Permissions {
  canViewAlerts: boolean;
  canSeePHI: boolean;
  canEditPHI: boolean;
  canSeePII: boolean;
  canEditPII: boolean;
  isOperations: boolean;
  isResponder: boolean;
  isResponderSupervisor: boolean;
  isProviderSupport: boolean;
  isManagement: boolean;
  isManagementAdmin: boolean;
  isCareStaffAdmin: boolean;
  canOpenDeviceAllocation: boolean;
  alertsPolled: boolean;
  canEditGroupMembership: (groupId: GroupId) => boolean;
}

const isMember = (input: PermissionInput, group: GroupId): boolean =>
  input.memberships.some((membership) => membership.group === group);

const isAdminOf = (input: PermissionInput, group: GroupId): boolean =>
  input.memberships.some((membership) => membership.group === group && membership.isAdmin);

/**
 * Derived permissions (sign-in doc section 6, alerts doc section 6).
 * "Responder: care staff or nurse/med tech who is not a care-staff admin. Responder supervisor: same but a
 * care-staff admin." A care-staff admin is an admin membership of the CareStaff group.
 */
export const derivePermissions = (input: PermissionInput): Permissions => {
  const careStaff = isMember(input, GroupId.CareStaff);
  const nurse = isMember(input, GroupId.NurseMedTech);
  const management = isMember(input, GroupId.Management);
  const managementAdmin = isAdminOf(input, GroupId.Management);
  const careStaffAdmin = isAdminOf(input, GroupId.CareStaff);
  const careOrNurse = careStaff || nurse;
  const isResponder = careOrNurse && !careStaffAdmin;
  const isResponderSupervisor = careOrNurse && careStaffAdmin;
  const inOperationsGroup = OPERATIONS_GROUPS.some((group) => isMember(input, group));
  return {
    canViewAlerts: careStaff || management,
    canSeePHI: careStaff || management,
    canEditPHI: managementAdmin || careStaffAdmin || input.isFacilityCareAdmin === true,
    canSeePII: managementAdmin,
    canEditPII: managementAdmin,
    isOperations: inOperationsGroup && !careStaff && !nurse && !management,
    isResponder,
    isResponderSupervisor,
    isProviderSupport: isMember(input, GroupId.SageSupport),
    isManagement: management,
    isManagementAdmin: managementAdmin,
    isCareStaffAdmin: careStaffAdmin,
    canOpenDeviceAllocation: management,
    alertsPolled: isResponder || isResponderSupervisor || management,
    canEditGroupMembership: (groupId) => managementAdmin || isAdminOf(input, groupId),
  };
};

/**
 * "Taking someone off shift requires being a management-group admin and a further permission flag (name not
 * shown); the action appears only when the person is on call at the current facility."
 */
export const canTakeOffShift = (
  input: PermissionInput,
  options: { hasShiftPermission: boolean; targetIsOnCallHere: boolean },
): boolean =>
  isAdminOf(input, GroupId.Management) && options.hasShiftPermission && options.targetIsOnCallHere;

/**
 * "'Dismiss as Group Admin' appears only when the group has more than one admin."
 * "Removal from a group is disabled when the person is in only one group."
 */
export const canDismissGroupAdmin = (adminCountInGroup: number): boolean => adminCountInGroup > 1;
export const canRemoveFromGroup = (groupCountOfPerson: number): boolean => groupCountOfPerson > 1;
