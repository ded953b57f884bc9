import type { AuditAction, AuditDataCategory } from '@sage/contract';
import { type PrismaClient, queryPrepared } from '@sage/db';

/** One request as the audit log keeps it (docs/decisions/0140). */
export interface AuditRecord {
  occurredAt: Date;
  staffMemberId: string | null;
  /** From the request (facilityId / facilityRid in params, query or body); else resolved when written. */
  facilityId: string | null;
  action: AuditAction;
  dataCategory: AuditDataCategory | null;
  method: string;
  route: string;
  params: Record<string, string>;
  resourceIds: string[];
  statusCode: number;
  clientAddress: string | null;
  userAgent: string | null;
}

export interface AuditWriterOptions {
  /** Rows written in one insert at most; a full batch is written at once. */
  batchSize?: number;
  /** Longest wait before a partial batch is written. */
  flushIntervalMs?: number;
  /** Rows kept while the database refuses them; past it the oldest are dropped, loudly. */
  maxPending?: number;
  log: { error(obj: object, msg: string): void };
}

/**
 * Writes audit rows off the request path: requests only push to a queue; batches go to the database on a timer
 * or when full. `close()` writes what is left (the app's onClose), so a clean shutdown loses nothing.
 */
export class AuditWriter {
  private queue: AuditRecord[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private writing: Promise<void> = Promise.resolve();
  private readonly batchSize: number;
  private readonly flushIntervalMs: number;
  private readonly maxPending: number;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly options: AuditWriterOptions,
  ) {
    this.batchSize = options.batchSize ?? 200;
    this.flushIntervalMs = options.flushIntervalMs ?? 250;
    this.maxPending = options.maxPending ?? 50_000;
  }

  record(row: AuditRecord): void {
    this.queue.push(row);
    if (this.queue.length > this.maxPending) {
      const dropped = this.queue.splice(0, this.queue.length - this.maxPending);
      this.options.log.error(
        { dropped: dropped.length },
        'audit log: rows dropped, the database refuses them',
      );
    }
    if (this.queue.length >= this.batchSize) void this.flush();
    else if (!this.timer) this.timer = setTimeout(() => void this.flush(), this.flushIntervalMs);
  }

  /** Writes every queued row (one batch at a time, in order); resolves once they are stored or failed. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.writing = this.writing.then(async () => {
      while (this.queue.length > 0) {
        const batch = this.queue.slice(0, this.batchSize);
        try {
          await writeBatch(this.prisma, batch);
          this.queue.splice(0, batch.length);
        } catch (error) {
          // Kept for the next flush: a database hiccup must not lose the trail.
          this.options.log.error({ err: error, pending: this.queue.length }, 'audit log: write failed');
          if (!this.timer) this.timer = setTimeout(() => void this.flush(), this.flushIntervalMs * 4);
          return;
        }
      }
    });
    return this.writing;
  }

  get pending(): number {
    return this.queue.length;
  }
}

/**
 * The batch's rows (a JSON array of `AuditRecord`s with their facility resolved) in their order; a facility id
 * that names no facility is kept as given, without an enterprise.
 */
const INSERT_BATCH_SQL = `
INSERT INTO "AuditLogEntry" ("occurredAt", "staffMemberId", "enterpriseId", "facilityId", action, "dataCategory",
                             method, route, params, "resourceIds", "statusCode", "clientAddress", "userAgent")
SELECT r."occurredAt", r."staffMemberId", f."enterpriseId", r."facilityId", r.action, r."dataCategory",
       r.method, r.route, r.params, r."resourceIds", r."statusCode", r."clientAddress", r."userAgent"
  FROM json_populate_recordset(NULL::"AuditLogEntry", $1::json) WITH ORDINALITY AS r
  LEFT JOIN "Facility" f ON f.id = r."facilityId"
 ORDER BY r.ordinality`;

/**
 * Rows without a facility from the request take the facility of a resource they name (a resident, task, unit,
 * care event, check-in, device allocation, staff facility config), else the caller's only facility.
 */
async function writeBatch(prisma: PrismaClient, batch: AuditRecord[]): Promise<void> {
  const unresolved = batch.filter((row) => !row.facilityId);
  const resourceIds = [...new Set(unresolved.flatMap((row) => row.resourceIds))];
  const staffIds = [...new Set(unresolved.flatMap((row) => (row.staffMemberId ? [row.staffMemberId] : [])))];
  const byResource = new Map<string, string>();
  if (resourceIds.length > 0) {
    const found = await prisma.$queryRawUnsafe<{ id: string; facilityId: string }[]>(
      `SELECT id, "facilityId" FROM "Resident" WHERE id = ANY($1::text[])
       UNION ALL SELECT id, "facilityId" FROM "Task" WHERE id = ANY($1::text[])
       UNION ALL SELECT id, "facilityId" FROM "Unit" WHERE id = ANY($1::text[])
       UNION ALL SELECT id, "facilityId" FROM "CareEvent" WHERE id = ANY($1::text[])
       UNION ALL SELECT id, "facilityId" FROM "CheckIn" WHERE id = ANY($1::text[])
       UNION ALL SELECT id, "facilityId" FROM "DeviceAllocation" WHERE id = ANY($1::text[])
       UNION ALL SELECT id, "facilityId" FROM "StaffMemberFacilityConfig" WHERE id = ANY($1::text[])`,
      resourceIds,
    );
    for (const row of found) byResource.set(row.id, row.facilityId);
  }
  const onlyFacility = new Map<string, string>();
  if (staffIds.length > 0) {
    const memberships = await prisma.$queryRawUnsafe<{ staffMemberId: string; facilityIds: string[] }[]>(
      `SELECT "staffMemberId", array_agg(DISTINCT "facilityId") AS "facilityIds"
         FROM "GroupMembership" WHERE "staffMemberId" = ANY($1::text[]) GROUP BY "staffMemberId"`,
      staffIds,
    );
    for (const m of memberships)
      if (m.facilityIds.length === 1) onlyFacility.set(m.staffMemberId, m.facilityIds[0]!);
  }
  const facilityOf = (row: AuditRecord): string | null =>
    row.facilityId ??
    row.resourceIds.map((id) => byResource.get(id)).find((f) => f !== undefined) ??
    (row.staffMemberId ? (onlyFacility.get(row.staffMemberId) ?? null) : null);
  // One prepared statement for the batch, its enterprises looked up by the facilities (decision 0463): Prisma's
  // createMany compiled a new query for every batch size, most of the API's CPU for an audited read.
  const rows = batch.map((row) => {
    const facilityId = facilityOf(row);
    return {
      occurredAt: row.occurredAt,
      staffMemberId: row.staffMemberId,
      facilityId,
      action: row.action,
      dataCategory: row.dataCategory,
      method: row.method,
      route: row.route,
      params: row.params,
      resourceIds: row.resourceIds,
      statusCode: row.statusCode,
      clientAddress: row.clientAddress,
      userAgent: row.userAgent,
    };
  });
  await queryPrepared(prisma, INSERT_BATCH_SQL, [JSON.stringify(rows)]);
}
