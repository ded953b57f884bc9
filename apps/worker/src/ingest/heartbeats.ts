import {
  BATTERY_LOW_THRESHOLD_OTHER,
  BATTERY_LOW_THRESHOLD_PENDANT,
  DeviceTroubleCause,
  INGEST_FUTURE_TOLERANCE_MS,
  INGEST_STALE_AFTER_MS,
  PENDANT_DEVICE_TYPE,
  type TIngestEventRequest,
} from '@sage/contract';
import { prepared } from '@sage/db';
import type pg from 'pg';
import type { Logger } from '../device-events/model';
import { isDatabaseUnavailable } from '../recovery/db-errors';
import type { Gateway } from './gateways';
import type { Accepted } from './group-commit';

/*
 * The ingest's heartbeat path (decision 0660). A device's HEARTBEAT is its steady load (every device every few
 * minutes); through the device-event pipeline each cost a stored DeviceEvent, the device's lock, the batch's read
 * and the activity statement (3 ms of CPU and 1.7 kB of database each, issue #31). Here the heartbeats that can
 * change nothing but the device's last-heard time and battery are coalesced for a short window and written in ONE
 * statement, the 202 after its commit; every other heartbeat goes to the pipeline unchanged, so every rule keeps
 * its one implementation there.
 */

/** What the statement takes: the rest goes to the pipeline (`fallback`). */
const OPEN_TROUBLE_SUFFIXES = {
  silent: `:${DeviceTroubleCause.DEVICE_SILENT}`,
  battery: `:${DeviceTroubleCause.LOW_BATTERY}`,
  gateway: `:${DeviceTroubleCause.GATEWAY_SILENT}`,
};

/**
 * The heartbeats of a window in one statement. A heartbeat is taken (written here) only when its hardware is a
 * device of the gateway's own facility (Device.facilityId: never another community's, nor an enterprise's spare)
 * actively allocated there, its battery unknown or not low for the device's type (packages/domain's battery rule:
 * pendants low under BATTERY_LOW_THRESHOLD_PENDANT, others under BATTERY_LOW_THRESHOLD_OTHER), no trouble open that
 * it would end (the device's silence or low battery, its gateway's silence), and the device's lock free (the
 * pipeline's advisory lock, tried, never waited for: a device whose events a batch is applying goes to the pipeline
 * behind them, so no two writers of one device ever wait on each other). For each taken: the device's last heard
 * (GREATEST, never back) and its battery (when the heartbeat is its newest word), a DeviceActivity row when the
 * battery level changed or the device is first heard in a new clock hour (decision 0661), and the own last heard of
 * the gateways of the heartbeats taken ($9: those this process has not written for GATEWAY_WRITE_EVERY_MS; a heartbeat
 * left to the pipeline is stored, and its gateway heard by it). Returns the ordinals of the heartbeats taken.
 */
export const HEARTBEATS_SQL = `WITH hb AS (
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::int[])
         WITH ORDINALITY AS hb("facilityId", "gatewayId", "hardwareId", ts, battery, n)
     ), taken AS MATERIALIZED (
       SELECT hb.n, d.id AS "deviceId", hb."facilityId", hb.ts, LEAST(hb.ts, now()) AS heard,
              CASE WHEN hb.battery >= 0 THEN hb.battery END AS battery,
              d."lastHeardAt" AS "wasHeardAt", d."batteryLevel" AS "wasBattery"
         FROM hb
         JOIN "Device" d ON d."hardwareId" = hb."hardwareId" AND d."facilityId" = hb."facilityId"
         JOIN "DeviceAllocation" a
           ON a."activeDeviceKey" = d.id AND a."isActive" AND a."facilityId" = hb."facilityId"
        WHERE (hb.battery IS NULL OR hb.battery < 0
               OR hb.battery >= CASE WHEN d.type::text = $6 THEN $7::int ELSE $8::int END)
          AND NOT EXISTS (SELECT 1 FROM "Task" t
                           WHERE t."openTroubleKey" IN (d.id || '${OPEN_TROUBLE_SUFFIXES.silent}',
                                                        d.id || '${OPEN_TROUBLE_SUFFIXES.battery}',
                                                        hb."gatewayId" || '${OPEN_TROUBLE_SUFFIXES.gateway}'))
          AND pg_try_advisory_xact_lock(hashtextextended('device:' || hb."facilityId" || ':' || hb."hardwareId", 0))
     ), device AS (
       UPDATE "Device" d
          SET "lastHeardAt" = GREATEST(COALESCE(d."lastHeardAt", taken.heard), taken.heard),
              "batteryLevel" = CASE WHEN taken.battery IS NOT NULL
                                     AND taken.heard >= COALESCE(d."lastHeardAt", taken.heard)
                                    THEN taken.battery ELSE d."batteryLevel" END,
              "updatedAt" = now()
         FROM taken WHERE d.id = taken."deviceId"
     ), activity AS (
       INSERT INTO "DeviceActivity" ("facilityId", "deviceId", type, "batteryLevel", timestamp)
       SELECT "facilityId", "deviceId", 'HEARTBEAT', battery, ts FROM taken
        WHERE "wasHeardAt" IS NULL
           OR date_trunc('hour', heard) > date_trunc('hour', "wasHeardAt")
           OR (battery IS NOT NULL AND battery IS DISTINCT FROM "wasBattery")
     ), gateway AS (
       UPDATE "FacilityGateway" g SET "lastHeardAt" = GREATEST(g."lastHeardAt", now())
        WHERE g.id = ANY($9::text[]) AND g.id IN (SELECT hb."gatewayId" FROM hb JOIN taken USING (n))
     )
     SELECT n::int AS n FROM taken`;

/** How often one gateway's own last heard is written at most (by this process): it is read in minutes. */
export const GATEWAY_WRITE_EVERY_MS = 30_000;

/** A heartbeat waiting for its window's statement. */
interface Waiting {
  gateway: Gateway;
  event: TIngestEventRequest;
  resolve(accepted: Accepted): void;
  reject(error: unknown): void;
}

export interface HeartbeatPathOptions {
  /** How long the first heartbeat of a window waits for others (default 250 ms). */
  windowMs?: number;
  /** Heartbeats in one statement at most (default 1,000). */
  maxBatch?: number;
}

/** What the pipeline's way in looks like (IngestGroupCommit.accept). */
export type AcceptEvent = (gateway: Gateway, event: TIngestEventRequest) => Promise<Accepted>;

/**
 * Whether an event may be written by the heartbeat path at all, before the database is asked: a HEARTBEAT stamped
 * neither ahead of the server clock past the tolerance (the pipeline stores it with its receipt time and says so)
 * nor far in the past (the pipeline records it as suspect, decision 0102), with a minute's margin for the
 * database's clock.
 */
export function mayTakeHeartbeat(event: TIngestEventRequest, now = Date.now()): boolean {
  if (event.type !== 'HEARTBEAT') return false;
  const at = Date.parse(event.timestamp);
  return at <= now + INGEST_FUTURE_TOLERANCE_MS - 60_000 && now - at <= INGEST_STALE_AFTER_MS - 60_000;
}

/**
 * The heartbeat path (decision 0660): `accept` takes any event; a heartbeat that may be taken waits up to `windowMs`
 * for others, then the window's heartbeats are written in one statement (HEARTBEATS_SQL) and each gets its answer
 * once that statement committed. Those the statement did not take, every other event, and a window whose statement
 * failed go to `fallback` (the pipeline's group commit), each as it came. One statement at a time: what arrives
 * while one runs waits for the next.
 */
export class HeartbeatPath {
  private window: Waiting[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private closed = false;
  private readonly windowMs: number;
  private readonly maxBatch: number;
  /** When this process last wrote each gateway's last heard (ms). */
  private readonly gatewayWritten = new Map<string, number>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly fallback: AcceptEvent,
    private readonly logger: Logger,
    options: HeartbeatPathOptions = {},
  ) {
    this.windowMs = options.windowMs ?? 250;
    this.maxBatch = options.maxBatch ?? 1_000;
  }

  accept(gateway: Gateway, event: TIngestEventRequest): Promise<Accepted> {
    if (this.closed || !mayTakeHeartbeat(event)) return this.fallback(gateway, event);
    return new Promise<Accepted>((resolve, reject) => {
      this.window.push({ gateway, event, resolve, reject });
      if (this.window.length >= this.maxBatch) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.windowMs);
    });
  }

  /** Writes what waits now and resolves once every heartbeat handed over has its answer (the graceful close). */
  async drain(): Promise<void> {
    this.closed = true;
    while (this.window.length || this.running) {
      this.flush();
      await this.running;
    }
  }

  /** Starts the window's statement, unless one runs (its end starts the next). */
  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.running || !this.window.length) return;
    const batch = this.window.splice(0, this.maxBatch);
    this.running = this.write(batch).finally(() => {
      this.running = null;
      if (this.window.length) {
        // What came while the statement ran: at once when its window is over (or full), else at its end.
        if (this.closed || this.window.length >= this.maxBatch) this.flush();
        else this.timer ??= setTimeout(() => this.flush(), this.windowMs);
      }
    });
  }

  private async write(batch: Waiting[]): Promise<void> {
    // One row per device: its newest heartbeat (a repeated one changes nothing more).
    const rows = new Map<string, { n: number; waiting: Waiting[]; at: number }>();
    for (const w of batch) {
      const key = `${w.gateway.facilityId}\u0000${w.event.hardwareId}`;
      const at = Date.parse(w.event.timestamp);
      const row = rows.get(key);
      if (!row) rows.set(key, { n: 0, waiting: [w], at });
      else {
        if (at >= row.at) row.waiting.push(w);
        else row.waiting.unshift(w);
        row.at = Math.max(row.at, at);
      }
    }
    const list = [...rows.values()];
    list.forEach((row, i) => {
      row.n = i + 1;
    });
    const newest = list.map((row) => row.waiting.at(-1)!);
    const now = Date.now();
    const gateways = [...new Set(batch.map((w) => w.gateway.id))].filter(
      (id) => now - (this.gatewayWritten.get(id) ?? 0) >= GATEWAY_WRITE_EVERY_MS,
    );

    let taken: Set<number>;
    try {
      const { rows: done } = await this.pool.query<{ n: number }>(
        prepared(HEARTBEATS_SQL, [
          newest.map((w) => w.gateway.facilityId),
          newest.map((w) => w.gateway.id),
          newest.map((w) => w.event.hardwareId),
          newest.map((w) => w.event.timestamp),
          newest.map((w) => w.event.batteryLevel ?? null),
          PENDANT_DEVICE_TYPE,
          BATTERY_LOW_THRESHOLD_PENDANT,
          BATTERY_LOW_THRESHOLD_OTHER,
          gateways,
        ]),
      );
      taken = new Set(done.map((r) => r.n));
      if (this.gatewayWritten.size > 10_000) this.gatewayWritten.clear();
      for (const row of list)
        if (taken.has(row.n)) this.gatewayWritten.set(row.waiting.at(-1)!.gateway.id, now);
    } catch (error) {
      // A lost database is the pipeline's to report, once (decision 0591): it meets it too, and answers 503.
      if (!isDatabaseUnavailable(error))
        this.logger.warn('heartbeat statement failed: its heartbeats go through the device-event pipeline', {
          heartbeats: batch.length,
          error: error instanceof Error ? error.message : String(error),
        });
      taken = new Set();
    }
    for (const row of list) {
      if (taken.has(row.n)) {
        for (const w of row.waiting) w.resolve({ duplicate: false, clamped: false });
      } else {
        // In the order they came (the oldest first): the pipeline applies each as any event.
        for (const w of row.waiting) this.fallback(w.gateway, w.event).then(w.resolve, w.reject);
      }
    }
  }
}
