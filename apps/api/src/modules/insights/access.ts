import type { Prisma } from '@sage/db';
import { forbidden } from '@sage/service-kit/errors';
import { type FacilityViewer, requireFacility, type Viewer } from '../admin/tasks/access';

/**
 * Who sees which insight (docs/decisions/0291): management of the facility sees all of its insights; anyone
 * else who works there sees their own insights and their colleagues' top performances (so colleagues can
 * send a high five), never a colleague's needs-improvement nor the facility-wide ones.
 */
export const managesInsights = (facility: FacilityViewer): boolean => facility.permissions.isManagement;

/** The insights of the given facilities the caller may see (a Prisma filter). */
export function visibleInsightsWhere(viewer: Viewer, facilities: FacilityViewer[]): Prisma.InsightWhereInput {
  if (!facilities.length) return { id: { in: [] } };
  return {
    OR: facilities.map((f) =>
      managesInsights(f)
        ? { facilityId: f.facilityId }
        : {
            facilityId: f.facilityId,
            OR: [
              { staffMemberId: viewer.staffMemberId },
              { category: 'TOP_PERFORMER', scope: 'USER', staffMemberId: { not: null } },
            ],
          },
    ),
  };
}

/** Whether the caller sees one insight; returns their standing in its facility. */
export function seesInsight(
  viewer: Viewer,
  insight: { facilityId: string; staffMemberId: string | null; category: string; scope: string },
): FacilityViewer | null {
  const facility = viewer.facilities.get(insight.facilityId);
  if (!facility) return null;
  if (managesInsights(facility)) return facility;
  if (insight.staffMemberId === viewer.staffMemberId) return facility;
  return insight.category === 'TOP_PERFORMER' && insight.scope === 'USER' && insight.staffMemberId
    ? facility
    : null;
}

/** The caller in a facility they asked for, as management: 403 otherwise. */
export function requireInsightManager(viewer: Viewer, facilityId: string): FacilityViewer {
  const facility = requireFacility(viewer, facilityId);
  if (!managesInsights(facility)) throw forbidden('Only management manages insights and their rules');
  return facility;
}

export const STAFF_SUMMARY = {
  id: true,
  firstName: true,
  lastName: true,
  profilePictureUrl: true,
} as const satisfies Prisma.StaffMemberSelect;
