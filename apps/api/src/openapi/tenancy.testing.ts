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

/**
 * The world's ids plus the values beyond ids that find a tenant's rows: its tag as search text (every name
 * of the tenant holds it), its numbers for the number-resolving routes, a hardware id of its own, its time zone (a valid one).
 */
export function withTenantValues(w: FuzzWorld): SeededIds {
  const f = w.facility;
  return {
    ...w.ids,
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
