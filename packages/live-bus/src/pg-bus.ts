import { TASK_CHANGED_CHANNEL, type TaskChangedNotification } from '@sage/db';
import { createPgClient } from '@sage/db/hosts';
import type pg from 'pg';
import { createBusHandlers, type LiveBus, RECENT_VERSIONS_KEPT, taskChangesSince } from './handlers';
import {
  type BusLogger,
  DEVICE_QA_CHANNEL,
  type DeviceQaNotification,
  RECOGNITION_CHANNEL,
  type RecognitionNotification,
  SESSION_ENDED_CHANNEL,
} from './subjects';

export interface PgLiveBusOptions {
  connectionString: string;
  logger: BusLogger;
  /** First reconnect delay (100 ms); doubles up to `maxReconnectDelayMs` (1 s), back to the first on success. */
  reconnectDelayMs?: number;
  maxReconnectDelayMs?: number;
  /** While reconnecting fails, an error is logged this often (ms, 30 s); the attempts between are not logged. */
  stillDownLogIntervalMs?: number;
  /** How often the connection is checked (ms). */
  heartbeatIntervalMs?: number;
}

/** The bus connection's application_name (visible in pg_stat_activity). */
export const LIVE_BUS_APPLICATION_NAME = 'sage-live-bus';

/**
 * LISTEN on one dedicated connection per API instance (decision 0031). When the connection drops it reconnects
 * (with backoff) and, once listening again, replays the TaskChange rows recorded while it was away, so no
 * change is lost to a dropped connection; versions already delivered are not delivered twice.
 *
 * The connection runs one query at a time (decision 0452): the heartbeat is skipped while the catch-up or the
 * previous heartbeat is still running, so node-postgres never queues a query behind another.
 */
export async function createPgLiveBus(
  options: PgLiveBusOptions,
): Promise<LiveBus & { connected(): boolean }> {
  const { logger } = options;
  const baseDelay = options.reconnectDelayMs ?? 100;
  // Capped low (decision 0590): after a failover the live screens wait at most this long past the new primary's
  // first answer; one connection attempt a second per API process does not burden a database that is down.
  const maxDelay = options.maxReconnectDelayMs ?? 1_000;
  const stillDownLogIntervalMs = options.stillDownLogIntervalMs ?? 30_000;
  const handlers = createBusHandlers(logger, RECENT_VERSIONS_KEPT);
  let client: pg.Client | null = null;
  /** Whether a query (heartbeat or catch-up) is running on `client`. */
  let querying = false;
  let closed = false;
  let delay = baseDelay;
  let reconnectTimer: NodeJS.Timeout | null = null;
  /** When the last connection was known good (for the catch-up after a drop). */
  let lastAliveAt: Date | null = null;
  /** The current outage: when it began, attempts failed, when it was last logged (one warn per loss). */
  let outage: { since: number; attempts: number; loggedAt: number } | null = null;

  const onNotification = (message: pg.Notification) => {
    const { channel, payload } = message;
    if (!payload) return;
    if (channel === TASK_CHANGED_CHANNEL) {
      // Parsed once per notification; the object is what every subscriber gets.
      let change: TaskChangedNotification;
      try {
        change = JSON.parse(payload) as TaskChangedNotification;
        change.version = Number(change.version);
      } catch (error) {
        logger.warn({ err: error, payload }, 'unreadable task change notification');
        return;
      }
      handlers.change(change);
    } else if (channel === SESSION_ENDED_CHANNEL) {
      handlers.sessionEnded(payload);
    } else if (channel === RECOGNITION_CHANNEL) {
      let recognition: RecognitionNotification;
      try {
        recognition = JSON.parse(payload) as RecognitionNotification;
      } catch (error) {
        logger.warn({ err: error, payload }, 'unreadable recognition notification');
        return;
      }
      handlers.recognized(recognition);
    } else if (channel === DEVICE_QA_CHANNEL) {
      let notice: DeviceQaNotification;
      try {
        notice = JSON.parse(payload) as DeviceQaNotification;
      } catch (error) {
        logger.warn({ err: error, payload }, 'unreadable device QA notification');
        return;
      }
      handlers.deviceQaChanged(notice);
    }
  };

  const connect = async (): Promise<void> => {
    const c = createPgClient(options.connectionString, {
      application_name: LIVE_BUS_APPLICATION_NAME,
      // The kernel notices a dead peer even while a heartbeat waits for its answer.
      keepAlive: true,
    });
    c.on('notification', onNotification);
    c.on('error', (error) => dropped(c, error));
    c.on('end', () => dropped(c));
    try {
      await c.connect();
      await c.query(
        `LISTEN ${TASK_CHANGED_CHANNEL}; LISTEN ${SESSION_ENDED_CHANNEL}; LISTEN ${RECOGNITION_CHANNEL}; LISTEN ${DEVICE_QA_CHANNEL}`,
      );
    } catch (error) {
      c.removeAllListeners();
      c.on('error', () => {});
      c.end().catch(() => {});
      throw error;
    }
    const gapSince = lastAliveAt;
    client = c;
    delay = baseDelay;
    const gap = outage;
    outage = null;
    if (!gapSince) {
      lastAliveAt = new Date();
      return;
    }
    handlers.sessionEnded(null);
    querying = true;
    try {
      // After the LISTEN: a change committed from here on is notified, one committed before is in these rows.
      await catchUp(c, gapSince, gap);
      // Only now: a catch-up cut short leaves the gap's start for the next one.
      if (client === c) lastAliveAt = new Date();
    } catch (error) {
      dropped(c, error as Error);
    } finally {
      if (client === c) querying = false;
    }
  };

  const catchUp = async (c: pg.Client, since: Date, gap: typeof outage) => {
    const rows = await taskChangesSince(c, since);
    logger.info(
      { count: rows.length, ...(gap ? { downMs: Date.now() - gap.since, attempts: gap.attempts + 1 } : {}) },
      'live bus reconnected: replaying changes recorded meanwhile',
    );
    for (const row of rows) handlers.change(row);
  };

  const dropped = (c: pg.Client, error?: Error) => {
    if (client !== c) return;
    client = null;
    querying = false;
    c.removeAllListeners('notification');
    c.end().catch(() => {});
    // One line per loss: the attempts that follow are logged only if the database stays away (stillDown).
    outage = { since: Date.now(), attempts: 0, loggedAt: Date.now() };
    logger.warn(
      error ? { reason: error.message, code: (error as { code?: string }).code } : {},
      'live bus disconnected: reconnecting',
    );
    scheduleReconnect();
  };

  const stillDown = (error: unknown) => {
    outage ??= { since: Date.now(), attempts: 0, loggedAt: Date.now() };
    outage.attempts++;
    if (Date.now() - outage.loggedAt < stillDownLogIntervalMs) return;
    outage.loggedAt = Date.now();
    logger.error(
      { err: error, downMs: Date.now() - outage.since, attempts: outage.attempts },
      'live bus still disconnected: live screens get no changes until it reconnects',
    );
  };

  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(async () => {
      reconnectTimer = null;
      try {
        await connect();
      } catch (error) {
        stillDown(error);
        delay = Math.min(delay * 2, maxDelay);
        scheduleReconnect();
      }
    }, delay);
  };

  // A heartbeat keeps lastAliveAt fresh and notices a silently dead connection. Under load its answer can
  // come later than the next beat (it waits behind the notifications): that beat is skipped, not queued.
  const heartbeat = setInterval(() => {
    const c = client;
    if (!c || querying) return;
    querying = true;
    c.query('SELECT 1').then(
      () => {
        if (client !== c) return;
        querying = false;
        lastAliveAt = new Date();
      },
      (error: Error) => dropped(c, error),
    );
  }, options.heartbeatIntervalMs ?? 2_000);
  heartbeat.unref();

  await connect();

  return {
    subscribe: handlers.subscribe,
    subscribeSessionEnded: handlers.subscribeSessionEnded,
    subscribeRecognitions: handlers.subscribeRecognitions,
    subscribeDeviceQa: handlers.subscribeDeviceQa,
    connected: () => client !== null,
    async close() {
      closed = true;
      clearInterval(heartbeat);
      if (reconnectTimer) clearTimeout(reconnectTimer);
      handlers.clear();
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => {});
        await c.end().catch(() => {});
      }
    },
  };
}
