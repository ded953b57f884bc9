/**
 * The zod-free part of staff-admin.ts (constants, enums, rules): the web app imports these on its first loads, and a
 * module that also made zod schemas would bring zod with them (docs/decisions/0384, 0445). staff-admin.ts keeps the
 * schemas and re-exports this module, so every import of these names keeps working.
 */

/**
 * Staff administration (sign-in doc section 7 'Staff'): create, bulk, update, delete, archive, permissions,
 * facilities, profile search. Paths below the admin base /admin/api/v1. Decision: docs/decisions/0160.
 */
export const STAFF_ADMIN_PATHS = {
  staff: '/staff',
  bulk: '/staff/bulk',
  permissions: '/staff/permissions',
  search: '/staff/profile/search',
  staffMember: (staffMemberId: string) => `/staff/${encodeURIComponent(staffMemberId)}`,
  archive: (staffMemberId: string) => `/staff/${encodeURIComponent(staffMemberId)}/archive`,
  facilities: (staffMemberId: string) => `/staff/${encodeURIComponent(staffMemberId)}/facilities`,
} as const;

/** The admin screens (ours; the spec leaves other routes 'not shown'). */
export const TEAM_ROUTE = '/team';

export const TEAM_MEMBER_ROUTE = (id: string): string => `/team/member/${encodeURIComponent(id)}`;

export const ADMIN_STAFF_ROUTE = '/admin/staff';

export const ADMIN_GROUPS_ROUTE = '/admin/groups';

/** "'Assign task' ... goes to /tasks/add with assigneeId and groupId" (navigation state). */
export const ADD_TASK_ROUTE = '/tasks/add';

/** Longest names, job titles and emails the API keeps. */
export const STAFF_NAME_MAX = 100;

export const STAFF_EMAIL_MAX = 254;

/** Most staff members in one POST /staff/bulk (all or nothing). */
export const STAFF_BULK_MAX = 200;

// ---------------------------------------------------------------------------------------------------------
// Staff facility preferences and staff member facility config: create, delete, search (decision 0162)
// ---------------------------------------------------------------------------------------------------------

export const STAFF_FACILITY_PATHS = {
  preferences: '/staffFacilityPreferences',
  preferencesSearch: '/staffFacilityPreferences/search',
  configSearch: '/staffMemberFacilityConfig/search',
} as const;
