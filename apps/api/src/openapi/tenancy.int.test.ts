import type { TLiveServerMessage, TLiveTaskChangedMessage } from '@sage/contract';
import { recordTaskChange } from '@sage/db';
import type { TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSessionToken } from '../modules/auth/sessions/open-session';
import { connectLive, type LiveClient } from '../modules/live/live-client';
import { buildTestApp, type TestApp } from '../test/app';
import {
  candidateRequests,
  type FuzzWorld,
  type Operation,
  openApiDocument,
  operationsOf,
  type RequestParts,
  type SeededIds,
  seedWorld,
  toInject,
} from './operations.testing';
import {
  differences,
  firstTermIn,
  seedTenantExtras,
  type TenantRows,
  tenantRows,
  withTenantValues,
} from './tenancy.testing';

/** The smallest PNG: a 1x1 transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** An entry of the audit log reply (JSON entries or CSV rows) of another community than the world's. */
const foreignAuditEntry = (body: string, w: FuzzWorld): string | undefined => {
  const own = (enterpriseId: unknown, facilityId: unknown) =>
    (enterpriseId === w.facility.enterpriseId || !enterpriseId) &&
    (facilityId === w.facility.facilityId || !facilityId);
  if (body.trimStart().startsWith('{')) {
    const { entries = [] } = JSON.parse(body) as {
      entries?: { enterpriseId?: unknown; facilityId?: unknown }[];
    };
    const entry = entries.find((e) => !own(e.enterpriseId, e.facilityId));
    return entry ? `audit entry ${JSON.stringify(entry)}` : undefined;
  }
  const [header = '', ...rows] = body.split('\n').filter((line) => line.length > 0);
  const columns = header.split(',');
  const [ent, fac] = [columns.indexOf('enterpriseId'), columns.indexOf('facilityId')];
  if (ent < 0 || fac < 0) return `audit export without enterpriseId and facilityId columns: ${header}`;
  const row = rows.find((line) => {
    const cells = line.split(',');
    return !own(cells[ent], cells[fac]);
  });
  return row ? `audit row ${row}` : undefined;
};

/** The API's port for the live socket (this helper's range). */
const PORT = 3240;

const seedTermsOf = (w: FuzzWorld, v: SeededIds): string[] => {
  const f = w.facility;
  return [f.enterpriseId, f.facilityId, f.tag, ...Object.values(w.ids.byEntity)].filter(
    (s): s is string => typeof s === 'string' && s.length > 0,
  );
};
/** A's staff's phone numbers: a text to one of them in the outbox is A's. */
const outboxTermsOf = (w: FuzzWorld) => ({
  OutboxMessage: Object.values(w.facility.staff)
    .map((s) => s.phoneNumber)
    .filter((p): p is string => typeof p === 'string' && p.length > 0),
});

/**
 * Tenancy (issue 17): two enterprises, each with a richly seeded facility. Every operation of the OpenAPI
 * document (read from GET /docs/json, so new routes join by themselves) is called as B's manager with A's ids
 * in path, query and body, then with B's own path ids and A's ids in query and body, and a sample as B's
 * caregiver. No 2xx reply names any of A's ids, names or phone numbers; after all of them, none of A's rows
 * (every row of every table that names A, found by following ids) was added, changed or removed; and a live
 * socket of B receives no change of A's tasks.
 */
describe('[API][TENANCY] another community’s ids get nothing and change nothing', () => {
  let t: TestApp;
  let a: FuzzWorld;
  let b: FuzzWorld;
  let operations: Operation[];
  let caregiverHeaders: Record<string, string>;
  let live: LiveClient;
  let url: string;
  let aValues: SeededIds;
  let bValues: SeededIds;
  /** A's ids, but B's facility and enterprise. */
  let mixedValues: SeededIds;

  beforeAll(async () => {
    t = await buildTestApp();
    a = await seedWorld(t);
    b = await seedWorld(t);
    aValues = withTenantValues(a, await seedTenantExtras(t.db.prisma, a));
    bValues = withTenantValues(b, await seedTenantExtras(t.db.prisma, b));
    mixedValues = {
      ...aValues,
      byEntity: { ...aValues.byEntity, facility: b.facility.facilityId, enterprise: b.facility.enterpriseId },
    };
    operations = operationsOf(await openApiDocument(t));
    caregiverHeaders = await t.headersFor(b.facility.staff.caregiver.id);
    url = await t.app.listen({ host: '127.0.0.1', port: PORT });
    const { token } = await openSessionToken(t.db.prisma, b.managerId, t.config.JWT_SECRET, 600);
    live = await connectLive(url, { auth: { accessToken: token, staffMemberId: b.managerId } });
    await live.waitFor((m) => m.type === 'ready');
  }, 60_000);
  afterAll(async () => {
    live?.close();
    await t?.close();
  });

  /** A task change as the worker and the API record it (the change and its TaskChange + NOTIFY). */
  const touchTask = (f: TestFacility, taskId: string) =>
    t.db.prisma.$transaction(async (tx) => {
      const task = await tx.task.update({ where: { id: taskId }, data: { status: 'OPEN_UNCLAIMED' } });
      await recordTaskChange(tx, {
        facilityId: f.facilityId,
        taskId,
        status: task.status,
        severity: task.severity,
      });
    });

  it('answers no 2xx with A’s data, changes none of A’s rows, and sends B no change of A’s tasks', async () => {
    expect(a.facility.enterpriseId).not.toBe(b.facility.enterpriseId);
    const before: TenantRows = await tenantRows(t.db.prisma, seedTermsOf(a, aValues), outboxTermsOf(a));
    // Sanity: the fingerprint sees A's seeded rows and none of B's.
    expect(before.rows.get('Task')?.has(a.ids.byEntity.task!)).toBe(true);
    expect(before.terms.has(b.ids.byEntity.task!)).toBe(false);
    // A's ids, names (the tag is in every one) and phone numbers: none may appear in a 2xx reply to B.
    const aTerms = [...before.terms];

    const leaks: string[] = [];
    let sent = 0;
    const statuses: Record<string, number> = {};
    /** Operations one request of which was not refused as a 400 (the others are listed: a 400 may be the handler's own refusal). */
    const reached = new Set<string>();
    const send = async (op: Operation, parts: RequestParts, headers: Record<string, string>, who: string) => {
      sent++;
      let res = await t.app.inject(toInject(op, parts, headers));
      // A route that takes bytes (an image upload) says so in its 400: send it a small PNG instead.
      if (res.statusCode === 400 && res.body.includes('application/octet-stream')) {
        sent++;
        const options = toInject(op, { ...parts, body: undefined }, headers);
        res = await t.app.inject({
          ...options,
          payload: PNG,
          headers: { ...options.headers, 'content-type': 'application/octet-stream' },
        });
      }
      if (res.statusCode !== 400) reached.add(`${op.method} ${op.path}`);
      const key = `${who} ${res.statusCode}`;
      statuses[key] = (statuses[key] ?? 0) + 1;
      if (res.statusCode >= 200 && res.statusCode < 300) {
        // A's id echoed from the request (`skipped: [{taskId, NOT_FOUND}]`) tells B nothing it did not send.
        const request = JSON.stringify(parts);
        // The audit log lists B's own requests, A's ids in their parameters included (B sent them all by
        // now): there each entry must be of B's community.
        const term = op.path.includes('/auditLog')
          ? foreignAuditEntry(res.body, b)
          : firstTermIn(
              res.body,
              aTerms.filter((term) => !request.includes(term)),
            );
        // One finding per operation and caller keeps a failure readable.
        const where = `${op.method} ${op.path} as ${who}`;
        if (term && !leaks.some((l) => l.startsWith(`${where} `))) {
          leaks.push(
            `${where} ${JSON.stringify(parts)}: ${res.statusCode} names A's ${term}: ${res.body.slice(0, 300)}`,
          );
        }
      }
      return res;
    };

    const withoutAuth: string[] = [];
    for (const op of operations) {
      // Routes open to anyone (signing in by phone number) know no caller and no tenant: listed, not run.
      // A protected route answers a request without a token with the auth hook's 401 `login_required`
      // (validation may answer 400 before it, so every candidate is tried); a sign-in route's own 401
      // (a wrong code) does not count. Probed with B's ids: a sign-in route texts a code to the number it is given.
      const allOfA = candidateRequests(op, aValues);
      const pathOfB = candidateRequests(op, bValues);
      const anonymous: string[] = [];
      for (const parts of pathOfB) {
        const res = await t.app.inject(toInject(op, parts, {}));
        anonymous.push(
          res.statusCode === 401 ? String((res.json() as { code?: unknown }).code) : String(res.statusCode),
        );
        if (anonymous.at(-1) === 'login_required') break;
      }
      if (!anonymous.includes('login_required') && anonymous.some((code) => code !== '400')) {
        withoutAuth.push(`${op.method} ${op.path}`);
        continue;
      }
      for (const parts of allOfA) await send(op, parts, b.headers, 'B manager, A ids');
      // B's own community (facility, enterprise) with A's other ids: A's resident in B's care event, A's
      // staff member in B's facility's group. Then B's own path ids as well: A's unit for B's resident.
      const mixed = candidateRequests(op, mixedValues);
      for (let i = 0; i < mixed.length; i++) {
        if (JSON.stringify(mixed[i]) !== JSON.stringify(allOfA[i]))
          await send(op, mixed[i]!, b.headers, 'B manager, B community with A ids');
      }
      if (op.parameters.some((p) => p.in === 'path')) {
        for (let i = 0; i < mixed.length; i++) {
          await send(
            op,
            { ...mixed[i]!, params: pathOfB[i]?.params ?? mixed[i]!.params },
            b.headers,
            'B manager, B path ids',
          );
        }
      }
      await send(op, allOfA[0]!, caregiverHeaders, 'B caregiver, A ids');
    }

    // A's rows after every operation, before the test itself changes A's task below.
    const after = await tenantRows(t.db.prisma, seedTermsOf(a, aValues), outboxTermsOf(a));
    const changed = differences(before, after);

    // The live socket (open through every operation above): A's task changes, then B's; B's own change
    // arriving shows A's would have arrived by then. A socket opened afterwards that asks for every change
    // since the first (the catch-up after a reconnect) gets none of A's either.
    await touchTask(a.facility, a.ids.byEntity.task!);
    await touchTask(b.facility, b.ids.byEntity.task!);
    const ownChange = (m: TLiveServerMessage): m is TLiveTaskChangedMessage =>
      m.type === 'task.changed' && m.taskId === b.ids.byEntity.task;
    await live.waitFor(ownChange);
    const { token } = await openSessionToken(t.db.prisma, b.managerId, t.config.JWT_SECRET, 600);
    const catchUp = await connectLive(url, {
      auth: { accessToken: token, staffMemberId: b.managerId, sinceVersion: 0 },
    });
    try {
      await catchUp.waitFor(ownChange);
      await catchUp.waitFor((m) => m.type === 'ready');
    } finally {
      catchUp.close();
    }
    const liveLeaks = [...live.messages, ...catchUp.messages]
      .map((m) => JSON.stringify(m.message))
      .filter((m) => firstTermIn(m, aTerms) !== undefined);
    // Sanity: the socket did receive task changes (of B's), so silence about A's means something.
    expect(live.messages.some((m) => ownChange(m.message))).toBe(true);

    console.log(
      `tenancy: ${operations.length} operations, ${sent} requests as B; open to anyone (not run): ${withoutAuth.join(', ') || 'none'}`,
    );
    const unreached = operations
      .map((op) => `${op.method} ${op.path}`)
      .filter((name) => !reached.has(name) && !withoutAuth.includes(name));
    console.log(
      `tenancy: replies ${JSON.stringify(statuses)}; only 400s for: ${unreached.join(', ') || 'none'}`,
    );
    expect({ leaks, changed, liveLeaks }).toEqual({ leaks: [], changed: [], liveLeaks: [] });
  }, 120_000);
});
