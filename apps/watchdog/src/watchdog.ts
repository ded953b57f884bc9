import { DatabaseOutage, isDatabaseUnavailable, type PrismaClient } from '@sage/db';
import {
  type SystemFault,
  type SystemFaultRound,
  type SystemTroubleLimits,
  systemClearedText,
  systemFaultKind,
  systemFaults,
  systemTroubleText,
} from '@sage/domain';
import { type SmsMessage, type SmsTransport, sendSms } from '@sage/notify/sms';
import {
  type Community,
  closeFault,
  type DatabaseView,
  openFault,
  readDatabase,
  type StoredFault,
} from './reads';

export interface WatchdogLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
  debug?(object: object, message: string): void;
}

export interface WatchdogOptions {
  prisma: PrismaClient;
  sms: SmsTransport;
  log: WatchdogLog;
  apiUrl: string;
  ingestUrl: string;
  limits: SystemTroubleLimits;
  /** A check slower than this failed. */
  probeTimeoutMs: number;
  /** Between rounds (`start`). */
  intervalMs: number;
  /** The sender when a community has no alerts number (TWILIO_FROM_NUMBER, else the outbox's dev sender). */
  defaultSender: string;
  now?: () => Date;
}

/** What one round did (logged; read by the tests). */
export interface RoundResult {
  databaseUp: boolean;
  opened: string[];
  cleared: string[];
  texts: { to: string; body: string; outcome: 'sent' | 'queued' | 'failed' }[];
}

/** The outbox's sender when there is no Twilio number (the API's sign-in codes use the same). */
export const DEV_SMS_SENDER = '+15005550006';

class Timeout extends Error {}

const within = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Timeout(`${what} took longer than ${ms} ms`)), ms);
    }),
  ]);
};

/**
 * The out-of-band watchdog (issue #29; decisions 0510-0513). Every round it checks the API's and the ingest's
 * /healthz, the database, the job queue's heartbeat and every gateway's last event; a fault that has lasted past
 * its limit is texted once to the on-call managers of every community it affects, and again when it clears.
 *
 * - Open faults are rows of "WatchdogFault" (claimed with INSERT … ON CONFLICT DO NOTHING, ended with DELETE …
 *   RETURNING): a restarted watchdog, or a second one, does not text them again.
 * - The database down: its own fault is kept in memory and texted to the recipients last read; through Twilio at
 *   once, through the outbox (a table of that database) queued in memory, logged as an error, and written when the
 *   database answers again. Heartbeats and gateways cannot be read then, so their faults wait (decision 0513).
 */
export class Watchdog {
  private apiDownSince: Date | null = null;
  private ingestDownSince: Date | null = null;
  private databaseDownSince: Date | null = null;
  /** When no heartbeat row was first seen (no job process has beaten, or the last one stopped cleanly). */
  private noHeartbeatSince: Date | null = null;
  /** The communities and recipients of the last database read: the texts' recipients while it is down. */
  private communities: Community[] = [];
  /** The database's fault, known in memory only (it cannot be written where it is). */
  private databaseFault: StoredFault | null = null;
  /** Outbox texts waiting for the database. */
  private queued: SmsMessage[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly databaseOutage = new DatabaseOutage();
  private get outageLog() {
    const { log } = this.options;
    return { info: log.info.bind(log), warn: log.warn.bind(log), debug: log.debug?.bind(log) ?? (() => {}) };
  }
  private running: Promise<unknown> | null = null;
  private stopped = true;
  private readonly now: () => Date;

  constructor(private readonly options: WatchdogOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /** Texts waiting for the database (outbox transport only). */
  get queuedTexts(): readonly SmsMessage[] {
    return this.queued;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const loop = () => {
      this.running = this.check()
        .catch((error) => this.options.log.error({ err: error }, 'watchdog round failed'))
        .finally(() => {
          this.running = null;
          if (!this.stopped) this.timer = setTimeout(loop, this.options.intervalMs);
        });
    };
    loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One round of checks, and the texts it calls for. */
  async check(): Promise<RoundResult> {
    const { prisma, probeTimeoutMs, limits } = this.options;
    const now = this.now();
    const [apiUp, ingestUp, view] = await Promise.all([
      this.probe(this.options.apiUrl),
      this.probe(this.options.ingestUrl),
      within(readDatabase(prisma), probeTimeoutMs, 'the database read').catch((error: unknown) => {
        // A database gone away is logged once until it is back (decision 0591); its trouble row says the rest.
        if (isDatabaseUnavailable(error)) this.databaseOutage.lost(this.outageLog, 'watchdog', error);
        else this.options.log.warn({ err: error }, 'watchdog: the database cannot be read');
        return null;
      }),
    ]);
    if (view) this.databaseOutage.back(this.outageLog, 'watchdog');
    this.apiDownSince = apiUp ? null : (this.apiDownSince ?? now);
    this.ingestDownSince = ingestUp ? null : (this.ingestDownSince ?? now);
    this.databaseDownSince = view ? null : (this.databaseDownSince ?? now);
    const result: RoundResult = { databaseUp: view !== null, opened: [], cleared: [], texts: [] };

    if (view) {
      this.communities = view.communities;
      await this.flushQueued(result);
    }
    let lastBeat: Date | undefined;
    if (view) {
      if (view.heartbeatAgeMs === null) {
        this.noHeartbeatSince ??= now;
        lastBeat = this.noHeartbeatSince;
      } else {
        this.noHeartbeatSince = null;
        lastBeat = new Date(now.getTime() - view.heartbeatAgeMs);
      }
    }
    const round = systemFaults(
      {
        apiDownSince: this.apiDownSince,
        ingestDownSince: this.ingestDownSince,
        databaseDownSince: this.databaseDownSince,
        jobsLastBeat: lastBeat,
        jobsMissing: view?.heartbeatAgeMs === null,
        gateways: view?.gateways.map((g) => ({
          id: g.id,
          facilityId: g.facilityId,
          name: g.name,
          lastHeard: new Date(now.getTime() - g.ageMs),
        })),
      },
      limits,
      now,
    );

    if (view) await this.reconcile(view, round, result);
    else await this.databaseDown(round.faults, result);
    return result;
  }

  /** The database answers: its own fault (if any) clears, and the stored faults are brought in line. */
  private async reconcile(
    view: DatabaseView,
    { faults, known, failing }: SystemFaultRound,
    result: RoundResult,
  ): Promise<void> {
    const { prisma, log } = this.options;
    if (this.databaseFault) {
      const fault = this.databaseFault;
      this.databaseFault = null;
      log.info({ fault: fault.key }, 'system trouble cleared');
      result.cleared.push(fault.key);
      await this.announce(fault, 'cleared', result);
    }
    const stored = new Map(view.faults.map((f) => [f.key, f]));
    for (const fault of faults) {
      if (stored.has(fault.key) || fault.kind === 'database') continue;
      const row: StoredFault = {
        key: fault.key,
        facilityId: fault.facilityId,
        subject: fault.subject,
        since: fault.since,
      };
      if (!(await openFault(prisma, row))) continue;
      log.error({ fault: row.key, since: row.since }, 'system trouble: alerts may be delayed');
      result.opened.push(row.key);
      await this.announce(row, 'trouble', result);
    }
    const gatewayIds = new Set(view.gateways.map((g) => g.id));
    for (const row of view.faults) {
      const kind = systemFaultKind(row.key);
      if (failing(row.key) || (kind && !known({ kind }))) continue;
      if (!(await closeFault(prisma, row.key))) continue;
      result.cleared.push(row.key);
      // A gateway removed (or a fault of a kind this version no longer knows) ends without a text.
      const gone = kind === null || (kind === 'gateway' && !gatewayIds.has(row.key.slice('gateway:'.length)));
      log.info({ fault: row.key, texted: !gone }, 'system trouble cleared');
      if (!gone) await this.announce(row, 'cleared', result);
    }
  }

  /** The database does not answer: only its own fault can be judged; it is kept in memory. */
  private async databaseDown(faults: SystemFault[], result: RoundResult): Promise<void> {
    const fault = faults.find((f) => f.kind === 'database');
    if (!fault || this.databaseFault) return;
    this.databaseFault = { key: fault.key, facilityId: null, subject: null, since: fault.since };
    this.options.log.error({ fault: fault.key, since: fault.since }, 'system trouble: alerts may be delayed');
    result.opened.push(fault.key);
    await this.announce(this.databaseFault, 'trouble', result);
  }

  /** Texts a fault to every community it affects (all, or its gateway's). */
  private async announce(fault: StoredFault, which: 'trouble' | 'cleared', result: RoundResult) {
    const kind = systemFaultKind(fault.key);
    if (!kind) return;
    const communities = this.communities.filter(
      (c) => !fault.facilityId || c.facilityId === fault.facilityId,
    );
    if (communities.length === 0) {
      this.options.log.error(
        { fault: fault.key },
        'watchdog: NO TEXT SENT: no community and recipient is known (the database has not been read yet)',
      );
    }
    for (const community of communities) {
      if (community.phones.length === 0) {
        this.options.log.error(
          { fault: fault.key, facilityId: community.facilityId },
          'watchdog: NO TEXT SENT: the community has no on-call manager and no Management group admin',
        );
        continue;
      }
      const input = {
        kind,
        subject: fault.subject,
        community: community.name,
        timeZone: community.timeZone,
        since: fault.since,
      };
      const body = which === 'trouble' ? systemTroubleText(input) : systemClearedText(input);
      const from = community.alertsNumber ?? this.options.defaultSender;
      for (const to of community.phones) {
        const outcome = await this.text({ to, from, body }, result);
        result.texts.push({ to, body, outcome });
      }
    }
  }

  /** Sends one text; with the outbox and the database down, queues it (and says so loudly). */
  private async text(message: SmsMessage, result: RoundResult): Promise<'sent' | 'queued' | 'failed'> {
    const { sms, log } = this.options;
    if (sms.kind === 'outbox' && !result.databaseUp) {
      this.queued.push(message);
      log.error(
        { to: message.to, body: message.body },
        'watchdog: TEXT QUEUED IN MEMORY: the outbox is a table of the unreachable database; written when it returns',
      );
      return 'queued';
    }
    try {
      await sendSms(sms, message);
      log.info({ to: message.to, transport: sms.kind }, 'watchdog text sent');
      return 'sent';
    } catch (error) {
      if (sms.kind === 'outbox') {
        this.queued.push(message);
        log.error({ err: error, to: message.to }, 'watchdog: TEXT QUEUED IN MEMORY: the outbox refused it');
        return 'queued';
      }
      log.error({ err: error, to: message.to, body: message.body }, 'watchdog: TEXT NOT SENT');
      return 'failed';
    }
  }

  /** Writes the texts queued while the database was down, oldest first; stops at the first refusal. */
  private async flushQueued(result: RoundResult): Promise<void> {
    while (this.queued.length > 0) {
      const message = this.queued[0]!;
      try {
        await sendSms(this.options.sms, message);
      } catch (error) {
        this.options.log.error({ err: error }, 'watchdog: queued texts still cannot be written');
        return;
      }
      this.queued.shift();
      result.texts.push({ to: message.to, body: message.body, outcome: 'sent' });
      this.options.log.info({ to: message.to }, 'watchdog: queued text written to the outbox');
    }
  }

  private async probe(base: string): Promise<boolean> {
    try {
      const res = await fetch(new URL('/healthz', base), {
        signal: AbortSignal.timeout(this.options.probeTimeoutMs),
      });
      await res.arrayBuffer().catch(() => {});
      return res.ok;
    } catch {
      return false;
    }
  }
}
