import type { TLiveServerMessage, TLiveTaskChangedMessage } from '@sage/contract';
import { recordTaskChange } from '@sage/db';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { type NatsServer, startNatsServer } from '@sage/live-bus/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { openSessionToken } from '../auth/sessions/open-session';
import { taskChangedFrame } from './hub';
import { connectLive, type LiveClient } from './live-client';

/**
 * The three payload length encodings of RFC 6455 (7-bit up to 125 bytes, 16-bit up to 65,535, 64-bit beyond)
 * through the whole API to real `ws` clients (decision 0690). Task changes go over the NATS live bus (a real
 * nats-server), as deployed with LIVE_BUS_URL: the relay publishes the TaskChange rows as recorded, whatever
 * their size (a Postgres NOTIFY carries at most 8,000 bytes). A long task id makes a frame of an exact size.
 */
describe('[LIVE][NATS]: /live frames of every length encoding arrive intact', () => {
  let nats: NatsServer;
  let t: TestApp;
  let url: string;
  let f: TestFacility;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    nats = await startNatsServer();
    t = await buildTestApp({ LIVE_BUS_URL: nats.url });
    url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    f = await createTestFacility(t.db.prisma);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await t?.close();
    await nats?.stop();
  });

  const connect = async (staffMemberId: string, sinceVersion?: number) => {
    const { token } = await openSessionToken(t.db.prisma, staffMemberId, t.config.JWT_SECRET, 600);
    const client = await connectLive(url, { auth: { accessToken: token, staffMemberId, sinceVersion } });
    clients.push(client);
    return client;
  };
  const record = (taskId: string) =>
    t.db.prisma.$transaction((tx) =>
      recordTaskChange(tx, {
        facilityId: f.facilityId,
        taskId,
        status: 'OPEN_UNCLAIMED',
        severity: 'EMERGENCY',
      }),
    );
  /** The task.changed frame of version `version` whose UTF-8 payload is exactly `bytes` long. */
  const changeOfSize = (bytes: number, version: number): TLiveTaskChangedMessage => {
    const message = {
      type: 'task.changed' as const,
      taskId: '',
      facilityId: f.facilityId,
      status: 'OPEN_UNCLAIMED' as const,
      severity: 'EMERGENCY' as const,
      version,
    };
    const rest = Buffer.byteLength(taskChangedFrame(message));
    if (bytes <= rest)
      throw new Error(`a task.changed frame of this facility has at least ${rest + 1} bytes`);
    return { ...message, taskId: 't'.repeat(bytes - rest) };
  };
  const changes = (c: LiveClient) =>
    c.messages.map((m) => m.message).filter((m): m is TLiveTaskChangedMessage => m.type === 'task.changed');
  const bytesOf = (m: TLiveServerMessage) => Buffer.byteLength(JSON.stringify(m));

  it('7-bit, 16-bit and 64-bit lengths, on the boundaries, live to every socket and in a replay', {
    timeout: 60_000,
  }, async () => {
    const first = await connect(f.staff.caregiver.id);
    const second = await connect(f.staff.manager.id);
    const ready = await first.waitFor((m) => m.type === 'ready');
    await second.waitFor((m) => m.type === 'ready');
    expect(bytesOf(ready)).toBeLessThanOrEqual(125);

    // A frame of under 126 bytes written once for the facility's sockets (the hub's other frames).
    await t.db.prisma.$executeRawUnsafe(
      `SELECT pg_notify('device_qa_changed', json_build_object('facilityRid', $1::text)::text)`,
      f.facilityId,
    );
    const qa = { type: 'deviceQa.changed', facilityId: f.facilityId };
    expect(await first.waitFor((m) => m.type === 'deviceQa.changed', 10_000)).toEqual(qa);
    expect(await second.waitFor((m) => m.type === 'deviceQa.changed', 10_000)).toEqual(qa);
    expect(bytesOf(qa as TLiveServerMessage)).toBeLessThanOrEqual(125);

    // The versions this private database gives next, one after the other (the frame's size includes its digits).
    const before = await record('before');
    // A task.changed frame has ~150 bytes without its task id (the 126-byte boundary: writer.test.ts).
    const sizes = [200, 4_000, 65_535, 65_536, 65_537, 200_000];
    const expected = sizes.map((bytes, i) => changeOfSize(bytes, before + 1 + i));
    for (const change of expected) expect(await record(change.taskId)).toBe(change.version);

    for (const client of [first, second]) {
      const last = expected.at(-1) as TLiveTaskChangedMessage;
      await client.waitFor((m) => m.type === 'task.changed' && m.version === last.version, 15_000);
      const got = changes(client).filter((m) => m.version > before);
      expect(got).toEqual(expected);
      expect(got.map(bytesOf)).toEqual(sizes);
      expect(client.socket.readyState).toBe(client.socket.OPEN);
    }

    // The same frames in a replay (framed for that one socket).
    const back = await connect(f.staff.caregiver.id, before);
    const last = expected.at(-1) as TLiveTaskChangedMessage;
    await back.waitFor((m) => m.type === 'task.changed' && m.version === last.version, 15_000);
    expect(changes(back)).toEqual(expected);
    expect(back.socket.readyState).toBe(back.socket.OPEN);
  });
});
