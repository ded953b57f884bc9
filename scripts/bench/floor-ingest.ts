/**
 * The floor's receiver (press-to-live `--mode floor`, decision 0541): the least the ingest's job can cost, no
 * product code. It takes the gateways' posts as the ingest does (same path, body and key header), answers an
 * unknown key 401 and an unreadable body 400, and commits the presses in groups: while one transaction is in
 * flight the next posts wait, then one statement (one transaction) inserts one row per press into a table of
 * its own and NOTIFYs once with the batch's rows; each post is answered 202 once its batch committed.
 *
 *   env: DATABASE_URL, PORT, FLOOR_GATEWAYS (JSON: gateway key → facility id)
 */
import http from 'node:http';
import pg from 'pg';

/** The NOTIFY channel the floor's live server (floor-live.ts) LISTENs to. */
const FLOOR_CHANNEL = 'bench_floor';
/** Rows per batch: a NOTIFY payload stays under PostgreSQL's 8,000 bytes (about 90 bytes a row). */
const MAX_BATCH = 64;
const KEY_HEADER = 'x-gateway-key';

const INSERT_AND_NOTIFY = `
WITH ins AS (
  INSERT INTO bench_floor_press (facility_id, hardware_id, event_id)
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
  RETURNING id, facility_id
)
SELECT pg_notify('${FLOOR_CHANNEL}', (SELECT json_agg(json_build_object('t', id, 'f', facility_id))::text FROM ins))::text AS n`;

interface Pending {
  facilityId: string;
  hardwareId: string;
  eventId: string;
  done: (ok: boolean) => void;
}

async function main(): Promise<void> {
  const gateways = new Map(
    Object.entries(JSON.parse(process.env.FLOOR_GATEWAYS ?? '{}') as Record<string, string>),
  );
  const client = new pg.Client({
    connectionString: process.env.DATABASE_URL,
    application_name: 'sage-floor-ingest',
  });
  await client.connect();
  const queue: Pending[] = [];
  let committing = false;
  const commit = async (): Promise<void> => {
    if (committing || !queue.length) return;
    committing = true;
    const batch = queue.splice(0, MAX_BATCH);
    try {
      await client.query(INSERT_AND_NOTIFY, [
        batch.map((p) => p.facilityId),
        batch.map((p) => p.hardwareId),
        batch.map((p) => p.eventId),
      ]);
      for (const p of batch) p.done(true);
    } catch (error) {
      console.error(`floor ingest: ${(error as Error).message}`);
      for (const p of batch) p.done(false);
    }
    committing = false;
    void commit();
  };

  const server = http.createServer((req, res) => {
    if (req.url === '/healthz') {
      res.end('ok');
      return;
    }
    const facilityId = gateways.get(String(req.headers[KEY_HEADER] ?? ''));
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (!facilityId) {
        res.writeHead(401).end();
        return;
      }
      let body: { eventId?: string; hardwareId?: string };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString()) as typeof body;
      } catch {
        res.writeHead(400).end();
        return;
      }
      if (typeof body.eventId !== 'string' || typeof body.hardwareId !== 'string') {
        res.writeHead(400).end();
        return;
      }
      const eventId = body.eventId;
      queue.push({
        facilityId,
        hardwareId: body.hardwareId,
        eventId,
        done: (ok) => {
          if (ok)
            res
              .writeHead(202, { 'content-type': 'application/json' })
              .end(JSON.stringify({ accepted: true, eventId }));
          else res.writeHead(503).end();
        },
      });
      void commit();
    });
  });
  server.keepAliveTimeout = 72_000;
  server.listen(Number(process.env.PORT), '127.0.0.1');
  process.on('SIGTERM', () => {
    server.close();
    server.closeAllConnections();
    void client.end().finally(() => process.exit(0));
  });
}

void main();
