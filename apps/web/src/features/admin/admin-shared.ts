import { derivePermissions, type Permissions } from '@sage/domain';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../shared/session';
import { useCurrentFacility, useProfile } from '../shift/shift-api';

/** The managers' admin area (docs/decisions/0155). */
export const MANAGE_ROUTE = '/manage';
export const ADMIN_ROUTES = {
  residents: '/manage/residents',
  resident: (id: string) => `/manage/residents/${encodeURIComponent(id)}`,
  newResident: '/manage/residents/new',
  units: '/manage/units',
  unit: (id: string) => `/manage/units/${encodeURIComponent(id)}`,
  newUnit: '/manage/units/new',
  careZones: '/manage/care-zones',
  careZone: (id: string) => `/manage/care-zones/${encodeURIComponent(id)}`,
  newCareZone: '/manage/care-zones/new',
  ehrLockedFields: '/manage/ehr-locked-fields',
} as const;
/** The reports screen (tabular record service; decision 0283). */
export const REPORTS_ROUTE = '/manage/reports';

/** The signed-in person's permissions at the current facility (the server checks the same rules). */
export function useFacilityPermissions(): {
  facilityId: string | undefined;
  permissions: Permissions | null;
  isPending: boolean;
} {
  const session = useSession();
  const profile = useProfile(session?.staffMemberId ?? '');
  const facility = useCurrentFacility();
  const facilityId = facility.data?.id;
  if (!profile.data || !facilityId) {
    return { facilityId, permissions: null, isPending: profile.isPending || facility.isPending };
  }
  const memberships = profile.data.groupMemberships
    .filter((m) => m.facilityId === facilityId)
    .map((m) => ({ group: m.groupType as never, isAdmin: m.isAdmin }));
  const isFacilityCareAdmin = profile.data.staffMemberFacilityConfigs.some(
    (c) => c.facilityId === facilityId && c.isCareAdmin,
  );
  return {
    facilityId,
    permissions: derivePermissions({ memberships, isFacilityCareAdmin }),
    isPending: false,
  };
}

/** Navigation state of a link from a list to one of its forms: the form then returns by going back. */
export const FROM_LIST_STATE = { fromList: true } as const;

/**
 * After a form of the managers' area saves or deletes: back to its list. Opened from the list, the form's entry
 * is left by going back (Back then goes where the list was opened from, not to the form again: issue #32);
 * opened directly, the list replaces the form.
 */
export function useReturnToList(listRoute: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const fromList = (location.state as { fromList?: boolean } | null)?.fromList === true;
  return () => {
    if (fromList) void navigate(-1);
    else void navigate(listRoute, { replace: true });
  };
}
