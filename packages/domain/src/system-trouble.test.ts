import { describe, expect, it } from 'vitest';
import {
  type SystemObservation,
  systemClearedText,
  systemFaultKind,
  systemFaults,
  systemTroubleText,
} from './system-trouble';

const NOW = new Date('2026-11-28T16:10:00Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);
const LIMITS = {
  apiSeconds: 30,
  ingestSeconds: 30,
  jobsSeconds: 30,
  databaseSeconds: 30,
  gatewayMinutes: 15,
};
const healthy: SystemObservation = {
  apiDownSince: null,
  ingestDownSince: null,
  databaseDownSince: null,
  jobsLastBeat: ago(1),
  gateways: [{ id: 'g1', facilityId: 'f1', name: 'East wing', lastHeard: ago(60) }],
};

describe('system faults (decision 0510)', () => {
  it.each<[string, Partial<SystemObservation>, string[]]>([
    ['all well', {}, []],
    ['ingest down 30 s: not yet', { ingestDownSince: ago(30) }, []],
    ['ingest down 31 s', { ingestDownSince: ago(31) }, ['ingest']],
    ['API down 45 s', { apiDownSince: ago(45) }, ['api']],
    ['database down 31 s', { databaseDownSince: ago(31) }, ['database']],
    ['database down 5 s: a restart, not texted', { databaseDownSince: ago(5) }, []],
    ['job heartbeat 29 s old', { jobsLastBeat: ago(29) }, []],
    ['job heartbeat 31 s old', { jobsLastBeat: ago(31) }, ['jobs']],
    [
      'gateway silent 15 min 1 s',
      { gateways: [{ id: 'g1', facilityId: 'f1', name: 'East wing', lastHeard: ago(15 * 60 + 1) }] },
      ['gateway:g1'],
    ],
    [
      'gateway silent 14 min',
      { gateways: [{ id: 'g1', facilityId: 'f1', name: 'East wing', lastHeard: ago(14 * 60) }] },
      [],
    ],
    [
      'several at once',
      { ingestDownSince: ago(40), jobsLastBeat: ago(40), apiDownSince: ago(2) },
      ['ingest', 'jobs'],
    ],
  ])('%s', (_name, change, keys) => {
    const round = systemFaults({ ...healthy, ...change }, LIMITS, NOW);
    expect(round.faults.map((f) => f.key)).toEqual(keys);
  });

  it("a gateway fault is its community's, named by the gateway, since it was last heard", () => {
    const lastHeard = ago(20 * 60);
    const round = systemFaults(
      { ...healthy, gateways: [{ id: 'g1', facilityId: 'f1', name: 'East wing', lastHeard }] },
      LIMITS,
      NOW,
    );
    expect(round.faults).toEqual([
      { key: 'gateway:g1', kind: 'gateway', facilityId: 'f1', subject: 'East wing', since: lastHeard },
    ]);
  });

  it('without the database, heartbeats and gateways are unknown: neither opened nor cleared', () => {
    const round = systemFaults(
      { ...healthy, databaseDownSince: ago(40), jobsLastBeat: undefined, gateways: undefined },
      LIMITS,
      NOW,
    );
    expect(round.faults.map((f) => f.key)).toEqual(['database']);
    expect(round.known({ kind: 'jobs' })).toBe(false);
    expect(round.known({ kind: 'gateway' })).toBe(false);
    expect(round.known({ kind: 'ingest' })).toBe(true);
    expect(round.known({ kind: 'database' })).toBe(true);
  });

  it.each<[string, Partial<SystemObservation>, string, boolean]>([
    ['ingest down 2 s: failing, not yet a fault', { ingestDownSince: ago(2) }, 'ingest', true],
    ['ingest up', {}, 'ingest', false],
    ['API down 1 s', { apiDownSince: ago(1) }, 'api', true],
    ['database down 1 s', { databaseDownSince: ago(1) }, 'database', true],
    ['no heartbeat row at all, just found', { jobsLastBeat: ago(1), jobsMissing: true }, 'jobs', true],
    ['heartbeat 10 s old', { jobsLastBeat: ago(10) }, 'jobs', false],
    ['heartbeat 40 s old', { jobsLastBeat: ago(40) }, 'jobs', true],
    ['gateway heard a minute ago', {}, 'gateway:g1', false],
  ])('failing now (a stored fault stays open): %s', (_name, change, key, failing) => {
    expect(systemFaults({ ...healthy, ...change }, LIMITS, NOW).failing(key)).toBe(failing);
  });

  it.each<[string, ReturnType<typeof systemFaultKind>]>([
    ['ingest', 'ingest'],
    ['database', 'database'],
    ['gateway:abc', 'gateway'],
    ['something', null],
  ])('the kind of key %s', (key, kind) => {
    expect(systemFaultKind(key)).toBe(kind);
  });
});

describe('system trouble texts (decision 0511)', () => {
  const input = {
    community: 'Maple Grove Assisted Living',
    timeZone: 'America/Chicago',
    since: new Date('2026-11-28T16:02:00Z'),
  };
  it.each<[Parameters<typeof systemTroubleText>[0]['kind'], string | null, string, string]>([
    [
      'ingest',
      null,
      "Sage Care: alerts at Maple Grove Assisted Living may be delayed: the device ingest is not answering (since 10:02). We'll text again when it's fixed.",
      'Sage Care: fixed at Maple Grove Assisted Living: the device ingest answers again (trouble since 10:02). Alerts are on time again.',
    ],
    [
      'jobs',
      null,
      "Sage Care: alerts at Maple Grove Assisted Living may be delayed: the alert sender (job process) has stopped (since 10:02). We'll text again when it's fixed.",
      'Sage Care: fixed at Maple Grove Assisted Living: the alert sender (job process) runs again (trouble since 10:02). Alerts are on time again.',
    ],
    [
      'database',
      null,
      "Sage Care: alerts at Maple Grove Assisted Living may be delayed: the database is unreachable (since 10:02). We'll text again when it's fixed.",
      'Sage Care: fixed at Maple Grove Assisted Living: the database is reachable again (trouble since 10:02). Alerts are on time again.',
    ],
    [
      'api',
      null,
      "Sage Care: alerts at Maple Grove Assisted Living may be delayed: the app server is not answering (since 10:02). We'll text again when it's fixed.",
      'Sage Care: fixed at Maple Grove Assisted Living: the app server answers again (trouble since 10:02). Alerts are on time again.',
    ],
    [
      'gateway',
      'East wing',
      "Sage Care: alerts at Maple Grove Assisted Living may be delayed: gateway East wing is silent (since 10:02). We'll text again when it's fixed.",
      'Sage Care: fixed at Maple Grove Assisted Living: gateway East wing is heard again (trouble since 10:02). Alerts are on time again.',
    ],
  ])('%s', (kind, subject, trouble, cleared) => {
    expect(systemTroubleText({ ...input, kind, subject })).toBe(trouble);
    expect(systemClearedText({ ...input, kind, subject })).toBe(cleared);
    // One text-message segment (160 GSM characters) for a community name this long.
    expect(trouble.length).toBeLessThanOrEqual(160);
    expect(cleared.length).toBeLessThanOrEqual(160);
  });

  it('an unknown time zone writes the time in UTC', () => {
    expect(
      systemTroubleText({ ...input, timeZone: 'Nowhere/Else', kind: 'ingest', subject: null }),
    ).toContain('(since 16:02 UTC)');
  });
});
