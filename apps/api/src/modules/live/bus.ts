import { TASK_CHANGED_CHANNEL, type TaskChangedNotification } from '@sage/db';
import pg from 'pg';
import { SESSION_ENDED_CHANNEL } from '../auth/sessions/registry';
import { RECOGNITION_CHANNEL, type RecognitionNotification } from '../gamification/recognitions/announce';

/**
 * The fan-out of task changes to this API instance (ARCHITECTURE.md "Live updates", "Growing past one
 * machine"): every change recorded by any API or worker process reaches every subscriber of every instance.
 * One small interface, so Postgres LISTEN/NOTIFY can be swapped for NATS or Redis pub/sub.
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
  close(): Promise<void>;
}

export interface BusLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface PgLiveBusOptions {
  connectionString: string;
  logger: BusLogger;
  /** First reconnect delay; doubles up to `maxReconnectDelayMs`. */
  reconnectDelayMs?: number;
  maxReconnectDelayMs?: number;
}

/** The bus connection's application_name (visible in pg_stat_activity). */
export const LIVE_BUS_APPLICATION_NAME = 'sage-live-bus';

/** How far back the catch-up after a reconnect reads (commit order is not version order). */
const CATCH_UP_MARGIN_MS = 5_000;
const RECENT_VERSIONS_KEPT = 10_000;

/**
 * LISTEN on one dedicated connection per API instance. When the connection drops it reconnects (with
 * backoff) and, once listening again, replays the TaskChange rows recorded while it was away, so no change
 * is lost to a dropped connection; versions already delivered are not delivered twice.
 */
export async function createPgLiveBus(
  options: PgLiveBusOptions,
): Promise<LiveBus & { connected(): boolean }> {
  const { logger } = options;
  const baseDelay = options.reconnectDelayMs ?? 100;
  const maxDelay = options.maxReconnectDelayMs ?? 5_000;
  const handlers = new Set<(change: TaskChangedNotification) => void>();
  const sessionHandlers = new Set<(sessionId: string | null) => void>();
  const sessionEnded = (sessionId: string | null) => {
    for (const handler of sessionHandlers) {
      try {
        handler(sessionId);
      } catch (error) {
        logger.error({ err: error }, 'live bus session handler failed');
      }
    }
  };
  const recognitionHandlers = new Set<(recognition: RecognitionNotification) => void>();
  const recognized = (payload: string) => {
    let recognition: RecognitionNotification;
    try {
      recognition = JSON.parse(payload) as RecognitionNotification;
    } catch (error) {
      logger.warn({ err: error, payload }, 'unreadable recognition notification');
      return;
    }
    for (const handler of recognitionHandlers) {
      try {
        handler(recognition);
      } catch (error) {
        logger.error({ err: error }, 'live bus recognition handler failed');
      }
    }
  };
  const recent = new Set<number>();
  const recentOrder: number[] = [];
  let client: pg.Client | null = null;
  let closed = false;
  let delay = baseDelay;
  let reconnectTimer: NodeJS.Timeout | null = null;
  /** When the last connection was known good (for the catch-up after a drop). */
  let lastAliveAt: Date | null = null;

  const deliver = (change: TaskChangedNotification) => {
    if (recent.has(change.version)) return;
    recent.add(change.version);
    recentOrder.push(change.version);
    if (recentOrder.length > RECENT_VERSIONS_KEPT) recent.delete(recentOrder.shift()!);
    for (const handler of handlers) {
      try {
        handler(change);
      } catch (error) {
        logger.error({ err: error }, 'live bus handler failed');
      }
    }
  };

  const connect = async (): Promise<void> => {
    const c = new pg.Client({
      connectionString: options.connectionString,
      application_name: LIVE_BUS_APPLICATION_NAME,
    });
    c.on('notification', (message) => {
      if (message.channel === SESSION_ENDED_CHANNEL && message.payload) return sessionEnded(message.payload);
      if (message.channel === RECOGNITION_CHANNEL && message.payload) return recognized(message.payload);
      if (message.channel !== TASK_CHANGED_CHANNEL || !message.payload) return;
      try {
        const change = JSON.parse(message.payload) as TaskChangedNotification;
        deliver({ ...change, version: Number(change.version) });
      } catch (error) {
        logger.warn({ err: error, payload: message.payload }, 'unreadable task change notification');
      }
    });
    c.on('error', (error) => {
      logger.warn({ err: error }, 'live bus connection error');
      dropped(c);
    });
    c.on('end', () => dropped(c));
    await c.connect();
    await c.query(
      `LISTEN ${TASK_CHANGED_CHANNEL}; LISTEN ${SESSION_ENDED_CHANNEL}; LISTEN ${RECOGNITION_CHANNEL}`,
    );
    const gapSince = lastAliveAt;
    client = c;
    lastAliveAt = new Date();
    delay = baseDelay;
    if (gapSince) {
      sessionEnded(null);
      await catchUp(c, gapSince);
    }
  };

  const catchUp = async (c: pg.Client, since: Date) => {
    const { rows } = await c.query<{
      version: string;
      facilityId: string;
      taskId: string;
      status: TaskChangedNotification['status'];
      severity: TaskChangedNotification['severity'];
    }>(
      `SELECT version::text AS version, "facilityId", "taskId", status::text AS status, severity::text AS severity
         FROM "TaskChange" WHERE "changedAt" >= $1 ORDER BY version LIMIT 50000`,
      [new Date(since.getTime() - CATCH_UP_MARGIN_MS)],
    );
    logger.info({ count: rows.length }, 'live bus reconnected: replaying changes recorded meanwhile');
    for (const row of rows) deliver({ ...row, version: Number(row.version) });
  };

  const dropped = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    c.removeAllListeners('notification');
    c.end().catch(() => {});
    scheduleReconnect();
  };

  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    logger.warn({ delayMs: delay }, 'live bus disconnected: reconnecting');
    reconnectTimer = setTimeout(async () => {
      reconnectTimer = null;
      try {
        await connect();
      } catch (error) {
        logger.error({ err: error }, 'live bus reconnect failed');
        delay = Math.min(delay * 2, maxDelay);
        scheduleReconnect();
      }
    }, delay);
  };

  // A heartbeat keeps lastAliveAt fresh and notices a silently dead connection.
  const heartbeat = setInterval(() => {
    const c = client;
    if (!c) return;
    c.query('SELECT 1').then(
      () => {
        if (client === c) lastAliveAt = new Date();
      },
      () => dropped(c),
    );
  }, 2_000);
  heartbeat.unref();

  await connect();

  return {
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    subscribeSessionEnded(handler) {
      sessionHandlers.add(handler);
      return () => sessionHandlers.delete(handler);
    },
    subscribeRecognitions(handler) {
      recognitionHandlers.add(handler);
      return () => recognitionHandlers.delete(handler);
    },
    connected: () => client !== null,
    async close() {
      closed = true;
      clearInterval(heartbeat);
      if (reconnectTimer) clearTimeout(reconnectTimer);
      handlers.clear();
      sessionHandlers.clear();
      recognitionHandlers.clear();
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
