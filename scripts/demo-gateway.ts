// A demo gateway for `npm start` only (never for tests): every few minutes it posts a HEARTBEAT for each
// device registered to the demo community and one of its own, through the real ingest on loopback with the
// dev gateway key, so device supervision (decision 0105) does not raise 'Gateway offline' and 'Not heard
// from' on an idle demo. Devices added through the app are picked up on the next round. Heartbeats are not
// urgent: it posts them as a real gateway should, in batches (decision 0920).
import { createHash, randomUUID } from 'node:crypto';
import { GATEWAY_KEY_HEADER, INGEST_BATCH_MAX_EVENTS, INGEST_EVENTS_BATCH_PATH } from '@sage/contract';
import { createPrisma } from '@sage/db';

/** Under the gateway's 15 min supervision interval with room for a missed round. */
export const DEMO_GATEWAY_INTERVAL_MS = 4 * 60 * 1000;
/** The gateway's own heartbeat: any hardware id of its own (decision 0105). */
const GATEWAY_HARDWARE_ID = 'demo-gateway';

export function startDemoGateway(options: {
  databaseUrl: string;
  ingestPort: string;
  gatewayKey: string;
  log: (line: string) => void;
}): { stop(): Promise<void> } {
  const prisma = createPrisma(options.databaseUrl, { max: 1 });
  const url = `http://127.0.0.1:${options.ingestPort}${INGEST_EVENTS_BATCH_PATH}`;
  const keyHash = createHash('sha256').update(options.gatewayKey).digest('hex');

  const round = async () => {
    const devices = await prisma.$queryRaw<{ hardwareId: string }[]>`
      SELECT d."hardwareId" FROM "Device" d JOIN "FacilityGateway" g ON g."facilityId" = d."facilityId"
       WHERE g."keyHash" = ${keyHash} ORDER BY d."hardwareId"`;
    const timestamp = new Date().toISOString();
    const events = [GATEWAY_HARDWARE_ID, ...devices.map((d) => d.hardwareId)].map((hardwareId) => ({
      eventId: `demo-heartbeat-${randomUUID()}`,
      hardwareId,
      type: 'HEARTBEAT',
      timestamp,
    }));
    let failed = 0;
    for (let i = 0; i < events.length; i += INGEST_BATCH_MAX_EVENTS) {
      const batch = events.slice(i, i + INGEST_BATCH_MAX_EVENTS);
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [GATEWAY_KEY_HEADER]: options.gatewayKey },
        body: JSON.stringify({ events: batch }),
      }).catch(() => null);
      if (res?.status !== 202) failed += batch.length;
      // A batch is at most a second of the gateway's budget (decision 0103): one a second.
      if (i + INGEST_BATCH_MAX_EVENTS < events.length)
        await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    if (!failed) retry = 0;
    if (failed && retry) {
      // The worker is still starting (its first start builds and migrates): try again shortly, quietly.
      retry -= 1;
      first = setTimeout(run, 5000);
      return;
    }
    options.log(
      failed
        ? `demo gateway: ${failed} of ${devices.length + 1} heartbeats not accepted (is the worker up?)`
        : `demo gateway: heartbeat for the gateway and ${devices.length} device(s)`,
    );
  };
  const run = () => round().catch((error) => options.log(`demo gateway: round failed: ${String(error)}`));
  // The first round once the worker is listening (tried every 5 s for a minute), then every few minutes.
  let retry = 12;
  let first = setTimeout(run, 5000);
  const timer = setInterval(run, DEMO_GATEWAY_INTERVAL_MS);
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await prisma.$disconnect();
    },
  };
}
