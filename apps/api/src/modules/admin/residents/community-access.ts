import type { PrismaClient } from '@sage/db';
import { canManageCommunity, derivePermissions, type Permissions } from '@sage/domain';
import { forbidden, HttpError, notFound } from '@sage/service-kit/errors';
import { loadFacilityAccess } from '../staff/access';

export interface CallerAt {
  facilityId: string;
  enterpriseId: string;
  permissions: Permissions;
}

type Db = Pick<PrismaClient, 'groupMembership' | 'staffMemberFacilityConfig'>;

/** The caller's permissions in each facility they work in (the facility care-admin flag included). */
export async function callerFacilities(prisma: Db, staffMemberId: string): Promise<Map<string, CallerAt>> {
  const [access, configs] = await Promise.all([
    loadFacilityAccess(prisma as PrismaClient, staffMemberId),
    prisma.staffMemberFacilityConfig.findMany({
      where: { staffMemberId, isCareAdmin: true },
      select: { facilityId: true },
    }),
  ]);
  const careAdminAt = new Set(configs.map((c) => c.facilityId));
  return new Map(
    access.map((f) => [
      f.facilityId,
      {
        facilityId: f.facilityId,
        enterpriseId: f.enterpriseId,
        permissions: derivePermissions({
          // Groups outside the spec (Activities) carry no permission.
          memberships: f.memberships.map((m) => ({ group: m.group as never, isAdmin: m.isAdmin })),
          isFacilityCareAdmin: careAdminAt.has(f.facilityId),
        }),
      },
    ]),
  );
}

/**
 * The caller at a facility named in a request body: 403 when they do not work there (as for facilityId in a
 * query, staff/access.ts), 403 when they are not management (docs/decisions/0150).
 */
export async function managerAtFacility(
  prisma: Db,
  staffMemberId: string,
  facilityId: string,
): Promise<CallerAt> {
  const at = (await callerFacilities(prisma, staffMemberId)).get(facilityId);
  if (!at) throw forbidden(`You have no access to facility ${facilityId}`);
  requireManager(at);
  return at;
}

/** 403 unless the caller is in the Management group of the facility. */
export function requireManager(at: CallerAt): void {
  if (!canManageCommunity(at.permissions)) {
    throw forbidden('Only management can set up residents, units and care zones', 'MANAGEMENT_ONLY');
  }
}

/**
 * The caller at the facility of a stored record: 404 when the record is in a facility they do not work in
 * (another community's ids are never confirmed to exist).
 */
export async function callerAtRecord(
  prisma: Db,
  staffMemberId: string,
  record: { facilityId: string } | null,
  what: string,
): Promise<CallerAt> {
  const at = record ? (await callerFacilities(prisma, staffMemberId)).get(record.facilityId) : undefined;
  if (!record || !at) throw notFound(`${what} not found`);
  return at;
}

/** A 403 naming the fields and the permission each needs. */
export const forbiddenFields = (issues: { field: string; rule: string }[]) =>
  new HttpError(
    403,
    issues.map((i) => `${i.field}: needs ${i.rule}`).join('; '),
    'FORBIDDEN_FIELD',
    issues.map((i) => ({ ...i, message: `Changing this field needs ${i.rule}` })),
  );

/**
 * The next version stamp of a row: now, but always past the stored one, so two writes within one millisecond
 * still get different stamps and a stale ifUpdateTimestampMs never matches by chance.
 */
export const nextStamp = (stored: Date): Date => new Date(Math.max(Date.now(), stored.getTime() + 1));
