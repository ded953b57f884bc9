import { DeviceQaMessages } from '@sage/contract';
import type { PrismaClient } from '@sage/db';
import { mayAuditDevices } from '@sage/domain';
import { forbidden } from '@sage/service-kit/errors';
import { loadFacilityAccess } from '../admin/staff/access';

/** The facilities the caller works in, and whether they may run device audits in each (decision 0270). */
export async function auditAccess(prisma: PrismaClient, staffMemberId: string) {
  const access = await loadFacilityAccess(prisma, staffMemberId);
  return {
    /** Every facility the caller works in: a session of any other is 404 (nothing leaks). */
    facilityIds: access.map((f) => f.facilityId),
    /** 403 unless the caller works at the facility and may audit devices there. */
    require(facilityId: string): void {
      const facility = access.find((f) => f.facilityId === facilityId);
      if (!facility) throw forbidden(`You have no access to facility ${facilityId}`);
      if (!mayAuditDevices(facility.memberships)) throw forbidden(DeviceQaMessages.notAllowed);
    },
  };
}
export type AuditAccess = Awaited<ReturnType<typeof auditAccess>>;
