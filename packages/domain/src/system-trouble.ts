import { formatInTimeZone } from 'date-fns-tz';

/*
 * System trouble, announced out of band (issue #29; docs/decisions/0510-0512): which faults the watchdog texts
 * the on-call managers about, and what the texts say. The watchdog (apps/watchdog) observes; this file decides.
 */

export type SystemFaultKind = 'api' | 'ingest' | 'jobs' | 'database' | 'gateway';

/** How long each fault must last before it is texted (seconds; the gateway's in minutes, as supervision's). */
export interface SystemTroubleLimits {
  apiSeconds: number;
  ingestSeconds: number;
  jobsSeconds: number;
  databaseSeconds: number;
  gatewayMinutes: number;
}

/** What one round of checks saw. `null` "since": up. An unknown value (the database is down) is `undefined`. */
export interface SystemObservation {
  /** First failed check of the API's /healthz in the current run of failures. */
  apiDownSince: Date | null;
  ingestDownSince: Date | null;
  databaseDownSince: Date | null;
  /**
   * The newest job-queue heartbeat, or when the watchdog first found none (no job process has ever beaten,
   * or the last one stopped cleanly); undefined while the database cannot be read.
   */
  jobsLastBeat: Date | undefined;
  /** No heartbeat row at all (then `jobsLastBeat` is when the watchdog first found none). */
  jobsMissing?: boolean;
  /** Every gateway with when it was last heard; undefined while the database cannot be read. */
  gateways: { id: string; facilityId: string; name: string; lastHeard: Date }[] | undefined;
}

export interface SystemFault {
  /** 'api', 'ingest', 'jobs', 'database' or 'gateway:<id>'. */
  key: string;
  kind: SystemFaultKind;
  /** The gateway's community; null: every community's alerts are affected. */
  facilityId: string | null;
  /** The gateway's name; null for the others. */
  subject: string | null;
  since: Date;
}

export interface SystemFaultRound {
  /** The faults that have lasted past their limit. */
  faults: SystemFault[];
  /** Whether faults of this kind could be judged this round (an unknown one is neither opened nor cleared). */
  known: (fault: Pick<SystemFault, 'kind'>) => boolean;
  /**
   * Whether the fault of `key` is failing now, for however short a time: a stored fault clears only when its
   * check passes (a restarted watchdog, whose clocks start again, must not call a fault fixed).
   */
  failing: (key: string) => boolean;
}

/** The faults of a round of checks, each past its limit at `now`. */
export function systemFaults(
  seen: SystemObservation,
  limits: SystemTroubleLimits,
  now: Date,
): SystemFaultRound {
  const faults: SystemFault[] = [];
  const past = (since: Date | null | undefined, ms: number): since is Date =>
    since instanceof Date && now.getTime() - since.getTime() > ms;
  const whole = (kind: SystemFaultKind, since: Date): SystemFault => ({
    key: kind,
    kind,
    facilityId: null,
    subject: null,
    since,
  });
  if (past(seen.databaseDownSince, limits.databaseSeconds * 1000))
    faults.push(whole('database', seen.databaseDownSince));
  if (past(seen.ingestDownSince, limits.ingestSeconds * 1000))
    faults.push(whole('ingest', seen.ingestDownSince));
  if (past(seen.apiDownSince, limits.apiSeconds * 1000)) faults.push(whole('api', seen.apiDownSince));
  if (past(seen.jobsLastBeat, limits.jobsSeconds * 1000)) faults.push(whole('jobs', seen.jobsLastBeat));
  for (const gateway of seen.gateways ?? []) {
    if (past(gateway.lastHeard, limits.gatewayMinutes * 60_000)) {
      faults.push({
        key: `gateway:${gateway.id}`,
        kind: 'gateway',
        facilityId: gateway.facilityId,
        subject: gateway.name,
        since: gateway.lastHeard,
      });
    }
  }
  const jobsKnown = seen.jobsLastBeat !== undefined;
  const gatewaysKnown = seen.gateways !== undefined;
  const failing = new Set(faults.map((f) => f.key));
  if (seen.databaseDownSince) failing.add('database');
  if (seen.ingestDownSince) failing.add('ingest');
  if (seen.apiDownSince) failing.add('api');
  if (seen.jobsMissing) failing.add('jobs');
  return {
    faults,
    known: ({ kind }) => (kind === 'jobs' ? jobsKnown : kind === 'gateway' ? gatewaysKnown : true),
    failing: (key) => failing.has(key),
  };
}

/** The kind of a stored fault key. */
export function systemFaultKind(key: string): SystemFaultKind | null {
  if (key.startsWith('gateway:')) return 'gateway';
  return (['api', 'ingest', 'jobs', 'database'] as const).find((k) => k === key) ?? null;
}

const TROUBLE_WHAT: Record<SystemFaultKind, (subject: string | null) => string> = {
  api: () => 'the app server is not answering',
  ingest: () => 'the device ingest is not answering',
  jobs: () => 'the alert sender (job process) has stopped',
  database: () => 'the database is unreachable',
  gateway: (name) => `gateway ${name ?? ''} is silent`,
};

const CLEARED_WHAT: Record<SystemFaultKind, (subject: string | null) => string> = {
  api: () => 'the app server answers again',
  ingest: () => 'the device ingest answers again',
  jobs: () => 'the alert sender (job process) runs again',
  database: () => 'the database is reachable again',
  gateway: (name) => `gateway ${name ?? ''} is heard again`,
};

export interface SystemTroubleTextInput {
  kind: SystemFaultKind;
  subject: string | null;
  community: string;
  /** The community's time zone: times are written as its clocks show them. */
  timeZone: string;
  since: Date;
}

const clock = (at: Date, timeZone: string): string => {
  try {
    return formatInTimeZone(at, timeZone, 'HH:mm');
  } catch {
    return formatInTimeZone(at, 'UTC', "HH:mm 'UTC'");
  }
};

/** "Sage Care: alerts at Maple Grove may be delayed: the device ingest is not answering (since 10:02). …" */
export function systemTroubleText(input: SystemTroubleTextInput): string {
  return (
    `Sage Care: alerts at ${input.community} may be delayed: ${TROUBLE_WHAT[input.kind](input.subject)} ` +
    `(since ${clock(input.since, input.timeZone)}). We'll text again when it's fixed.`
  );
}

/** "Sage Care: fixed at Maple Grove: the device ingest answers again (down since 10:02). Alerts are on time." */
export function systemClearedText(input: SystemTroubleTextInput): string {
  return (
    `Sage Care: fixed at ${input.community}: ${CLEARED_WHAT[input.kind](input.subject)} ` +
    `(trouble since ${clock(input.since, input.timeZone)}). Alerts are on time again.`
  );
}
