import { notificationJobPriorityForSeverityValue, SEVERITY_VALUES, type Severity } from '@sage/contract';
import type { Queryable } from '@sage/db';
import type { TaskUpdatePlan } from '@sage/domain';
import type pg from 'pg';
import { type Activity, recordActivities } from './device-writes';
import { type ApplyResult, DeviceEventOutcome, type LoadedEvent, type StoredEvent } from './model';
import { addUpdate, type EscalationStart, type NewAlert, queueStarts, raiseAlerts } from './task-writes';

/** A new alert of the batch waiting for the batch's next statement (Batch.raise). */
interface PendingRaise {
  alert: NewAlert;
  event: StoredEvent;
  /** Added to the device's task instead when it was open after all, with the event's severity. */
  update: TaskUpdatePlan;
  /** The event's result, completed when the raise is sent (the activity statement reads it after). */
  result: ApplyResult;
}

/**
 * The writes of one batch of events, in one transaction (decisions 0410, 0411, 0455), in the order the events are
 * applied. What a batch writes together: its consecutive new alerts (one statement), its device activity (one
 * statement at its end) and its escalation starts (one job per priority at its end). Every other statement goes
 * through `query`, which first sends the new alerts waiting before it: so the batch's statements, and its
 * TaskChange versions and NOTIFYs, keep the order of the events that made them.
 */
export class Batch implements Queryable {
  /** Facilities with a task OPEN_CONFIRMING when the batch was read: elsewhere no press confirms care. */
  readonly confirming: Set<string>;
  /** Devices whose task may be open: open when the batch was read, or raised in it. */
  private readonly openDevices: Set<string>;
  /** New alerts not yet sent, in the order of their events; at most one per device. */
  private readonly raises: PendingRaise[] = [];
  private readonly activities: Activity[] = [];
  private readonly starts: EscalationStart[] = [];

  constructor(
    private readonly client: pg.ClientBase,
    events: readonly LoadedEvent[],
  ) {
    // Care is confirmed by a press only where a task is confirming: most batches have none to look for.
    this.confirming = new Set(events.flatMap((e) => (e.facilityConfirming ? [e.facilityId] : [])));
    this.openDevices = new Set(events.flatMap((e) => (e.openTaskId && e.deviceId ? [e.deviceId] : [])));
  }

  /** One statement of the batch, after the new alerts waiting before it. */
  async query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    statement: pg.QueryConfig,
  ): Promise<pg.QueryResult<R>> {
    await this.sendRaises();
    return this.client.query<R>(statement);
  }

  /**
   * A new task for the device, or (when the device's task is open after all) the event as an update on it. The
   * alert waits for the batch's next statement, to go with the others; a device whose task may be open goes alone
   * and at once, after what waits before it: its event is then an update of that task, in order (and one statement
   * never meets one openDeviceKey twice).
   */
  async raise(event: StoredEvent, alert: NewAlert, update: TaskUpdatePlan): Promise<ApplyResult> {
    const raise: PendingRaise = {
      alert,
      event,
      update,
      result: { outcome: DeviceEventOutcome.TASK_CREATED, taskIds: [] },
    };
    const mayBeOpen = this.openDevices.has(alert.deviceId);
    this.openDevices.add(alert.deviceId);
    if (mayBeOpen) await this.sendRaises();
    this.raises.push(raise);
    if (mayBeOpen) await this.sendRaises();
    return raise.result;
  }

  /**
   * The event's device activity: recorded with the batch's others at its end (nothing later reads it), or, `now`,
   * at once with those waiting (a low battery raises a trouble that a later event's charged battery closes: in order).
   */
  async recordActivity(activity: Activity, now: boolean): Promise<void> {
    this.activities.push(activity);
    if (now) await this.sendActivities();
  }

  /** The end of the batch: the alerts and activities still waiting, then the escalation starts. */
  async finish(): Promise<void> {
    await this.sendActivities();
    await queueStarts(this.client, this.starts.splice(0));
  }

  /** The waiting new alerts in one statement, their events' results completed. */
  private async sendRaises(): Promise<void> {
    const list = this.raises.splice(0);
    if (!list.length) return;
    const rows = await raiseAlerts(
      this.client,
      list.map((r) => r.alert),
    );
    for (const task of rows) {
      const raise = list[task.n - 1]!;
      raise.result.taskIds.push(task.id);
      if (task.created) {
        const { facilityId, severity } = raise.alert;
        this.starts.push({ taskId: task.id, facilityId, priority: escalationPriority(severity) });
      } else {
        // The device's task was open (a raced open): the event goes on it.
        raise.result.outcome = DeviceEventOutcome.TASK_UPDATED;
        await addUpdate(
          this.client,
          raise.event,
          raise.alert.deviceId,
          task,
          raise.update,
          raise.alert.severity,
        );
      }
    }
  }

  /** The activity rows name the tasks raised: those are sent first. */
  private async sendActivities(): Promise<void> {
    await this.sendRaises();
    await recordActivities(this.client, this.activities.splice(0));
  }
}

/** Emergency-type tasks' escalations start ahead of the rest (notificationJobPriorityForSeverityValue). */
const escalationPriority = (severity: Severity): number =>
  notificationJobPriorityForSeverityValue(SEVERITY_VALUES[severity]);
