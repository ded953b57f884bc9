import type { PrismaClient } from '@sage/db';
import { queryPrepared } from '@sage/db';
import type { BlockFilter, Candidate, UnitTags } from '@sage/domain';

/*
 * The staff the escalation's recipient rule reads (packages/domain/src/notification-rules.ts), per facility: read
 * once per batch of block runs (decision 0461) and kept while the facility's staff version stands (decision 0494).
 */

/** The staff and care zones the recipient rule reads, for one facility. */
export interface FacilityStaff {
  candidates: Candidate[];
  zonesById: Map<string, UnitTags>;
}

/**
 * The staff of the facilities $1 (memberships, on-shift state, care zones), one row per member of a facility's
 * groups. Kept per facility only while the facility's staff version is the one read before it (decision 0494):
 * a caregiver who goes off shift stops receiving from the next batch on, as when it was read on every batch.
 */
const STAFF_SQL = `SELECT f.id AS "facilityId", s.id AS "staffMemberId", m."groupIds",
          coalesce((SELECT o."isOnCall" FROM "OnCallState" o
                     WHERE o."staffMemberId" = s.id AND o."facilityId" = f.id), false) AS "isOnCall",
          coalesce(c."shouldReceiveAllCareAlerts", false) AS "shouldReceiveAllCareAlerts",
          -- The member's zones through their links (by the links' primary key), then each zone by its own, in that
          -- order (OFFSET 0 keeps the links the outer loop): left free, the planner drove from the facility's zones
          -- and scanned the links once per zone and member when the small zone tables had no statistics
          -- (decision 0487). A zone of another facility counts for nothing, as before.
          coalesce((SELECT json_agg(x.zone ORDER BY x.id) FILTER (WHERE x.zone IS NOT NULL)
                      FROM (SELECT l."careZoneId" AS id,
                                   (SELECT json_build_object('id', z.id, 'unitRids', z."unitRids", 'wards', z.wards,
                                                             'careTypes', z."careTypes", 'buildings', z.buildings,
                                                             'wings', z.wings, 'floors', z.floors)
                                      FROM "CareZone" z WHERE z.id = l."careZoneId" AND z."facilityId" = f.id) AS zone
                              FROM "StaffMemberFacilityConfigCareZone" l
                             WHERE l."staffMemberFacilityConfigId" = c.id
                            OFFSET 0) x), '[]'::json) AS "careZones"
     FROM unnest((SELECT $1::text[])) AS f(id)
     -- The members of the facility's groups, read from its groups (not a probe per staff member of every
     -- facility: decision 0486).
     CROSS JOIN LATERAL (SELECT gm."staffMemberId", array_agg(gm."groupId") AS "groupIds"
                           FROM "Group" g JOIN "GroupMembership" gm ON gm."groupId" = g.id
                          WHERE g."facilityId" = f.id
                          GROUP BY gm."staffMemberId") m
     JOIN "StaffMember" s ON s.id = m."staffMemberId" AND NOT s."isArchived"
     LEFT JOIN "StaffMemberFacilityConfig" c ON c."staffMemberId" = s.id AND c."facilityId" = f.id
    ORDER BY f.id, s.id`;

/** The care zones $2 of the facilities $1 (a zone counts only for its own facility's blocks). */
const CARE_ZONES_SQL = `SELECT z.id, z."facilityId", z."unitRids", z.wards, z."careTypes"::text[] AS "careTypes",
         z.buildings, z.wings, z.floors
    FROM "CareZone" z
   WHERE z."facilityId" = ANY((SELECT $1::text[])::text[]) AND z.id = ANY((SELECT $2::text[])::text[])`;

/**
 * The staff of every facility of a batch (memberships, on-shift state, care zones) in one statement, and the care
 * zones its blocks' filters name in one more (decision 0461). Each row carries its facility: every membership,
 * on-call state and zone is matched to that facility, as the read of one facility did.
 */
export async function loadCandidates(
  prisma: PrismaClient,
  wanted: readonly { facilityId: string; filters: readonly BlockFilter[] }[],
): Promise<Map<string, FacilityStaff>> {
  const facilityIds = [...new Set(wanted.map((w) => w.facilityId))];
  const byFacility = new Map<string, FacilityStaff>(
    facilityIds.map((id) => [id, { candidates: [], zonesById: new Map() }]),
  );
  if (!facilityIds.length) return byFacility;
  const zoneIds = [...new Set(wanted.flatMap((w) => w.filters.flatMap((f) => f.careZoneIds)))];
  const [staff, zones] = await Promise.all([
    facilityStaff(prisma, facilityIds),
    zoneIds.length
      ? queryPrepared<UnitTags & { id: string; facilityId: string }>(prisma, CARE_ZONES_SQL, [
          facilityIds,
          zoneIds,
        ])
      : [],
  ]);
  for (const [facilityId, candidates] of staff) byFacility.get(facilityId)!.candidates = candidates;
  // A zone counts only for its own facility's blocks.
  for (const { facilityId, ...zone } of zones) byFacility.get(facilityId)!.zonesById.set(zone.id, zone);
  return byFacility;
}

/** The versions of the facilities $1 that have one (decision 0494). */
const STAFF_VERSIONS_SQL = `SELECT "facilityId", version::text AS version FROM "FacilityStaffVersion"
   WHERE "facilityId" = ANY((SELECT $1::text[])::text[])`;

/** Each facility's staff as last read, with the version it was read under; one map per database (client). */
type KeptStaff = Map<string, { version: string; candidates: Candidate[] }>;
const keptStaff = new WeakMap<PrismaClient, KeptStaff>();

/**
 * The staff of each facility: kept from an earlier batch while the facility's version is unchanged, else read
 * (STAFF_SQL, for the changed facilities only) and kept under the version read before it. A change committed
 * between the two reads is in the staff read but not in the version kept, so the next batch reads it again; a
 * facility without a version is read every time.
 */
export async function facilityStaff(
  prisma: PrismaClient,
  facilityIds: string[],
): Promise<Map<string, Candidate[]>> {
  const kept: KeptStaff = keptStaff.get(prisma) ?? new Map();
  keptStaff.set(prisma, kept);
  const versions = new Map(
    (
      await queryPrepared<{ facilityId: string; version: string }>(prisma, STAFF_VERSIONS_SQL, [facilityIds])
    ).map((r) => [r.facilityId, r.version]),
  );
  const staff = new Map<string, Candidate[]>();
  const toRead: string[] = [];
  for (const id of facilityIds) {
    const entry = kept.get(id);
    if (entry && entry.version === versions.get(id)) staff.set(id, entry.candidates);
    else toRead.push(id);
  }
  if (!toRead.length) return staff;
  const read = new Map<string, Candidate[]>(toRead.map((id) => [id, []]));
  for (const { facilityId, ...candidate } of await queryPrepared<Candidate & { facilityId: string }>(
    prisma,
    STAFF_SQL,
    [toRead],
  )) {
    read.get(facilityId)!.push(candidate);
  }
  for (const [id, candidates] of read) {
    staff.set(id, candidates);
    const version = versions.get(id);
    if (version === undefined) kept.delete(id);
    // Batches overlap: keep the newest version's read (versions come from one sequence, so they compare).
    else if (!(BigInt(kept.get(id)?.version ?? 0) > BigInt(version))) kept.set(id, { version, candidates });
  }
  return staff;
}
