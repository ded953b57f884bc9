/**
 * The client side of scripts/bench/live-fanout.ts, one process of several (so the clients' own work is not
 * counted in the API's CPU time, and spreads over the cores as real phones would not need to). Forked with IPC:
 * receives the API's URL and the clients' auth frames, connects them, answers `ready`, records each
 * task.changed frame's receipt time by version, and on `stop` sends the receipts back and exits.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { LIVE_PATH } from '@sage/contract';

interface BareSocket {
  on(event: 'message', listener: (data: Buffer) => void): void;
  once(event: 'open' | 'close', listener: () => void): void;
  once(event: 'error', listener: (error: Error) => void): void;
  send(data: string): void;
  terminate(): void;
}
const root = path.resolve(import.meta.dirname, '../..');
const WebSocket = createRequire(path.join(root, 'apps/api/package.json'))('ws') as new (
  url: string,
) => BareSocket;

export interface ClientsStart {
  type: 'start';
  url: string;
  auths: { accessToken: string; staffMemberId: string }[];
}
export type ClientsReply =
  | { type: 'ready'; connected: number }
  | { type: 'receipts'; versions: number[]; times: number[]; closed: number };

const now = () => performance.timeOrigin + performance.now();
const sockets: BareSocket[] = [];
const versions: number[] = [];
const times: number[] = [];
let closed = 0;
const reply = (message: ClientsReply, then?: () => void) => process.send!(message, undefined, {}, then);

process.on('message', async (message: ClientsStart | { type: 'stop' }) => {
  if (message.type === 'stop') {
    for (const socket of sockets) socket.terminate();
    // Exits once the (large) message has been handed to the parent, not before.
    reply({ type: 'receipts', versions, times, closed }, () => process.disconnect());
    return;
  }
  const connect = async (auth: ClientsStart['auths'][number]) => {
    const socket = new WebSocket(`${message.url.replace(/^http/, 'ws')}${LIVE_PATH}`);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const ready = new Promise<void>((resolve) => {
      socket.on('message', (data) => {
        const at = now();
        // Only the version is read: the clients share the cores with what is measured.
        const frame = JSON.parse(data.toString()) as { type: string; version?: number };
        if (frame.type === 'ready') return resolve();
        if (frame.type === 'task.changed' && frame.version !== undefined) {
          versions.push(frame.version);
          times.push(at);
        }
      });
    });
    socket.once('close', () => closed++);
    socket.send(JSON.stringify({ type: 'auth', ...auth }));
    await ready;
    sockets.push(socket);
  };
  for (let i = 0; i < message.auths.length; i += 25) {
    await Promise.all(message.auths.slice(i, i + 25).map(connect));
  }
  reply({ type: 'ready', connected: sockets.length });
});
