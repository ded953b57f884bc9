import { randomUUID } from 'node:crypto';
import type { TIngestEventRequest } from '@sage/contract';
import { type DeviceEventInput, prepared } from '@sage/db';
import type pg from 'pg';
import { storeAndApply, storeForJob, warmUpBatch } from '../device-events/apply';
import type { Logger } from '../device-events/model';
import { GATEWAY_BY_KEY_SQL, type Gateway } from './gateways';

export interface Accepted {
  duplicate: boolean;
  clamped: boolean;
}

interface Waiting {
  gateway: Gateway;
  event: TIngestEventRequest;
  /** The device's key: events of one device never run in two batches at once (their order). */
  deviceKey: string;
  resolve(accepted: Accepted): void;
  reject(error: unknown): void;
}

export interface GroupCommitOptions {
  /** Events in one transaction at most (default 200). */
  maxBatch?: number;
  /** Batches (transactions, connections) in flight at once at most (default 3). */
  maxInFlight?: number;
  /**
   * Another batch starts only once every batch in flight has run this long (default 50 ms; decision 0488): one at a
   * time while commits are quick, more when one is held (a device locked by another process, a slow disk).
   */
  overlapAfterMs?: number;
}

/**
 * A device of a facility with a gateway whose press raises an alert (an active allocation, not a door's nor a
 * check-in's, no open task): the warm-up's press. Up to $1 of them, so the connections warmed side by side mostly take
 * different devices' locks instead of queueing on one.
 */
const WARM_UP_PRESSES_SQL = `SELECT g.id, g."facilityId", d."hardwareId"
  FROM "DeviceAllocation" a
  JOIN "Device" d ON d.id = a."activeDeviceKey"
  JOIN LATERAL (SELECT id, "facilityId" FROM "FacilityGateway" WHERE "facilityId" = a."facilityId" LIMIT 1) g
    ON true
 WHERE a."isActive" AND a."doorId" IS NULL AND NOT a."isCheckIn"
   AND NOT EXISTS (SELECT 1 FROM "Task" t WHERE t."openDeviceKey" = d.id)
 LIMIT $1`;

/** An event of a gateway as the pipeline stores it. */
const inputOf = (gateway: Gateway, event: TIngestEventRequest): DeviceEventInput => ({
  eventId: event.eventId,
  facilityId: gateway.facilityId,
  gatewayId: gateway.id,
  hardwareId: event.hardwareId,
  type: event.type,
  timestamp: new Date(event.timestamp),
  batteryLevel: event.batteryLevel ?? null,
});

/**
 * The warm-up of one connection before the ingest accepts events (issue #18; decisions 0415, 0482): the gateway
 * lookup, then a whole batch of one real press (the `index`-th device of WARM_UP_PRESSES_SQL), run and rolled back
 * (warmUpBatch).
 */
export async function warmUpGroupCommit(client: pg.PoolClient, logger: Logger, index = 0): Promise<void> {
  const at = new Date();
  await client.query(prepared(GATEWAY_BY_KEY_SQL, ['warm-up']));
  const { rows } = await client.query<Gateway & { hardwareId: string }>(WARM_UP_PRESSES_SQL, [index + 1]);
  const press = rows[index % Math.max(rows.length, 1)];
  await warmUpBatch(
    client,
    press
      ? inputOf(
          { id: press.id, facilityId: press.facilityId },
          {
            eventId: randomUUID(),
            hardwareId: press.hardwareId,
            type: 'BUTTON_PRESS',
            timestamp: at.toISOString(),
          },
        )
      : null,
    logger,
  );
}

/**
 * Group commit of the ingest (decision 0410): the events posted while the previous batch was committing are
 * stored AND applied through the device-event pipeline (device-events/apply.ts: the device activity, the alert
 * rules, the task changes) in one transaction, and each request gets its 202 only after that commit. An accepted press is therefore never lost (its
 * effects are committed before the 202) and never applied twice (the event is stored once per gateway
 * eventId and marked processed in the same commit; a gateway that got no 202 sends again and finds it
 * stored). The job queue carries only timers (escalation, care confirmation) and the events of the API's
 * simulated press.
 *
 * When a batch fails for any reason but the database being away, its events are taken the job path's way, one
 * by one (each stored with a job of its own, storeForJob): one bad event never holds up the others, and the job
 * applies it as a batch of one, retrying and reporting a failure.
 */
export class IngestGroupCommit {
  private readonly queue: Waiting[] = [];
  private readonly busyDevices = new Set<string>();
  /** The batches in flight, each with when it started (monotonic ms). */
  private readonly inFlight = new Set<{ at: number }>();
  private overlapTimer: NodeJS.Timeout | null = null;
  private readonly maxBatch: number;
  private readonly maxInFlight: number;
  private readonly overlapAfterMs: number;
  private closed = false;
  private idle: (() => void) | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly logger: Logger,
    options: GroupCommitOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 200;
    this.maxInFlight = options.maxInFlight ?? 3;
    this.overlapAfterMs = options.overlapAfterMs ?? 50;
  }

  accept(gateway: Gateway, event: TIngestEventRequest): Promise<Accepted> {
    if (this.closed) return Promise.reject(new Error('the ingest is closing'));
    return new Promise<Accepted>((resolve, reject) => {
      this.queue.push({
        gateway,
        event,
        deviceKey: `${gateway.facilityId}:${event.hardwareId}`,
        resolve,
        reject,
      });
      this.pump();
    });
  }

  /** Resolves once every event handed over has its answer (the ingest's graceful close). */
  async drain(): Promise<void> {
    this.closed = true;
    if (this.inFlight.size === 0 && this.queue.length === 0) return;
    await new Promise<void>((resolve) => {
      this.idle = resolve;
    });
  }

  private pump(): void {
    while (this.inFlight.size < this.maxInFlight && this.queue.length) {
      // Group commit (decision 0488): what arrives while a batch commits waits for the next one, so batches grow
      // with the load instead of running side by side for the same two cores. Another starts beside them only
      // once each has run overlapAfterMs, so one held batch does not hold every other device's presses.
      const now = performance.now();
      let youngest = Number.NEGATIVE_INFINITY;
      for (const s of this.inFlight) youngest = Math.max(youngest, s.at);
      if (now - youngest < this.overlapAfterMs) {
        this.overlapTimer ??= setTimeout(
          () => {
            this.overlapTimer = null;
            this.pump();
          },
          youngest + this.overlapAfterMs - now,
        );
        return;
      }
      const batch = this.take();
      if (!batch.length) return;
      const started = { at: now };
      this.inFlight.add(started);
      void this.run(batch).finally(() => {
        this.inFlight.delete(started);
        for (const w of batch) this.busyDevices.delete(w.deviceKey);
        if (this.queue.length) this.pump();
        else if (this.inFlight.size === 0) {
          if (this.overlapTimer) clearTimeout(this.overlapTimer);
          this.overlapTimer = null;
          this.idle?.();
        }
      });
    }
  }

  /** The oldest waiting events whose devices no batch in flight holds, in arrival order. */
  private take(): Waiting[] {
    const batch: Waiting[] = [];
    const mine = new Set<string>();
    for (let i = 0; i < this.queue.length && batch.length < this.maxBatch; ) {
      const w = this.queue[i]!;
      if (this.busyDevices.has(w.deviceKey) && !mine.has(w.deviceKey)) {
        i += 1;
        continue;
      }
      mine.add(w.deviceKey);
      this.busyDevices.add(w.deviceKey);
      batch.push(w);
      this.queue.splice(i, 1);
    }
    return batch;
  }

  private async run(batch: Waiting[]): Promise<void> {
    let answers: Accepted[];
    try {
      answers = await this.commit(batch);
    } catch (error) {
      await this.oneByOne(batch, error);
      return;
    }
    for (const [i, w] of batch.entries()) w.resolve(answers[i]!);
  }

  private async commit(batch: Waiting[]): Promise<Accepted[]> {
    const client = await this.pool.connect();
    let broken = false;
    try {
      await client.query('BEGIN');
      const rows = await storeAndApply(
        client,
        batch.map((w) => inputOf(w.gateway, w.event)),
        this.logger,
      );
      await client.query('COMMIT');
      const stored = new Map(rows.map((r) => [`${r.gatewayId}\u0000${r.eventId}`, r]));
      return batch.map((w) => {
        const row = stored.get(`${w.gateway.id}\u0000${w.event.eventId}`);
        // The first of two requests with one eventId in a batch is the one stored; the second is a duplicate.
        if (row) stored.delete(`${w.gateway.id}\u0000${w.event.eventId}`);
        return { duplicate: !row, clamped: row?.clamped ?? false };
      });
    } catch (error) {
      broken = true;
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release(broken ? true : undefined);
    }
  }

  /** A failed batch: each event stored with its own job (the job path applies it and retries a failure). */
  private async oneByOne(batch: Waiting[], cause: unknown): Promise<void> {
    this.logger.warn('ingest batch failed: its events are stored one by one for the job queue', {
      events: batch.length,
      error: cause instanceof Error ? cause.message : String(cause),
    });
    await Promise.all(
      batch.map((w) =>
        storeForJob(this.pool, inputOf(w.gateway, w.event)).then(
          (stored) => w.resolve({ duplicate: !stored, clamped: stored?.clamped ?? false }),
          (error) => w.reject(error),
        ),
      ),
    );
  }
}
