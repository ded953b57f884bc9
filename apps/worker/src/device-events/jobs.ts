import { JobName } from '@sage/db';
import type { TaskList } from 'graphile-worker';
import type pg from 'pg';
import { z } from 'zod';
import { applyStoredEvent } from './apply';

const ZPayload = z.object({ deviceEventId: z.string().min(1) });

/**
 * Job 'process-device-event' (an event stored with its job: a failed ingest batch's, the API's simulated press):
 * the event applied through the pipeline as a batch of one (apply.ts). Runs at most once per event: the job is
 * keyed by the event and the event is marked processed in the same transaction as its effects, so a retry after a
 * crash finds it done. For the job runner's taskList (runtime/jobs.ts spreads it in).
 */
export const deviceEventTasks = (pool: pg.Pool): TaskList => ({
  [JobName.processDeviceEvent]: async (payload, helpers) => {
    const { deviceEventId } = ZPayload.parse(payload);
    await applyStoredEvent(pool, deviceEventId, helpers.logger);
  },
});
