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

// ---------------------------------------------------------------------------------------------------------
// Staff and group administration (sign-in doc sections 4-6; docs/decisions/0160, 0161)
// ---------------------------------------------------------------------------------------------------------

/** One membership of a staff member at a facility, by the group's id (groups are per facility). */
export interface FacilityMembership {
  groupId: string;
  /** The group's contract identifier (GroupType: the GroupId values plus Activities). */
  group: string;
  isAdmin: boolean;
}

const isManagementAdminOf = (memberships: readonly FacilityMembership[]): boolean =>
  memberships.some((m) => m.group === GroupId.Management && m.isAdmin);

/**
 * "Editing group membership (make or dismiss group admin, remove team member) requires being a
 * management-group admin or an admin of that group." `caller` are the caller's memberships at the group's
 * facility.
 */
export const mayEditMembershipOf = (caller: readonly FacilityMembership[], groupId: string): boolean =>
  isManagementAdminOf(caller) || caller.some((m) => m.groupId === groupId && m.isAdmin);

/**
 * Who may administer staff and groups of a facility (create, edit, archive, remove staff; create, rename and
 * delete groups): a Management group admin there, the one role that holds canEditPII (decision 0160).
 */
export const mayAdministerStaff = (caller: readonly FacilityMembership[]): boolean =>
  isManagementAdminOf(caller);

/** "canSeePII, canEditPII: management admin" (of a facility the person works in), or the person themselves. */
export const maySeePiiOf = (
  callerId: string,
  targetId: string,
  callerMembershipsAtSharedFacilities: readonly FacilityMembership[],
): boolean => callerId === targetId || isManagementAdminOf(callerMembershipsAtSharedFacilities);

/** Why a membership change must be refused, or null when it may go ahead. */
export type MembershipChangeProblem = 'last-admin' | 'last-group' | null;

/**
 * "The last remaining group admin cannot be dismissed" and "Removal from a group is disabled when the person
 * is in only one group" (a person stays in at least one group of the facility). Removing the last admin of a
 * group that keeps other members is refused like dismissing them (decision 0161).
 */
export function membershipChangeProblem(change: {
  action: 'dismiss-admin' | 'remove';
  /** The person is an admin of the group now. */
  isAdmin: boolean;
  /** Admins of the group now (the person included). */
  adminCount: number;
  /** Members of the group now (the person included). */
  memberCount: number;
  /** Groups the person is in at the group's facility (this one included). */
  groupCountOfPerson: number;
}): MembershipChangeProblem {
  if (change.action === 'remove' && !canRemoveFromGroup(change.groupCountOfPerson)) return 'last-group';
  const lastAdmin = change.isAdmin && !canDismissGroupAdmin(change.adminCount);
  if (change.action === 'dismiss-admin' && lastAdmin) return 'last-admin';
  if (change.action === 'remove' && lastAdmin && change.memberCount > 1) return 'last-admin';
  return null;
}

/**
 * "Removing a person from the care staff group sets both shouldReceiveAllCareAlerts and
 * shouldReceiveAllCareMessages to false in their facility config."
 */
export const removalClearsCareFlags = (group: string): boolean => group === GroupId.CareStaff;

/** What the staff member actions drawer offers for one person and one of their groups. */
export interface StaffMemberActions {
  /** 'Call': the company phone's display name when on call with one, else the personal number (PII only). */
  call: { label: string; phoneNumber: string } | null;
  /** "'Assign task' is shown for any staff member." */
  assignTask: true;
  makeGroupAdmin: boolean;
  dismissGroupAdmin: boolean;
  /** 'Remove Me' on one's own profile; disabled when it is the person's only group. */
  remove: { label: 'Remove Me' | 'Remove from Group'; disabled: boolean } | null;
  takeOffShift: boolean;
}

export function staffMemberActions(input: {
  callerId: string;
  /** The caller's memberships at the current facility. */
  caller: readonly FacilityMembership[];
  target: {
    id: string;
    /** Null unless the caller may see it (PII). */
    phoneNumber: string | null;
    /** Groups of the person at the current facility. */
    groupCount: number;
    /** On call at the current facility, and the company phone they are on call with. */
    isOnCallHere: boolean;
    companyPhone: { displayName: string; phoneNumber: string } | null;
  };
  group: { groupId: string; targetIsAdmin: boolean; adminCount: number };
}): StaffMemberActions {
  const { caller, target, group } = input;
  const mayEdit = mayEditMembershipOf(caller, group.groupId);
  const call =
    target.isOnCallHere && target.companyPhone
      ? { label: target.companyPhone.displayName, phoneNumber: target.companyPhone.phoneNumber }
      : target.phoneNumber
        ? { label: target.phoneNumber, phoneNumber: target.phoneNumber }
        : null;
  return {
    call,
    assignTask: true,
    makeGroupAdmin: mayEdit && !group.targetIsAdmin,
    dismissGroupAdmin: mayEdit && group.targetIsAdmin && canDismissGroupAdmin(group.adminCount),
    remove: mayEdit
      ? {
          label: target.id === input.callerId ? 'Remove Me' : 'Remove from Group',
          disabled: !canRemoveFromGroup(target.groupCount),
        }
      : null,
    // "Taking someone off shift requires being a management-group admin and a further permission flag (name
    // not shown)": a Management group admin holds it (decision 0023). Only when on call here.
    takeOffShift: isManagementAdminOf(caller) && target.isOnCallHere,
  };
}
