import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import * as ws from 'ws';

/**
 * A client this far behind (bytes queued in this process) is dropped (decision 0453): it reconnects with
 * its last version and catches up by replay, and the other clients of the facility never wait for it.
 */
export const LIVE_MAX_BUFFERED_BYTES = 1024 * 1024;
export const LIVE_SLOW_CLIENT_DROPPED = 'live client too far behind: connection dropped';
/** Past this many bytes held back in one tick, a socket's frames go out at once (a replay, a burst). */
const FLUSH_AT_BYTES = 64 * 1024;

/**
 * One message for any number of /live sockets (decision 0690): its UTF-8 text and the whole WebSocket text
 * frame (header and payload in one Buffer, unmasked as a server's frames are), both built once.
 */
export interface LiveFrame {
  readonly payload: Buffer;
  readonly wire: Buffer;
}

interface FrameOptions {
  fin: boolean;
  opcode: number;
  mask: boolean;
  readOnly: boolean;
  rsv1: boolean;
}
// ws's own `Sender.frame` (exported by ws, undocumented, absent from @types/ws): the header ws writes for its
// frames. ws is pinned by the lockfile; writer.test.ts checks the bytes against RFC 6455 written out.
const { Sender } = ws as unknown as { Sender: { frame(data: Buffer, options: FrameOptions): Buffer[] } };
const TEXT_FRAME: FrameOptions = { fin: true, opcode: 0x1, mask: false, readOnly: false, rsv1: false };

export const liveFrame = (text: string): LiveFrame => {
  const payload = Buffer.from(text);
  const parts = Sender.frame(payload, TEXT_FRAME);
  return { payload, wire: parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts) };
};

/** The sockets holding frames back until the end of this turn of the event loop. */
const held = new Set<Socket>();
let flushScheduled = false;
const flush = () => {
  flushScheduled = false;
  for (const raw of held) raw.uncork();
  held.clear();
};

/**
 * Sends frames to one /live socket (decisions 0453, 0690). The frames one socket gets in one turn of the event
 * loop (every notification of one read from the bus, a replay) leave in one write: the socket's TCP connection
 * is corked at its first frame of the turn and uncorked once the turn's I/O is done (setImmediate), so the
 * per-write system call is paid once per socket per turn, not per frame. Each frame is the pre-built wire
 * Buffer shared by every socket, written to the TCP socket as it is (no per-socket header, one write queue
 * entry): /live has no per-message compression (decision 0453), so ws's sender never queues and a whole frame
 * written between its frames (pings, close) cannot interleave with them.
 * `raw` is the upgraded request's TCP socket, the one ws writes to; without it frames go out through ws.
 */
export function liveWriter(
  socket: WebSocket,
  raw: Socket | undefined,
  logger: { warn(obj: object, msg: string): void },
): (frame: LiveFrame) => void {
  const direct = raw && typeof raw.cork === 'function' && socket.extensions === '' ? raw : undefined;
  return (frame) => {
    if (socket.readyState !== socket.OPEN) return;
    // With no compression ws's own queue is empty: the TCP socket's write queue is the buffered amount.
    const buffered = direct ? direct.writableLength : socket.bufferedAmount;
    if (buffered > LIVE_MAX_BUFFERED_BYTES) {
      logger.warn({ bufferedBytes: buffered }, LIVE_SLOW_CLIENT_DROPPED);
      socket.terminate();
      return;
    }
    if (!direct) {
      // A Buffer is sent as it is (no per-socket UTF-8 encoding); `binary: false` keeps it a text frame.
      socket.send(frame.payload, { binary: false });
      return;
    }
    if (!direct.writable) return;
    if (!held.has(direct)) {
      direct.cork();
      held.add(direct);
      if (!flushScheduled) {
        flushScheduled = true;
        setImmediate(flush);
      }
    }
    direct.write(frame.wire);
    if (direct.writableLength > FLUSH_AT_BYTES && held.delete(direct)) direct.uncork();
  };
}
