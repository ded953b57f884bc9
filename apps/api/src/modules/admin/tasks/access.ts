import { type Db, type GroupType, type Prisma, type PrismaClient, queryPrepared } from '@sage/db';
import {
  canSeeTask,
  derivePermissions,
  isTaskSupervisor,
  type Permissions,
  seesAllTasks,
  type TaskActor,
} from '@sage/domain';
import { forbidden } from '@sage/service-kit/errors';
import type { FacilityAccess } from '../staff/access';

/** The caller in one facility: permissions derived from their memberships there. */
export interface FacilityViewer {
  facilityId: string;
  enterpriseId: string;
  permissions: Permissions;
  groupIds: string[];
  /** Sees every task of the facility (care staff, nurses, management); else only tasks assigned to them or their groups. */
  seesAll: boolean;
  /** Responder supervisor or management: may release, reassign, cancel or resolve a colleague's task. */
  isSupervisor: boolean;
}

export interface Viewer {
  staffMemberId: string;
  firstName: string;
  lastName: string;
  facilities: Map<string, FacilityViewer>;
}

/**
 * The caller's name and memberships in ONE statement over the client's pool (decision 0390): the same rows as
 * `loadFacilityAccess` (an archived person keeps no access, decision 0160) plus the name, in one round trip.
 */
const VIEWER_SQL = `
SELECT s."firstName", s."lastName", m."groupId", m."isAdmin", g.type::text AS "groupType",
       g."facilityId", g."enterpriseId"
  FROM "StaffMember" s
  LEFT JOIN "GroupMembership" m ON m."staffMemberId" = s.id AND NOT s."isArchived"
  LEFT JOIN "Group" g ON g.id = m."groupId"
 WHERE s.id = $1`;

interface ViewerRow {
  firstName: string;
  lastName: string;
  groupId: string | null;
  isAdmin: boolean | null;
  groupType: string | null;
  facilityId: string | null;
  enterpriseId: string | null;
}

/** Loads the caller's facilities and permissions once per request. */
export async function loadViewer(prisma: PrismaClient, staffMemberId: string): Promise<Viewer> {
  const rows = await queryPrepared<ViewerRow>(prisma, VIEWER_SQL, [staffMemberId]);
  const access = new Map<string, FacilityAccess>();
  for (const row of rows) {
    if (row.groupId === null || row.facilityId === null || row.enterpriseId === null) continue;
    const facility = access.get(row.facilityId) ?? {
      facilityId: row.facilityId,
      enterpriseId: row.enterpriseId,
      memberships: [],
    };
    facility.memberships.push({
      groupId: row.groupId,
      group: row.groupType as GroupType,
      isAdmin: row.isAdmin === true,
    });
    access.set(row.facilityId, facility);
  }
  const facilities = new Map<string, FacilityViewer>();
  for (const f of access.values()) {
    // derivePermissions knows the spec's groups; other groups (Activities) carry no permission.
    const permissions = derivePermissions({
      memberships: f.memberships.map((m) => ({ group: m.group as never, isAdmin: m.isAdmin })),
    });
    facilities.set(f.facilityId, {
      facilityId: f.facilityId,
      enterpriseId: f.enterpriseId,
      permissions,
      groupIds: f.memberships.map((m) => m.groupId),
      seesAll: seesAllTasks({ permissions }),
      isSupervisor: isTaskSupervisor(permissions),
    });
  }
  const me = rows[0];
  return { staffMemberId, firstName: me?.firstName ?? '', lastName: me?.lastName ?? '', facilities };
}

export const actorIn = (viewer: Viewer, facility: FacilityViewer): TaskActor => ({
  staffMemberId: viewer.staffMemberId,
  isSupervisor: facility.isSupervisor,
});

export const viewerName = (viewer: Viewer): string => `${viewer.firstName} ${viewer.lastName}`.trim();

/** The caller's standing in a facility they asked for by id; 403 when they do not work there. */
export function requireFacility(viewer: Viewer, facilityId: string): FacilityViewer {
  const facility = viewer.facilities.get(facilityId);
  if (!facility) throw forbidden(`You have no access to facility ${facilityId}`);
  return facility;
}

/** Facilities a list may read: the one asked for (403 if not the caller's) or all of the caller's. */
export function facilityScope(viewer: Viewer, facilityId: string | undefined): FacilityViewer[] {
  if (facilityId) return [requireFacility(viewer, facilityId)];
  return [...viewer.facilities.values()];
}

/**
 * The tasks the caller may see among the given facilities (docs/decisions/0007-task-visibility.md): all of a
 * facility where they see all tasks, else those assigned to them or one of their groups there.
 */
export function visibleTasksWhere(viewer: Viewer, facilities: FacilityViewer[]): Prisma.TaskWhereInput {
  if (facilities.length === 0) return { id: { in: [] } };
  return {
    OR: facilities.map((f) =>
      f.seesAll
        ? { facilityId: f.facilityId }
        : {
            facilityId: f.facilityId,
            OR: [{ assigneeId: viewer.staffMemberId }, { assigneeGroupId: { in: f.groupIds } }],
          },
    ),
  };
}

/** Whether the caller sees this task (its facility is theirs and the visibility rule lets them). */
export function seesTask(
  viewer: Viewer,
  task: { facilityId: string; assigneeId: string | null; assigneeGroupId: string | null },
): FacilityViewer | null {
  const facility = viewer.facilities.get(task.facilityId);
  if (!facility) return null;
  const taskViewer = {
    staffMemberId: viewer.staffMemberId,
    permissions: facility.permissions,
    groupIds: facility.groupIds,
  };
  return canSeeTask(taskViewer, task) ? facility : null;
}

/** Checks that every id is a staff member working in the facility; returns the unknown ones. */
export async function unknownStaffInFacility(
  db: Db,
  facilityId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db.groupMembership.findMany({
    where: { facilityId, staffMemberId: { in: [...ids] } },
    select: { staffMemberId: true },
    distinct: ['staffMemberId'],
  });
  const known = new Set(found.map((m) => m.staffMemberId));
  return ids.filter((id) => !known.has(id));
}
