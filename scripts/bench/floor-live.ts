/**
 * The floor's live server (press-to-live `--mode floor`, decision 0541): the least the API's fan-out can cost,
 * no product code. WebSocket server (ws, as the API) on any path: a client's first message
 * `{type: 'auth', staffMemberId}` puts it among its facilities' sockets and is answered `{type: 'ready'}` (no
 * session check: connecting is outside the measured window). One connection LISTENs to the floor's channel;
 * each notification (a batch's rows) sends every row to the sockets of its facility as a `task.changed` frame
 * of the product's shape. Written as cheaply as the API may write them (decisions 0690, 0845): each frame is
 * serialised and framed once for all its sockets, and the frames a socket gets in one turn of the event loop
 * leave in one write (its TCP socket corked at the first and uncorked at the turn's end); a floor that wrote
 * each frame through `ws.send` (a header and a system call per socket and frame) cost more than the product.
 *
 *   env: DATABASE_URL, PORT, FLOOR_STAFF (JSON: staff member id → facility ids)
 */
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import pg from 'pg';

interface Socket {
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: () => void): void;
  send(data: string): void;
}
interface SocketServer {
  on(event: 'connection', listener: (socket: Socket, request: http.IncomingMessage) => void): void;
}
interface FrameOptions {
  fin: boolean;
  opcode: number;
  mask: boolean;
  readOnly: boolean;
  rsv1: boolean;
}
/** The channel floor-ingest.ts NOTIFYs. */
const FLOOR_CHANNEL = 'bench_floor';
const root = path.resolve(import.meta.dirname, '../..');
const { WebSocketServer, Sender } = createRequire(path.join(root, 'apps/api/package.json'))('ws') as {
  WebSocketServer: new (options: { server: http.Server; perMessageDeflate: false }) => SocketServer;
  Sender: { frame(data: Buffer, options: FrameOptions): Buffer[] };
};
const TEXT_FRAME: FrameOptions = { fin: true, opcode: 0x1, mask: false, readOnly: false, rsv1: false };
/** A text frame's bytes on the wire (header and payload), built once for every socket. */
const wireFrame = (text: string): Buffer => Buffer.concat(Sender.frame(Buffer.from(text), TEXT_FRAME));

/** The TCP sockets corked in this turn of the event loop, uncorked at its end. */
const held = new Set<Duplex>();
let flushScheduled = false;
const flush = () => {
  flushScheduled = false;
  for (const raw of held) raw.uncork();
  held.clear();
};
const write = (raw: Duplex, wire: Buffer) => {
  if (!raw.writable) return;
  if (!held.has(raw)) {
    raw.cork();
    held.add(raw);
    if (!flushScheduled) {
      flushScheduled = true;
      setImmediate(flush);
    }
  }
  raw.write(wire);
};

async function main(): Promise<void> {
  const staff = new Map(
    Object.entries(JSON.parse(process.env.FLOOR_STAFF ?? '{}') as Record<string, string[]>),
  );
  // Each socket's upgraded TCP connection, which ws writes to: the fan-out writes its frames there.
  const byFacility = new Map<string, Set<Duplex>>();
  const server = http.createServer((req, res) => {
    res.writeHead(req.url === '/healthz' ? 200 : 404).end();
  });
  const wss = new WebSocketServer({ server, perMessageDeflate: false });
  wss.on('connection', (socket, request) => {
    const raw = request.socket;
    let facilities: string[] = [];
    socket.on('message', (data) => {
      if (facilities.length) return;
      const message = JSON.parse(data.toString()) as { type?: string; staffMemberId?: string };
      facilities = (message.type === 'auth' && staff.get(message.staffMemberId ?? '')) || [];
      for (const f of facilities) {
        const set = byFacility.get(f) ?? new Set();
        set.add(raw);
        byFacility.set(f, set);
      }
      socket.send(JSON.stringify({ type: 'ready', version: 0 }));
    });
    socket.on('close', () => {
      for (const f of facilities) byFacility.get(f)?.delete(raw);
    });
  });
  const versions = new Map<string, number>();
  const client = new pg.Client({
    connectionString: process.env.DATABASE_URL,
    application_name: 'sage-floor-live',
  });
  await client.connect();
  client.on('notification', ({ payload }) => {
    if (!payload) return;
    for (const row of JSON.parse(payload) as { t: string; f: string }[]) {
      const version = (versions.get(row.f) ?? 0) + 1;
      versions.set(row.f, version);
      const wire = wireFrame(
        JSON.stringify({
          type: 'task.changed',
          facilityId: row.f,
          taskId: row.t,
          status: 'OPEN_UNCLAIMED',
          severity: 'STAFF_ASSIST',
          version,
        }),
      );
      for (const raw of byFacility.get(row.f) ?? []) write(raw, wire);
    }
  });
  await client.query(`LISTEN ${FLOOR_CHANNEL}`);
  server.listen(Number(process.env.PORT), '127.0.0.1');
  process.on('SIGTERM', () => {
    server.close();
    server.closeAllConnections();
    void client.end().finally(() => process.exit(0));
  });
}

void main();
