import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { GATEWAY_KEY_HEADER, INGEST_EVENTS_PATH } from '@sage/contract';
import { createTestFacility } from '@sage/db/factories';
import { createTestDatabase, freePort, type TestDatabase } from '@sage/db/testing';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually, spawnWorkerProcess } from '../test/worker';

const children: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The ingest as deployed: a process of its own (ingest-main.ts), which now applies the events it accepts. */
async function startIngestProcess(db: TestDatabase, port: number): Promise<ChildProcess> {
  const child = spawnWorkerProcess('src/ingest-main.ts', { DATABASE_URL: db.url, INGEST_PORT: String(port) });
  children.push(child);
  await eventually(
    async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.ok ?? false,
    30_000,
  );
  return child;
}

describe('[WORKER][INGEST]: a press answered 202 is applied exactly once, even when the ingest is killed mid-batch', () => {
  it('kills the ingest (SIGKILL) while batches are in flight; every 202 applied once, every resend of an unanswered press too', async () => {
    const db = await createTestDatabase();
    const pool = new pg.Pool({ connectionString: db.url, max: 3 });
    cleanups.push(async () => {
      await pool.end();
      await db.drop();
    });
    const facility = await createTestFacility(db.prisma);
    const hardware = [
      ...Object.values(facility.residents).map((r) => r.pendant.hardwareId),
      ...Object.values(facility.units).map((u) => u.wallButton.hardwareId),
    ];
    const port = await freePort();
    const url = `http://127.0.0.1:${port}${INGEST_EVENTS_PATH}`;
    const first = await startIngestProcess(db, port);

    // A gateway's presses: each sent until a 202 comes back (no answer, a refused connection: send again).
    const events = Array.from({ length: 400 }, (_, i) => ({
      eventId: randomUUID(),
      hardwareId: hardware[i % hardware.length]!,
      type: 'BUTTON_PRESS' as const,
      timestamp: new Date(Date.now() - 1_000 + i).toISOString(),
    }));
    const answered = new Set<string>();
    let waiting = 0; // requests sent and not yet answered at all (in a batch, for the most part)
    const post = async (event: (typeof events)[number]): Promise<boolean> => {
      waiting += 1;
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [GATEWAY_KEY_HEADER]: facility.gateway.key },
          body: JSON.stringify(event),
        });
        await res.arrayBuffer();
        if (res.status === 202) answered.add(event.eventId);
        return res.status === 202;
      } catch {
        return false;
      } finally {
        waiting -= 1;
      }
    };
    /** As a gateway does: sends again until a 202 (a 429 past the per-gateway limit, a refused connection). */
    const deliver = async (event: (typeof events)[number]): Promise<boolean> => {
      for (let attempt = 0; attempt < 100; attempt++) {
        if (await post(event)) return true;
        await new Promise((r) => setTimeout(r, 250));
      }
      return false;
    };
    // One device held, as a slow transaction of another process would hold it: the batch that holds its presses
    // waits inside its transaction, so the ingest is certainly mid-batch when it is killed, whatever the
    // machine's speed (the other batches, of other devices, go on and are answered).
    const holder = await pool.connect();
    await holder.query('BEGIN');
    await holder.query(`SELECT pg_advisory_xact_lock(hashtextextended('device:' || $1 || ':' || $2, 0))`, [
      facility.facilityId,
      hardware[0],
    ]);
    const ingestWaitsForTheDevice = async () =>
      (
        await pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE application_name = 'sage-ingest' AND wait_event_type = 'Lock' AND wait_event = 'advisory'`,
        )
      ).rows[0]!.n > 0;
    // All at once: the ingest holds several batches in flight when it is killed.
    const firstRound = events.map((e) => post(e));
    await eventually(async () => answered.size >= 40 && (await ingestWaitsForTheDevice()), 30_000);
    const waitingAtKill = waiting;
    first.kill('SIGKILL');
    await Promise.all(firstRound);
    await holder.query('ROLLBACK');
    holder.release();
    const firstAccepted = new Set(answered);
    // Requests were in the ingest's hands (being stored and applied) when it died.
    expect(waitingAtKill).toBeGreaterThan(0);

    // Every press the killed process answered 202 is stored and applied once, before anything is resent.
    const applied = async (eventIds: string[]) =>
      (
        await pool.query<{ eventId: string; processed: boolean; activities: number }>(
          `SELECT e."eventId", e."processedAt" IS NOT NULL AS processed,
                  (SELECT count(*)::int FROM "DeviceActivity" a WHERE a."deviceEventId" = e.id) AS activities
             FROM "DeviceEvent" e WHERE e."eventId" = ANY($1)`,
          [eventIds],
        )
      ).rows;
    const afterKill = await applied([...firstAccepted]);
    expect(afterKill).toHaveLength(firstAccepted.size);
    expect(afterKill.filter((r) => !r.processed || r.activities !== 1)).toEqual([]);

    // Restarted, the gateway sends again what got no 202, and (as a gateway may) some already answered too.
    await startIngestProcess(db, port);
    const resend = events.filter((e) => !answered.has(e.eventId));
    const again = events.filter((e) => firstAccepted.has(e.eventId)).slice(0, 20);
    const results = await Promise.all([...resend, ...again].map((e) => deliver(e)));
    expect(results.every(Boolean)).toBe(true);

    const all = await applied(events.map((e) => e.eventId));
    expect(all).toHaveLength(events.length);
    expect(all.filter((r) => !r.processed || r.activities !== 1)).toEqual([]);
    // One task per device (every later press an update on it), each press's update exactly once.
    const { rows: updates } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "TaskUpdate" u JOIN "Task" t ON t.id = u."taskId"
        WHERE t."facilityId" = $1 AND u.type IN ('CREATED', 'DEVICE_INTERACTION')`,
      [facility.facilityId],
    );
    expect(updates[0]!.n).toBe(events.length);
  }, 120_000);
});
