import { forbidden } from '@sage/service-kit/errors';
import { type FacilityViewer, requireFacility, type Viewer } from '../admin/tasks/access';

/**
 * Care records (care logs, outcomes, care events) are read and written by the staff who respond to
 * residents: those who see the facility's alerts (care staff, nurses and med techs, management). Operations
 * staff do not. docs/decisions/0041-care-records.md.
 */
export const isCareUser = (facility: FacilityViewer): boolean => facility.seesAll;

/** The caller in a facility they asked for: 403 if they do not work there or are not care staff. */
export function requireCareFacility(viewer: Viewer, facilityId: string): FacilityViewer {
  const facility = requireFacility(viewer, facilityId);
  if (!isCareUser(facility)) throw forbidden('Only care staff, nurses and management work with care records');
  return facility;
}

/** The facilities a care query reads: the one asked for (checked) or every one where the caller is care staff. */
export function careFacilityIds(viewer: Viewer, facilityId?: string): string[] {
  if (facilityId) return [requireCareFacility(viewer, facilityId).facilityId];
  return [...viewer.facilities.values()].filter(isCareUser).map((f) => f.facilityId);
}
