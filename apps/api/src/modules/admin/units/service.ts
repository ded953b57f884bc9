import type { TListUnitsQuery } from '@sage/contract';
import { type PrismaClient, queryPrepared } from '@sage/db';
import { resolveFacilityScope } from '../staff/access';

const UNIT_ORDER = (alias: string) => `${alias}."facilityId", ${alias}."displayName", ${alias}.id`;

/**
 * GET /units in one statement whose JSON PostgreSQL builds (decisions 0390, 0443): the reply `toAdminUnit`
 * (write-units.ts) gives for the same rows, with its keys in the contract's order (`ZAdminUnitSchema`, as the
 * reply schema's serializer wrote them), byte for byte: `array_to_json`, unlike `json_agg`, puts no blanks
 * between the elements. `units-sql.int.test.ts` compares the two.
 */
function listUnitsSql(facilityIds: string[], query: TListUnitsQuery): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const p = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const filters = [
    `u."facilityId" = ANY(${p(facilityIds)}::text[])`,
    // The units in use unless the archived ones are asked for (decision 0612).
    `u."isArchived" = ${p(query.isArchived ?? false)}::boolean`,
  ];
  if (query.careType) filters.push(`u."careType" = ${p(query.careType)}::"CareType"`);
  if (query.residentId)
    filters.push(
      `EXISTS (SELECT 1 FROM "Resident" r WHERE r."unitId" = u.id AND r.id = ${p(query.residentId)})`,
    );
  const text = `SELECT COALESCE(array_to_json(array_agg(x ORDER BY ${UNIT_ORDER('page')})), '[]'::json)::text AS body
  FROM (SELECT u.* FROM "Unit" u WHERE ${filters.join(' AND ')} ORDER BY ${UNIT_ORDER('u')}
         LIMIT ${p(query.pageSize)}::int OFFSET ${p(query.pageNumber * query.pageSize)}::int) page
 CROSS JOIN LATERAL (
       SELECT page.id, page."displayName", page."careType", page.ward, page.building, page.wing, page.floor,
              page."phoneNumber", page."facilityId", page.value,
              (SELECT count(*)::int FROM "Resident" r
                WHERE r."unitId" = page.id AND NOT r."isArchived") AS "occupantCount",
              (extract(epoch FROM page."updatedAt") * 1000)::bigint AS "updateTimestampMs",
              page."isArchived") x`;
  return { text, values };
}

/**
 * Units of the caller's facilities (or of the one asked for, when the caller works there), as the reply's JSON
 * text. The scope (and its 403) is `resolveFacilityScope`'s, as for every facility-scoped read.
 */
export async function listUnitsJson(
  prisma: PrismaClient,
  staffMemberId: string,
  query: TListUnitsQuery,
): Promise<string> {
  const facilityIds = await resolveFacilityScope(prisma, staffMemberId, query);
  const { text, values } = listUnitsSql(facilityIds, query);
  const rows = await queryPrepared<{ body: string }>(prisma, text, values);
  return rows[0]!.body;
}
