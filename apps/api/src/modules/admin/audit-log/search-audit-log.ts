import {
  AUDIT_LOG_CSV_COLUMNS,
  AUDIT_LOG_MAX_EXPORT_ROWS,
  type AuditAction,
  type AuditDataCategory,
  type TAuditLogEntry,
  type TAuditLogFilter,
  type TAuditLogPage,
  type TAuditLogSearchQuery,
} from '@sage/contract';
import type { Prisma, PrismaClient } from '@sage/db';
import { canReadAuditLog, derivePermissions } from '@sage/domain';
import { forbidden, notFound } from '@sage/service-kit/errors';
import { loadFacilityAccess } from '../staff/access';

/**
 * The caller may read this facility's log: 404 for a facility they do not work in (another community's id
 * tells nothing), 403 for staff there without the right (decision 0141).
 */
export async function requireAuditReader(
  prisma: PrismaClient,
  staffMemberId: string,
  facilityId: string,
): Promise<void> {
  const access = (await loadFacilityAccess(prisma, staffMemberId)).find((f) => f.facilityId === facilityId);
  if (!access) throw notFound(`Facility ${facilityId} not found`);
  const permissions = derivePermissions({
    memberships: access.memberships.map((m) => ({ group: m.group as never, isAdmin: m.isAdmin })),
  });
  if (!canReadAuditLog(permissions)) {
    throw forbidden('Only management-group admins of this facility may read its audit log');
  }
}

function whereOf(filter: TAuditLogFilter): Prisma.AuditLogEntryWhereInput {
  return {
    facilityId: filter.facilityId,
    ...(filter.staffMemberId ? { staffMemberId: filter.staffMemberId } : {}),
    ...(filter.resourceId ? { resourceIds: { has: filter.resourceId } } : {}),
    ...(filter.action ? { action: filter.action } : {}),
    ...(filter.from || filter.to
      ? {
          occurredAt: {
            ...(filter.from ? { gte: new Date(filter.from) } : {}),
            ...(filter.to ? { lte: new Date(filter.to) } : {}),
          },
        }
      : {}),
  };
}

const entrySelect = {
  id: true,
  occurredAt: true,
  staffMemberId: true,
  enterpriseId: true,
  facilityId: true,
  action: true,
  dataCategory: true,
  method: true,
  route: true,
  resourceIds: true,
  statusCode: true,
  clientAddress: true,
  userAgent: true,
} as const satisfies Prisma.AuditLogEntrySelect;
type EntryRow = Prisma.AuditLogEntryGetPayload<{ select: typeof entrySelect }>;

async function toEntries(prisma: PrismaClient, rows: EntryRow[]): Promise<TAuditLogEntry[]> {
  const staffIds = [...new Set(rows.flatMap((r) => (r.staffMemberId ? [r.staffMemberId] : [])))];
  const staff = staffIds.length
    ? await prisma.staffMember.findMany({
        where: { id: { in: staffIds } },
        select: { id: true, firstName: true, lastName: true },
      })
    : [];
  const names = new Map(staff.map((s) => [s.id, `${s.firstName} ${s.lastName}`.trim()]));
  return rows.map((r) => ({
    id: r.id.toString(),
    occurredAt: r.occurredAt.toISOString(),
    staffMemberId: r.staffMemberId,
    staffMemberName: r.staffMemberId ? (names.get(r.staffMemberId) ?? null) : null,
    enterpriseId: r.enterpriseId,
    facilityId: r.facilityId,
    action: r.action as AuditAction,
    dataCategory: r.dataCategory as AuditDataCategory | null,
    method: r.method,
    route: r.route,
    resourceIds: r.resourceIds,
    statusCode: r.statusCode,
    clientAddress: r.clientAddress,
    userAgent: r.userAgent,
  }));
}

/** One page of a facility's log, newest first; the page token is the id below which the next page starts. */
export async function searchAuditLog(
  prisma: PrismaClient,
  query: TAuditLogSearchQuery,
): Promise<TAuditLogPage> {
  const rows = await prisma.auditLogEntry.findMany({
    where: { ...whereOf(query), ...(query.pageToken ? { id: { lt: BigInt(query.pageToken) } } : {}) },
    orderBy: { id: 'desc' },
    take: query.pageSize + 1,
    select: entrySelect,
  });
  const page = rows.slice(0, query.pageSize);
  return {
    entries: await toEntries(prisma, page),
    nextPageToken: rows.length > query.pageSize ? page[page.length - 1]!.id.toString() : null,
  };
}

/** RFC 4180 field: quoted when it holds a comma, quote or line break; a leading = + - @ is defused for spreadsheets. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = Array.isArray(value) ? value.join(' ') : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The filtered log as CSV (header row, oldest first), at most AUDIT_LOG_MAX_EXPORT_ROWS rows. */
export async function exportAuditLog(prisma: PrismaClient, filter: TAuditLogFilter): Promise<string> {
  const rows = await prisma.auditLogEntry.findMany({
    where: whereOf(filter),
    orderBy: { id: 'asc' },
    take: AUDIT_LOG_MAX_EXPORT_ROWS,
    select: entrySelect,
  });
  const entries = await toEntries(prisma, rows);
  const lines = [AUDIT_LOG_CSV_COLUMNS.join(',')];
  for (const entry of entries) lines.push(AUDIT_LOG_CSV_COLUMNS.map((c) => csvField(entry[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
