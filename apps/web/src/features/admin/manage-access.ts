import { useCanAuditDevices } from '../device-qa/device-qa-api';
import { useFacilityPermissions } from './admin-shared';
import { MANAGE_LINKS, type ManageAudience } from './manage-links';

/** The sections of the managers' area the signed-in person may open at the current facility (null: loading). */
export function useManageLinks(): typeof MANAGE_LINKS | null {
  const { facilityId, permissions, isPending } = useFacilityPermissions();
  const canAudit = useCanAuditDevices(facilityId);
  if (isPending || (facilityId && canAudit === null)) return null;
  const may: Record<ManageAudience, boolean> = {
    management: Boolean(facilityId && permissions?.isManagement),
    deviceAudit: Boolean(facilityId && canAudit),
  };
  return MANAGE_LINKS.filter((link) => may[link.audience ?? 'management']);
}
