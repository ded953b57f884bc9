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
): (frame: Buffer | string) => void {
  const corkable = raw && typeof raw.cork === 'function' ? raw : undefined;
  return (frame) => {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > LIVE_MAX_BUFFERED_BYTES) {
      logger.warn({ bufferedBytes: socket.bufferedAmount }, LIVE_SLOW_CLIENT_DROPPED);
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
    // A Buffer is sent as it is (no per-socket UTF-8 encoding); `binary: false` keeps it a text frame.
    socket.send(frame, { binary: false });
    if (corkable && corkable.writableLength > FLUSH_AT_BYTES && held.delete(corkable)) corkable.uncork();
  };
}
