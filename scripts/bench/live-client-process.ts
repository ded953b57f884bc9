/**
 * One process of the benchmarks' staff websocket clients (press-to-live.ts, live-fanout.ts; decision 0435), so
 * that the clients' own work shares neither the sender's event loop nor the measured process's CPU time. Started
 * and driven by live-clients.ts over IPC (advanced serialisation): see its `ToClients` / `FromClients`.
 *
 * Per delivery (a task's OPEN_UNCLAIMED `task.changed` frame) it keeps three numbers (task, client, receipt
 * time) in typed arrays and nothing else; the exactly-once check (a client receiving one task's OPEN_UNCLAIMED
 * frame twice) is made once, at the end.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ClientSpec, FromClients, ToClients } from './live-clients';
import { benchClock, openUnclaimedTaskId } from './live-frames';

const root = path.resolve(import.meta.dirname, '../..');
const fromApi = createRequire(path.join(root, 'apps/api/package.json'));
interface BenchSocket {
  on(event: 'message', listener: (data: Buffer) => void): void;
  once(event: 'open' | 'close', listener: () => void): void;
  once(event: 'error', listener: (error: Error) => void): void;
  send(data: string): void;
  close(): void;
}
const WebSocket = fromApi('ws') as new (url: string) => BenchSocket;

const send = (message: FromClients) => process.send!(message);

const sockets: BenchSocket[] = [];
let clientCount = 0;
const taskIndex = new Map<string, number>();
const taskIds: string[] = [];
let size = 0;
let task = new Uint32Array(1 << 16);
let client = new Uint32Array(1 << 16);
let time = new Float64Array(1 << 16);
let frames = 0;
/** Sockets the server closed before `collect` (ours, closed at `collect`, are not counted). */
let closed = 0;
let collecting = false;

function record(taskId: string, clientIndex: number, receivedAt: number): void {
  if (size === time.length) {
    const grow = <T extends Uint32Array | Float64Array>(a: T, make: (n: number) => T): T => {
      const b = make(a.length * 2);
      b.set(a);
      return b;
    };
    task = grow(task, (n) => new Uint32Array(n));
    client = grow(client, (n) => new Uint32Array(n));
    time = grow(time, (n) => new Float64Array(n));
  }
  let t = taskIndex.get(taskId);
  if (t === undefined) {
    t = taskIds.length;
    taskIndex.set(taskId, t);
    taskIds.push(taskId);
  }
  task[size] = t;
  client[size] = clientIndex;
  time[size] = receivedAt;
  size += 1;
}

async function connect(spec: ClientSpec, clientIndex: number): Promise<void> {
  const socket = new WebSocket(spec.url);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const ready = new Promise<void>((resolve) => {
    let isReady = false;
    socket.on('message', (data) => {
      const receivedAt = benchClock();
      frames += 1;
      if (!isReady) {
        if ((JSON.parse(data.toString()) as { type: string }).type === 'ready') {
          isReady = true;
          resolve();
        }
        return;
      }
      const taskId = openUnclaimedTaskId(data);
      if (taskId !== null) record(taskId, clientIndex, receivedAt);
    });
  });
  socket.once('close', () => {
    if (!collecting) closed += 1;
  });
  socket.send(JSON.stringify({ type: 'auth', accessToken: spec.token, staffMemberId: spec.staffMemberId }));
  await Promise.race([
    ready,
    new Promise((_, reject) => setTimeout(() => reject(new Error('no ready frame within 30 s')), 30_000)),
  ]);
  sockets.push(socket);
}

/** Keeps the first receipt of each (task, client); counts the others as doubled. */
function results(): FromClients {
  const clients = clientCount;
  const seen = new Set<number>();
  const keptTask = new Uint32Array(size);
  const keptTime = new Float64Array(size);
  let kept = 0;
  let doubled = 0;
  for (let i = 0; i < size; i++) {
    const key = task[i]! * clients + client[i]!;
    if (seen.has(key)) {
      doubled += 1;
      continue;
    }
    seen.add(key);
    keptTask[kept] = task[i]!;
    keptTime[kept] = time[i]!;
    kept += 1;
  }
  return {
    type: 'results',
    taskIds,
    task: keptTask.slice(0, kept),
    time: keptTime.slice(0, kept),
    doubled,
    frames,
    closed,
  };
}

process.on('message', (message: ToClients) => {
  if (message.type === 'connect') {
    void (async () => {
      try {
        clientCount = message.clients.length;
        // 50 at a time, as a ward's devices would reconnect.
        for (let i = 0; i < message.clients.length; i += 50) {
          await Promise.all(message.clients.slice(i, i + 50).map((spec, j) => connect(spec, i + j)));
        }
        send({ type: 'ready', clients: sockets.length });
      } catch (error) {
        send({ type: 'error', message: (error as Error).message });
      }
    })();
  } else if (message.type === 'clock') {
    send({ type: 'clock', t: message.t, child: benchClock() });
  } else if (message.type === 'count') {
    send({ type: 'count', deliveries: size });
  } else if (message.type === 'collect') {
    collecting = true;
    for (const s of sockets) s.close();
    send(results());
  }
});
process.on('disconnect', () => process.exit(0));
