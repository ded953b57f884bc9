import { useCanAuditDevices } from '../device-qa/device-qa-api';
import { useFacilityPermissions } from './admin-shared';
import type { ManageAudience } from './manage-links';

/**
 * Which audiences of the managers' area the signed-in person belongs to at the current facility (null: loading).
 * Without the sections' labels (manage-links.ts), so the dashboard's entry does not carry them (decision 0555).
 */
export function useManageAudiences(): Record<ManageAudience, boolean> | null {
  const { facilityId, permissions, isPending } = useFacilityPermissions();
  const canAudit = useCanAuditDevices(facilityId);
  if (isPending || (facilityId && canAudit === null)) return null;
  return {
    management: Boolean(facilityId && permissions?.isManagement),
    deviceAudit: Boolean(facilityId && canAudit),
  };
}
