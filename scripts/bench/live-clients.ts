/**
 * The benchmarks' staff websocket clients (press-to-live.ts, live-fanout.ts; decision 0435), in processes of
 * their own (live-client-process.ts): client i in process i % K. This is the benchmark's side: it opens the
 * clients' sessions, starts the processes and talks to them over IPC (advanced serialisation, so typed arrays
 * cross as they are):
 *
 *   connect  {clients: {url, token, staffMemberId}[]}         → ready {clients} (or error {message})
 *   clock    {t}                                              → clock {t, child}  (the clocks' offset)
 *   count                                                     → count {deliveries}
 *   collect  (closes the sockets)                             → results {taskIds, task, time, doubled, frames, closed}
 *
 * A delivery is a task's OPEN_UNCLAIMED `task.changed` frame reaching a client, kept once per (task, client).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { openSessionToken } from '@sage/api/live-client';
import { LIVE_PATH } from '@sage/contract';
import type { PrismaClient } from '@sage/db';
import type { TestFacility } from '@sage/db/factories';
import { benchClock } from './live-frames';

const root = path.resolve(import.meta.dirname, '../..');

export interface ClientSpec {
  url: string;
  token: string;
  staffMemberId: string;
}
export type ToClients =
  | { type: 'connect'; clients: ClientSpec[] }
  | { type: 'clock'; t: number }
  | { type: 'count' }
  | { type: 'collect' };
export type FromClients =
  | { type: 'ready'; clients: number }
  | { type: 'error'; message: string }
  | { type: 'clock'; t: number; child: number }
  | { type: 'count'; deliveries: number }
  | {
      type: 'results';
      /** Task ids in first-receipt order; `task` holds indexes into it. */
      taskIds: string[];
      task: Uint32Array;
      /** Receipt times (benchClock), one per delivery kept (doubled deliveries left out). */
      time: Float64Array;
      doubled: number;
      frames: number;
      /** Sockets the server closed before `collect`. */
      closed: number;
    };

/**
 * The clients' specs, spread over `processes`: staff who see every task of their facility (the goal's
 * clients), facilities in turn, several sockets per staff member (phones, tablets, nurse stations). Client i
 * connects to `apiUrls[i % apiUrls.length]`. `clientsOf`: facilityId → its clients.
 */
export async function liveClientSpecs(
  prisma: PrismaClient,
  facilities: TestFacility[],
  options: { clients: number; processes: number; apiUrls: string[]; jwtSecret: string },
): Promise<{ specs: ClientSpec[][]; clientsOf: Map<string, number> }> {
  const { clients, processes, apiUrls, jwtSecret } = options;
  const clientsOf = new Map<string, number>();
  const specs: ClientSpec[][] = Array.from({ length: processes }, () => []);
  const spec = async (i: number): Promise<ClientSpec> => {
    const facility = facilities[i % facilities.length]!;
    const viewers = [
      facility.staff.caregiver,
      facility.staff.manager,
      facility.staff.nurse,
      facility.staff.careAdmin,
    ];
    const viewer = viewers[Math.floor(i / facilities.length) % viewers.length]!;
    const { token } = await openSessionToken(prisma, viewer.id, jwtSecret, 3_600);
    clientsOf.set(facility.facilityId, (clientsOf.get(facility.facilityId) ?? 0) + 1);
    return {
      url: `${apiUrls[i % apiUrls.length]!.replace(/^http/, 'ws')}${LIVE_PATH}`,
      token,
      staffMemberId: viewer.id,
    };
  };
  for (let i = 0; i < clients; i += 50) {
    const batch = await Promise.all(Array.from({ length: Math.min(50, clients - i) }, (_, j) => spec(i + j)));
    for (const [j, s] of batch.entries()) specs[(i + j) % processes]!.push(s);
  }
  return { specs, clientsOf };
}

/** A client process and a request/answer over its IPC channel. */
export interface ClientProcess {
  name: string;
  child: ChildProcess;
  ask<T extends FromClients['type']>(
    message: ToClients,
    answer: T,
    timeoutMs: number,
  ): Promise<Extract<FromClients, { type: T }>>;
}

function startClientProcess(name: string, execArgv: string[], log: (line: string) => void): ClientProcess {
  const child = spawn(
    process.execPath,
    [...execArgv, '--import', 'tsx', path.join(import.meta.dirname, 'live-client-process.ts')],
    {
      cwd: root,
      env: process.env,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // Typed arrays cross the channel as they are (structured clone), not as JSON.
      serialization: 'advanced',
    },
  );
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM') log(`${name} exited (${code ?? signal})`);
  });
  return {
    name,
    child,
    ask: (message, answer, timeoutMs) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          child.off('message', listener);
          reject(new Error(`${name} did not answer ${message.type} within ${timeoutMs} ms`));
        }, timeoutMs);
        const listener = (reply: FromClients) => {
          if (reply.type !== answer && reply.type !== 'error') return;
          clearTimeout(timer);
          child.off('message', listener);
          if (reply.type === 'error') reject(new Error(`${name}: ${reply.message}`));
          else resolve(reply as Extract<FromClients, { type: typeof answer }>);
        };
        child.on('message', listener);
        child.send(message);
      }),
  };
}

/** Every client's receipts: taskId → receipt times (benchClock), one per client (its first receipt). */
export interface Receipts {
  byTask: Map<string, number[]>;
  /** Deliveries made more than once to one client (left out of `byTask`). */
  doubled: number;
  /** Frames received in all, `ready` frames included. */
  frames: number;
  /** Sockets the server closed while the clients were connected. */
  closed: number;
}

export interface LiveClients {
  processes: ClientProcess[];
  /** Connects each process's share of the clients; resolves with the number connected. */
  connect(specs: ClientSpec[][]): Promise<number>;
  /**
   * Each process's clock offset against this one (its reading against the midpoint of the round trip, best of
   * 20) with the half round trip: every process reads the machine's monotonic clock, so it should be within it.
   */
  clockOffsets(): Promise<string[]>;
  /** Deliveries counted so far by all processes (a doubled one too). */
  delivered(): Promise<number>;
  /** Closes the sockets and gathers every process's receipts. */
  collect(): Promise<Receipts>;
}

/** Starts `count` client processes (`execArgv`: e.g. a CPU profile's flags). */
export function startLiveClients(
  count: number,
  options: { execArgv?: string[]; log: (line: string) => void },
): LiveClients {
  const processes = Array.from({ length: count }, (_, k) =>
    startClientProcess(`clients ${k + 1}`, options.execArgv ?? [], options.log),
  );
  return {
    processes,
    connect: async (specs) =>
      (
        await Promise.all(
          processes.map((c, k) => c.ask({ type: 'connect', clients: specs[k]! }, 'ready', 120_000)),
        )
      ).reduce((n, r) => n + r.clients, 0),
    clockOffsets: async () => {
      const offsets: string[] = [];
      for (const c of processes) {
        let best = { rtt: Number.POSITIVE_INFINITY, offset: 0 };
        for (let i = 0; i < 20; i++) {
          const t = benchClock();
          const reply = await c.ask({ type: 'clock', t }, 'clock', 5_000);
          const back = benchClock();
          if (back - t < best.rtt) best = { rtt: back - t, offset: reply.child - (t + back) / 2 };
        }
        offsets.push(`${best.offset.toFixed(3)} ± ${(best.rtt / 2).toFixed(3)} ms`);
      }
      return offsets;
    },
    delivered: async () =>
      (await Promise.all(processes.map((c) => c.ask({ type: 'count' }, 'count', 10_000)))).reduce(
        (n, r) => n + r.deliveries,
        0,
      ),
    collect: async () => {
      const receipts: Receipts = { byTask: new Map(), doubled: 0, frames: 0, closed: 0 };
      for (const c of processes) {
        const result = await c.ask({ type: 'collect' }, 'results', 120_000);
        receipts.doubled += result.doubled;
        receipts.frames += result.frames;
        receipts.closed += result.closed;
        for (let i = 0; i < result.task.length; i++) {
          const taskId = result.taskIds[result.task[i]!]!;
          const list = receipts.byTask.get(taskId);
          if (list) list.push(result.time[i]!);
          else receipts.byTask.set(taskId, [result.time[i]!]);
        }
      }
      return receipts;
    },
  };
}
