import type { TaskChangedNotification } from '@sage/db';
import { createPgClient } from '@sage/db/hosts';
import { connect, type NatsConnection } from 'nats';
import type pg from 'pg';
import {
  type BusLogger,
  DEVICE_QA_CHANNEL,
  NATS_CONNECT_OPTIONS,
  NATS_SUBJECTS,
  RECOGNITION_CHANNEL,
  SESSION_ENDED_CHANNEL,
} from './subjects';

export interface LiveRelayOptions {
  connectionString: string;
  natsUrl: string;
  logger: BusLogger;
  /** How often the leader reads new TaskChange rows while changes keep coming (ms; within 1 s of the last). */
  pollIntervalMs?: number;
  /** How often it reads them when none came for a second (ms): the first change after a quiet spell waits longer. */
  idlePollIntervalMs?: number;
  /** How often a standby asks for the leadership, and the reconnect delay after a dropped connection (ms). */
  standbyRetryMs?: number;
  /** How long a missing version is looked for again before it is taken as rolled back (ms). */
  gapWaitMs?: number;
  /**
   * What a new leader publishes again on taking over (its predecessor may have died before publishing it), and
   * how long before a dropped NATS connection was noticed the relay publishes again after reconnecting (ms).
   */
  takeoverReplayMs?: number;
}

export interface LiveRelay {
  /** Whether this process is the relay publishing right now (one per database). */
  leading(): boolean;
  /** Whether its NATS connection is up (while it is not, the relay publishes nothing, and catches up after). */
  connected(): boolean;
  close(): Promise<void>;
}

/** The session advisory lock whose holder is the relay (one per database). */
export const LIVE_RELAY_LOCK = 7_304_001;
export const LIVE_RELAY_APPLICATION_NAME = 'sage-live-relay';

const BATCH = 1_000;
const GAPS_TRACKED = 10_000;

type Row = Omit<TaskChangedNotification, 'version'> & { version: string };

const READ = `
(SELECT version::text AS version, "facilityId", "taskId", status::text AS status, severity::text AS severity
   FROM "TaskChange" WHERE version > $1 ORDER BY version LIMIT ${BATCH})
UNION ALL
(SELECT version::text AS version, "facilityId", "taskId", status::text AS status, severity::text AS severity
   FROM "TaskChange" WHERE version = ANY($2::bigint[]))`;

/**
 * The publishing side of the NATS live bus (decision 0400). Writers do not publish: they record each task
 * change as a TaskChange row in their own transaction, as always (the outbox). The relay reads the rows
 * committed since the last it published, in version order, and publishes them; it also LISTENs for the two
 * rare announcements (ended sessions, high fives, still NOTIFY'd by their transactions) and republishes them.
 *
 * Every API and job process runs a relay; one holds the advisory lock and publishes, the others wait. A
 * version skipped because its transaction had not committed yet is looked for again for `gapWaitMs`. A new
 * leader publishes the last `takeoverReplayMs` again (subscribers drop versions they have delivered), so a
 * change committed while no relay was publishing still goes out.
 */
export async function startLiveRelay(options: LiveRelayOptions): Promise<LiveRelay> {
  const { logger } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 3;
  const idlePollIntervalMs = options.idlePollIntervalMs ?? 20;
  const standbyRetryMs = options.standbyRetryMs ?? 1_000;
  const gapWaitMs = options.gapWaitMs ?? 10_000;
  const takeoverReplayMs = options.takeoverReplayMs ?? 10_000;
  const nc: NatsConnection = await connect({
    servers: options.natsUrl,
    name: LIVE_RELAY_APPLICATION_NAME,
    ...NATS_CONNECT_OPTIONS,
  });
  const encoder = new TextEncoder();
  const publish = (subject: string, data: string) => {
    try {
      nc.publish(subject, encoder.encode(data));
    } catch (error) {
      logger.warn({ err: error, subject }, 'live relay could not publish');
    }
  };

  // nats.js drops what was published while it is disconnected (each dial attempt resets its outbound buffer),
  // and what was written just before a drop may never have arrived (NATS is at most once). So the relay reads
  // nothing while NATS is down and, once reconnected, publishes again what was committed since shortly before
  // the drop; subscribers deliver a version once.
  let natsUp = true;
  let downSince = 0;
  let republishFrom: number | null = null;
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect') {
        if (natsUp) downSince = Date.now();
        natsUp = false;
      } else if (status.type === 'reconnect') {
        natsUp = true;
        republishFrom = downSince;
      }
    }
  })();

  let closed = false;
  let client: pg.Client | null = null;
  let leader = false;
  let timer: NodeJS.Timeout | null = null;
  let last = 0;
  let lastFreshAt = 0;
  /** Versions skipped by a read (not yet committed, or rolled back) and until when to look for them. */
  const gaps = new Map<number, number>();

  const schedule = (fn: () => Promise<void>, ms: number) => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      fn().catch((error) => {
        logger.warn({ err: error }, 'live relay connection lost: standing by');
        drop();
        schedule(attempt, standbyRetryMs);
      });
    }, ms);
  };

  const drop = () => {
    const c = client;
    client = null;
    leader = false;
    if (c) {
      c.removeAllListeners('notification');
      c.on('error', () => {});
      c.end().catch(() => {});
    }
  };

  /** Connects if needed and asks for the leadership; leads, or tries again later. */
  const attempt = async () => {
    if (!client) {
      const c = createPgClient(options.connectionString, {
        application_name: LIVE_RELAY_APPLICATION_NAME,
      });
      c.on('error', (error) => {
        logger.warn({ err: error }, 'live relay connection error');
        if (client === c) drop();
      });
      await c.connect();
      client = c;
    }
    const c = client;
    const { rows } = await c.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
      LIVE_RELAY_LOCK,
    ]);
    if (!rows[0]!.locked) return schedule(attempt, standbyRetryMs);
    c.on('notification', (message) => {
      if (message.channel === SESSION_ENDED_CHANNEL && message.payload)
        publish(NATS_SUBJECTS.sessionEnded, message.payload);
      if (message.channel === RECOGNITION_CHANNEL && message.payload)
        publish(NATS_SUBJECTS.recognition, message.payload);
      if (message.channel === DEVICE_QA_CHANNEL && message.payload)
        publish(NATS_SUBJECTS.deviceQa, message.payload);
    });
    await c.query(
      `LISTEN ${SESSION_ENDED_CHANNEL}; LISTEN ${RECOGNITION_CHANNEL}; LISTEN ${DEVICE_QA_CHANNEL}`,
    );
    const start = await c.query<{ last: string }>(
      `SELECT coalesce(
         (SELECT min(version) - 1 FROM "TaskChange" WHERE "changedAt" >= now() - make_interval(secs => $1)),
         (SELECT max(version) FROM "TaskChange"), 0)::text AS last`,
      [takeoverReplayMs / 1000],
    );
    last = Number(start.rows[0]!.last);
    gaps.clear();
    leader = true;
    // Announcements made while no relay was listening are lost: have every process read its sessions again.
    publish(NATS_SUBJECTS.sessionEnded, '');
    logger.info({ from: last }, 'live relay leading: publishing task changes to NATS');
    schedule(poll, 0);
  };

  const poll = async () => {
    const c = client;
    if (!c || !leader) return schedule(attempt, standbyRetryMs);
    if (!natsUp) return schedule(poll, idlePollIntervalMs);
    if (republishFrom !== null) {
      const seconds = (Date.now() - republishFrom + takeoverReplayMs) / 1000;
      republishFrom = null;
      const { rows } = await c.query<{ before: string | null }>(
        `SELECT (min(version) - 1)::text AS before FROM "TaskChange" WHERE "changedAt" >= now() - make_interval(secs => $1)`,
        [seconds],
      );
      const before = rows[0]?.before;
      if (before !== null && before !== undefined) last = Math.min(last, Number(before));
      logger.info(
        { from: last },
        'live relay reconnected to NATS: publishing again what was committed meanwhile',
      );
    }
    const now = Date.now();
    for (const [version, until] of gaps) if (until < now) gaps.delete(version);
    const { rows } = await c.query<Row>(READ, [last, [...gaps.keys()]]);
    let fresh = 0;
    for (const row of rows) {
      const version = Number(row.version);
      if (version > last) {
        fresh++;
        for (let missing = last + 1; missing < version && gaps.size < GAPS_TRACKED; missing++) {
          gaps.set(missing, now + gapWaitMs);
        }
        last = version;
      } else {
        gaps.delete(version);
      }
      publish(NATS_SUBJECTS.taskChanged, JSON.stringify({ ...row, version }));
    }
    if (fresh) lastFreshAt = now;
    schedule(poll, fresh >= BATCH ? 0 : now - lastFreshAt < 1_000 ? pollIntervalMs : idlePollIntervalMs);
  };

  schedule(attempt, 0);

  return {
    leading: () => leader,
    connected: () => natsUp && !nc.isClosed(),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      drop();
      await nc.drain().catch(() => {});
    },
  };
}
