import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestFacility, type TestFacility } from './factories';
import { purgePastRetention, retentionCutoff } from './retention';
import { createTestDatabase, type TestDatabase } from './testing';

/**
 * Records retention (HIPAA 164.316(b)(2)(i); decision 0518) on real PostgreSQL: the purge deletes audit rows and
 * closed tasks (with their history) older than the setting and keeps everything younger; an open task is never
 * deleted; the database itself refuses any other delete of the audit log, and a purge cutoff under 6 years.
 */
let db: TestDatabase;
let pool: pg.Pool;
let f: TestFacility;
const NOW = new Date('2026-11-28T10:00:00.000Z');
const yearsAgo = (years: number, days = 0) => {
  const d = new Date(NOW);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d;
};

beforeAll(async () => {
  db = await createTestDatabase();
  pool = new pg.Pool({ connectionString: db.url, max: 2 });
  f = await createTestFacility(db.prisma);
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

async function audit(occurredAt: Date, route: string): Promise<bigint> {
  const row = await db.prisma.auditLogEntry.create({
    data: {
      occurredAt,
      facilityId: f.facilityId,
      action: 'READ',
      method: 'GET',
      route,
      params: {},
      resourceIds: [],
      statusCode: 200,
    },
  });
  return row.id;
}

async function task(title: string, at: Date, status: 'CLOSED_RESOLVED' | 'OPEN_UNCLAIMED'): Promise<string> {
  const t = await db.prisma.task.create({
    data: {
      facilityId: f.facilityId,
      enterpriseId: f.enterpriseId,
      title,
      severity: 'HIGH_PRIORITY',
      severityRank: 3,
      status,
      creationTimestamp: at,
      lastUpdateTimestamp: at,
      updates: { create: [{ facilityId: f.facilityId, type: 'CREATED', description: title, createdAt: at }] },
    },
  });
  // Prisma's @updatedAt sets the time of the write: the task's last change was at `at`.
  await db.prisma.$executeRawUnsafe('UPDATE "Task" SET "lastUpdateTimestamp" = $1 WHERE id = $2', at, t.id);
  return t.id;
}

describe('[SAFETY][HIPAA-164.316] records retention', () => {
  it('the cutoff is whole calendar years back and refuses fewer than 6', () => {
    expect(retentionCutoff(NOW, 6).toISOString()).toBe('2020-11-28T10:00:00.000Z');
    expect(retentionCutoff(new Date('2028-02-29T00:00:00.000Z'), 7).toISOString()).toBe(
      '2021-02-28T00:00:00.000Z',
    );
    expect(() => retentionCutoff(NOW, 5)).toThrow(/at least 6 years/);
    expect(() => retentionCutoff(NOW, 6.5)).toThrow(RangeError);
  });

  it('purges audit rows and closed tasks older than the setting, keeps younger ones and open tasks', async () => {
    const oldAudit = await audit(yearsAgo(6, -1), '/old');
    const youngAudit = await audit(yearsAgo(6, 1), '/young');
    const oldClosed = await task('old closed', yearsAgo(6, -1), 'CLOSED_RESOLVED');
    const youngClosed = await task('young closed', yearsAgo(6, 1), 'CLOSED_RESOLVED');
    const oldOpen = await task('old open', yearsAgo(6, -1), 'OPEN_UNCLAIMED');
    // A longer setting keeps the 6-years-and-a-day-old rows.
    expect(await purgePastRetention(pool, { years: 7, now: NOW })).toMatchObject({
      auditLogEntries: 0,
      tasks: 0,
    });

    const purged = await purgePastRetention(pool, { years: 6, now: NOW, batchSize: 1 });
    expect(purged).toMatchObject({ auditLogEntries: 1, tasks: 1 });
    const audits = await db.prisma.auditLogEntry.findMany({ where: { facilityId: f.facilityId } });
    expect(audits.map((a) => a.id)).toEqual([youngAudit]);
    expect(audits.map((a) => a.id)).not.toContain(oldAudit);
    const tasks = await db.prisma.task.findMany({
      where: { facilityId: f.facilityId },
      select: { id: true },
    });
    expect(tasks.map((t) => t.id).sort()).toEqual([youngClosed, oldOpen].sort());
    // The history went with its task, and only with it.
    expect(await db.prisma.taskUpdate.count({ where: { taskId: oldClosed } })).toBe(0);
    expect(await db.prisma.taskUpdate.count({ where: { taskId: youngClosed } })).toBe(1);
    // Nothing left to purge: a second run deletes nothing.
    expect(await purgePastRetention(pool, { years: 6, now: NOW })).toMatchObject({
      auditLogEntries: 0,
      tasks: 0,
    });
  });

  it('the database refuses other deletes of the audit log, and a purge cutoff under 6 years', async () => {
    const old = await audit(yearsAgo(10), '/ten-years');
    const recent = await audit(yearsAgo(1), '/last-year');
    await expect(pool.query('DELETE FROM "AuditLogEntry" WHERE id = $1', [old])).rejects.toThrow(
      /append-only/,
    );
    await expect(
      pool.query('UPDATE "AuditLogEntry" SET route = $1 WHERE id = $2', ['/x', old]),
    ).rejects.toThrow(/append-only/);
    // A cutoff one year back does not let last year's row go.
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT set_config('sage.audit_purge_before', $1, true)`, [
        new Date().toISOString(),
      ]);
      await expect(client.query('DELETE FROM "AuditLogEntry" WHERE id = $1', [recent])).rejects.toThrow(
        /append-only/,
      );
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    await expect(pool.query('TRUNCATE "AuditLogEntry"')).rejects.toThrow(/append-only/);
    expect(await db.prisma.auditLogEntry.count({ where: { id: { in: [old, recent] } } })).toBe(2);
  });
});
