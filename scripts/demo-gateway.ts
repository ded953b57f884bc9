// A demo gateway for `npm start` only (never for tests): every few minutes it posts a HEARTBEAT for each
// device registered to the demo community and one of its own, through the real ingest on loopback with the
// dev gateway key, so device supervision (decision 0105) does not raise 'Gateway offline' and 'Not heard
// from' on an idle demo. Devices added through the app are picked up on the next round.
import { createHash, randomUUID } from 'node:crypto';
import { GATEWAY_KEY_HEADER, INGEST_EVENTS_PATH } from '@sage/contract';
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
  const url = `http://127.0.0.1:${options.ingestPort}${INGEST_EVENTS_PATH}`;
  const keyHash = createHash('sha256').update(options.gatewayKey).digest('hex');

  const round = async () => {
    const devices = await prisma.$queryRaw<{ hardwareId: string }[]>`
      SELECT d."hardwareId" FROM "Device" d JOIN "FacilityGateway" g ON g."facilityId" = d."facilityId"
       WHERE g."keyHash" = ${keyHash} ORDER BY d."hardwareId"`;
    let failed = 0;
    for (const hardwareId of [GATEWAY_HARDWARE_ID, ...devices.map((d) => d.hardwareId)]) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [GATEWAY_KEY_HEADER]: options.gatewayKey },
        body: JSON.stringify({
          eventId: `demo-heartbeat-${randomUUID()}`,
          hardwareId,
          type: 'HEARTBEAT',
          timestamp: new Date().toISOString(),
        }),
      }).catch(() => null);
      if (res?.status !== 202) failed++;
      // Well under the ingest's 100 events/s per gateway (decision 0103).
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    options.log(
      failed
        ? `demo gateway: ${failed} of ${devices.length + 1} heartbeats not accepted (is the worker up?)`
        : `demo gateway: heartbeat for the gateway and ${devices.length} device(s)`,
    );
  };
  const run = () => round().catch((error) => options.log(`demo gateway: round failed: ${String(error)}`));
  // The first round once the worker is listening, then every few minutes.
  const first = setTimeout(run, 5000);
  const timer = setInterval(run, DEMO_GATEWAY_INTERVAL_MS);
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await prisma.$disconnect();
    },
  };
}
