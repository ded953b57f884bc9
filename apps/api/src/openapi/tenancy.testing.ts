// Test support for the tenancy test (issue 17): what of the database belongs to one tenant, found generically
// (every table, so new tables join by themselves), and a fingerprint of it to compare before and after.
import type { PrismaClient } from '@sage/db';
import type { FuzzWorld, SeededIds } from './operations.testing';

/**
 * Tables left out of the fingerprint: append-only logs of the caller's own actions (the audit log records
 * B's attempts, with A's ids in their parameters, by design), rate-limit counters, the server's keys.
 */
export const UNFINGERPRINTED_TABLES = new Set([
  'AuditLogEntry',
  'RateLimitCounter',
  'ServerKey',
  '_prisma_migrations',
]);

/** Every row of every table as its JSON text, by table. */
async function allRows(prisma: PrismaClient): Promise<Map<string, string[]>> {
  const tables = await prisma.$queryRawUnsafe<{ table_name: string }[]>(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const out = new Map<string, string[]>();
  for (const { table_name: table } of tables) {
    if (UNFINGERPRINTED_TABLES.has(table)) continue;
    const rows = await prisma.$queryRawUnsafe<{ j: string }[]>(
      `SELECT row_to_json(t)::text AS j FROM "${table.replaceAll('"', '""')}" t`,
    );
    out.set(
      table,
      rows.map((r) => r.j),
    );
  }
  return out;
}

const idOf = (json: string): string | undefined => {
  const id = (JSON.parse(json) as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
};

/** A tenant's rows: by table, each row's JSON text by its id (or by the text itself when it has no id). */
export interface TenantRows {
  rows: Map<string, Map<string, string>>;
  /** Every id of every row of the tenant, plus the seed terms (its tag, its phone numbers). */
  terms: Set<string>;
}

/**
 * The rows that belong to the tenant: those whose JSON names one of the seed terms (its enterprise and
 * facility ids, the tag in all its names, its phone numbers), then, until nothing more joins, those that name
 * the id of a row already found (a task's notes name the task). A row of another tenant that names one of
 * this tenant's ids (a note of B on A's task) is therefore counted as this tenant's: it should not exist.
 * `leafTerms` name rows of one table without following their ids (A's phone numbers in the SMS outbox: a
 * text sent to A's staff; elsewhere a phone number is free input any tenant may type).
 */
export async function tenantRows(
  prisma: PrismaClient,
  seedTerms: string[],
  leafTerms: Record<string, string[]> = {},
): Promise<TenantRows> {
  const all = await allRows(prisma);
  const terms = new Set(seedTerms.filter((s) => s.length >= 6));
  const rows = new Map<string, Map<string, string>>();
  const taken = new Set<string>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const [table, list] of all) {
      for (const json of list) {
        if (taken.has(`${table}\u0000${json}`)) continue;
        let names = (leafTerms[table] ?? []).some((term) => json.includes(term));
        for (const term of names ? [] : terms) {
          if (json.includes(term)) {
            names = true;
            break;
          }
        }
        if (!names) continue;
        taken.add(`${table}\u0000${json}`);
        grew = true;
        const id = idOf(json);
        // Short ids (autoincrement numbers) would match everywhere; uuids are safe to follow.
        if (id && id.length >= 16) terms.add(id);
        const byId = rows.get(table) ?? new Map<string, string>();
        rows.set(table, byId);
        byId.set(id ?? json, json);
      }
    }
  }
  return { rows, terms };
}

/** What differs between two fingerprints: rows added, removed or changed, by table. */
export function differences(before: TenantRows, after: TenantRows): string[] {
  const out: string[] = [];
  const tables = new Set([...before.rows.keys(), ...after.rows.keys()]);
  for (const table of tables) {
    const b = before.rows.get(table) ?? new Map<string, string>();
    const a = after.rows.get(table) ?? new Map<string, string>();
    for (const [key, json] of a) {
      if (!b.has(key)) out.push(`${table}: added ${json.slice(0, 300)}`);
      else if (b.get(key) !== json)
        out.push(`${table}: changed ${b.get(key)?.slice(0, 300)} -> ${json.slice(0, 300)}`);
    }
    for (const [key, json] of b) if (!a.has(key)) out.push(`${table}: removed ${json.slice(0, 300)}`);
  }
  return out;
}

/** The first of the terms the text contains, if any. */
export function firstTermIn(text: string, terms: Iterable<string>): string | undefined {
  for (const term of terms) if (text.includes(term)) return term;
  return undefined;
}

/** Rows of kinds the fuzz world leaves out, made for the tenancy test, by id. */
export interface TenantExtras {
  contactId: string;
  specialistId: string;
  featureId: string;
  ehrLockedFieldId: string;
  imageResourceId: string;
}

/** A contact and a specialist of a resident, a feature, an EHR-locked field and an image of the world's tenant. */
export async function seedTenantExtras(prisma: PrismaClient, w: FuzzWorld): Promise<TenantExtras> {
  const f = w.facility;
  const resident = f.residents.AL;
  const contact = await prisma.residentContact.create({
    data: { facilityId: f.facilityId, residentId: resident.id, type: 'CONTACT', firstName: `Kin ${f.tag}` },
  });
  const specialist = await prisma.residentContact.create({
    data: { facilityId: f.facilityId, residentId: resident.id, type: 'SPECIALIST', name: `Clinic ${f.tag}` },
  });
  const feature = await prisma.feature.create({
    data: { facilityId: f.facilityId, name: `feature-${f.tag}` },
  });
  const locked = await prisma.ehrLockedField.create({
    data: {
      facilityId: f.facilityId,
      enterpriseId: f.enterpriseId,
      ehrProvider: `ehr-${f.tag}`,
      resourceField: 'resident.firstName',
    },
  });
  const image = await prisma.mediaImage.create({
    data: {
      resourceId: `image-${f.tag}`,
      facilityId: f.facilityId,
      enterpriseId: f.enterpriseId,
      contentType: 'image/png',
      data: Buffer.from(`png of ${f.tag}`),
    },
  });
  return {
    contactId: contact.id,
    specialistId: specialist.id,
    featureId: feature.id,
    ehrLockedFieldId: locked.id,
    imageResourceId: image.resourceId,
  };
}

/**
 * The world's ids plus what else finds a tenant's rows: the extras' ids, ids of kinds the fuzz world maps
 * by another name, its tag as search text (every name of the tenant holds it), its numbers for the
 * number-resolving routes, a hardware id of its own, its time zone (a valid one).
 */
export function withTenantValues(w: FuzzWorld, extras: TenantExtras): SeededIds {
  const f = w.facility;
  const byEntity = w.ids.byEntity;
  return {
    byEntity: {
      ...byEntity,
      contact: extras.contactId,
      feature: extras.featureId,
      resource: extras.imageResourceId,
      doorAlarmSchedule: f.door.scheduleId,
      adminGroup: f.groups.Management,
      pinnedResident: f.residents.MC.id,
      deviceHardware: f.sparePendant.hardwareId,
    },
    byPath: {
      ...w.ids.byPath,
      '/admin/api/v1/residents/{residentId}/specialists/{contactId}': { contactId: extras.specialistId },
      '/admin/api/v1/companyPhones/{id}': { id: f.companyPhones[0]!.id },
      '/admin/api/v1/devices/{id}': { id: f.residents.IL.pendant.deviceId },
      '/admin/api/v1/ehrLockedFields/{id}': { id: extras.ehrLockedFieldId },
      '/admin/api/v1/devices/allocated/{id}/unallocate': { id: f.residents.STR.pendant.allocationId },
    },
    byName: {
      ...w.ids.byName,
      search: f.tag,
      searchText: f.tag,
      query: f.tag,
      q: f.tag,
      senderNumber: f.taskNotificationNumber,
      recipientNumber: f.staff.manager.phoneNumber,
      hardwareId: f.sparePendant.hardwareId,
      timezone: f.timezone,
    },
  };
}
