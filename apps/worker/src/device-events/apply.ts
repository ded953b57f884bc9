import { randomUUID } from 'node:crypto';
import { type DeviceEventInput, inTransaction, type StoredDeviceEventRow, withTransaction } from '@sage/db';
import type pg from 'pg';
import { Batch } from './batch';
import type { ApplyResult, Logger } from './model';
import { applyEvent } from './rules';
import { devicesOfEvents, lockDevices, readPendingEvents, storeEvents } from './store';
import { warmUpRaise } from './task-writes';

/*
 * The ways into the pipeline. Each is a batch through the same code: the ingest's group commit (its batch of a
 * gateway's events, stored and applied in one transaction), the per-event job (a batch of one, as the escalation
 * start is), and the warm-up of the ingest's connections.
 */

/**
 * Applies the given stored events and, before each, its device's earlier events still pending (decision 0032), in
 * the caller's open transaction, which holds the devices' locks: the batch's read, each event's rules (rules.ts),
 * then what the batch writes together (batch.ts). Returns the result of each event applied here.
 */
export async function applyDeviceEvents(
  client: pg.ClientBase,
  ids: readonly string[],
  logger: Logger,
): Promise<Map<string, ApplyResult>> {
  const results = new Map<string, ApplyResult>();
  if (!ids.length) return results;
  const events = await readPendingEvents(client, ids);
  const batch = new Batch(client, events);
  for (const event of events) {
    const result = await applyEvent(batch, event, logger);
    if (result) results.set(event.id, result);
  }
  // The results of new alerts are completed as their raise is sent: by the batch's end at the latest.
  await batch.finish();
  return results;
}

/**
 * A batch of the ingest's group commit (decision 0410), inside the caller's transaction: the devices' locks, the
 * events stored (an eventId the gateway already sent stores nothing), and the stored ones applied.
 */
export async function storeAndApply(
  client: pg.ClientBase,
  events: readonly DeviceEventInput[],
  logger: Logger,
): Promise<StoredDeviceEventRow[]> {
  await lockDevices(client, events);
  const rows = await storeEvents(client, events, false);
  await applyDeviceEvents(
    client,
    rows.map((r) => r.id),
    logger,
  );
  return rows;
}

/**
 * Stores an event with its own 'process-device-event' job, in one statement (the job path's way in: an event of a
 * failed batch; the API's simulated press stores its event the same way). False for an eventId already stored.
 */
export async function storeForJob(
  pool: pg.Pool,
  event: DeviceEventInput,
): Promise<StoredDeviceEventRow | null> {
  return (await storeEvents(pool, [event], true))[0] ?? null;
}

/**
 * The job 'process-device-event': one stored event applied as a batch of one, in a transaction of its own: its
 * device's lock, then the batch (the device's earlier events still waiting for their jobs go first; those jobs then
 * find their event processed). A processed event is left alone, so a retried or repeated job has no second effect.
 * Null when the event is unknown or was already processed.
 */
export async function applyStoredEvent(
  pool: pg.Pool,
  deviceEventId: string,
  logger: Logger,
): Promise<ApplyResult | null> {
  return withTransaction(pool, async (client) => {
    await lockDevices(client, await devicesOfEvents(client, [deviceEventId]));
    const results = await applyDeviceEvents(client, [deviceEventId], logger);
    return results.get(deviceEventId) ?? null;
  });
}

/**
 * The warm-up of one ingest connection (issue #18, the first seconds' tail; decisions 0415, 0482): a whole batch
 * of one real press, `press`, run and rolled back: its lock, store, read, raise with its task change, the escalation
 * start's `add_jobs` and the activity statement, all executed; nothing is kept or sent (a NOTIFY is sent at commit
 * only); a TaskChange version is used up. Planning alone (EXPLAIN, before 0482) left what only running does: the
 * foreign keys' checks (planned once per connection), graphile-worker's plpgsql `add_jobs`, the indexes an insert
 * updates; each cost a connection's first batch up to 14 ms per statement. Every statement is a named one, so
 * running it also leaves it prepared on the connection with its generic plan (the ingest's connections use generic
 * plans only, decision 0489): a connection's first batch plans nothing. With no press (an empty database) the lock,
 * store, read and raise run for no event.
 */
export async function warmUpBatch(
  client: pg.ClientBase,
  press: DeviceEventInput | null,
  logger: Logger,
): Promise<void> {
  await inTransaction(
    client,
    async () => {
      if (press) {
        await storeAndApply(client, [press], logger);
      } else {
        // A batch of no press: the lock and the store run for nothing, which prepares them.
        await storeAndApply(client, [], logger);
        await applyDeviceEvents(client, [randomUUID()], logger);
        await warmUpRaise(client);
      }
    },
    { rollBack: true },
  );
}
