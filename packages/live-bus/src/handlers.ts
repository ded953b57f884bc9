import type { TaskChangedNotification } from '@sage/db';
import type pg from 'pg';
import type { BusLogger, DeviceQaNotification, RecognitionNotification } from './subjects';

/**
 * The fan-out of task changes to one API process (ARCHITECTURE.md "Live updates", decisions 0031 and 0400):
 * every change recorded by any API or worker process reaches every subscriber of every process. Two
 * implementations: Postgres LISTEN/NOTIFY (pg-bus.ts, the default) and NATS (bus.ts).
 */
export interface LiveBus {
  /** Calls `handler` for every task change from now on; returns the unsubscribe function. */
  subscribe(handler: (change: TaskChangedNotification) => void): () => void;
  /**
   * Calls `handler` with the id of every session ended anywhere (logout, refresh-token reuse: decision 0130),
   * and with `null` after a reconnect, when some may have been missed. Returns the unsubscribe function.
   */
  subscribeSessionEnded(handler: (sessionId: string | null) => void): () => void;
  /** Calls `handler` for every high five sent from now on (docs/decisions/0293); not replayed after a drop. */
  subscribeRecognitions?(handler: (recognition: RecognitionNotification) => void): () => void;
  /**
   * Calls `handler` for every device QA walk started, ended or expired (docs/decisions/0505); not replayed after a
   * drop (clients read the walks in progress on every `ready`).
   */
  subscribeDeviceQa?(handler: (notice: DeviceQaNotification) => void): () => void;
  close(): Promise<void>;
}

/** What both buses share: the handler sets, and each task change delivered once by version. */
export interface BusHandlers {
  subscribe: LiveBus['subscribe'];
  subscribeSessionEnded: LiveBus['subscribeSessionEnded'];
  subscribeRecognitions: NonNullable<LiveBus['subscribeRecognitions']>;
  subscribeDeviceQa: NonNullable<LiveBus['subscribeDeviceQa']>;
  /** Delivers a change unless its version was delivered lately (replays overlap live ones); whether it did. */
  change(change: TaskChangedNotification): boolean;
  sessionEnded(sessionId: string | null): void;
  recognized(recognition: RecognitionNotification): void;
  deviceQaChanged(notice: DeviceQaNotification): void;
  clear(): void;
}

export function createBusHandlers(logger: BusLogger, recentVersionsKept: number): BusHandlers {
  const changes = new Set<(change: TaskChangedNotification) => void>();
  const sessions = new Set<(sessionId: string | null) => void>();
  const recognitions = new Set<(recognition: RecognitionNotification) => void>();
  const deviceQa = new Set<(notice: DeviceQaNotification) => void>();
  const recent = new Set<number>();
  // A ring of the versions in `recent`, oldest first at `next` once full.
  const order = new Array<number>(recentVersionsKept);
  let next = 0;
  let full = false;

  const each = <T>(set: Set<(value: T) => void>, value: T, what: string) => {
    for (const handler of set) {
      try {
        handler(value);
      } catch (error) {
        logger.error({ err: error }, `live bus ${what} handler failed`);
      }
    }
  };
  const adder =
    <T>(set: Set<T>) =>
    (handler: T) => {
      set.add(handler);
      return () => {
        set.delete(handler);
      };
    };

  return {
    subscribe: adder(changes),
    subscribeSessionEnded: adder(sessions),
    subscribeRecognitions: adder(recognitions),
    subscribeDeviceQa: adder(deviceQa),
    change(change) {
      if (recent.has(change.version)) return false;
      if (full) recent.delete(order[next]!);
      recent.add(change.version);
      order[next] = change.version;
      next = (next + 1) % recentVersionsKept;
      if (next === 0) full = true;
      each(changes, change, 'task change');
      return true;
    },
    sessionEnded: (sessionId) => each(sessions, sessionId, 'session'),
    recognized: (recognition) => each(recognitions, recognition, 'recognition'),
    deviceQaChanged: (notice) => each(deviceQa, notice, 'device QA'),
    clear() {
      changes.clear();
      sessions.clear();
      recognitions.clear();
      deviceQa.clear();
    },
  };
}

/** How far back a catch-up reads (a change's changedAt is its transaction's start, not its commit). */
const CATCH_UP_MARGIN_MS = 5_000;
/** As many as one catch-up reads at most; the buses keep that many recent versions, so a second catch-up does
 * not deliver the first one's rows again. */
export const RECENT_VERSIONS_KEPT = 50_000;

/**
 * The TaskChange rows recorded from `since` (less the margin) until `until`, in version order: what a bus
 * delivers again after a reconnect, or heals (both buses).
 */
export async function taskChangesSince(
  db: pg.Pool | pg.ClientBase,
  since: Date,
  until = new Date(Date.now() + 60_000),
): Promise<TaskChangedNotification[]> {
  const { rows } = await db.query<{
    version: string;
    facilityId: string;
    taskId: string;
    status: TaskChangedNotification['status'];
    severity: TaskChangedNotification['severity'];
  }>(
    `SELECT version::text AS version, "facilityId", "taskId", status::text AS status, severity::text AS severity
       FROM "TaskChange" WHERE "changedAt" >= $1 AND "changedAt" < $2 ORDER BY version LIMIT ${RECENT_VERSIONS_KEPT}`,
    [new Date(since.getTime() - CATCH_UP_MARGIN_MS), until],
  );
  return rows.map((row) => ({ ...row, version: Number(row.version) }));
}
