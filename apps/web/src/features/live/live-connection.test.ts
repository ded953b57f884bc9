import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultBackoffMs, LIVE_RECONNECT_MAX_MS, LiveConnection, liveUrl } from './live-connection';
import { parseLiveMessage } from './live-messages';

class FakeSocket {
  static all: FakeSocket[] = [];
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const changed = (version: number) => ({
  type: 'task.changed',
  taskId: 't1',
  facilityId: 'f1',
  status: 'OPEN_CLAIMED',
  severity: 'EMERGENCY',
  version,
});

describe('live connection (ARCHITECTURE.md "Live updates")', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
  });
  afterEach(() => vi.useRealTimers());

  /** A started connection; `{ parse: undefined }` leaves it to load the frames' schema itself. */
  const start = (options: { parse?: typeof parseLiveMessage } = { parse: parseLiveMessage }) => {
    const handlers = { onTaskChanged: vi.fn(), onResync: vi.fn() };
    const connection = new LiveConnection({
      url: 'ws://host/live',
      getSession: () => ({ accessToken: 'token', staffMemberId: 'me' }),
      handlers,
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
      backoffMs: () => 1_000,
      ...(options.parse ? { parse: options.parse } : {}),
    });
    connection.start();
    return { connection, handlers };
  };

  it('reconnects soon: 250 ms, 500 ms, 1 s, then never more than 1.5 s apart, with jitter (decision 0114)', () => {
    const ceilings = [0, 1, 2, 3, 4, 10, 50].map((attempt) => defaultBackoffMs(attempt, () => 1));
    expect(ceilings).toEqual([250, 500, 1_000, 1_500, 1_500, 1_500, 1_500]);
    const floors = [0, 1, 2, 3, 50].map((attempt) => defaultBackoffMs(attempt, () => 0));
    expect(floors).toEqual([125, 250, 500, 750, 750]);
    for (let attempt = 0; attempt < 20; attempt++) {
      expect(defaultBackoffMs(attempt)).toBeLessThanOrEqual(LIVE_RECONNECT_MAX_MS);
    }
  });

  it('turns the page origin into the socket address', () => {
    expect(liveUrl('http://127.0.0.1:3110')).toBe('ws://127.0.0.1:3110/live');
    expect(liveUrl('https://app.example')).toBe('wss://app.example/live');
  });

  it('authenticates with the first frame, never in the URL, and hands task changes on', () => {
    const { handlers } = start();
    const socket = FakeSocket.all[0]!;
    expect(socket.url).toBe('ws://host/live');
    socket.onopen?.();
    expect(socket.sent).toEqual([{ type: 'auth', accessToken: 'token', staffMemberId: 'me' }]);
    socket.receive({ type: 'ready', version: 3 });
    // Changes between the first fetch and the socket being ready are not replayable: one refetch.
    expect(handlers.onResync).toHaveBeenCalledTimes(1);
    socket.receive(changed(4));
    expect(handlers.onTaskChanged).toHaveBeenCalledWith(
      expect.objectContaining({ taskId: 't1', version: 4 }),
    );
  });

  it('reconnects with backoff sending the last version seen, and refetches on resync', () => {
    const { handlers } = start();
    const first = FakeSocket.all[0]!;
    first.onopen?.();
    first.receive({ type: 'ready', version: 3 });
    first.receive(changed(7));
    first.onclose?.({ code: 1006 });
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    const second = FakeSocket.all[1]!;
    second.onopen?.();
    expect(second.sent).toEqual([
      { type: 'auth', accessToken: 'token', staffMemberId: 'me', sinceVersion: 7 },
    ]);
    second.receive({ type: 'ready', version: 7 });
    expect(handlers.onResync).toHaveBeenCalledTimes(1);
    second.receive({ type: 'resync' });
    expect(handlers.onResync).toHaveBeenCalledTimes(2);
  });

  it('says when the socket closed, with its code (a station display shows trouble past 10 s)', () => {
    const onClosed = vi.fn();
    const connection = new LiveConnection({
      url: 'ws://host/live',
      getSession: () => ({ accessToken: 'token', staffMemberId: 'me' }),
      handlers: { onTaskChanged: vi.fn(), onResync: vi.fn(), onClosed },
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
      backoffMs: () => 1_000,
      parse: parseLiveMessage,
    });
    connection.start();
    FakeSocket.all[0]!.onclose?.({ code: 4401 });
    expect(onClosed).toHaveBeenCalledWith(4401);
    vi.advanceTimersByTime(5_000);
    FakeSocket.all[1]!.onclose?.({ code: 1006 });
    expect(onClosed).toHaveBeenLastCalledWith(1006);
    connection.stop();
    FakeSocket.all[2]?.onclose?.({ code: 1000 });
    expect(onClosed).toHaveBeenCalledTimes(2);
  });

  it('stops for good when stopped, and ignores frames it cannot read', () => {
    const { connection } = start();
    const socket = FakeSocket.all[0]!;
    expect(parseLiveMessage('not json')).toBeNull();
    expect(parseLiveMessage(JSON.stringify({ type: 'other' }))).toBeNull();
    connection.stop();
    expect(socket.closed).toBe(true);
    socket.onclose?.({ code: 1000 });
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it("without a parser given, opens the socket at once and reads its early frames, in order, once the frames' schema has loaded (decision 0446)", async () => {
    const { connection, handlers } = start({ parse: undefined });
    // The socket does not wait for the schema: a change committed now must arrive as a frame.
    expect(FakeSocket.all).toHaveLength(1);
    const socket = FakeSocket.all[0]!;
    socket.onopen?.();
    expect(socket.sent).toEqual([{ type: 'auth', accessToken: 'token', staffMemberId: 'me' }]);
    socket.receive({ type: 'ready', version: 1 });
    socket.receive(changed(2));
    socket.receive({ type: 'task.changed', taskId: 't1' });
    // The module's import takes real time (a loaded machine: generous), the check itself is exact.
    await vi.waitFor(() => expect(handlers.onTaskChanged).toHaveBeenCalledTimes(1), {
      interval: 1,
      timeout: 15_000,
    });
    await vi.dynamicImportSettled();
    expect(handlers.onResync).toHaveBeenCalledTimes(1);
    expect(handlers.onTaskChanged).toHaveBeenCalledWith(changed(2));
    // The unreadable early frame was ignored; once loaded, later frames are read at once.
    socket.receive(changed(3));
    expect(handlers.onTaskChanged).toHaveBeenCalledTimes(2);
    expect(FakeSocket.all).toHaveLength(1);
    connection.stop();
  });

  it('drops the frames held for the schema when stopped before it loads', async () => {
    const { connection, handlers } = start({ parse: undefined });
    FakeSocket.all[0]!.receive(changed(2));
    connection.stop();
    await import('./live-messages');
    await vi.dynamicImportSettled();
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(handlers.onTaskChanged).not.toHaveBeenCalled();
  });
});
