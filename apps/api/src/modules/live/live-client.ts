import { LIVE_PATH, type TLiveServerMessage, ZLiveServerMessageSchema } from '@sage/contract';
import { WebSocket } from 'ws';

export { openSessionToken } from '../auth/sessions/open-session';
export { signAccessToken } from '../auth/tokens/access-token';

/**
 * A small /live client for tests and benchmarks (exported as `@sage/api/live-client`): connects, sends
 * the auth frame, records every server frame with its receipt time, and waits for frames or the close.
 */
export interface LiveClient {
  socket: WebSocket;
  /** Every frame received so far, in order. */
  messages: { message: TLiveServerMessage; receivedAt: number }[];
  /** Resolves with the first received frame (past or future) that matches, or rejects after timeoutMs. */
  waitFor<T extends TLiveServerMessage>(
    match: (m: TLiveServerMessage) => m is T,
    timeoutMs?: number,
  ): Promise<T>;
  waitFor(match: (m: TLiveServerMessage) => boolean, timeoutMs?: number): Promise<TLiveServerMessage>;
  /** Resolves with the close code and reason. */
  closed: Promise<{ code: number; reason: string }>;
  /** Called for each frame as it arrives (benchmarks). */
  onMessage?: (message: TLiveServerMessage, receivedAt: number) => void;
  close(): void;
}

export interface ConnectLiveOptions {
  /** The auth frame's fields; omit to send nothing (the server closes after 5 s). */
  auth?: { accessToken: string; staffMemberId: string; sinceVersion?: number };
  /** Send this raw text as the first frame instead. */
  rawFirstFrame?: string;
}

/** `baseUrl` is the API's http://host:port. Resolves once the socket is open and the first frame is sent. */
export async function connectLive(baseUrl: string, options: ConnectLiveOptions = {}): Promise<LiveClient> {
  const url = `${baseUrl.replace(/^http/, 'ws')}${LIVE_PATH}`;
  const socket = new WebSocket(url);
  const messages: LiveClient['messages'] = [];
  const waiters = new Set<() => void>();
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
      for (const wake of waiters) wake();
    });
  });
  const client: LiveClient = {
    socket,
    messages,
    closed,
    waitFor(match: (m: TLiveServerMessage) => boolean, timeoutMs = 5_000) {
      return new Promise<TLiveServerMessage>((resolve, reject) => {
        const check = () => {
          const found = messages.find((m) => match(m.message));
          if (found) {
            cleanup();
            resolve(found.message);
          } else if (socket.readyState === WebSocket.CLOSED) {
            cleanup();
            reject(new Error('the live socket closed before the expected frame arrived'));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching live frame within ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => socket.close(),
  } as LiveClient;
  socket.on('message', (data) => {
    const receivedAt = performance.timeOrigin + performance.now();
    const message = ZLiveServerMessageSchema.parse(JSON.parse(data.toString()));
    messages.push({ message, receivedAt });
    client.onMessage?.(message, receivedAt);
    for (const wake of [...waiters]) wake();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  if (options.rawFirstFrame !== undefined) socket.send(options.rawFirstFrame);
  else if (options.auth) socket.send(JSON.stringify({ type: 'auth', ...options.auth }));
  return client;
}
