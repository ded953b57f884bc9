/**
 * The floor's live server (press-to-live `--mode floor`, decision 0541): the least the API's fan-out can cost,
 * no product code. WebSocket server (ws, as the API) on any path: a client's first message
 * `{type: 'auth', staffMemberId}` puts it among its facilities' sockets and is answered `{type: 'ready'}` (no
 * session check: connecting is outside the measured window). One connection LISTENs to the floor's channel;
 * each notification (a batch's rows) sends every row to the sockets of its facility as a `task.changed` frame
 * of the product's shape.
 *
 *   env: DATABASE_URL, PORT, FLOOR_STAFF (JSON: staff member id → facility ids)
 */
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';

interface Socket {
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: () => void): void;
  send(data: string): void;
}
interface SocketServer {
  on(event: 'connection', listener: (socket: Socket) => void): void;
}
/** The channel floor-ingest.ts NOTIFYs. */
const FLOOR_CHANNEL = 'bench_floor';
const root = path.resolve(import.meta.dirname, '../..');
const { WebSocketServer } = createRequire(path.join(root, 'apps/api/package.json'))('ws') as {
  WebSocketServer: new (options: { server: http.Server }) => SocketServer;
};

async function main(): Promise<void> {
  const staff = new Map(
    Object.entries(JSON.parse(process.env.FLOOR_STAFF ?? '{}') as Record<string, string[]>),
  );
  const byFacility = new Map<string, Set<Socket>>();
  const server = http.createServer((req, res) => {
    res.writeHead(req.url === '/healthz' ? 200 : 404).end();
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (socket) => {
    let facilities: string[] = [];
    socket.on('message', (data) => {
      if (facilities.length) return;
      const message = JSON.parse(data.toString()) as { type?: string; staffMemberId?: string };
      facilities = (message.type === 'auth' && staff.get(message.staffMemberId ?? '')) || [];
      for (const f of facilities) {
        const set = byFacility.get(f) ?? new Set();
        set.add(socket);
        byFacility.set(f, set);
      }
      socket.send(JSON.stringify({ type: 'ready', version: 0 }));
    });
    socket.on('close', () => {
      for (const f of facilities) byFacility.get(f)?.delete(socket);
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
      const frame = JSON.stringify({
        type: 'task.changed',
        facilityId: row.f,
        taskId: row.t,
        status: 'OPEN_UNCLAIMED',
        severity: 'STAFF_ASSIST',
        version,
      });
      for (const socket of byFacility.get(row.f) ?? []) socket.send(frame);
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
