import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

/**
 * A client this far behind (bytes queued in this process) is dropped (decision 0453): it reconnects with
 * its last version and catches up by replay, and the other clients of the facility never wait for it.
 */
export const LIVE_MAX_BUFFERED_BYTES = 1024 * 1024;
export const LIVE_SLOW_CLIENT_DROPPED = 'live client too far behind: connection dropped';
/** Past this many bytes held back in one tick, a socket's frames go out at once (a replay, a burst). */
const FLUSH_AT_BYTES = 64 * 1024;

/**
 * A frame built once for all its recipients (decision 0493): the JSON text, UTF-8 encoded, and the whole WebSocket
 * text frame as it goes on the wire (RFC 6455 section 5.2: final, text, unmasked as every server frame is, the
 * payload length in 7, 7+16 or 7+64 bits). Each socket is then handed the same bytes with one write, instead of
 * ws building a header and writing header and payload for every socket.
 */
export interface LiveFrame {
  readonly payload: Buffer;
  readonly wire: Buffer;
}

export function liveFrame(text: string): LiveFrame {
  const payload = Buffer.from(text);
  const n = payload.length;
  const header =
    n < 126 ? Buffer.allocUnsafe(2) : n < 65_536 ? Buffer.allocUnsafe(4) : Buffer.allocUnsafe(10);
  header[0] = 0x81; // FIN, opcode 1 (text)
  if (n < 126) header[1] = n;
  else if (n < 65_536) {
    header[1] = 126;
    header.writeUInt16BE(n, 2);
  } else {
    header[1] = 127;
    header.writeBigUInt64BE(BigInt(n), 2);
  }
  return { payload, wire: Buffer.concat([header, payload]) };
}

const isLiveFrame = (frame: LiveFrame | Buffer | string): frame is LiveFrame =>
  typeof frame === 'object' && 'wire' in frame;

/** The sockets holding frames back until the end of this turn of the event loop. */
const held = new Set<Socket>();
let flushScheduled = false;
const flush = () => {
  flushScheduled = false;
  for (const raw of held) raw.uncork();
  held.clear();
};

/**
 * Sends frames to one /live socket (decision 0453). The frames one socket gets in one turn of the event loop
 * (every notification of one read from the bus, a replay) leave in one write: the socket's TCP connection is
 * corked at its first frame of the turn and uncorked once the turn's I/O is done (setImmediate), so the
 * per-write system call (most of the fan-out's cost) is paid once per socket per turn, not per frame.
 * `raw` is the upgraded request's TCP socket, the one ws writes to; without it frames go out one by one.
 */
export function liveWriter(
  socket: WebSocket,
  raw: Socket | undefined,
  logger: { warn(obj: object, msg: string): void },
): (frame: LiveFrame | Buffer | string) => void {
  const corkable = raw && typeof raw.cork === 'function' ? raw : undefined;
  return (frame) => {
    if (socket.readyState !== socket.OPEN) return;
    // What this process holds for the socket: its TCP socket's queue (ws's own queue is used only while it
    // compresses or reads a Blob: never here, decision 0453).
    const buffered = corkable ? corkable.writableLength : socket.bufferedAmount;
    if (buffered > LIVE_MAX_BUFFERED_BYTES) {
      logger.warn({ bufferedBytes: buffered }, LIVE_SLOW_CLIENT_DROPPED);
      socket.terminate();
      return;
    }
    if (corkable && !held.has(corkable)) {
      corkable.cork();
      held.add(corkable);
      if (!flushScheduled) {
        flushScheduled = true;
        setImmediate(flush);
      }
    }
    if (isLiveFrame(frame)) {
      // The built frame, whole, on the TCP socket ws writes to: frames stay whole and in order, since ws writes
      // each of its own (ready, pings, close) in one synchronous turn too and queues none (no extension is
      // negotiated). Without the TCP socket, or with an extension, ws frames it as any other.
      if (corkable && socket.extensions === '') corkable.write(frame.wire);
      else socket.send(frame.payload, { binary: false });
    } else {
      // A Buffer is sent as it is (no per-socket UTF-8 encoding); `binary: false` keeps it a text frame.
      socket.send(frame, { binary: false });
    }
    if (corkable && corkable.writableLength > FLUSH_AT_BYTES && held.delete(corkable)) corkable.uncork();
  };
}
