import type { PrismaClient } from '@sage/db';

/** A community and who is texted about its trouble (decision 0512). */
export interface Community {
  facilityId: string;
  name: string;
  timeZone: string;
  /** Its alerts number (the texts' sender when set). */
  alertsNumber: string | null;
  /** Phones of its on-call managers, else of its Management group admins. */
  phones: string[];
  /** Whether `phones` are the admins', because no manager is on call. */
  fallback: boolean;
}

/**
 * Every community that is not inactive, with its on-call managers' phones: members of its Management group on call
 * there (the company phone they hold while on call, else their own), and its Management group admins when none
 * is on call. Archived staff are never texted.
 */
const COMMUNITIES_SQL = `
SELECT f.id AS "facilityId", f.name, f.timezone AS "timeZone", f."emergencyNotificationNumber" AS "alertsNumber",
       COALESCE((
         SELECT array_agg(DISTINCT COALESCE(cp."phoneNumber", s."phoneNumber") ORDER BY COALESCE(cp."phoneNumber", s."phoneNumber"))
           FROM "OnCallState" o
           JOIN "StaffMember" s ON s.id = o."staffMemberId" AND NOT s."isArchived"
           LEFT JOIN "CompanyPhone" cp ON cp.id = o."companyPhoneId"
          WHERE o."facilityId" = f.id AND o."isOnCall"
            AND EXISTS (SELECT 1 FROM "GroupMembership" gm JOIN "Group" g ON g.id = gm."groupId"
                         WHERE gm."staffMemberId" = s.id AND g."facilityId" = f.id AND g.type = 'Management')
       ), '{}') AS "onCall",
       COALESCE((
         SELECT array_agg(DISTINCT s."phoneNumber" ORDER BY s."phoneNumber")
           FROM "Group" g
           JOIN "GroupMembership" gm ON gm."groupId" = g.id AND gm."isAdmin"
           JOIN "StaffMember" s ON s.id = gm."staffMemberId" AND NOT s."isArchived"
          WHERE g."facilityId" = f.id AND g.type = 'Management'
       ), '{}') AS "admins"
  FROM "Facility" f
 WHERE f.status <> 'INACTIVE'`;

/**
 * Each gateway of a community that is not inactive, and how long ago it was last heard (decision 0105's rule): its
 * newest stored event or the last heartbeat the ingest's heartbeat path took from it (decision 0660).
 */
const GATEWAYS_SQL = `
SELECT g.id, g."facilityId", g.name,
       (extract(epoch FROM now() - GREATEST(g."createdAt", g."lastHeardAt",
          (SELECT max(e."receivedAt") FROM "DeviceEvent" e WHERE e."gatewayId" = g.id))) * 1000)::float8 AS "ageMs"
  FROM "FacilityGateway" g
  JOIN "Facility" f ON f.id = g."facilityId" AND f.status <> 'INACTIVE'`;

/** How long ago the newest job-queue heartbeat was written (decision 0110); null: none. */
const HEARTBEAT_SQL = `SELECT (extract(epoch FROM now() - max("beatAt")) * 1000)::float8 AS "ageMs" FROM "WorkerHeartbeat"`;

export interface StoredFault {
  key: string;
  facilityId: string | null;
  subject: string | null;
  since: Date;
}

export interface DatabaseView {
  /** Age of the newest heartbeat in ms (database time, so clocks do not matter); null: no heartbeat row. */
  heartbeatAgeMs: number | null;
  gateways: { id: string; facilityId: string; name: string; ageMs: number }[];
  communities: Community[];
  faults: StoredFault[];
}

/** One read of everything the round needs from the database (in one transaction: one connection). */
export async function readDatabase(prisma: PrismaClient): Promise<DatabaseView> {
  const [heartbeat, gateways, communities, faults] = await prisma.$transaction([
    prisma.$queryRawUnsafe<{ ageMs: number | null }[]>(HEARTBEAT_SQL),
    prisma.$queryRawUnsafe<DatabaseView['gateways']>(GATEWAYS_SQL),
    prisma.$queryRawUnsafe<
      (Omit<Community, 'phones' | 'fallback'> & { onCall: string[]; admins: string[] })[]
    >(COMMUNITIES_SQL),
    prisma.watchdogFault.findMany({ select: { key: true, facilityId: true, subject: true, since: true } }),
  ]);
  return {
    heartbeatAgeMs: heartbeat[0]?.ageMs ?? null,
    gateways,
    communities: communities.map(({ onCall, admins, ...c }) => ({
      ...c,
      phones: onCall.length ? onCall : admins,
      fallback: onCall.length === 0,
    })),
    faults,
  };
}

/** Claims a fault: true for the one watchdog (and round) that opened it, which texts. */
export async function openFault(prisma: PrismaClient, fault: StoredFault): Promise<boolean> {
  const rows = await prisma.$queryRawUnsafe<{ key: string }[]>(
    `INSERT INTO "WatchdogFault" (key, "facilityId", subject, since) VALUES ($1, $2, $3, $4)
     ON CONFLICT (key) DO NOTHING RETURNING key`,
    fault.key,
    fault.facilityId,
    fault.subject,
    fault.since,
  );
  return rows.length === 1;
}

/** Ends a fault: true for the one that closed it, which texts. */
export async function closeFault(prisma: PrismaClient, key: string): Promise<boolean> {
  const rows = await prisma.$queryRawUnsafe<{ key: string }[]>(
    `DELETE FROM "WatchdogFault" WHERE key = $1 RETURNING key`,
    key,
  );
  return rows.length === 1;
}
