import type { TaskChangedNotification } from '@sage/db';
import { createPgPool } from '@sage/db/hosts';
import { connect, type Msg, type NatsConnection, type NatsError } from 'nats';
import { createBusHandlers, type LiveBus, RECENT_VERSIONS_KEPT, taskChangesSince } from './handlers';
import {
  type BusLogger,
  type DeviceQaNotification,
  NATS_CONNECT_OPTIONS,
  NATS_SUBJECTS,
  type RecognitionNotification,
} from './subjects';

export interface NatsLiveBusOptions {
  natsUrl: string;
  /** The database the catch-up reads TaskChange rows from. */
  connectionString: string;
  logger: BusLogger;
  /**
   * How often the changes recorded lately are read again and those never received delivered (ms): heals a
   * message NATS dropped (it keeps none) without a reconnect to notice it by.
   */
  healIntervalMs?: number;
}

/** The subscriber's side: a LiveBus (handlers.ts). */
export interface NatsLiveBus extends LiveBus {
  subscribeRecognitions(handler: (recognition: RecognitionNotification) => void): () => void;
  subscribeDeviceQa(handler: (notice: DeviceQaNotification) => void): () => void;
  connected(): boolean;
  /** Reads the changes recorded since `since` (less the margin) and delivers those not delivered yet. */
  catchUp(since: Date, until?: Date): Promise<number>;
  close(): Promise<void>;
}

export const NATS_LIVE_BUS_NAME = 'sage-live-bus';

const HEAL_SETTLE_MS = 2_000;

/**
 * One NATS connection per API process (decision 0400), subscribed to the relay's subjects. NATS keeps no
 * messages, so the TaskChange rows are the truth: after a reconnect the bus replays the rows recorded since
 * it was last connected, and every `healIntervalMs` it reads the recent rows again, delivering any it never
 * received; versions already delivered are not delivered twice.
 */
export async function createNatsLiveBus(options: NatsLiveBusOptions): Promise<NatsLiveBus> {
  const { logger } = options;
  const healIntervalMs = options.healIntervalMs ?? 10_000;
  const handlers = createBusHandlers(logger, RECENT_VERSIONS_KEPT);
  const decoder = new TextDecoder();
  const parse = <T>(msg: Msg, what: string): T | null => {
    try {
      return JSON.parse(decoder.decode(msg.data)) as T;
    } catch (error) {
      logger.warn({ err: error, subject: msg.subject }, `unreadable ${what}`);
      return null;
    }
  };

  const pool = createPgPool(options.connectionString, {
    max: 1,
    application_name: `${NATS_LIVE_BUS_NAME}-catch-up`,
  });
  pool.on('error', (error) => logger.warn({ err: error }, 'live bus catch-up connection error'));

  const catchUp = async (since: Date, until?: Date): Promise<number> => {
    const rows = await taskChangesSince(pool, since, until);
    let delivered = 0;
    for (const row of rows) if (handlers.change(row)) delivered++;
    return delivered;
  };

  const nc: NatsConnection = await connect({
    servers: options.natsUrl,
    name: NATS_LIVE_BUS_NAME,
    ...NATS_CONNECT_OPTIONS,
  });
  let isConnected = true;
  /** When the connection was last known good (for the catch-up after a reconnect). */
  let lastAliveAt = new Date();

  const onError = (what: string) => (error: NatsError | null) => {
    if (error) logger.warn({ err: error }, `live bus ${what} subscription error`);
  };
  nc.subscribe(NATS_SUBJECTS.taskChanged, {
    callback: (error, msg) => {
      if (error) return onError('task change')(error);
      const change = parse<TaskChangedNotification>(msg, 'task change notification');
      if (!change) return;
      change.version = Number(change.version);
      handlers.change(change);
    },
  });
  nc.subscribe(NATS_SUBJECTS.sessionEnded, {
    callback: (error, msg) => {
      if (error) return onError('session')(error);
      const id = decoder.decode(msg.data);
      handlers.sessionEnded(id || null);
    },
  });
  nc.subscribe(NATS_SUBJECTS.recognition, {
    callback: (error, msg) => {
      if (error) return onError('recognition')(error);
      const recognition = parse<RecognitionNotification>(msg, 'recognition notification');
      if (recognition) handlers.recognized(recognition);
    },
  });
  nc.subscribe(NATS_SUBJECTS.deviceQa, {
    callback: (error, msg) => {
      if (error) return onError('device QA')(error);
      const notice = parse<DeviceQaNotification>(msg, 'device QA notification');
      if (notice) handlers.deviceQaChanged(notice);
    },
  });
  // Subscriptions reach the server before this returns, so nothing published after it is missed.
  await nc.flush();

  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect') {
        if (isConnected) lastAliveAt = new Date();
        isConnected = false;
        logger.warn({ server: status.data }, 'live bus disconnected from NATS: reconnecting');
      } else if (status.type === 'reconnect') {
        isConnected = true;
        const since = lastAliveAt;
        handlers.sessionEnded(null);
        catchUp(since).then(
          (count) =>
            logger.info({ count }, 'live bus reconnected to NATS: replayed changes recorded meanwhile'),
          (error) => logger.error({ err: error }, 'live bus catch-up failed'),
        );
      }
    }
  })();

  let lastHealAt = new Date(Date.now() - HEAL_SETTLE_MS);
  let healing = false;
  const heal = setInterval(() => {
    if (healing || !isConnected) return;
    healing = true;
    // Rows younger than HEAL_SETTLE_MS are left to the relay (it may simply not have published them yet).
    const until = new Date(Date.now() - HEAL_SETTLE_MS);
    catchUp(lastHealAt, until)
      .then((count) => {
        lastHealAt = until;
        if (count) logger.warn({ count }, 'live bus healed changes NATS never delivered');
      })
      .catch((error) => logger.warn({ err: error }, 'live bus heal failed'))
      .finally(() => {
        healing = false;
      });
  }, healIntervalMs);
  heal.unref();

  return {
    subscribe: handlers.subscribe,
    subscribeSessionEnded: handlers.subscribeSessionEnded,
    subscribeRecognitions: handlers.subscribeRecognitions,
    subscribeDeviceQa: handlers.subscribeDeviceQa,
    connected: () => isConnected && !nc.isClosed(),
    catchUp,
    async close() {
      clearInterval(heal);
      handlers.clear();
      await nc.close().catch(() => {});
      await pool.end().catch(() => {});
    },
  };
}
