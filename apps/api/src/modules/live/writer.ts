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

/** One socket's frames of this turn of the event loop, written at its end in one write (decision 0800). */
interface Held {
  readonly socket: WebSocket;
  readonly raw: Socket;
  frames: LiveFrame[];
  bytes: number;
}

/** The sockets with frames held back until the end of this turn (a socket may be listed twice: see `write`). */
let due: Held[] = [];
let flushScheduled = false;

/**
 * The bytes of a socket's frames of this turn. The sockets of a facility mostly get the same frames in a turn
 * (every change of the facility, in the bus's order): those share one Buffer, joined once (`joined`, this flush's).
 */
function wireOf(
  frames: readonly LiveFrame[],
  joined: Map<LiveFrame, { frames: LiveFrame[]; wire: Buffer }[]>,
) {
  if (frames.length === 1) return (frames[0] as LiveFrame).wire;
  const first = frames[0] as LiveFrame;
  const candidates = joined.get(first);
  if (candidates) {
    for (const c of candidates) {
      if (c.frames.length === frames.length && c.frames.every((f, i) => f === frames[i])) return c.wire;
    }
  }
  const wire = Buffer.concat(frames.map((f) => f.wire));
  const entry = { frames: [...frames], wire };
  if (candidates) candidates.push(entry);
  else joined.set(first, [entry]);
  return wire;
}

/**
 * Writes a socket's held frames, whole and in order, in one write; nothing once the WebSocket is no longer OPEN
 * (ws has written its close frame) or the TCP socket no longer writable.
 */
function write(held: Held, joined: Map<LiveFrame, { frames: LiveFrame[]; wire: Buffer }[]>): void {
  const { frames } = held;
  if (!frames.length) return;
  held.frames = [];
  held.bytes = 0;
  if (held.socket.readyState !== held.socket.OPEN || !held.raw.writable) return;
  held.raw.write(wireOf(frames, joined));
}

const flush = () => {
  flushScheduled = false;
  const list = due;
  due = [];
  const joined = new Map<LiveFrame, { frames: LiveFrame[]; wire: Buffer }[]>();
  for (const held of list) write(held, joined);
};

/**
 * Sends frames to one /live socket (decisions 0453, 0690, 0800). The frames one socket gets in one turn of the
 * event loop (every notification of one read from the bus, a replay) leave in ONE write of one Buffer, once the
 * turn's I/O is done (setImmediate): the per-write system call is paid once per socket per turn, not per frame,
 * and so is Node's stream bookkeeping (one write, where corking queued an entry per frame and uncorking handed
 * them to a writev). The sockets that got the same frames in the turn share that Buffer, joined once; a socket's
 * single frame is the pre-built wire Buffer shared by every socket (decision 0690). /live has no per-message
 * compression (decision 0453), so ws's sender never queues and a whole frame written between its frames (pings,
 * close) cannot interleave with them; frames still held when ws writes its close frame are not written (the client
 * reconnects with its last version and is replayed them).
 * `raw` is the upgraded request's TCP socket, the one ws writes to; without it frames go out through ws.
 */
export function liveWriter(
  socket: WebSocket,
  raw: Socket | undefined,
  logger: { warn(obj: object, msg: string): void },
): (frame: LiveFrame) => void {
  const direct = raw && typeof raw.cork === 'function' && socket.extensions === '' ? raw : undefined;
  const held: Held | undefined = direct ? { socket, raw: direct, frames: [], bytes: 0 } : undefined;
  return (frame) => {
    if (socket.readyState !== socket.OPEN) return;
    // With no compression ws's own queue is empty: the TCP socket's write queue, and the frames held back in this
    // turn, are what this process holds for the client.
    const buffered = direct && held ? direct.writableLength + held.bytes : socket.bufferedAmount;
    if (buffered > LIVE_MAX_BUFFERED_BYTES) {
      logger.warn({ bufferedBytes: buffered }, LIVE_SLOW_CLIENT_DROPPED);
      if (held) {
        held.frames = [];
        held.bytes = 0;
      }
      socket.terminate();
      return;
    }
    if (!direct || !held) {
      // A Buffer is sent as it is (no per-socket UTF-8 encoding); `binary: false` keeps it a text frame.
      socket.send(frame.payload, { binary: false });
      return;
    }
    if (!direct.writable) return;
    if (!held.frames.length) {
      due.push(held);
      if (!flushScheduled) {
        flushScheduled = true;
        setImmediate(flush);
      }
    }
    held.frames.push(frame);
    held.bytes += frame.wire.length;
    // A burst (a replay, a flood): written at once past FLUSH_AT_BYTES, its own Buffer.
    if (held.bytes > FLUSH_AT_BYTES) write(held, new Map());
  };
}
