import type pg from 'pg';
import { z } from 'zod';
import { applyDeviceEvent, type Logger } from '../alerts/apply-device-event';

export { DeviceEventOutcome } from '../alerts/apply-device-event';

export interface JobDeps {
  pool: pg.Pool;
  logger: Logger;
}

const ZPayload = z.object({ deviceEventId: z.string().min(1) });

/**
 * Job 'process-device-event': applies one stored device event (device activity and the alert rules).
 * Runs at most once per event: the job is keyed by the event and the event is marked processed in the
 * same transaction as its effects, so a retry after a crash finds it done.
 */
export async function processDeviceEvent(deps: JobDeps, rawPayload: unknown): Promise<void> {
  const { deviceEventId } = ZPayload.parse(rawPayload);
  await applyDeviceEvent(deps.pool, deviceEventId, deps.logger);
}
