import type { IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { liveFrame, liveWriter } from './writer';

/** RFC 6455 §5.2, written out here rather than taken from ws: FIN + text opcode, no mask bit, shortest length. */
const expectedHeader = (length: number): Buffer => {
  if (length <= 125) return Buffer.from([0x81, length]);
  if (length <= 0xffff) return Buffer.from([0x81, 126, length >> 8, length & 0xff]);
  const header = Buffer.alloc(10);
  header[0] = 0x81;
  header[1] = 127;
  header.writeBigUInt64BE(BigInt(length), 2);
  return header;
};

describe('[LIVE]: a live frame is one unmasked, unfragmented WebSocket text frame (decision 0690)', () => {
  it.each([0, 1, 125, 126, 127, 65_535, 65_536, 100_000])(
    'with a payload of %i bytes: the header of its length encoding, then the UTF-8 payload',
    (length) => {
      const text = 'x'.repeat(length);
      const { payload, wire } = liveFrame(text);
      expect(payload.equals(Buffer.from(text))).toBe(true);
      const header = expectedHeader(length);
      expect(wire.subarray(0, header.length).equals(header)).toBe(true);
      expect(wire.subarray(header.length).equals(payload)).toBe(true);
      expect(wire.length).toBe(header.length + length);
    },
  );

  it('counts UTF-8 bytes, not characters', () => {
    // 63 characters of 2 bytes and one of 1: 127 bytes, past the 7-bit length.
    const text = `${'é'.repeat(63)}x`;
    const { wire } = liveFrame(text);
    expect(wire.subarray(0, 4).equals(expectedHeader(127))).toBe(true);
    expect(wire.subarray(4).toString('utf8')).toBe(text);
  });
});

/** A real ws server on loopback and `count` real ws clients; the server's side of each with its TCP socket. */
async function connected(count: number) {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const sides: { socket: WebSocket; raw: Socket }[] = [];
  const accepted = new Promise<void>((resolve) => {
    server.on('connection', (socket: WebSocket, request: IncomingMessage) => {
      sides.push({ socket, raw: request.socket });
      if (sides.length === count) resolve();
    });
  });
  const clients = Array.from({ length: count }, () => {
    const client = new WebSocket(`ws://127.0.0.1:${port}`);
    const texts: string[] = [];
    client.on('message', (data, isBinary) => texts.push(isBinary ? '<binary>' : data.toString()));
    const open = new Promise((r) => client.once('open', r));
    return { client, texts, open, closed: new Promise<number>((r) => client.on('close', (code) => r(code))) };
  });
  await accepted;
  // Clients and server sides pair up by their ports.
  const byPort = new Map(sides.map((s) => [s.raw.remotePort, s]));
  await Promise.all(clients.map((c) => c.open));
  const pairs = clients.map((c) => {
    const local = (c.client as unknown as { _socket: Socket })._socket;
    return { ...c, local, server: byPort.get(local.localPort) as { socket: WebSocket; raw: Socket } };
  });
  return { pairs, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const quiet = { warn() {} };
/** Counts the writes to a TCP socket (each still goes through). */
const countWrites = (raw: Socket) => {
  const counter = { count: 0 };
  const write = raw.write.bind(raw) as (...args: unknown[]) => boolean;
  raw.write = ((...args: unknown[]) => {
    counter.count++;
    return write(...args);
  }) as Socket['write'];
  return counter;
};
const until = async (done: () => boolean) => {
  const deadline = Date.now() + 5_000;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
};

describe('[LIVE]: the writer on real sockets (decision 0690)', () => {
  it('a peer reset before the server noticed: the writes to it throw nothing, the other socket gets every frame', async () => {
    const { pairs, close } = await connected(2);
    const [gone, kept] = pairs as [(typeof pairs)[0], (typeof pairs)[0]];
    const sendGone = liveWriter(gone.server.socket, gone.server.raw, quiet);
    const sendKept = liveWriter(kept.server.socket, kept.server.raw, quiet);
    const closedOnServer = new Promise<void>((r) => gone.server.socket.once('close', () => r()));
    gone.local.resetAndDestroy(); // RST; this process's server side has not read it yet
    const frames = Array.from({ length: 2_000 }, (_, i) =>
      liveFrame(`{"n":${i},"pad":"${'p'.repeat(i % 300)}"}`),
    );
    expect(gone.server.socket.readyState).toBe(WebSocket.OPEN);
    for (const frame of frames) {
      sendGone(frame);
      sendKept(frame);
    }
    // ws takes the TCP socket's error (ECONNRESET or EPIPE) and closes the WebSocket; later frames go nowhere.
    await closedOnServer;
    expect(gone.server.raw.destroyed).toBe(true);
    sendGone(frames[0] as ReturnType<typeof liveFrame>);
    await until(() => kept.texts.length === frames.length);
    expect(kept.texts).toEqual(frames.map((f) => f.payload.toString()));
    expect(await gone.closed).toBe(1006);
    kept.client.close();
    await close();
  });

  it('writes nothing once the TCP socket is destroyed or the WebSocket closing, before ws says so', async () => {
    const { pairs, close } = await connected(2);
    const [destroyed, closing] = pairs as [(typeof pairs)[0], (typeof pairs)[0]];
    const sendDestroyed = liveWriter(destroyed.server.socket, destroyed.server.raw, quiet);
    const sendClosing = liveWriter(closing.server.socket, closing.server.raw, quiet);
    sendDestroyed(liveFrame('first'));
    sendClosing(liveFrame('first'));
    await until(() => destroyed.texts.length === 1 && closing.texts.length === 1);
    // Destroyed: ws has not seen the 'close' yet, so the WebSocket still says OPEN; the writer checks the socket.
    const destroyedWrites = countWrites(destroyed.server.raw);
    destroyed.server.raw.destroy();
    expect(destroyed.server.socket.readyState).toBe(WebSocket.OPEN);
    expect(() => sendDestroyed(liveFrame('after destroy'))).not.toThrow();
    expect(destroyedWrites.count).toBe(0);
    // Closing: the close frame (written by ws) is the last thing written.
    const closingWrites = countWrites(closing.server.raw);
    closing.server.socket.close(1000, 'bye');
    const withCloseFrame = closingWrites.count;
    expect(withCloseFrame).toBeGreaterThan(0);
    sendClosing(liveFrame('after close'));
    expect(closingWrites.count).toBe(withCloseFrame);
    expect(await closing.closed).toBe(1000);
    expect(closing.texts).toEqual(['first']);
    expect(await destroyed.closed).toBe(1006);
    expect(destroyed.texts).toEqual(['first']);
    await close();
  });
});
